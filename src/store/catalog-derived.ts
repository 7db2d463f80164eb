// Reads the stored derived catalog rows and, on apply, replaces them with the state the domain
// recomputes from the articles, in one transaction that also bumps the content generation.
import { sql, type Kysely, type Transaction } from 'kysely'
import { bumpContentGeneration } from './content-generation.js'
import { byCodePoint, type ArticleDerivations, type DerivedCatalogState } from './derivations.js'
import type { Database } from './schema.js'
import type { Dialect } from './store.js'

async function storedState(trx: Transaction<Database>): Promise<DerivedCatalogState> {
  const state: DerivedCatalogState = { articleTags: {}, rubricCounts: {}, tagCounts: {} }
  for (const row of await trx.selectFrom('article_tags').select(['slug', 'tag']).execute()) {
    ;(state.articleTags[row.slug] ??= []).push(row.tag)
  }
  for (const tags of Object.values(state.articleTags)) tags.sort(byCodePoint)
  for (const row of await trx.selectFrom('rubric_stats').selectAll().execute()) state.rubricCounts[row.rubric] = Number(row.published_count)
  for (const row of await trx.selectFrom('tag_stats').selectAll().execute()) state.tagCounts[row.tag] = Number(row.published_count)
  return state
}

/** Replaces every derived catalog row (tags per article, counts per rubric and per tag) with `state`. */
export async function writeDerivedState(trx: Transaction<Database>, state: DerivedCatalogState) {
  await trx.deleteFrom('article_tags').execute()
  await trx.deleteFrom('rubric_stats').execute()
  await trx.deleteFrom('tag_stats').execute()
  const tagRows = Object.entries(state.articleTags).flatMap(([slug, tags]) => tags.map((tag) => ({ slug, tag })))
  // Chunked: SQLite caps the number of bound parameters per statement.
  for (let i = 0; i < tagRows.length; i += 400)
    await trx
      .insertInto('article_tags')
      .values(tagRows.slice(i, i + 400))
      .execute()
  const rubricRows = Object.entries(state.rubricCounts).map(([rubric, published_count]) => ({ rubric, published_count }))
  for (let i = 0; i < rubricRows.length; i += 400)
    await trx
      .insertInto('rubric_stats')
      .values(rubricRows.slice(i, i + 400))
      .execute()
  // The listing order of each tag row comes from its article, not from the derived state.
  await sql`update article_tags set published_at = (select a.published_at from articles a where a.slug = article_tags.slug and a.status = 'published')`.execute(
    trx,
  )
  const statRows = Object.entries(state.tagCounts).map(([tag, published_count]) => ({ tag, published_count }))
  for (let i = 0; i < statRows.length; i += 400)
    await trx
      .insertInto('tag_stats')
      .values(statRows.slice(i, i + 400))
      .execute()
}

/** The stored derived state and the one `catalogState` recomputes from the articles; written when `apply`. */
export async function rebuildDerivedRows(
  db: Kysely<Database>,
  dialect: Dialect,
  apply: boolean,
  catalogState: ArticleDerivations['catalogState'],
) {
  return db.transaction().execute(async (trx) => {
    // On PostgreSQL, hold writers off while reading and rewriting, so no article write lands
    // between the read and the rewrite (readers are not blocked). SQLite's writer lock does this.
    if (apply && dialect === 'postgres') await sql`lock table articles in share row exclusive mode`.execute(trx)
    const rows = await trx.selectFrom('articles').select(['slug', 'rubric', 'status', 'tags']).execute()
    const after = catalogState(rows.map((r) => ({ ...r, tags: JSON.parse(r.tags) as string[] })))
    const before = await storedState(trx)
    if (apply) {
      await writeDerivedState(trx, after)
      await bumpContentGeneration(trx)
    }
    return { before, after }
  })
}
