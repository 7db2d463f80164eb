// The full-text search index of published articles: a document table with an FTS5 index on
// SQLite, a table with a weighted tsvector (title above body) and a GIN index on PostgreSQL. Filled from the articles
// already stored (with the domain's search document); from then on every article write keeps it in
// step in its own transaction.
import { sql, SqliteAdapter, type Kysely } from 'kysely'
import { fromRow } from '../article-store.js'
import type { ArticleDerivations } from '../derivations.js'
import type { ArticlesTable, Database } from '../schema.js'

export async function up(db: Kysely<unknown>, searchDocument: ArticleDerivations['searchDocument']): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    // The documents live in a plain table (slug unique, so a write finds its row by index); an
    // external-content FTS5 table indexes them, kept in step by triggers.
    await sql`create table article_search (
      id integer primary key, slug text not null unique, title text not null, body text not null
    )`.execute(db)
    // porter: "pricing" finds "price"; remove_diacritics: "cafe" finds "café".
    await sql`create virtual table article_search_fts using fts5(
      title, body, content = 'article_search', content_rowid = 'id', tokenize = 'porter unicode61 remove_diacritics 2'
    )`.execute(db)
    await sql`create trigger article_search_insert after insert on article_search begin
      insert into article_search_fts (rowid, title, body) values (new.id, new.title, new.body);
    end`.execute(db)
    await sql`create trigger article_search_delete after delete on article_search begin
      insert into article_search_fts (article_search_fts, rowid, title, body) values ('delete', old.id, old.title, old.body);
    end`.execute(db)
    await sql`create trigger article_search_update after update on article_search begin
      insert into article_search_fts (article_search_fts, rowid, title, body) values ('delete', old.id, old.title, old.body);
      insert into article_search_fts (rowid, title, body) values (new.id, new.title, new.body);
    end`.execute(db)
  } else {
    await sql`create table article_search (
      slug text primary key,
      title text not null,
      body text not null,
      document tsvector generated always as (
        setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', body), 'B')
      ) stored
    )`.execute(db)
    await sql`create index article_search_document on article_search using gin (document)`.execute(db)
  }
  const typed = db as unknown as Kysely<Database>
  const rows = (await typed.selectFrom('articles').selectAll().where('status', '=', 'published').execute()) as ArticlesTable[]
  for (const row of rows)
    await typed
      .insertInto('article_search')
      .values(searchDocument(fromRow(row)))
      .execute()
}
