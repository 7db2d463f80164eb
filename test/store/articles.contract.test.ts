// The store contract for articles: one transaction per write, derived rows in step, the content
// generation bumped. Runs on SQLite always and on PostgreSQL when FOLIO_TEST_DATABASE_URL is set.
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import type { KyselyStore } from '../../src/store/kysely-store.js'
import { SlugTakenError, StoreValueError } from '../../src/store/store-errors.js'
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

    test('isPublished: true for a published article only, not for a draft or an unknown slug', async () => {
      await store.articles.create(record('c-pub'))
      await store.articles.create(record('c-draft', { status: 'draft' }))
      assert.equal(await store.articles.isPublished('c-pub'), true)
      assert.equal(await store.articles.isPublished('c-draft'), false)
      assert.equal(await store.articles.isPublished('c-never'), false)
      await store.articles.update(record('c-draft', { status: 'published' }))
      assert.equal(await store.articles.isPublished('c-draft'), true)
    })

    test('text the store cannot hold (U+0000 on PostgreSQL) is a StoreValueError, never a raw driver error', async () => {
      if (backend === 'postgres') {
        await assert.rejects(store.articles.get('a\u0000b'), StoreValueError)
        await assert.rejects(store.articles.create(record('c-nul', { title: 'A\u0000B' })), StoreValueError)
        assert.equal(await store.articles.get('c-nul'), undefined, 'nothing was written')
      } else {
        assert.equal(await store.articles.get('a\u0000b'), undefined)
      }
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
      assert.deepEqual(
        list.map((a) => a.slug),
        ['l-new-a', 'l-new-b', 'l-old'],
      )
      assert.deepEqual(list[0]!.tags, ['strategy'])
      assert.equal((await store.articles.listPublished({ rubric: 'people', limit: 1 })).length, 1)
      const full = await store.articles.listPublishedFull({ lang: 'en' })
      assert.ok(full.every((a) => a.status === 'published' && typeof a.body === 'string'))
    })

    test('listPublished filters by language, rubric, tag and linked service, and pages by offset or after a place', async () => {
      const day = (d: number) => `2024-02-0${d}T00:00:00.000Z`
      await store.articles.create(record('f-1', { published_at: day(1), rubric: 'filters', tags: ['alpha'], services: ['svc-a'] }))
      await store.articles.create(
        record('f-2', { published_at: day(2), rubric: 'filters', tags: ['alpha', 'beta'], services: ['svc-a', 'svc-b'] }),
      )
      await store.articles.create(
        record('f-3', { published_at: day(3), rubric: 'filters', lang: 'de', tags: ['beta'], services: ['svc-b'] }),
      )
      await store.articles.create(
        record('f-4', { published_at: day(4), rubric: 'filters', status: 'draft', tags: ['alpha'], services: ['svc-a'] }),
      )
      // A slug that merely contains another service's slug is not that service.
      await store.articles.create(record('f-5', { published_at: day(5), rubric: 'filters', services: ['svc-a-plus'] }))
      const slugs = async (query: Parameters<typeof store.articles.listPublished>[0]) =>
        (await store.articles.listPublished({ rubric: 'filters', ...query })).map((a) => a.slug)
      assert.deepEqual(await slugs({}), ['f-5', 'f-3', 'f-2', 'f-1'])
      assert.deepEqual(await slugs({ lang: 'de' }), ['f-3'])
      assert.deepEqual(await slugs({ tag: 'alpha' }), ['f-2', 'f-1'], 'the draft carrying the tag is not listed')
      assert.deepEqual(await slugs({ service: 'svc-a' }), ['f-2', 'f-1'])
      assert.deepEqual(await slugs({ service: 'svc-b' }), ['f-3', 'f-2'])
      assert.deepEqual(await slugs({ service: 'svc' }), [])
      assert.deepEqual(await slugs({ offset: 1, limit: 2 }), ['f-3', 'f-2'])
      assert.deepEqual(await slugs({ after: { published_at: day(3), slug: 'f-3' } }), ['f-2', 'f-1'])
    })

    test('publishedPlaces walks the catalog order by keyset; publishedGroups counts per rubric and language with the newest change', async () => {
      await store.articles.create(
        record('g-1', { published_at: '2023-03-01T00:00:00.000Z', updated_at: '2023-03-09T00:00:00.000Z', rubric: 'groups' }),
      )
      await store.articles.create(
        record('g-2', { published_at: '2023-03-05T00:00:00.000Z', updated_at: '2023-03-05T00:00:00.000Z', rubric: 'groups' }),
      )
      await store.articles.create(record('g-3', { published_at: '2023-03-02T00:00:00.000Z', rubric: 'groups', lang: 'de' }))
      await store.articles.create(record('g-draft', { status: 'draft', published_at: null, rubric: 'groups' }))
      const walked: string[] = []
      let after: { published_at: string; slug: string } | undefined
      for (;;) {
        const rows = await store.articles.publishedPlaces({ ...(after ? { after } : {}), limit: 2 })
        walked.push(...rows.map((r) => r.slug))
        const last = rows.at(-1)
        if (rows.length < 2 || !last) break
        after = { published_at: last.published_at!, slug: last.slug }
      }
      assert.deepEqual(
        walked,
        (await store.articles.listPublished()).map((a) => a.slug),
        'the places come in the catalog order, drafts left out',
      )
      const groups = (await store.articles.publishedGroups())
        .filter((g) => g.rubric === 'groups')
        .sort((a, b) => a.lang.localeCompare(b.lang))
      assert.deepEqual(groups, [
        { rubric: 'groups', lang: 'de', count: 1, newest: (await store.articles.get('g-3'))!.updated_at },
        { rubric: 'groups', lang: 'en', count: 2, newest: '2023-03-09T00:00:00.000Z' },
      ])
    })

    test('translationLinks lists every article that names a twin, drafts included', async () => {
      await store.articles.create(record('tl-en'))
      await store.articles.create(record('tl-de', { lang: 'de', translation_of: 'tl-en', status: 'draft', published_at: null }))
      const links = (await store.articles.translationLinks()).filter((l) => l.slug.startsWith('tl-'))
      assert.deepEqual(links, [{ slug: 'tl-de', rubric: 'strategy', lang: 'de', status: 'draft', translation_of: 'tl-en' }])
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
      await store.keys.add({
        id: 'k1',
        name: 'n',
        scope: 'read',
        token_prefix: 'folio_abc',
        created_at: '2026-01-01T00:00:00.000Z',
        retired_at: null,
        token_hash: 'ab'.repeat(32),
      })
      assert.equal((await store.keys.findByHash('ab'.repeat(32)))?.id, 'k1')
      assert.ok(!('token_hash' in (await store.keys.list())[0]!))
      assert.equal(await store.keys.retire('k1', '2026-02-01T00:00:00.000Z'), true)
      assert.equal(await store.keys.retire('k1', '2026-02-02T00:00:00.000Z'), false)
    })
  })
}
