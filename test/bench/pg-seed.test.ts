// The bench's fast PostgreSQL seed must measure the store users have: every table it fills ends
// exactly as creating each article through the store leaves it (search vectors and derived rows included).
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, test } from 'node:test'
import { sql } from 'kysely'
import { datasetArticle } from '../../bench/dataset.js'
import { seedPostgres } from '../../bench/pg-seed.js'
import { DEMO_SITE_DIR } from '../../src/paths.js'
import { loadSite } from '../../src/content/site-definition.js'
import type { KyselyStore } from '../../src/store/kysely-store.js'
import { openTestStore, TEST_DATABASE_URL } from '../helpers/test-store.js'

const reason = TEST_DATABASE_URL ? false : 'FOLIO_TEST_DATABASE_URL is not set'
if (reason && process.env.FOLIO_TEST_REQUIRE_BACKENDS === '1') throw new Error(`${reason} (FOLIO_TEST_REQUIRE_BACKENDS is set)`)

const ARTICLES = 60
const site = loadSite(DEMO_SITE_DIR)
let dir: string
let created: KyselyStore
let seeded: KyselyStore

/** Every row of the tables an article write touches, in a fixed order, as text. */
async function tables(store: KyselyStore) {
  const read = async (query: ReturnType<typeof sql>) => (await query.execute(store.db)).rows.map((row) => JSON.stringify(row))
  return {
    articles: await read(sql`select * from articles order by slug`),
    article_tags: await read(sql`select * from article_tags order by slug, tag`),
    rubric_stats: await read(sql`select * from rubric_stats order by rubric`),
    tag_stats: await read(sql`select * from tag_stats order by tag`),
    article_search: await read(sql`select slug, title, body, document::text as document from article_search order by slug`),
  }
}

before(async () => {
  if (reason) return
  dir = mkdtempSync(join(tmpdir(), 'folio-seed-'))
  created = await openTestStore(dir, 'postgres')
  seeded = await openTestStore(dir, 'postgres')
})

after(async () => {
  if (reason) return
  await created.close()
  await seeded.close()
  rmSync(dir, { recursive: true, force: true })
})

test('the fast PostgreSQL seed stores the same rows as creating each article through the store', { skip: reason }, async () => {
  for (let i = 0; i < ARTICLES; i++) await created.articles.create(datasetArticle(i, site))
  assert.equal(await seedPostgres(seeded, site, ARTICLES), ARTICLES)
  const expected = await tables(created)
  const actual = await tables(seeded)
  assert.equal(actual.articles.length, ARTICLES)
  assert.ok(actual.article_tags.length >= ARTICLES && actual.tag_stats.length > 0, 'derived rows are written')
  assert.deepEqual(actual, expected)
  // A kept schema is topped up, never written twice.
  assert.equal(await seedPostgres(seeded, site, ARTICLES), 0)
})
