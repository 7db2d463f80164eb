// PostgreSQL search ranks by match tiers, as SQLite does (postgres-search.ts). Two things let each
// tier stop once its page is full:
// - the search rows' slug takes the "C" collation the articles' slug has had since 0009: with two
//   collations the planner could not look a search row up by an article's slug, and read and
//   matched every search row before joining (28 ms on 10 000 articles where 0.3 ms will do);
// - the title gets a tsvector and a GIN index of its own, so a title tier reads the titles that
//   hold the words rather than every text that does.
// SQLite needs neither: its FTS5 tables already have a title index and compare bytes.
import { PostgresAdapter, sql, type Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return
  await sql`alter table article_search alter column slug type text collate "C"`.execute(db)
  await sql`alter table article_search add column title_document tsvector
    generated always as (to_tsvector('english', title)) stored`.execute(db)
  await sql`create index article_search_title on article_search using gin (title_document)`.execute(db)
}
