// The article as the store keeps it: every field resolved by the domain (rubric and services as
// slugs, defaults applied, body sanitised). The store persists exactly this; the domain builds it
// and the surfaces present it.
import type { Static } from 'typebox'
import type { AeoContent } from '../contract/schemas.js'

/** The AEO blocks (faq, key_takeaways, sources), as the payload schema defines them. */
export type AeoBlocks = Static<typeof AeoContent>

export type ArticleStatus = 'published' | 'draft'

export interface ArticleRecord {
  slug: string
  title: string
  body: string
  rubric: string
  lang: string
  tags: string[]
  excerpt: string
  status: ArticleStatus
  published_at: string | null
  updated_at: string | null
  created_at: string
  translation_of: string | null
  author: string
  author_slug: string
  meta_title: string
  featured: boolean
  cover_image_url: string
  /** Alt text of the cover image; empty when none was given. */
  cover_image_alt: string
  content: AeoBlocks
  services: string[]
  topics: string[]
}

/** What the published listings need of an article (catalog, feeds, llms.txt, MCP lists, service pages). */
export type ArticleListing = Pick<
  ArticleRecord,
  | 'slug'
  | 'title'
  | 'rubric'
  | 'lang'
  | 'excerpt'
  | 'tags'
  | 'published_at'
  | 'updated_at'
  | 'status'
  | 'services'
  | 'cover_image_url'
  | 'cover_image_alt'
>

/** The later of two ISO date-times (either may be missing): an article's last change is the later of published_at and updated_at. */
export function newerStamp(a: string | null, b: string | null): string | null {
  if (!a) return b
  if (!b) return a
  return Date.parse(a) >= Date.parse(b) ? a : b
}
