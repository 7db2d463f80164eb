// Tag pages list a tag's published articles newest first, a page at a time. Through the (tag, slug)
// index the store had to read every article of the tag and sort them, so a tag on 10 000
// articles cost 75 ms a page on SQLite. Each tag row now carries its article's publication time
// (null while the article is a draft), and a partial index answers a page, and its offset, in
// index order whatever the tag's size.
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('article_tags').addColumn('published_at', 'text').execute()
  await sql`update article_tags set published_at = (select a.published_at from articles a where a.slug = article_tags.slug and a.status = 'published')`.execute(
    db,
  )
  await sql`create index article_tags_listing on article_tags (tag, published_at desc, slug) where published_at is not null`.execute(db)
}
