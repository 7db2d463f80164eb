// The derived rows of one article's change: its tag rows, the published counts per rubric and
// per tag, and its search document, written inside the transaction of that change.
import { sql, type Transaction } from 'kysely'
import type { ArticleRecord } from './article-record.js'
import type { ArticleDerivations } from './derivations.js'
import type { Database } from './schema.js'
import { writeSearchRow } from './search-store.js'

/** Keeps article_tags, rubric_stats, tag_stats and the search index in step with one article's change. */
export async function writeDerivedRows(
  trx: Transaction<Database>,
  before: ArticleRecord | undefined,
  after: ArticleRecord | undefined,
  derive: ArticleDerivations,
) {
  const slug = (after ?? before)!.slug
  await trx.deleteFrom('article_tags').where('slug', '=', slug).execute()
  if (after && after.tags.length > 0) {
    const published_at = after.status === 'published' ? after.published_at : null
    for (const tags of chunks([...new Set(after.tags)])) {
      await trx
        .insertInto('article_tags')
        .values(tags.map((tag) => ({ slug, tag, published_at })))
        .execute()
    }
  }
  const wasPublished = before?.status === 'published'
  const isPublished = after?.status === 'published'
  if (wasPublished) {
    await adjustStat(trx, 'rubric_stats', 'rubric', [before.rubric], -1)
    await adjustStat(trx, 'tag_stats', 'tag', [...new Set(before.tags)], -1)
  }
  if (isPublished) {
    await adjustStat(trx, 'rubric_stats', 'rubric', [after.rubric], +1)
    await adjustStat(trx, 'tag_stats', 'tag', [...new Set(after.tags)], +1)
  }
  await writeSearchRow(trx, before, after, derive.searchDocument)
}

async function adjustStat(
  trx: Transaction<Database>,
  table: 'rubric_stats' | 'tag_stats',
  column: 'rubric' | 'tag',
  keys: string[],
  delta: number,
) {
  if (keys.length === 0) return
  for (const part of chunks(keys)) {
    const values = part.map((key) => ({ [column]: key, published_count: Math.max(delta, 0) }))
    await trx
      .insertInto(table)
      .values(values)
      .onConflict((oc) =>
        oc.column(column).doUpdateSet({ published_count: sql`${sql.ref(`${table}.published_count`)} + ${delta}` } as never),
      )
      .execute()
  }
  // Only a decrement can empty a row, and only the rows just touched.
  if (delta < 0) {
    for (const part of chunks(keys)) {
      await trx.deleteFrom(table).where(sql.ref(column), 'in', part).where('published_count', '<=', 0).execute()
    }
  }
}

// One statement binds a few variables per row; SQLite allows 32766 per statement, so tens of
// thousands of tags go in slices (still one transaction).
function chunks<T>(items: T[], size = 1000): T[][] {
  const parts: T[][] = []
  for (let i = 0; i < items.length; i += size) parts.push(items.slice(i, i + size))
  return parts
}
