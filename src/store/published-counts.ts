// The tags of published articles, and the counts the tag and author pages need to number their pages: a tag's from the derived tag_stats,
// an author's from the author index of migration 0012 (an index-only count, no article row read).
import type { Kysely } from 'kysely'
import { byCodePoint } from './derivations.js'
import type { Database } from './schema.js'
import { guardStore } from './store-errors.js'

export async function publishedTags(db: Kysely<Database>): Promise<string[]> {
  const rows = await guardStore(() => db.selectFrom('tag_stats').select('tag').where('published_count', '>', 0).execute())
  // Sorted here, not in SQL: PostgreSQL collations and SQLite's binary order differ.
  return rows.map((r) => r.tag).sort(byCodePoint)
}

export async function publishedTagCounts(db: Kysely<Database>): Promise<Map<string, number>> {
  const rows = await guardStore(() =>
    db.selectFrom('tag_stats').select(['tag', 'published_count']).where('published_count', '>', 0).execute(),
  )
  return new Map(rows.map((r) => [r.tag, Number(r.published_count)]))
}

export async function countPublishedByAuthor(db: Kysely<Database>, authorSlug: string): Promise<number> {
  const row = await guardStore(() =>
    db
      .selectFrom('articles')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('author_slug', '=', authorSlug)
      .where('status', '=', 'published')
      .executeTakeFirstOrThrow(),
  )
  return Number(row.n)
}
