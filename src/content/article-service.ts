// The article use cases: publish, update, delete, read. Pure of HTTP: takes a store, the site,
// a clock, the base URL and what to keep of past states; answers plain objects or throws ApiError.
// Who made a change comes in as a plain name (the key's), for the revision the change keeps.
import { ApiError } from '../contract/errors.js'
import { LIMITS } from '../contract/limits.js'
import type { BodyWarning } from '../contract/schemas.js'
import type { Site } from './site-definition.js'
import type { Store } from '../store/store.js'
import { SlugTakenError } from '../store/store-errors.js'
import type { ArticleRecord, ArticleStatus } from '../store/article-record.js'
import { DEFAULT_REVISION_POLICY, type ChangeNote, type RevisionPolicy } from '../store/revision-store.js'
import { normaliseCreatePayload } from './connector-payload.js'
import { articleTooLarge } from './images.js'
import { bodyQualityWarnings } from './quality/index.js'
import { categoriesOf, serviceEntriesOf } from './api-representations.js'
import { assertPayloadObject, PayloadSchemas, resolveCreate, resolveUpdate } from './resolve-article.js'
import { articleUrl } from './urls.js'
import { findPublishedArticle } from './published-article.js'

export interface WriteOptions {
  /** From the query string; the payload's own `dry_run` counts too. */
  dryRun: boolean
  /** The name of the key making the change (kept with the revision an update keeps). */
  actor?: string
  /** Record the write as made at this time instead of now: seeding back-dated content, whose
   *  articles were last changed when they were published, not when a store was filled. */
  writtenAt?: Date
}

export interface WrittenResult {
  kind: 'written'
  slug: string
  url: string
  warnings: BodyWarning[]
  article: ArticleRecord
}

export interface DryRunResult {
  kind: 'dry_run'
  slug: string
  url: string
  status_after: ArticleStatus
  warnings: BodyWarning[]
  categories?: ReturnType<typeof categoriesOf>
  services?: ReturnType<typeof serviceEntriesOf>
}

export class ArticleService {
  private readonly schemas: PayloadSchemas

  constructor(
    private readonly store: Store,
    private readonly site: Site,
    private readonly baseUrl: string,
    private readonly clock: () => Date = () => new Date(),
    /** What the store keeps of the states that updates, deletes and restores replace. */
    private readonly revisionPolicy: RevisionPolicy = DEFAULT_REVISION_POLICY,
  ) {
    this.schemas = new PayloadSchemas(site)
  }

  /** Who makes a change and when, with what to keep: the note the store writes with its revision. */
  changeNote(actor: string | undefined, at = this.clock().toISOString()): ChangeNote {
    return { by: actor ?? '', at, policy: this.revisionPolicy }
  }

  async create(rawPayload: unknown, options: WriteOptions): Promise<WrittenResult | DryRunResult> {
    assertPayloadObject(rawPayload)
    const payload = normaliseCreatePayload(rawPayload)
    const dryRun = options.dryRun || payload.dry_run === true
    const article = await resolveCreate(payload, this.context(options.writtenAt?.toISOString()))
    // A dry run asks whether the slug is free; a create learns it from the store's refusal (below),
    // which spares every create a read.
    const existing = dryRun ? await this.store.articles.get(article.slug) : undefined
    if (existing) throw conflict(existing, this.baseUrl)
    await this.assertFitsWithImages(article)
    const warnings = bodyQualityWarnings(article)
    if (dryRun) {
      const counts = await this.store.articles.publishedCountsByRubric()
      return {
        kind: 'dry_run',
        slug: article.slug,
        url: this.urlOf(article),
        status_after: article.status,
        warnings,
        categories: categoriesOf(this.site, counts, this.baseUrl),
        services: serviceEntriesOf(this.site),
      }
    }
    try {
      await this.store.articles.create(article)
    } catch (error) {
      if (error instanceof SlugTakenError) {
        const stored = await this.store.articles.get(article.slug)
        throw conflict(stored ?? article, this.baseUrl)
      }
      throw error
    }
    return { kind: 'written', slug: article.slug, url: this.urlOf(article), warnings, article }
  }

  async update(slug: string, rawPayload: unknown, options: WriteOptions): Promise<WrittenResult | DryRunResult> {
    assertPayloadObject(rawPayload)
    const stored = await this.store.articles.get(slug)
    if (!stored) throw new ApiError('not_found', { message: `No article with slug "${slug}".`, hint: 'Create it with POST /api/content/.' })
    const dryRun = options.dryRun || rawPayload.dry_run === true
    const now = this.clock().toISOString()
    const article = await resolveUpdate(stored, rawPayload, this.context(now))
    await this.assertFitsWithImages(article)
    const warnings = bodyQualityWarnings(article)
    if (dryRun) {
      return { kind: 'dry_run', slug, url: this.urlOf(article), status_after: article.status, warnings }
    }
    const updated = await this.store.articles.update(article, this.changeNote(options.actor, now))
    if (!updated) throw new ApiError('not_found', { message: `No article with slug "${slug}".` })
    return { kind: 'written', slug, url: this.urlOf(article), warnings, article }
  }

  async delete(slug: string, actor?: string): Promise<void> {
    const deleted = await this.store.articles.delete(slug, this.changeNote(actor))
    if (!deleted) {
      // The catalogue's hint speaks of drafts hidden from the public; a delete sees drafts too.
      throw new ApiError('not_found', {
        message: `No article with slug "${slug}".`,
        hint: 'Check the slug; nothing was deleted.',
      })
    }
  }

  /** A published article; drafts and unknown slugs are not found. */
  async readPublished(slug: string): Promise<ArticleRecord> {
    const article = await findPublishedArticle(this.store, slug)
    if (!article) throw new ApiError('not_found', { message: `No published article with slug "${slug}".` })
    return article
  }

  /** The article whatever its status, for key holders (`?status=all`); unknown slugs are not found. */
  async readAnyStatus(slug: string): Promise<ArticleRecord> {
    const article = await this.store.articles.get(slug)
    if (!article) throw new ApiError('not_found', { message: `No article with slug "${slug}".` })
    return article
  }

  /** An article with its images must stay under 12 MB (its JSON plus the stored images of its slug). */
  async assertFitsWithImages(article: ArticleRecord) {
    const total = Buffer.byteLength(JSON.stringify(article)) + (await this.store.images.totalBytesFor(article.slug))
    if (total >= LIMITS.articleWithImagesBytes) throw articleTooLarge(article.slug, total)
  }

  urlOf(article: Pick<ArticleRecord, 'rubric' | 'slug'>): string {
    return articleUrl(this.baseUrl, article.rubric, article.slug)
  }

  private context(now = this.clock().toISOString()) {
    return {
      site: this.site,
      schemas: this.schemas,
      lookup: (slug: string) => this.store.articles.get(slug),
      now,
    }
  }
}

export function conflict(stored: ArticleRecord, baseUrl: string): ApiError {
  return new ApiError('conflict', {
    message: `An article with slug "${stored.slug}" already exists.`,
    hint: `To change it, send PUT /api/content/${stored.slug}; to add a new article, choose another slug.`,
    errors: [{ slug: stored.slug, status: stored.status, url: articleUrl(baseUrl, stored.rubric, stored.slug) }],
  })
}

/** The `status` of an article read: published (the default, the spec's read) or all (drafts too, for a key). */
export function articleReadStatus(raw: string | undefined): 'published' | 'all' {
  if (raw === undefined || raw === 'published' || raw === 'all') return raw ?? 'published'
  throw new ApiError('validation_failed', { errors: [{ field: 'status', message: `must be published or all (got "${raw}")` }] })
}
