// Seeds the benchmark dataset into a PostgreSQL store fast, with the rows the store's own writes
// would leave: the article rows as the article store maps them (toRow), the search documents as
// the search store makes them (searchDocument; PostgreSQL computes their weighted tsvector, a
// generated column), in multi-row INSERTs of a few hundred articles per transaction; then the tag
// rows, the per-rubric and per-tag counts and the generation bump from the store's own catalog
// rebuild. test/bench/pg-seed.test.ts checks that every table ends as article-by-article creates leave it.
import { sql } from 'kysely'
import type { Site } from '../src/content/site-definition.js'
import { toRow } from '../src/store/article-store.js'
import type { KyselyStore } from '../src/store/kysely-store.js'
import { searchDocument } from '../src/content/search-document.js'
import { datasetArticle } from './dataset.js'

/** Articles per INSERT (20 parameters each: 10 000 parameters, under PostgreSQL's 65 535). */
const ROWS_PER_INSERT = 500
/** Transactions in flight at once: one per core of this machine keeps PostgreSQL's tsvector work busy. */
const PARALLEL = 2

/** Writes articles [existing, count) of the dataset (assumes the first `existing` are there) and answers how many. */
export async function seedPostgres(store: KyselyStore, site: Site, count: number, onProgress?: (done: number) => void): Promise<number> {
  if (store.dialect !== 'postgres') throw new Error('seedPostgres needs a PostgreSQL store')
  const existing = await store.articles.count()
  if (existing >= count) return 0
  let next = existing
  let done = existing
  const worker = async () => {
    while (next < count) {
      const from = next
      const to = Math.min(from + ROWS_PER_INSERT, count)
      next = to
      const articles = Array.from({ length: to - from }, (_, k) => datasetArticle(from + k, site))
      await store.db.transaction().execute(async (trx) => {
        await trx.insertInto('articles').values(articles.map(toRow)).execute()
        const published = articles.filter((a) => a.status === 'published')
        if (published.length > 0) await trx.insertInto('article_search').values(published.map(searchDocument)).execute()
      })
      done += to - from
      if (onProgress && Math.floor(done / 10_000) !== Math.floor((done - (to - from)) / 10_000)) onProgress(done)
    }
  }
  await Promise.all(Array.from({ length: PARALLEL }, worker))
  // article_tags, rubric_stats and tag_stats recomputed from every article, and the generation bumped.
  await store.articles.rebuildDerived({ apply: true })
  // A store that grew through months of writes has been vacuumed and analysed by autovacuum; a
  // bulk load has not yet (no visibility map for index-only scans, no statistics for the planner).
  for (const table of ['articles', 'article_tags', 'article_search', 'rubric_stats', 'tag_stats', 'meta'])
    await sql`vacuum analyze ${sql.table(table)}`.execute(store.db)
  return count - existing
}
