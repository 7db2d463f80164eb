// The first schema: articles, their derived tag and stats tables, API keys and the content generation.
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('articles')
    .addColumn('slug', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('rubric', 'text', (c) => c.notNull())
    .addColumn('lang', 'text', (c) => c.notNull())
    .addColumn('tags', 'text', (c) => c.notNull())
    .addColumn('excerpt', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('published_at', 'text')
    .addColumn('updated_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('translation_of', 'text')
    .addColumn('author', 'text', (c) => c.notNull())
    .addColumn('author_slug', 'text', (c) => c.notNull())
    .addColumn('meta_title', 'text', (c) => c.notNull())
    .addColumn('featured', 'integer', (c) => c.notNull())
    .addColumn('cover_image_url', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('services', 'text', (c) => c.notNull())
    .addColumn('topics', 'text', (c) => c.notNull())
    .execute()
  // The catalog's total order: newest first, then slug.
  await db.schema.createIndex('articles_status_published').on('articles').columns(['status', 'published_at', 'slug']).execute()
  await db.schema.createIndex('articles_rubric_published').on('articles').columns(['rubric', 'status', 'published_at', 'slug']).execute()
  await db.schema.createIndex('articles_translation_of').on('articles').column('translation_of').execute()

  await db.schema
    .createTable('article_tags')
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('tag', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('article_tags_pk', ['slug', 'tag'])
    .execute()
  await db.schema.createIndex('article_tags_tag').on('article_tags').columns(['tag', 'slug']).execute()

  await db.schema
    .createTable('rubric_stats')
    .addColumn('rubric', 'text', (c) => c.primaryKey())
    .addColumn('published_count', 'integer', (c) => c.notNull())
    .execute()
  await db.schema
    .createTable('tag_stats')
    .addColumn('tag', 'text', (c) => c.primaryKey())
    .addColumn('published_count', 'integer', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('token_prefix', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('retired_at', 'text')
    .execute()

  await db.schema
    .createTable('meta')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'integer', (c) => c.notNull())
    .execute()
  await sql`insert into meta (name, value) values ('content_generation', 1)`.execute(db)
}
