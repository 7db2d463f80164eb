// Preview links: an unguessable URL that shows an article as its page will look, drafts included,
// to whoever holds it, until it expires or the article is deleted. The token is 256 random bits
// (base64url), unrelated to the slug; the store keeps only its SHA-256, so a copy of the database
// opens no preview (docs/decisions.md, decision 14).
import { createHash, randomBytes } from 'node:crypto'
import { ApiError } from '../contract/errors.js'
import type { ArticleRecord } from '../store/article-record.js'
import type { Store } from '../store/store.js'

/** 32 random bytes in base64url: 43 characters. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/

export function previewPath(token: string): string {
  return `/preview/${token}/`
}

function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

export interface PreviewLink {
  url: string
  expires_at: string
}

export class PreviewLinks {
  constructor(
    private readonly store: Store,
    private readonly baseUrl: string,
    private readonly clock: () => Date,
    /** How long a link lives (FOLIO_PREVIEW_DAYS). */
    private readonly days: number,
  ) {}

  /** A new link to the article of `slug`; 404 when there is none. */
  async create(slug: string, actor: string | undefined): Promise<PreviewLink> {
    if (!(await this.store.articles.get(slug))) {
      throw new ApiError('not_found', { message: `No article with slug "${slug}".`, hint: 'Create it with POST /api/content/ first.' })
    }
    const token = randomBytes(32).toString('base64url')
    const now = this.clock()
    const expiresAt = new Date(now.getTime() + this.days * 86_400_000).toISOString()
    await this.store.previews.create({
      token_hash: tokenHash(token),
      slug,
      created_at: now.toISOString(),
      expires_at: expiresAt,
      created_by: actor ?? '',
    })
    return { url: this.baseUrl + previewPath(token), expires_at: expiresAt }
  }

  /** The article a live token shows, as stored now; undefined once expired, for an article deleted
   *  since, or for a token never issued. */
  async open(token: string): Promise<{ article: ArticleRecord; expiresAt: string } | undefined> {
    if (!TOKEN_PATTERN.test(token)) return undefined
    const link = await this.store.previews.find(tokenHash(token), this.clock().toISOString())
    if (!link) return undefined
    const article = await this.store.articles.get(link.slug)
    return article ? { article, expiresAt: link.expires_at } : undefined
  }
}
