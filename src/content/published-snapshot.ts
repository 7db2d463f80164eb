// The published snapshot: every published article's listing (no bodies), loaded once per content
// generation. Public documents (pages, feeds, sitemap, llms.txt, MCP lists) render from it, so a
// read never touches the write path and an unchanged store costs one generation check.
import type { ArticleListing } from './article.js'
import type { Store } from '../store/store.js'

export interface PublishedSnapshot {
  generation: number
  /** Every published article, newest first (published_at desc, slug asc). */
  articles: ArticleListing[]
  bySlug: ReadonlyMap<string, ArticleListing>
  /** Newest first within each rubric. */
  byRubric: ReadonlyMap<string, ArticleListing[]>
  /** The newest published_at/updated_at of any published article; null when there is none. */
  lastModified: Date | null
}

export class PublishedSnapshots {
  private current: PublishedSnapshot | undefined
  private loading: Promise<PublishedSnapshot> | undefined

  constructor(private readonly store: Store) {}

  /** The snapshot of the store's current generation; rebuilt only when the generation moved. */
  async get(): Promise<PublishedSnapshot> {
    const generation = await this.store.contentGeneration()
    if (this.current?.generation === generation) return this.current
    if (this.loading) {
      const loaded = await this.loading
      if (loaded.generation >= generation) return loaded
    }
    this.loading = this.load(generation)
    try {
      this.current = await this.loading
      return this.current
    } finally {
      this.loading = undefined
    }
  }

  private async load(generation: number): Promise<PublishedSnapshot> {
    const articles: ArticleListing[] = []
    const bySlug = new Map<string, ArticleListing>()
    const byRubric = new Map<string, ArticleListing[]>()
    // Rubric, language, status and tags repeat across thousands of articles: one string each,
    // not one per article (about a third of the snapshot's memory at 100 000 articles).
    const shared = new Map<string, string>()
    const intern = (value: string) => {
      const kept = shared.get(value)
      if (kept !== undefined) return kept
      shared.set(value, value)
      return value
    }
    let newest = 0
    // Read in keyset pages, so the driver's rows of one page, not of the whole store, sit beside the snapshot.
    let after: { published_at: string; slug: string } | undefined
    for (;;) {
      const page = await this.store.articles.pagePublished({ ...(after ? { after } : {}), limit: LOAD_PAGE })
      for (const row of page) {
        const article: ArticleListing = { ...row, rubric: intern(row.rubric), lang: intern(row.lang), status: row.status, tags: row.tags.map(intern) }
        articles.push(article)
        bySlug.set(article.slug, article)
        const list = byRubric.get(article.rubric)
        if (list) list.push(article)
        else byRubric.set(article.rubric, [article])
        for (const stamp of [article.published_at, article.updated_at]) {
          if (stamp) newest = Math.max(newest, Date.parse(stamp))
        }
      }
      const last = page.at(-1)
      if (page.length < LOAD_PAGE || !last?.published_at) break
      after = { published_at: last.published_at, slug: last.slug }
    }
    return { generation, articles, bySlug, byRubric, lastModified: newest ? new Date(newest) : null }
  }
}

/** Articles read per query while loading a snapshot. */
const LOAD_PAGE = 5_000
