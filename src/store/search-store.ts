// Full-text search over published articles, ranked by match tiers on both stores: SQLite FTS5
// (snippet) or PostgreSQL (tsvector, ts_headline: postgres-search.ts). The index holds published articles only and is written by
// the article store inside each write transaction, so a search never sees a draft or a deleted article.
import { sql, type Kysely, type Transaction } from 'kysely'
import type { ArticleRecord } from './article-record.js'
import type { SearchDocument } from './derivations.js'
import type { Database } from './schema.js'
import type { Dialect, SearchHit, SearchOptions, SearchStore } from './store.js'
import { postgresSearch } from './postgres-search.js'
import { searchTiers, SNIPPET_WORDS, type RawHit } from './search-tiers.js'
import { guardStore } from './store-errors.js'

/**
 * Keeps the index in step with one article's change; called inside the article's write transaction
 * with the document the domain derived from the article (only asked for when it is published).
 */
export async function writeSearchRow(
  trx: Transaction<Database>,
  before: ArticleRecord | undefined,
  after: ArticleRecord | undefined,
  documentOf: (article: ArticleRecord) => SearchDocument,
) {
  const slug = (after ?? before)!.slug
  // Only published articles have a row; a create or a draft's update has nothing to remove.
  if (before?.status === 'published') await trx.deleteFrom('article_search').where('slug', '=', slug).execute()
  if (after?.status === 'published') await trx.insertInto('article_search').values(documentOf(after)).execute()
}

/**
 * The words of a user's query: letters and digits only, so nothing the user types can become
 * query syntax (quotes, NEAR, column filters, operators). Lower-cased, de-duplicated, at most 32.
 */
export function searchTerms(query: string): string[] {
  return [...new Set(query.toLowerCase().match(/[\p{L}\p{M}\p{N}]+/gu) ?? [])].slice(0, 32)
}

/** A word held by this many articles or more is common: a body phrase with it is not looked for (SQLite). */
const COMMON_WORD_ARTICLES = 5_000

interface SqliteTier {
  index: 'article_title_fts' | 'article_search_fts'
  expression: string
  /** Every hit of this tier scores the same; a better tier scores higher. */
  score: number
  /** Skip the tier when any of these words is common. */
  onlyIfRare?: string[]
}

export class KyselySearchStore implements SearchStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  async search(query: string, options: SearchOptions): Promise<SearchHit[]> {
    const terms = searchTerms(query)
    if (terms.length === 0) return []
    return guardStore(async () => {
      // Every word first; when no article has them all, any of them (best first all the same).
      const all = await this.run(terms, 'all', options)
      if (all.length > 0 || terms.length === 1) return all
      return this.run(terms, 'any', options)
    })
  }

  private async run(terms: string[], mode: 'all' | 'any', options: SearchOptions): Promise<SearchHit[]> {
    const rows: RawHit[] =
      this.dialect === 'sqlite' ? await this.sqlite(terms, mode, options) : await postgresSearch(this.db, terms, mode, options)
    return rows.map((row) => ({
      slug: row.slug,
      title: row.title,
      rubric: row.rubric,
      excerpt: row.excerpt,
      published_at: row.published_at,
      snippet: row.snippet.replace(/\s+/g, ' ').trim(),
      // PostgreSQL ranks are long fractions; six significant digits keep the order readable.
      score: Number(Number(row.score).toPrecision(6)),
    }))
  }

  /**
   * SQLite ranks by match tiers, not bm25: bm25 counts every document holding each word before it
   * ranks anything (about 40 ms for a word in all of 100 000 articles), while each tier below is one
   * FTS5 query read newest first that stops once the page is full. Better tiers come first; within a
   * tier the most recently written article comes first.
   */
  private async sqlite(terms: string[], mode: 'all' | 'any', options: SearchOptions): Promise<RawHit[]> {
    const quoted = terms.map((t) => `"${t}"`)
    const phrase = `"${terms.join(' ')}"`
    const expressions = { phrase, all: quoted.join(' AND '), any: quoted.join(' OR ') }
    const tiers: SqliteTier[] = searchTiers(terms, mode).map((tier) => ({
      index: tier.field === 'title' ? 'article_title_fts' : 'article_search_fts',
      expression: expressions[tier.match],
      score: tier.score,
      ...(tier.onlyIfRare ? { onlyIfRare: quoted } : {}),
    }))
    const picked = new Map<number, number>()
    for (const tier of tiers) {
      if (picked.size >= options.limit) break
      const ids = await this.sqliteTier(tier, options.rubric, options.limit + picked.size)
      for (const id of ids) {
        if (picked.size >= options.limit) break
        if (!picked.has(id)) picked.set(id, tier.score)
      }
    }
    if (picked.size === 0) return []
    const ids = [...picked.keys()]
    // The snippet is made for the page only; the match expression marks the words of every tier.
    const result = await sql<Omit<RawHit, 'score'> & { id: number }>`
      select article_search_fts.rowid as id, a.slug, a.title, a.rubric, a.excerpt, a.published_at,
        snippet(article_search_fts, 1, '**', '**', '…', ${sql.lit(SNIPPET_WORDS)}) as snippet
      from article_search_fts
        join article_search s on s.id = article_search_fts.rowid
        join articles a on a.slug = s.slug
      where article_search_fts match ${quoted.join(' OR ')} and article_search_fts.rowid in (${sql.join(ids)})
        and a.status = 'published'`.execute(this.db)
    const byId = new Map(result.rows.map((row) => [row.id, row]))
    return ids.flatMap((id) => {
      const row = byId.get(id)
      if (!row) return []
      const { id: _id, ...hit } = row
      return [{ ...hit, score: picked.get(id)! }]
    })
  }

  /** Whether any of the quoted words is in COMMON_WORD_ARTICLES articles or more; each check stops at that count. */
  private async anyCommon(words: string[]): Promise<boolean> {
    for (const word of words) {
      const found = await sql<{ id: number }>`
        select rowid as id from article_search_fts where article_search_fts match ${word}
        order by rowid desc limit 1 offset ${COMMON_WORD_ARTICLES - 1}`.execute(this.db)
      if (found.rows.length > 0) return true
    }
    return false
  }

  /** The ids of one tier's matches, newest first, at most `limit`; in one rubric when asked. */
  private async sqliteTier(tier: SqliteTier, rubric: string | undefined, limit: number): Promise<number[]> {
    const index = sql.table(tier.index)
    if (tier.onlyIfRare && (await this.anyCommon(tier.onlyIfRare))) return []
    // The covering index answers rubric and status by slug without reading the article row.
    const inRubric =
      rubric === undefined
        ? sql``
        : sql`join article_search s on s.id = ${index}.rowid
            join articles a indexed by articles_slug_rubric on a.slug = s.slug and a.rubric = ${rubric} and a.status = 'published'`
    const result = await sql<{ id: number }>`
      select ${index}.rowid as id from ${index} ${inRubric}
      where ${index} match ${tier.expression}
      order by ${index}.rowid desc limit ${limit}`.execute(this.db)
    return result.rows.map((row) => row.id)
  }
}
