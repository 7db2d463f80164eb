// The opaque cursor of list_articles: the (published_at, slug) of the last article of a page, so
// the next page starts right after it even when articles were published or deleted in between.
import type { ArticleListing } from '../../store/article-record.js'

export interface ListPosition {
  publishedAt: string
  slug: string
}

export function encodeListCursor(article: Pick<ArticleListing, 'published_at' | 'slug'>): string {
  return Buffer.from(JSON.stringify([article.published_at ?? '', article.slug]), 'utf8').toString('base64url')
}

/** The position a cursor names; undefined when it is not one this tool issued. */
export function decodeListCursor(cursor: string): ListPosition | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) return undefined
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
    if (Array.isArray(value) && value.length === 2 && typeof value[0] === 'string' && typeof value[1] === 'string') {
      return { publishedAt: value[0], slug: value[1] }
    }
  } catch {
    // not JSON: not ours
  }
  return undefined
}
