// The store contract for articles: one transaction per write, derived rows in step, the content
// generation bumped. Runs on SQLite always and on PostgreSQL when FOLIO_TEST_DATABASE_URL is set.
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import type { KyselyStore } from '../../src/store/open-store.js'
import { SlugTakenError } from '../../src/store/store-errors.js'
import { record } from '../helpers/article-record.js'
import { openTestStore, TEST_DATABASE_URL } from '../helpers/test-store.js'


const backends: ('sqlite' | 'postgres')[] = TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite']
if (!TEST_DATABASE_URL) console.log('# store contract: PostgreSQL skipped (FOLIO_TEST_DATABASE_URL is not set)')

for (const backend of backends) {
  describe(`article store contract (${backend})`, () => {
    let store: KyselyStore
    let dir: string
    before(async () => {
      dir = mkdtempSync(join(tmpdir(), 'folio-store-'))
      store = await openTestStore(dir, backend)
    })
    after(async () => {
      await store.close()
      rmSync(dir, { recursive: true, force: true })
    })

    test('create then get returns the same record, JSON fields and booleans intact', async () => {
      const a = record('c-1', { featured: true, tags: ['x', 'y'], translation_of: null })
      await store.articles.create(a)
      assert.deepEqual(await store.articles.get('c-1'), a)
    })

    test('create of an existing slug throws SlugTakenError and changes nothing', async () => {
      await store.articles.create(record('c-dup'))
      const generation = await store.contentGeneration()
      await assert.rejects(store.articles.create(record('c-dup', { title: 'other' })), SlugTakenError)
      assert.equal((await store.articles.get('c-dup'))?.title, 'Title c-dup')
      assert.equal(await store.contentGeneration(), generation)
    })

    test('every write bumps the content generation', async () => {
      const g0 = await store.contentGeneration()
      await store.articles.create(record('c-gen'))
      const g1 = await store.contentGeneration()
      await store.articles.update(record('c-gen', { title: 'changed' }))
      const g2 = await store.contentGeneration()
      await store.articles.delete('c-gen')
      const g3 = await store.contentGeneration()
      assert.ok(g0 < g1 && g1 < g2 && g2 < g3)
    })

    test('update of a missing slug answers false; delete of a missing slug answers false', async () => {
      assert.equal(await store.articles.update(record('c-missing')), false)
      assert.equal(await store.articles.delete('c-missing'), false)
    })

    test('derived rubric counts follow publish, unpublish, rubric change and delete', async () => {
      const counts = async () => (await store.articles.publishedCountsByRubric()).get('operations') ?? 0
      const start = await counts()
      await store.articles.create(record('c-stats', { rubric: 'operations' }))
      assert.equal(await counts(), start + 1)
      await store.articles.update(record('c-stats', { rubric: 'operations', status: 'draft' }))
      assert.equal(await counts(), start)
      await store.articles.update(record('c-stats', { rubric: 'operations', status: 'published' }))
      assert.equal(await counts(), start + 1)
      await store.articles.update(record('c-stats', { rubric: 'technology' }))
      assert.equal(await counts(), start)
      await store.articles.delete('c-stats')
      assert.equal((await store.articles.publishedCountsByRubric()).get('technology') ?? 0, 0)
    })

    test('listPublished: published only, newest first then slug, with filters and limit', async () => {
      await store.articles.create(record('l-old', { published_at: '2025-01-01T00:00:00.000Z', rubric: 'people' }))
      await store.articles.create(record('l-new-b', { published_at: '2025-06-01T00:00:00.000Z', rubric: 'people' }))
      await store.articles.create(record('l-new-a', { published_at: '2025-06-01T00:00:00.000Z', rubric: 'people' }))
      await store.articles.create(record('l-draft', { status: 'draft', published_at: null, rubric: 'people' }))
      const list = await store.articles.listPublished({ rubric: 'people' })
      assert.deepEqual(list.map((a) => a.slug), ['l-new-a', 'l-new-b', 'l-old'])
      assert.deepEqual(list[0]!.tags, ['strategy'])
      assert.equal((await store.articles.listPublished({ rubric: 'people', limit: 1 })).length, 1)
      const full = await store.articles.listPublishedFull({ lang: 'en' })
      assert.ok(full.every((a) => a.status === 'published' && typeof a.body === 'string'))
    })

    test('a failed write leaves nothing half-written (the transaction rolls back)', async () => {
      // A record whose derived rows cannot be written: the tag insert fails on a NOT NULL column.
      const bad = record('c-half', { tags: [null as unknown as string] })
      await assert.rejects(store.articles.create(bad))
      assert.equal(await store.articles.get('c-half'), undefined)
    })

    test('translationsOf lists the articles naming a slug as their twin', async () => {
      await store.articles.create(record('t-en'))
      await store.articles.create(record('t-de', { lang: 'de', translation_of: 't-en' }))
      assert.deepEqual(await store.articles.translationsOf('t-en'), [{ slug: 't-de', lang: 'de', status: 'published', rubric: 'strategy' }])
    })

    test('keys: add, find by hash, list without hashes, retire once', async () => {
      await store.keys.add({ id: 'k1', name: 'n', scope: 'read', token_prefix: 'folio_abc', created_at: '2026-01-01T00:00:00.000Z', retired_at: null, token_hash: 'ab'.repeat(32) })
      assert.equal((await store.keys.findByHash('ab'.repeat(32)))?.id, 'k1')
      assert.ok(!('token_hash' in (await store.keys.list())[0]!))
      assert.equal(await store.keys.retire('k1', '2026-02-01T00:00:00.000Z'), true)
      assert.equal(await store.keys.retire('k1', '2026-02-02T00:00:00.000Z'), false)
    })
  })
}
