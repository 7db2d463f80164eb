// Slugs, rubrics and tags sort in code-point order on PostgreSQL too ("C" collation), as they do in
// SQLite: the catalog, the sitemap and the feeds list ties by slug and tags by name, so a store moved
// from one database to the other must list them in the same order. SQLite already compares bytes.
import { PostgresAdapter, sql, type Kysely } from 'kysely'

const COLUMNS: [table: string, column: string][] = [
  ['articles', 'slug'],
  ['articles', 'rubric'],
  ['articles', 'translation_of'],
  ['article_tags', 'slug'],
  ['article_tags', 'tag'],
  ['tag_stats', 'tag'],
  ['rubric_stats', 'rubric'],
]

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return
  for (const [table, column] of COLUMNS) {
    await sql`alter table ${sql.table(table)} alter column ${sql.ref(column)} type text collate "C"`.execute(db)
  }
}
