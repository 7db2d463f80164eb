// An article record as a database row and back: JSON fields as text, the boolean as 0 or 1.
import type { ArticleListing, ArticleRecord } from './article-record.js'
import type { ArticlesTable } from './schema.js'

export function toRow(a: ArticleRecord): ArticlesTable {
  return {
    slug: a.slug,
    title: a.title,
    body: a.body,
    rubric: a.rubric,
    lang: a.lang,
    tags: JSON.stringify(a.tags),
    excerpt: a.excerpt,
    status: a.status,
    published_at: a.published_at,
    updated_at: a.updated_at,
    created_at: a.created_at,
    translation_of: a.translation_of,
    author: a.author,
    author_slug: a.author_slug,
    meta_title: a.meta_title,
    featured: a.featured ? 1 : 0,
    cover_image_url: a.cover_image_url,
    cover_image_alt: a.cover_image_alt,
    content: JSON.stringify(a.content),
    services: JSON.stringify(a.services),
    topics: JSON.stringify(a.topics),
  }
}

export function fromRow(row: ArticlesTable): ArticleRecord {
  return {
    ...row,
    // Records kept before the column existed (revisions, snapshots) carry no alt text.
    cover_image_alt: row.cover_image_alt ?? '',
    tags: JSON.parse(row.tags) as string[],
    featured: Boolean(row.featured),
    content: JSON.parse(row.content) as ArticleRecord['content'],
    services: JSON.parse(row.services) as string[],
    topics: JSON.parse(row.topics) as string[],
  }
}

export const LISTING_COLUMNS = [
  'slug',
  'title',
  'rubric',
  'lang',
  'excerpt',
  'tags',
  'published_at',
  'updated_at',
  'status',
  'services',
  'cover_image_url',
  'cover_image_alt',
] as const

/** Roughly what a write stores (its text; bodies dominate), to bound a batch. */
export function rowBytes(row: Partial<ArticlesTable>): number {
  let bytes = 0
  for (const value of Object.values(row)) if (typeof value === 'string') bytes += value.length
  return bytes
}

export function fromListingRow(row: Pick<ArticlesTable, (typeof LISTING_COLUMNS)[number]>): ArticleListing {
  return { ...row, tags: JSON.parse(row.tags) as string[], services: JSON.parse(row.services) as string[] }
}
