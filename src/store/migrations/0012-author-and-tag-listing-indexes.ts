// Author pages list an author's published articles newest first, a page at a time: this index
// answers them (and their count) in index order with no sort, whatever the size of the catalog.
// Tag pages already have article_tags_tag (tag, slug) from 0001 and their count in tag_stats.
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index articles_author_listing on articles (author_slug, status, published_at desc, slug)`.execute(db)
}
