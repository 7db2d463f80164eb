// The search index contract: published articles only, in step with every write, title above
// body, phrase first, any user text safe. Runs on SQLite always and on PostgreSQL when
// FOLIO_TEST_DATABASE_URL is set.
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import fc from 'fast-check'
import { Migrator } from 'kysely'
import { toRow } from '../../src/store/article-store.js'
import { STORE_DERIVATIONS } from '../../src/content/store-derivations.js'
import { storeMigrations } from '../../src/store/migrations/index.js'
import { KyselyStore } from '../../src/store/kysely-store.js'
import { migrate, openKysely } from '../../src/store/open-store.js'
import { searchTerms } from '../../src/store/search-store.js'
import { openTestStore, TEST_DATABASE_URL } from '../helpers/test-store.js'
import { record } from '../helpers/article-record.js'

const backends: ('sqlite' | 'postgres')[] = TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite']

test('search terms keep letters and digits only, so user text never becomes query syntax', () => {
  assert.deepEqual(searchTerms('"pricing" AND NEAR(x) title:foo -bar*'), ['pricing', 'and', 'near', 'x', 'title', 'foo', 'bar'])
  assert.deepEqual(searchTerms('Café  café 2026'), ['café', '2026'])
  assert.deepEqual(searchTerms('"*(){}[]^:-+'), [])
})

test('migration 0004 indexes the published articles already stored (drafts stay out)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'folio-search-migrate-'))
  const { db, dialect, sqliteFile } = openKysely({ dataDir: dir })
  try {
    const first = Object.fromEntries(Object.entries(storeMigrations(STORE_DERIVATIONS)).filter(([name]) => name < '0004'))
    const result = await new Migrator({ db, provider: { getMigrations: async () => first } }).migrateToLatest()
    assert.equal(result.error, undefined)
    // Rows as that schema held them: columns added by later migrations (0010: cover_image_alt) left out.
    const rowBefore0004 = (slug: string, fields: Parameters<typeof record>[1]) => {
      const { cover_image_alt: _added, ...row } = toRow(record(slug, fields))
      // Typed as today's row, which that older table does not yet have all of.
      return row as ReturnType<typeof toRow>
    }
    await db
      .insertInto('articles')
      .values(rowBefore0004('before-search', { title: 'Gondola maintenance' }))
      .execute()
    await db
      .insertInto('articles')
      .values(rowBefore0004('draft-before-search', { title: 'Gondola secrets', status: 'draft' }))
      .execute()
    await migrate(db, dialect, STORE_DERIVATIONS)
    const store = new KyselyStore(db, dialect, STORE_DERIVATIONS, sqliteFile)
    assert.deepEqual(
      (await store.search.search('gondola', { limit: 10 })).map((h) => h.slug),
      ['before-search'],
    )
    await store.close()
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

for (const backend of backends) {
  describe(`search store contract (${backend})`, () => {
    let store: KyselyStore
    let dir: string
    const search = (query: string, options: { rubric?: string; limit?: number } = {}) =>
      store.search.search(query, { limit: options.limit ?? 10, ...(options.rubric ? { rubric: options.rubric } : {}) })

    before(async () => {
      dir = mkdtempSync(join(tmpdir(), 'folio-search-'))
      store = await openTestStore(dir, backend)
      await store.articles.create(
        record('warehouse-layout', {
          title: 'Designing a warehouse layout',
          body: '<p>A good layout shortens picking routes. Safety stock sits near the dock, and working capital falls when inventory turns faster.</p>',
          rubric: 'operations',
        }),
      )
      await store.articles.create(
        record('safety-stock', {
          title: 'How much safety stock is enough?',
          body: '<p>Safety stock protects service levels against demand swings; the formula uses lead time and demand variance.</p>',
          rubric: 'operations',
        }),
      )
      await store.articles.create(
        record('pricing-playbook', {
          title: 'What belongs in a pricing playbook?',
          body: '<p>A pricing playbook tells sales which price to quote and when to lead with time-boxed offers. Working capital is not its subject, but inventory and stock prices are mentioned.</p>',
          rubric: 'strategy',
          content: { faq: [{ q: 'Who owns the playbook?', a: 'The commercial director owns the discount matrix.' }] },
        }),
      )
      await store.articles.create(
        record('secret-draft', {
          title: 'Safety stock secrets',
          body: '<p>Safety stock unreleased draft about working capital.</p>',
          status: 'draft',
        }),
      )
    })
    after(async () => {
      await store.close()
      rmSync(dir, { recursive: true, force: true })
    })

    test('a query for a phrase in one article ranks that article first', async () => {
      const hits = await search('working capital falls when inventory turns faster')
      assert.equal(hits[0]?.slug, 'warehouse-layout')
      // Both articles hold both words; only one holds them side by side.
      const phrase = await search('lead time')
      assert.deepEqual(
        phrase.map((h) => h.slug),
        ['safety-stock', 'pricing-playbook'],
      )
    })

    test('a match in the title ranks above a match only in the body', async () => {
      const hits = await search('safety stock')
      assert.deepEqual(
        hits.slice(0, 2).map((h) => h.slug),
        ['safety-stock', 'warehouse-layout'],
      )
      assert.ok(hits[0]!.score > hits[1]!.score)
    })

    test('hits carry title, rubric, excerpt and a snippet with the matched words in bold', async () => {
      const [hit] = await search('picking routes')
      assert.equal(hit?.slug, 'warehouse-layout')
      assert.equal(hit?.title, 'Designing a warehouse layout')
      assert.equal(hit?.rubric, 'operations')
      assert.match(hit!.snippet, /\*\*picking\*\* \*\*routes\*\*|\*\*picking routes\*\*/i)
      assert.equal(typeof hit?.score, 'number')
    })

    test('FAQ text is searchable and words are stemmed (owns finds owner-ish forms)', async () => {
      assert.equal((await search('discount matrix'))[0]?.slug, 'pricing-playbook')
      assert.equal((await search('playbooks'))[0]?.slug, 'pricing-playbook')
    })

    test('a draft never appears', async () => {
      const hits = await search('safety stock unreleased secrets')
      assert.ok(!hits.some((h) => h.slug === 'secret-draft'))
      assert.ok(!(await search('unreleased')).some((h) => h.slug === 'secret-draft'))
    })

    test('when no article has every word, articles with any of them are found', async () => {
      const hits = await search('picking zebra')
      assert.deepEqual(
        hits.map((h) => h.slug),
        ['warehouse-layout'],
      )
    })

    test('the rubric filter and the limit apply', async () => {
      const ops = await search('stock', { rubric: 'operations' })
      assert.ok(ops.length >= 2 && ops.every((h) => h.rubric === 'operations'))
      assert.equal((await search('stock', { limit: 1 })).length, 1)
    })

    test('punctuation-only, operator-like and quote-laden queries answer without throwing', async () => {
      for (const q of [
        '"',
        '***',
        '()',
        'AND',
        'OR NOT',
        'title:pricing',
        '"pricing',
        'NEAR(a b)',
        "'; drop table articles; --",
        '🙂',
        '-',
      ]) {
        const hits = await search(q)
        assert.ok(Array.isArray(hits), q)
      }
      assert.equal((await search('"pricing')).length > 0, true, 'a stray quote does not break a real word')
    })

    test('any text at all is a query that answers without throwing (property)', async () => {
      await fc.assert(
        fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 60 }), async (query) => {
          assert.ok(Array.isArray(await search(query)))
        }),
        { numRuns: 150 },
      )
    })

    test('an update moves the index with it; unpublishing removes the article from search at once', async () => {
      await store.articles.create(record('moving-target', { title: 'Zanzibar logistics', body: '<p>Cloves and shipping.</p>' }))
      assert.equal((await search('zanzibar'))[0]?.slug, 'moving-target')
      await store.articles.update(record('moving-target', { title: 'Mombasa logistics', body: '<p>Cloves and shipping.</p>' }))
      assert.equal((await search('zanzibar')).length, 0)
      assert.equal((await search('mombasa'))[0]?.slug, 'moving-target')
      await store.articles.update(record('moving-target', { title: 'Mombasa logistics', status: 'draft' }))
      assert.equal((await search('mombasa')).length, 0)
      await store.articles.update(record('moving-target', { title: 'Mombasa logistics', status: 'published' }))
      assert.equal((await search('mombasa')).length, 1)
    })

    test('a deleted article disappears from search at once', async () => {
      await store.articles.create(record('short-lived', { title: 'Quetzal accounting', body: '<p>Gone soon.</p>' }))
      assert.equal((await search('quetzal')).length, 1)
      await store.articles.delete('short-lived')
      assert.equal((await search('quetzal')).length, 0)
    })
  })
}

test('SQLite search tiers: a title match of the oldest article beats body matches; within a tier the latest written comes first; common words skip the body phrase', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'folio-search-tiers-'))
  const store = await openTestStore(dir, 'sqlite')
  try {
    await store.articles.create(record('title-match', { title: 'Ferry timetables explained', body: '<p>Boats.</p>' }))
    await store.articles.create(record('body-first', { body: '<p>Our ferry timetables changed.</p>' }))
    await store.articles.create(record('body-second', { body: '<p>Timetables for every ferry.</p>' }))
    await store.articles.create(record('body-third', { body: '<p>The ferry timetables are new.</p>' }))
    const hits = await store.search.search('ferry timetables', { limit: 10 })
    // Title phrase, then the body phrase (newest written first), then the words apart.
    assert.deepEqual(
      hits.map((h) => h.slug),
      ['title-match', 'body-third', 'body-first', 'body-second'],
    )
    assert.ok(hits[0]!.score > hits[1]!.score && hits[2]!.score > hits[3]!.score)
    assert.equal(hits[1]!.score, hits[2]!.score)
    assert.match(hits[1]!.snippet, /\*\*ferry\*\*/i)
  } finally {
    await store.close()
    rmSync(dir, { recursive: true, force: true })
  }
})
