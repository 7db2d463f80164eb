// The catalog read model: categories with counts, tags, services and pages of published article
// summaries in the catalog order (published_at desc, slug asc), paged by keyset cursor.
import { ApiError } from '../contract/errors.js'
import { LIMITS } from '../contract/limits.js'
import type { ArticleSummary, Category, ServiceEntry } from '../contract/schemas.js'
import type { Site } from './site-definition.js'
import { byCodePoint } from '../store/derivations.js'
import type { Store } from '../store/store.js'
import type { ArticleListing } from '../store/article-record.js'
import { catalogChanges, type CatalogChange } from './catalog-rebuild.js'
import { decodeCursor, encodeCursor } from './cursor.js'
import { categoriesOf, serviceEntriesOf } from './api-representations.js'
import { articleUrl } from './urls.js'

export interface CatalogPageRequest {
  /** The raw `cursor` query value, when sent. */
  cursor?: string
  /** The raw `limit` query value, when sent. */
  limit?: string
}

export interface CatalogPage {
  count: number
  categories: Category[]
  tags: string[]
  services: ServiceEntry[]
  articles: ArticleSummary[]
  next_cursor: string | null
}

export interface CatalogRebuild extends Omit<CatalogPage, 'next_cursor'> {
  applied: boolean
  changes: CatalogChange[]
}

export function toArticleSummary(listing: ArticleListing, site: Site, baseUrl: string): ArticleSummary {
  return {
    slug: listing.slug,
    title: listing.title,
    rubric: listing.rubric,
    rubric_title: site.rubricsBySlug.get(listing.rubric)?.title ?? listing.rubric,
    lang: listing.lang,
    excerpt: listing.excerpt,
    tags: listing.tags,
    published_at: listing.published_at,
    updated_at: listing.updated_at,
    url: articleUrl(baseUrl, listing.rubric, listing.slug),
  }
}

/** `limit`: 1–500, default 100, above the maximum read as the maximum; anything else is refused. */
export function pageSize(raw: string | undefined): number {
  if (raw === undefined) return LIMITS.catalogPageDefault
  if (!/^\d+$/.test(raw) || Number(raw) < 1) {
    throw new ApiError('validation_failed', {
      errors: [{ field: 'limit', message: `must be an integer from 1 to ${LIMITS.catalogPageMax} (got "${raw}")` }],
    })
  }
  return Math.min(Number(raw), LIMITS.catalogPageMax)
}

export class CatalogService {
  constructor(
    private readonly store: Store,
    private readonly site: Site,
    private readonly baseUrl: string,
  ) {}

  async page(request: CatalogPageRequest): Promise<CatalogPage> {
    const limit = pageSize(request.limit)
    let after
    if (request.cursor !== undefined) {
      after = decodeCursor(request.cursor)
      if (!after) {
        throw new ApiError('validation_failed', {
          message: 'The cursor is not one this service issued.',
          hint: 'Send the next_cursor of the previous page unchanged, or leave cursor out for the first page.',
          errors: [{ field: 'cursor', message: 'not a cursor this service issued' }],
        })
      }
    }
    // One more than the page tells whether a next page exists without a second query.
    const rows = await this.store.articles.listPublished({ ...(after ? { after } : {}), limit: limit + 1 })
    const page = rows.slice(0, limit)
    const last = page.at(-1)
    const [count, counts, tags] = await Promise.all([
      this.store.articles.countPublished(),
      this.store.articles.publishedCountsByRubric(),
      this.store.articles.publishedTags(),
    ])
    return {
      count,
      categories: categoriesOf(this.site, counts, this.baseUrl),
      tags,
      services: serviceEntriesOf(this.site),
      articles: page.map((listing) => toArticleSummary(listing, this.site, this.baseUrl)),
      next_cursor: rows.length > limit && last ? encodeCursor({ published_at: last.published_at!, slug: last.slug }) : null,
    }
  }

  /** Recomputes the derived catalog rows; a dry run unless `apply`. Lists every published article. */
  async rebuild(options: { apply: boolean }): Promise<CatalogRebuild> {
    const { before, after } = await this.store.articles.rebuildDerived(options)
    const listings = await this.store.articles.listPublished()
    return {
      applied: options.apply,
      changes: catalogChanges(before, after),
      count: Object.values(after.rubricCounts).reduce((sum, n) => sum + n, 0),
      categories: categoriesOf(this.site, new Map(Object.entries(after.rubricCounts)), this.baseUrl),
      tags: Object.keys(after.tagCounts).sort(byCodePoint),
      services: serviceEntriesOf(this.site),
      articles: listings.map((listing) => toArticleSummary(listing, this.site, this.baseUrl)),
    }
  }

  tags(): Promise<string[]> {
    return this.store.articles.publishedTags()
  }
}

/** The Link header of paging rule 1: the next page, with the request's own limit only when it sent one. */
export function nextPageLink(baseUrl: string, nextCursor: string, requestLimit: string | undefined): string {
  const limit = requestLimit === undefined ? '' : `&limit=${encodeURIComponent(requestLimit)}`
  return `<${baseUrl}/api/content/catalog?cursor=${encodeURIComponent(nextCursor)}${limit}>; rel="next"`
}
