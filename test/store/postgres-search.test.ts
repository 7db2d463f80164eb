// PostgreSQL search by match tiers (postgres-search.ts) when a word is in more articles than a
// tier reads through its index: the newest-first path gives the same order as the few-matches
// path and as SQLite, title tiers first, in a rubric when asked.
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, test } from 'node:test'
import { toRow } from '../../src/store/article-rows.js'
import type { KyselyStore } from '../../src/store/kysely-store.js'
import { record } from '../helpers/article-record.js'
import { openTestStore, TEST_DATABASE_URL } from '../helpers/test-store.js'

const skip = TEST_DATABASE_URL ? false : 'FOLIO_TEST_DATABASE_URL is not set'
if (skip) console.log(`# skipping the PostgreSQL search test: ${skip}`)

let store: KyselyStore
let dir: string
const MANY = 620
const at = (i: number) => new Date(Date.UTC(2025, 0, 1) + i * 3_600_000).toISOString()

before(async () => {
  if (skip) return
  dir = mkdtempSync(join(tmpdir(), 'folio-pg-search-'))
  store = await openTestStore(dir, 'postgres')
  // Rows written straight into the tables (the index rows as the article store writes them), so
  // hundreds of articles take a moment.
  const rows = Array.from({ length: MANY }, (_, i) =>
    record(`ledger-${String(i).padStart(3, '0')}`, {
      title: i % 200 === 7 ? `Ledger close number ${i}` : `Month-end note ${i}`,
      body: `<p>Every team keeps a ledger; note ${i} says how.</p>`,
      rubric: i % 2 === 0 ? 'even' : 'odd',
      published_at: at(i),
    }),
  )
  for (let i = 0; i < rows.length; i += 100) {
    const part = rows.slice(i, i + 100)
    await store.db.insertInto('articles').values(part.map(toRow)).execute()
    await store.db
      .insertInto('article_search')
      .values(part.map((a) => ({ slug: a.slug, title: a.title, body: `Every team keeps a ledger; ${a.title}.` })))
      .execute()
  }
})

after(async () => {
  if (skip) return
  await store.close()
  rmSync(dir, { recursive: true, force: true })
})

test('a word in every article: title matches first, then the newest texts, each tier newest first', { skip }, async () => {
  const hits = await store.search.search('ledger', { limit: 6 })
  assert.deepEqual(
    hits.map((h) => h.slug),
    ['ledger-607', 'ledger-407', 'ledger-207', 'ledger-007', 'ledger-619', 'ledger-618'],
  )
  assert.deepEqual(
    hits.map((h) => h.score),
    [4, 4, 4, 4, 1, 1],
  )
  assert.match(hits[0]!.snippet, /\*\*ledger\*\*/i)
})

test('in one rubric, and with several words, the same tiers', { skip }, async () => {
  assert.deepEqual(
    (await store.search.search('ledger', { limit: 3, rubric: 'even' })).map((h) => h.slug),
    ['ledger-618', 'ledger-616', 'ledger-614'],
  )
  const both = await store.search.search('ledger close', { limit: 5 })
  assert.deepEqual(
    both.map((h) => [h.slug, h.score]),
    [
      ['ledger-607', 4],
      ['ledger-407', 4],
      ['ledger-207', 4],
      ['ledger-007', 4],
    ],
  )
  assert.deepEqual(
    (await store.search.search('note 412', { limit: 2 })).map((h) => h.slug),
    ['ledger-412'],
  )
})
