// A cover image's alt text, kept with the article (empty for every article written before it).
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('articles')
    .addColumn('cover_image_alt', 'text', (c) => c.notNull().defaultTo(sql`''`))
    .execute()
}
