// The catalog read model: categories with counts, tags, services and pages of article summaries,
// paged by keyset cursor: published ones in the catalog order (published_at desc, slug asc), or for
// key holders drafts too, in listing order (published_at, else updated_at; newest first, then slug).
import { ApiError } from '../contract/errors.js'
import { LIMITS } from '../contract/limits.js'
import type { ArticleSummary, Category, ServiceEntry } from '../contract/schemas.js'
import type { Site } from './site-definition.js'
import { byCodePoint } from '../store/derivations.js'
import type { Store } from '../store/store.js'
import type { ArticleListing } from '../store/article-record.js'
import { catalogChanges, type CatalogChange } from './catalog-rebuild.js'
import { decodeCatalogCursor, encodeCatalogCursor, type CatalogCursor } from './cursor.js'
import { categoriesOf, serviceEntriesOf } from './api-representations.js'
import { articleUrl } from './urls.js'

export interface CatalogPageRequest {
  /** The raw `cursor` query value, when sent. */
  cursor?: string
  /** The raw `limit` query value, when sent. */
  limit?: string
  /** The raw `status` query value, when sent: published (the default), draft or all. */
  status?: string
}

export type CatalogStatus = CatalogCursor['status']
const CATALOG_STATUSES: readonly CatalogStatus[] = ['published', 'draft', 'all']

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
    rubric_title: site.rubricTitle(listing.rubric),
    lang: listing.lang,
    excerpt: listing.excerpt,
    tags: listing.tags,
    status: listing.status,
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
    const status = catalogStatus(request.status)
    const cursor = request.cursor === undefined ? undefined : decodeCatalogCursor(request.cursor)
    if (request.cursor !== undefined && !cursor) throw badCursor('not a cursor this service issued')
    if (cursor && cursor.status !== status) throw badCursor(`made for status=${cursor.status}, not status=${status}`)
    const [listed, count, counts, tags] = await Promise.all([
      this.listed(cursor ?? { status }, limit),
      status === 'published' ? this.store.articles.countPublished() : this.store.articles.countWithDrafts(status),
      this.store.articles.publishedCountsByRubric(),
      this.store.articles.publishedTags(),
    ])
    return {
      count,
      categories: categoriesOf(this.site, counts, this.baseUrl),
      tags,
      services: serviceEntriesOf(this.site),
      articles: listed.page.map((listing) => toArticleSummary(listing, this.site, this.baseUrl)),
      next_cursor: listed.next ? encodeCatalogCursor(listed.next) : null,
    }
  }

  /** One page in the order of its status, and the cursor of the next page when there is one. */
  private async listed(from: CatalogCursor | { status: CatalogStatus; after?: undefined }, limit: number) {
    // One more than the page tells whether a next page exists without a second query.
    if (from.status === 'published') {
      const rows = await this.store.articles.listPublished({ ...(from.after ? { after: from.after } : {}), limit: limit + 1 })
      const page = rows.slice(0, limit)
      const last = page.at(-1)
      const next: CatalogCursor | undefined =
        rows.length > limit && last ? { status: 'published', after: { published_at: last.published_at!, slug: last.slug } } : undefined
      return { page, next }
    }
    const rows = await this.store.articles.listWithDrafts({
      status: from.status,
      ...(from.after ? { after: from.after } : {}),
      limit: limit + 1,
    })
    const page = rows.slice(0, limit)
    const last = page.at(-1)
    const next: CatalogCursor | undefined =
      rows.length > limit && last ? { status: from.status, after: { listed_at: last.listed_at, slug: last.slug } } : undefined
    return { page, next }
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

/** `status`: published (the default), draft or all; anything else is refused. */
export function catalogStatus(raw: string | undefined): CatalogStatus {
  if (raw === undefined) return 'published'
  if ((CATALOG_STATUSES as readonly string[]).includes(raw)) return raw as CatalogStatus
  throw new ApiError('validation_failed', {
    errors: [{ field: 'status', message: `must be one of ${CATALOG_STATUSES.join(', ')} (got "${raw}")` }],
  })
}

/** A cursor the service did not issue, or issued for another list: 400, as paging rule 2 says. */
export function badCursor(problem: string): ApiError {
  return new ApiError('validation_failed', {
    message: `The cursor is not usable here: ${problem}.`,
    hint: 'Send the next_cursor of the previous page unchanged, with the same status, or leave cursor out for the first page.',
    errors: [{ field: 'cursor', message: problem }],
  })
}

/** The Link header of paging rule 1: the next page of `path`, with the request's own limit (and
 *  status, or any other parameter) only when it sent one. */
export function nextPageLink(
  baseUrl: string,
  nextCursor: string,
  requestParams: Record<string, string | undefined>,
  path = '/api/content/catalog',
): string {
  let query = `cursor=${encodeURIComponent(nextCursor)}`
  for (const [name, value] of Object.entries(requestParams)) if (value !== undefined) query += `&${name}=${encodeURIComponent(value)}`
  return `<${baseUrl}${path}?${query}>; rel="next"`
}
