// The revision use cases: the history of a slug (paged like the catalog), one revision as it was,
// and restoring one, answered like an update with the images it references that are gone.
import { ApiError } from '../contract/errors.js'
import type { BodyWarning } from '../contract/schemas.js'
import type { ArticleRecord, ArticleStatus } from '../store/article-record.js'
import type { RevisionSummary, StoredRevision } from '../store/revision-store.js'
import { SlugTakenError } from '../store/store-errors.js'
import type { Store } from '../store/store.js'
import { conflict, type ArticleService } from './article-service.js'
import { badCursor, pageSize } from './catalog.js'
import { decodeRevisionCursor, encodeRevisionCursor } from './cursor.js'
import { missingImages } from './image-references.js'
import { bodyQualityWarnings } from './quality/index.js'
import { restoredRecord } from './restore-article.js'
import type { Site } from './site-definition.js'
import { articleUrl } from './urls.js'

export interface RevisionPage {
  slug: string
  revisions: RevisionSummary[]
  next_cursor: string | null
}

export interface RestoreResult {
  kind: 'written' | 'dry_run'
  slug: string
  url: string
  status_after: ArticleStatus
  warnings: BodyWarning[]
  missing_images: string[]
}

export class RevisionService {
  constructor(
    private readonly store: Store,
    private readonly site: Site,
    private readonly baseUrl: string,
    private readonly articles: ArticleService,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** Newest first; 404 when the slug has neither an article nor revisions. */
  async list(slug: string, request: { cursor?: string; limit?: string }): Promise<RevisionPage> {
    const limit = pageSize(request.limit)
    let before: number | undefined
    if (request.cursor !== undefined) {
      const cursor = decodeRevisionCursor(request.cursor)
      if (!cursor) throw badCursor('not a cursor this service issued')
      if (cursor.slug !== slug) throw badCursor(`made for the revisions of "${cursor.slug}"`)
      before = cursor.revision
    }
    const rows = await this.store.revisions.list(slug, { ...(before !== undefined ? { before } : {}), limit: limit + 1 })
    if (rows.length === 0 && before === undefined && !(await this.store.articles.get(slug))) throw noHistory(slug)
    const page = rows.slice(0, limit)
    const last = page.at(-1)
    return { slug, revisions: page, next_cursor: rows.length > limit && last ? encodeRevisionCursor(slug, last.revision) : null }
  }

  async get(slug: string, revision: string): Promise<StoredRevision> {
    const number = revisionNumber(revision)
    const stored = number === undefined ? undefined : await this.store.revisions.get(slug, number)
    if (!stored) throw noRevision(slug, revision)
    return stored
  }

  /**
   * Makes revision `revision` the article again. The state it replaces becomes a revision (change
   * `restore`); a deleted article comes back as it was. A revision saved before the slug's latest
   * delete belongs to an article deleted since: while another article holds the slug, 409.
   */
  async restore(slug: string, revision: string, options: { dryRun: boolean; actor?: string }): Promise<RestoreResult> {
    const saved = await this.get(slug, revision)
    const current = await this.store.articles.get(slug)
    if (current) {
      const deletion = await this.store.revisions.latestDeletion(slug)
      if (deletion !== undefined && saved.revision <= deletion) throw slugTakenAgain(current, saved.revision, this.baseUrl)
    }
    const now = this.clock().toISOString()
    const lookup = (other: string) => this.store.articles.get(other)
    const record = await restoredRecord(saved.article, { site: this.site, lookup, now, current, revision: saved.revision })
    await this.articles.assertFitsWithImages(record)
    const result: RestoreResult = {
      kind: options.dryRun ? 'dry_run' : 'written',
      slug,
      url: articleUrl(this.baseUrl, record.rubric, slug),
      status_after: record.status,
      warnings: bodyQualityWarnings(record),
      missing_images: await missingImages(record, this.baseUrl, (key) => this.store.images.get(key)),
    }
    if (options.dryRun) return result
    // Deleted meanwhile: then it comes back as a deleted article does.
    if (current && (await this.store.articles.update(record, this.articles.changeNote(options.actor, now), 'restore'))) return result
    try {
      await this.store.articles.create(record)
    } catch (error) {
      if (error instanceof SlugTakenError) throw conflict((await this.store.articles.get(slug)) ?? record, this.baseUrl)
      throw error
    }
    return result
  }
}

/** A revision number as the path carries it: 1, 2, 3…; anything else names no revision. */
function revisionNumber(raw: string): number | undefined {
  return /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : undefined
}

function noHistory(slug: string): ApiError {
  return new ApiError('not_found', {
    message: `No article and no revisions with slug "${slug}".`,
    hint: 'Revisions of a deleted article are kept for a while; after that, or for a slug never used, there is nothing to show.',
  })
}

function noRevision(slug: string, revision: string): ApiError {
  return new ApiError('not_found', {
    message: `No revision "${revision}" of "${slug}".`,
    hint: `List the revisions with GET /api/content/${slug}/revisions.`,
  })
}

function slugTakenAgain(current: ArticleRecord, revision: number, baseUrl: string): ApiError {
  const taken = conflict(current, baseUrl)
  return new ApiError('conflict', {
    message: `Revision ${revision} belongs to an article deleted since; another article now holds the slug "${current.slug}".`,
    hint: `Restore a revision saved after the delete, or delete the article now at /api/content/${current.slug} first.`,
    errors: taken.errors,
  })
}
