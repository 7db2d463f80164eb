// What editors need beside the articles: the revisions of every slug (the state each update,
// delete and restore replaced, as a full stored record), the preview links (only a hash of each
// token), and the order in which the catalog lists drafts with published articles.
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('article_revisions')
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('saved_at', 'text', (c) => c.notNull())
    .addColumn('change', 'text', (c) => c.notNull())
    .addColumn('by_key', 'text', (c) => c.notNull())
    // Copied out of the record so a list never parses the stored articles.
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    /** JSON: the complete stored article record as it was. */
    .addColumn('article', 'text', (c) => c.notNull())
    // Set for the revisions of a deleted article: they go once this time has passed.
    .addColumn('kept_until', 'text')
    .addPrimaryKeyConstraint('article_revisions_pk', ['slug', 'revision'])
    .execute()
  await db.schema.createIndex('article_revisions_kept_until').on('article_revisions').column('kept_until').execute()

  await db.schema
    .createTable('preview_links')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('preview_links_slug').on('preview_links').column('slug').execute()
  await db.schema.createIndex('preview_links_expires').on('preview_links').column('expires_at').execute()

  // Every article in listing order: when it was published, else when it last changed (status=all),
  // and the drafts in that order (status=draft; led by status, so SQLite's planner, which keeps no
  // statistics here, prefers it to the catalog-order index of 0006 plus a sort). status=published
  // keeps the catalog-order index. The listing queries spell the expression the same way.
  await sql`create index articles_listed_order on articles (coalesce(published_at, updated_at, created_at) desc, slug)`.execute(db)
  await sql`create index articles_status_listed_order on articles (status, coalesce(published_at, updated_at, created_at) desc, slug)`.execute(
    db,
  )
}
