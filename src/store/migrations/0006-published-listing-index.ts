// Reads of every published article that touch the index alone, never the article rows (whose
// bodies spill to overflow pages):
// - The catalog-order index also carries rubric, language, update time and linked services: the
//   sitemap scan, the per-generation summary and a service page's "articles linking here" read it
//   alone. It replaces the catalog-order index of 0005 (same leading columns), so a write
//   maintains no extra index.
// - The translation_of index holds only the articles that name a twin, with what the sitemap's
//   hreflang alternates need of them; it replaces the plain index of 0001.
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index articles_published_listing on articles (status, published_at desc, slug, rubric, lang, updated_at, services)`.execute(
    db,
  )
  await sql`drop index articles_published_order`.execute(db)
  await sql`create index articles_translations on articles (translation_of, slug, rubric, lang, status) where translation_of is not null`.execute(
    db,
  )
  await sql`drop index articles_translation_of`.execute(db)
}
