// Images: one record per stored image (key, owning slug, variant, type, size, sha256), and the
// image bytes table PostgreSQL stores use so every instance serves the same bytes.
import { PostgresAdapter, type Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('images')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('variant', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('images_slug_variant').on('images').columns(['slug', 'variant']).execute()
  await db.schema.createIndex('images_created_at').on('images').column('created_at').execute()

  // The one dialect-specific type: binary is bytea in PostgreSQL and blob in SQLite.
  const binary = db.getExecutor().adapter instanceof PostgresAdapter ? 'bytea' : 'blob'
  await db.schema
    .createTable('image_blobs')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('bytes', binary, (c) => c.notNull())
    .execute()
}
