// The published summary: counts and newest changes of the published articles, per rubric and
// language, read once per content generation (one grouped query on an index). Pages and documents
// read their lists of articles from the store a page at a time, so memory stays flat whatever the
// number of articles, and a write costs the next reader one small query, not a reload.
import type { Store } from '../store/store.js'
import { newerStamp } from '../store/article-record.js'

export interface PublishedSummary {
  generation: number
  /** Every published article. */
  count: number
  /** Published articles per rubric slug, also of a rubric that left the site definition. */
  countsByRubric: ReadonlyMap<string, number>
  /** Language → rubric slug → published articles. */
  countsByLanguage: ReadonlyMap<string, ReadonlyMap<string, number>>
  /** Rubric slug → the newest published_at or updated_at of its published articles (ISO). */
  newestByRubric: ReadonlyMap<string, string>
  /** Published articles per tag (a tag only drafts carry is absent). */
  countsByTag: ReadonlyMap<string, number>
  /** The newest published_at/updated_at of any published article; null when there is none. */
  lastModified: Date | null
}

export class PublishedSummaries {
  private current: PublishedSummary | undefined
  private loading: Promise<PublishedSummary> | undefined

  constructor(private readonly store: Store) {}

  /** The summary of the store's current generation; read again only when the generation moved. */
  async get(): Promise<PublishedSummary> {
    const generation = await this.store.contentGeneration()
    if (this.current?.generation === generation) return this.current
    // Requests that arrive while a summary is read share it, unless it is older than theirs.
    if (this.loading) {
      const loaded = await this.loading
      if (loaded.generation >= generation) return loaded
    }
    const loading = this.load(generation)
    this.loading = loading
    try {
      const loaded = await loading
      if (!this.current || loaded.generation >= this.current.generation) this.current = loaded
      return loaded
    } finally {
      if (this.loading === loading) this.loading = undefined
    }
  }

  private async load(generation: number): Promise<PublishedSummary> {
    const countsByRubric = new Map<string, number>()
    const countsByLanguage = new Map<string, Map<string, number>>()
    const newestByRubric = new Map<string, string>()
    let count = 0
    let newest: string | null = null
    for (const group of await this.store.articles.publishedGroups()) {
      count += group.count
      countsByRubric.set(group.rubric, (countsByRubric.get(group.rubric) ?? 0) + group.count)
      const perRubric = countsByLanguage.get(group.lang) ?? new Map<string, number>()
      perRubric.set(group.rubric, (perRubric.get(group.rubric) ?? 0) + group.count)
      countsByLanguage.set(group.lang, perRubric)
      const rubricNewest = newerStamp(newestByRubric.get(group.rubric) ?? null, group.newest)
      if (rubricNewest) newestByRubric.set(group.rubric, rubricNewest)
      newest = newerStamp(newest, group.newest)
    }
    const countsByTag = await this.store.articles.publishedTagCounts()
    return {
      generation,
      count,
      countsByRubric,
      countsByLanguage,
      newestByRubric,
      countsByTag,
      lastModified: newest ? new Date(newest) : null,
    }
  }
}
