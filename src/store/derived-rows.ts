// The derived rows of one article's change: its search document, its tag rows, the published
// counts per rubric and per tag, and the content generation, written last inside the transaction
// of that change (on PostgreSQL in one statement, and a create is that one statement whole).
import { sql, type Insertable, type Kysely, type RawBuilder, type Transaction } from 'kysely'
import type { ArticleRecord } from './article-record.js'
import { bumpContentGeneration } from './content-generation.js'
import type { ArticleDerivations } from './derivations.js'
import type { ArticlesTable, Database } from './schema.js'
import { writeSearchRow } from './search-store.js'
import type { Dialect } from './store.js'

/**
 * Keeps the search index, article_tags, rubric_stats and tag_stats in step with one article's
 * change and moves the content generation: the last statements of every article write.
 */
export async function writeDerivedRows(
  trx: Transaction<Database>,
  before: ArticleRecord | undefined,
  after: ArticleRecord | undefined,
  derive: ArticleDerivations,
  dialect: Dialect,
) {
  if (dialect === 'postgres') return writePostgresDerivedRows(trx, before, after, derive, [])
  const slug = (after ?? before)!.slug
  // Rows of this article first, the shared counters last: a counter row is locked until the commit,
  // so the later it is touched, the shorter other writes of its rubric or tag wait for it.
  await writeSearchRow(trx, before, after, derive.searchDocument)
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
  await writeCountersAndGeneration(trx, dialect, counterChanges(before, after))
}

/**
 * PostgreSQL: the search row, the tag rows, the counters and the generation in one statement, so
 * a write spends one round trip on them instead of five (each round trip, under load, also waits
 * for a busy event loop). Rows are upserted and only the tags that went are deleted: the parts of
 * one statement run on one snapshot, so none may delete a row another inserts again. Thousands of
 * tags go in slices first, as a statement binds at most 65 535 values.
 */
async function writePostgresDerivedRows(
  trx: Kysely<Database>,
  before: ArticleRecord | undefined,
  after: ArticleRecord | undefined,
  derive: ArticleDerivations,
  leading: RawBuilder<unknown>[],
) {
  const slug = (after ?? before)!.slug
  const steps = [...leading]
  if (after?.status === 'published') {
    const { title, body } = derive.searchDocument(after)
    steps.push(sql`search_row as (insert into article_search (slug, title, body) values (${slug}, ${title}, ${body})
      on conflict (slug) do update set title = excluded.title, body = excluded.body)`)
  } else if (before?.status === 'published') {
    steps.push(sql`search_row as (delete from article_search where slug = ${slug})`)
  }
  const tags = after ? [...new Set(after.tags)].sort() : []
  const published_at = after?.status === 'published' ? after.published_at : null
  if (before && before.tags.some((tag) => !tags.includes(tag))) {
    steps.push(sql`tags_gone as (delete from article_tags where slug = ${slug} and not (tag = any(${tags}::text[])))`)
  }
  if (tags.length > ONE_STATEMENT_KEYS) {
    for (const part of chunks(tags))
      await sql`insert into article_tags (slug, tag, published_at) values ${sql.join(part.map((tag) => sql`(${slug}, ${tag}, ${published_at})`))}
        on conflict (slug, tag) do update set published_at = excluded.published_at`.execute(trx)
  } else if (tags.length > 0) {
    steps.push(sql`tag_rows as (insert into article_tags (slug, tag, published_at) values ${sql.join(tags.map((tag) => sql`(${slug}, ${tag}, ${published_at})`))}
      on conflict (slug, tag) do update set published_at = excluded.published_at)`)
  }
  await writeCountersAndGeneration(trx, 'postgres', counterChanges(before, after), steps)
}

/** Whether `createInOneStatement` can write this article: its tags fit in one statement. */
export const fitsOneStatement = (article: ArticleRecord) => new Set(article.tags).size <= ONE_STATEMENT_KEYS

/**
 * PostgreSQL: a create as one statement, outside any transaction: the article row, `leading`
 * (statements of its companions), its derived rows, the counters and the generation. One
 * statement is atomic and commits as it ends, so the generation and counter rows, which every
 * write waits for, are held for its execution and the commit only, never for a round trip to a
 * busy server. Only for articles that `fitsOneStatement`.
 */
export async function createInOneStatement(
  db: Kysely<Database>,
  row: Insertable<ArticlesTable>,
  article: ArticleRecord,
  derive: ArticleDerivations,
  leading: RawBuilder<unknown>[],
) {
  await writePostgresDerivedRows(db, undefined, article, derive, [
    sql`article_row as (${db.insertInto('articles').values(row)})`,
    ...leading,
  ])
}

/** Keys whose counts move in the one statement with the generation; more go in slices. */
const ONE_STATEMENT_KEYS = 1000

interface CounterChange {
  table: 'rubric_stats' | 'tag_stats'
  column: 'rubric' | 'tag'
  keys: string[]
  delta: 1 | -1
}

/** The published counts one change moves, net: an update that keeps its rubric and tags moves none. */
function counterChanges(before: ArticleRecord | undefined, after: ArticleRecord | undefined): CounterChange[] {
  const net = (pick: (a: ArticleRecord) => string[]) => {
    const delta = new Map<string, number>()
    if (before?.status === 'published') for (const key of new Set(pick(before))) delta.set(key, (delta.get(key) ?? 0) - 1)
    if (after?.status === 'published') for (const key of new Set(pick(after))) delta.set(key, (delta.get(key) ?? 0) + 1)
    // Sorted: two writes that share counter rows lock them in the same order, so neither waits on the other in a circle.
    const keysOf = (d: number) =>
      [...delta]
        .filter(([, value]) => value === d)
        .map(([key]) => key)
        .sort()
    return { plus: keysOf(1), minus: keysOf(-1) }
  }
  const rubrics = net((a) => [a.rubric])
  const tags = net((a) => a.tags)
  const changes: CounterChange[] = [
    { table: 'rubric_stats', column: 'rubric', keys: rubrics.plus, delta: 1 },
    { table: 'rubric_stats', column: 'rubric', keys: rubrics.minus, delta: -1 },
    { table: 'tag_stats', column: 'tag', keys: tags.plus, delta: 1 },
    { table: 'tag_stats', column: 'tag', keys: tags.minus, delta: -1 },
  ]
  return changes.filter((c) => c.keys.length > 0)
}

/**
 * The last statements of an article write: the shared published counts, then the content
 * generation. Every article write locks the generation row and most lock a counter row of their
 * rubric, until the commit. On PostgreSQL the counters and the generation move in one statement,
 * so a write holds those rows for one round trip and the commit rather than one per row: writes
 * queue on them, and under load each round trip waits for a busy event loop. SQLite needs no such
 * care: its writes of a turn share one transaction (write-batch.ts).
 */
async function writeCountersAndGeneration(
  trx: Kysely<Database>,
  dialect: Dialect,
  changes: CounterChange[],
  rowSteps: RawBuilder<unknown>[] = [],
) {
  if (dialect === 'sqlite') {
    for (const change of changes) await adjustStat(trx, change.table, change.column, change.keys, change.delta)
    await bumpContentGeneration(trx)
    return
  }
  // A statement binds at most 65 535 values: an article with thousands of tags moves their counts
  // in slices first (still inside its transaction), the usual few with the generation.
  const [large, small] = [
    changes.filter((c) => c.keys.length > ONE_STATEMENT_KEYS),
    changes.filter((c) => c.keys.length <= ONE_STATEMENT_KEYS),
  ]
  for (const change of large) await adjustStat(trx, change.table, change.column, change.keys, change.delta)
  const counterSteps = small.map((change, i) => {
    const rows = change.keys.map((key) => sql`(${key}, ${Math.max(change.delta, 0)})`)
    return sql`${sql.raw(`counter_${i}`)} as (
      insert into ${sql.table(change.table)} (${sql.ref(change.column)}, published_count) values ${sql.join(rows)}
      on conflict (${sql.ref(change.column)}) do update set published_count = ${sql.ref(`${change.table}.published_count`)} + ${change.delta})`
  })
  const steps = [...rowSteps, ...counterSteps, sql`generation as (update meta set value = value + 1 where name = 'content_generation')`]
  await sql`with ${sql.join(steps)} select 1`.execute(trx)
  // Only a decrement can empty a row, and only the rows just touched.
  for (const change of small.filter((c) => c.delta < 0))
    await trx.deleteFrom(change.table).where(sql.ref(change.column), 'in', change.keys).where('published_count', '<=', 0).execute()
}

async function adjustStat(
  trx: Kysely<Database>,
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
