// Full-text search over published articles: SQLite FTS5 (bm25, snippet) or PostgreSQL
// (tsvector, ts_rank, ts_headline). The index holds published articles only and is written by
// the article store inside each write transaction, so a search never sees a draft or a deleted article.
import { sql, type Kysely, type Transaction } from 'kysely'
import type { ArticleRecord } from '../content/article.js'
import { htmlToText } from '../content/sanitize-body.js'
import type { Database } from './schema.js'
import type { Dialect } from './store.js'
import { guardStore } from './store-errors.js'

export interface SearchHit {
  slug: string
  title: string
  rubric: string
  excerpt: string
  published_at: string | null
  /** A passage of the body around the match, matched words wrapped in ** (markdown bold). */
  snippet: string
  /** Relevance, higher is better; comparable only within one answer. */
  score: number
}

export interface SearchOptions {
  rubric?: string
  limit: number
}

export interface SearchStore {
  /** Published articles matching the words of `query`, best first; empty when the query has no words. */
  search(query: string, options: SearchOptions): Promise<SearchHit[]>
}

/** What the index keeps of an article: its title, and its body, excerpt and AEO text as one plain text. */
export function searchDocument(article: ArticleRecord): { slug: string; title: string; body: string } {
  const { faq, key_takeaways: takeaways } = article.content
  const parts = [
    article.excerpt,
    htmlToText(article.body),
    ...(takeaways ?? []),
    ...(faq ?? []).flatMap((f) => [f.q, f.a]),
    article.tags.join(' '),
  ]
  return { slug: article.slug, title: article.title, body: parts.filter((p) => p.trim() !== '').join('\n') }
}

/** Keeps the index in step with one article's change; called inside the article's write transaction. */
export async function writeSearchRow(trx: Transaction<Database>, before: ArticleRecord | undefined, after: ArticleRecord | undefined) {
  const slug = (after ?? before)!.slug
  // Only published articles have a row; a create or a draft's update has nothing to remove.
  if (before?.status === 'published') await trx.deleteFrom('article_search').where('slug', '=', slug).execute()
  if (after?.status === 'published') await trx.insertInto('article_search').values(searchDocument(after)).execute()
}

/**
 * The words of a user's query: letters and digits only, so nothing the user types can become
 * query syntax (quotes, NEAR, column filters, operators). Lower-cased, de-duplicated, at most 32.
 */
export function searchTerms(query: string): string[] {
  return [...new Set(query.toLowerCase().match(/[\p{L}\p{M}\p{N}]+/gu) ?? [])].slice(0, 32)
}

const SNIPPET_WORDS = 24

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
    const rows = this.dialect === 'sqlite' ? await this.sqlite(terms, mode, options) : await this.postgres(terms, mode, options)
    return rows.map((row) => ({
      slug: row.slug,
      title: row.title,
      rubric: row.rubric,
      excerpt: row.excerpt,
      published_at: row.published_at,
      snippet: row.snippet.replace(/\s+/g, ' ').trim(),
      // bm25 values on a small corpus are tiny; six significant digits keep the order readable.
      score: Number(Number(row.score).toPrecision(6)),
    }))
  }

  private async sqlite(terms: string[], mode: 'all' | 'any', options: SearchOptions) {
    // Each term is a quoted FTS5 string (terms hold no quotes). The whole phrase as an extra
    // alternative adds to bm25 where the words stand together, so the article with the phrase ranks first.
    const quoted = terms.map((t) => `"${t}"`)
    const expression =
      mode === 'any' ? quoted.join(' OR ') : terms.length > 1 ? `(${quoted.join(' AND ')}) OR "${terms.join(' ')}"` : quoted[0]!
    const rubric = options.rubric === undefined ? sql`` : sql`and a.rubric = ${options.rubric}`
    const result = await sql<RawHit>`
      select a.slug, a.title, a.rubric, a.excerpt, a.published_at,
        snippet(article_search_fts, 1, '**', '**', '…', ${sql.lit(SNIPPET_WORDS)}) as snippet,
        -bm25(article_search_fts, 10.0, 1.0) as score
      from article_search_fts
        join article_search s on s.id = article_search_fts.rowid
        join articles a on a.slug = s.slug
      where article_search_fts match ${expression} and a.status = 'published' ${rubric}
      order by score desc, a.published_at desc, a.slug asc
      limit ${options.limit}`.execute(this.db)
    return result.rows
  }

  private async postgres(terms: string[], mode: 'all' | 'any', options: SearchOptions) {
    const words = terms.join(' ')
    // plainto_tsquery and phraseto_tsquery never fail on their input; the OR form joins words that are letters and digits only.
    const match = mode === 'all' ? sql`plainto_tsquery('english', ${words})` : sql`to_tsquery('english', ${terms.join(' | ')})`
    const rubric = options.rubric === undefined ? sql`` : sql`and a.rubric = ${options.rubric}`
    // Ranked and cut to the page first; ts_headline (the costly part) runs on that page only.
    const result = await sql<RawHit>`
      select hit.slug, hit.title, hit.rubric, hit.excerpt, hit.published_at, hit.score,
        ts_headline('english', hit.body, hit.query,
          ${`StartSel=**, StopSel=**, MaxWords=${SNIPPET_WORDS}, MinWords=10, MaxFragments=1, ShortWord=2`}) as snippet
      from (
        select a.slug, a.title, a.rubric, a.excerpt, a.published_at, s.body, q.query,
          ts_rank(s.document, q.query) + ts_rank(s.document, q.phrase) as score
        from article_search s
          join articles a on a.slug = s.slug
          cross join (select ${match} as query, phraseto_tsquery('english', ${words}) as phrase) q
        where s.document @@ q.query and a.status = 'published' ${rubric}
        order by score desc, a.published_at desc, a.slug asc
        limit ${options.limit}
      ) hit
      order by hit.score desc, hit.published_at desc, hit.slug asc`.execute(this.db)
    return result.rows
  }
}

/** A hit as the driver returns it: PostgreSQL answers the rank as a numeric string. */
type RawHit = Omit<SearchHit, 'score'> & { score: number | string }
