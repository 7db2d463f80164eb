// The article use cases: publish, update, delete, read. Pure of HTTP: takes a store, the site,
// a clock and the base URL; answers plain objects or throws ApiError.
import { ApiError } from '../contract/errors.js'
import { LIMITS } from '../contract/limits.js'
import type { BodyWarning } from '../contract/schemas.js'
import type { Site } from './site-definition.js'
import type { Store } from '../store/store.js'
import { SlugTakenError } from '../store/store-errors.js'
import type { ArticleRecord, ArticleStatus } from '../store/article-record.js'
import { normaliseCreatePayload } from './connector-payload.js'
import { articleTooLarge } from './images.js'
import { bodyQualityWarnings } from './quality/index.js'
import { categoriesOf, serviceEntriesOf } from './api-representations.js'
import { assertPayloadObject, PayloadSchemas, resolveCreate, resolveUpdate } from './resolve-article.js'
import { articleUrl } from './urls.js'

export interface WriteOptions {
  /** From the query string; the payload's own `dry_run` counts too. */
  dryRun: boolean
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
  ) {
    this.schemas = new PayloadSchemas(site)
  }

  async create(rawPayload: unknown, options: WriteOptions): Promise<WrittenResult | DryRunResult> {
    assertPayloadObject(rawPayload)
    const payload = normaliseCreatePayload(rawPayload)
    const dryRun = options.dryRun || payload.dry_run === true
    const article = await resolveCreate(payload, this.context())
    const existing = await this.store.articles.get(article.slug)
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
    const article = await resolveUpdate(stored, rawPayload, this.context())
    await this.assertFitsWithImages(article)
    const warnings = bodyQualityWarnings(article)
    if (dryRun) {
      return { kind: 'dry_run', slug, url: this.urlOf(article), status_after: article.status, warnings }
    }
    const updated = await this.store.articles.update(article)
    if (!updated) throw new ApiError('not_found', { message: `No article with slug "${slug}".` })
    return { kind: 'written', slug, url: this.urlOf(article), warnings, article }
  }

  async delete(slug: string): Promise<void> {
    const deleted = await this.store.articles.delete(slug)
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
    const article = await this.store.articles.get(slug)
    if (!article || article.status !== 'published') {
      throw new ApiError('not_found', { message: `No published article with slug "${slug}".` })
    }
    return article
  }

  /** An article with its images must stay under 12 MB (its JSON plus the stored images of its slug). */
  private async assertFitsWithImages(article: ArticleRecord) {
    const total = Buffer.byteLength(JSON.stringify(article)) + (await this.store.images.totalBytesFor(article.slug))
    if (total >= LIMITS.articleWithImagesBytes) throw articleTooLarge(article.slug, total)
  }

  urlOf(article: Pick<ArticleRecord, 'rubric' | 'slug'>): string {
    return articleUrl(this.baseUrl, article.rubric, article.slug)
  }

  private context() {
    return {
      site: this.site,
      schemas: this.schemas,
      lookup: (slug: string) => this.store.articles.get(slug),
      now: this.clock().toISOString(),
    }
  }
}

function conflict(stored: ArticleRecord, baseUrl: string): ApiError {
  return new ApiError('conflict', {
    message: `An article with slug "${stored.slug}" already exists.`,
    hint: `To change it, send PUT /api/content/${stored.slug}; to add a new article, choose another slug.`,
    errors: [{ slug: stored.slug, status: stored.status, url: articleUrl(baseUrl, stored.rubric, stored.slug) }],
  })
}
