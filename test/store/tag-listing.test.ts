// A tag's published articles, listed through the tag rows' own order (migration 0013): the same
// answers as the articles' order, drafts out, kept in step by every write and by the rebuild, on
// both stores; and the migration fills the order of tag rows written before it.
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { Migrator } from 'kysely'
import { STORE_DERIVATIONS } from '../../src/content/store-derivations.js'
import { toRow } from '../../src/store/article-rows.js'
import { KyselyStore } from '../../src/store/kysely-store.js'
import { storeMigrations } from '../../src/store/migrations/index.js'
import { migrate, openKysely } from '../../src/store/open-store.js'
import { record } from '../helpers/article-record.js'
import { openTestStore, TEST_DATABASE_URL } from '../helpers/test-store.js'

const backends: ('sqlite' | 'postgres')[] = TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite']
const day = (d: number) => `2025-03-${String(d).padStart(2, '0')}T08:00:00.000Z`

for (const backend of backends) {
  describe(`tag listing (${backend})`, () => {
    let store: KyselyStore
    let dir: string
    const tagged = async (query: Parameters<KyselyStore['articles']['listPublished']>[0]) =>
      (await store.articles.listPublished(query)).map((a) => a.slug)

    before(async () => {
      dir = mkdtempSync(join(tmpdir(), 'folio-tag-listing-'))
      store = await openTestStore(dir, backend)
      // Two articles share an instant, so the slug breaks the tie.
      for (const [slug, d, extra] of [
        ['t-01', 1, {}],
        ['t-02', 2, { lang: 'de' }],
        ['t-03', 3, {}],
        ['t-04', 3, {}],
        ['t-05', 5, { status: 'draft' as const, published_at: null }],
        ['t-06', 6, { rubric: 'other' }],
      ] as const) {
        await store.articles.create(record(slug, { published_at: day(d), rubric: 'tagged', tags: ['shared', `own-${slug}`], ...extra }))
      }
    })
    after(async () => {
      await store.close()
      rmSync(dir, { recursive: true, force: true })
    })

    test('newest first, the slug breaking a tie, drafts out; offset, limit, other filters and a place all apply', async () => {
      assert.deepEqual(await tagged({ tag: 'shared' }), ['t-06', 't-03', 't-04', 't-02', 't-01'])
      assert.deepEqual(await tagged({ tag: 'shared', offset: 1, limit: 2 }), ['t-03', 't-04'])
      assert.deepEqual(await tagged({ tag: 'shared', offset: 4, limit: 2 }), ['t-01'])
      assert.deepEqual(await tagged({ tag: 'shared', offset: 5, limit: 2 }), [])
      assert.deepEqual(await tagged({ tag: 'shared', lang: 'de' }), ['t-02'])
      assert.deepEqual(await tagged({ tag: 'shared', rubric: 'tagged', limit: 2 }), ['t-03', 't-04'])
      assert.deepEqual(await tagged({ tag: 'shared', after: { published_at: day(3), slug: 't-03' } }), ['t-04', 't-02', 't-01'])
      assert.deepEqual(await tagged({ tag: 'own-t-05' }), [], 'a tag only a draft carries lists nothing')
      assert.deepEqual(await tagged({ tag: 'nobody' }), [])
    })

    test('publishing, unpublishing, re-dating and deleting move the article in its tags', async () => {
      const draft = (await store.articles.get('t-05'))!
      await store.articles.update({ ...draft, status: 'published', published_at: day(4) })
      assert.deepEqual(await tagged({ tag: 'shared', limit: 3 }), ['t-06', 't-05', 't-03'])
      const first = (await store.articles.get('t-01'))!
      await store.articles.update({ ...first, published_at: day(9) })
      assert.deepEqual(await tagged({ tag: 'shared', limit: 2 }), ['t-01', 't-06'])
      await store.articles.update({ ...first, status: 'draft', published_at: day(9) })
      assert.deepEqual(await tagged({ tag: 'shared', limit: 2 }), ['t-06', 't-05'])
      await store.articles.delete('t-06')
      assert.deepEqual(await tagged({ tag: 'shared' }), ['t-05', 't-03', 't-04', 't-02'])
    })

    test('the catalog rebuild writes the tag rows with their order', async () => {
      await store.articles.rebuildDerived({ apply: true })
      assert.deepEqual(await tagged({ tag: 'shared' }), ['t-05', 't-03', 't-04', 't-02'])
      assert.deepEqual(await tagged({ tag: 'shared', offset: 1, limit: 1 }), ['t-03'])
    })
  })
}

test('migration 0013 gives the tag rows stored before it the order of their published articles', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'folio-tag-migrate-'))
  const { db, dialect, sqliteFile } = openKysely({ dataDir: dir })
  try {
    const before0013 = Object.fromEntries(Object.entries(storeMigrations(STORE_DERIVATIONS)).filter(([name]) => name < '0013'))
    const result = await new Migrator({ db, provider: { getMigrations: async () => before0013 } }).migrateToLatest()
    assert.equal(result.error, undefined)
    for (const [slug, fields] of [
      ['m-old', { published_at: day(1) }],
      ['m-new', { published_at: day(2) }],
      ['m-draft', { status: 'draft' as const, published_at: day(3) }],
    ] as const) {
      await db
        .insertInto('articles')
        .values(toRow(record(slug, { ...fields, tags: ['kept'] })))
        .execute()
      // The tag row as that schema held it: no order yet.
      await (db as unknown as import('kysely').Kysely<{ article_tags: { slug: string; tag: string } }>)
        .insertInto('article_tags')
        .values({ slug, tag: 'kept' })
        .execute()
    }
    await migrate(db, dialect, STORE_DERIVATIONS)
    const store = new KyselyStore(db, dialect, STORE_DERIVATIONS, sqliteFile)
    assert.deepEqual(
      (await store.articles.listPublished({ tag: 'kept' })).map((a) => a.slug),
      ['m-new', 'm-old'],
    )
    await store.close()
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})
