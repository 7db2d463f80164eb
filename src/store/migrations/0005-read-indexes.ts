// Reads that stay fast at 100 000 articles. Both stores: the catalog's index in the catalog's own
// order (published_at desc, slug asc), so a page is read in index order with no sort. SQLite also
// gets a title-only FTS5 index, so "the words are in the title" is answered from title doclists
// alone, and a covering index that tells an article's rubric and status by slug without reading
// the article row (its body spills to overflow pages). PostgreSQL keeps its GIN index from 0004.
import { sql, SqliteAdapter, type Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index articles_published_order on articles (status, published_at desc, slug)`.execute(db)
  await sql`drop index articles_status_published`.execute(db)
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return
  await sql`create virtual table article_title_fts using fts5(
    title, content = 'article_search', content_rowid = 'id', tokenize = 'porter unicode61 remove_diacritics 2'
  )`.execute(db)
  await sql`create trigger article_title_insert after insert on article_search begin
    insert into article_title_fts (rowid, title) values (new.id, new.title);
  end`.execute(db)
  await sql`create trigger article_title_delete after delete on article_search begin
    insert into article_title_fts (article_title_fts, rowid, title) values ('delete', old.id, old.title);
  end`.execute(db)
  await sql`create trigger article_title_update after update on article_search begin
    insert into article_title_fts (article_title_fts, rowid, title) values ('delete', old.id, old.title);
    insert into article_title_fts (rowid, title) values (new.id, new.title);
  end`.execute(db)
  // Indexes the documents already stored.
  await sql`insert into article_title_fts (article_title_fts) values ('rebuild')`.execute(db)
  await sql`create index articles_slug_rubric on articles (slug, rubric, status)`.execute(db)
}
