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
    const articles = await this.store.articles.listPublished()
    const bySlug = new Map(articles.map((a) => [a.slug, a]))
    const byRubric = new Map<string, ArticleListing[]>()
    let newest = 0
    for (const article of articles) {
      const list = byRubric.get(article.rubric) ?? []
      list.push(article)
      byRubric.set(article.rubric, list)
      for (const stamp of [article.published_at, article.updated_at]) {
        if (stamp) newest = Math.max(newest, Date.parse(stamp))
      }
    }
    return { generation, articles, bySlug, byRubric, lastModified: newest ? new Date(newest) : null }
  }
}
