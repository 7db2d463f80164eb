// The catalog-order index also carries what the sitemap and the per-generation summary read of
// every published article (rubric, language, update time), so scanning all of them reads the index
// alone: the article rows, whose bodies spill to overflow pages, are not touched. It replaces the
// catalog-order index of 0005 (same leading columns), so a write maintains no extra index.
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index articles_published_listing on articles (status, published_at desc, slug, rubric, lang, updated_at)`.execute(db)
  await sql`drop index articles_published_order`.execute(db)
}
