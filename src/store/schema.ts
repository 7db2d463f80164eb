// The database tables as Kysely sees them. Portable types only: text, integer, JSON kept as text,
// times as ISO-8601 UTC text (which sorts correctly in both SQLite and PostgreSQL).
import type { Generated } from 'kysely'

export interface ArticlesTable {
  slug: string
  title: string
  body: string
  rubric: string
  lang: string
  /** JSON array of strings */
  tags: string
  excerpt: string
  status: 'published' | 'draft'
  published_at: string | null
  updated_at: string | null
  created_at: string
  translation_of: string | null
  author: string
  author_slug: string
  meta_title: string
  featured: number
  cover_image_url: string
  /** JSON object: the AEO blocks */
  content: string
  /** JSON array of service slugs */
  services: string
  /** JSON array of strings */
  topics: string
}

/** Derived: one row per (article, tag), kept in step with `articles` in the same transaction. */
export interface ArticleTagsTable {
  slug: string
  tag: string
}

/** Derived: published articles per rubric. Rebuilt by the catalog rebuild. */
export interface RubricStatsTable {
  rubric: string
  published_count: number
}

/** Derived: published articles per tag. Rebuilt by the catalog rebuild. */
export interface TagStatsTable {
  tag: string
  published_count: number
}

export interface ApiKeysTable {
  id: string
  name: string
  scope: 'read' | 'write'
  /** SHA-256 of the token, hex. The token itself is never stored. */
  token_hash: string
  token_prefix: string
  created_at: string
  retired_at: string | null
}

/** Derived: the search documents of published articles (indexed by FTS5 on SQLite, a tsvector on PostgreSQL). */
export interface ArticleSearchTable {
  slug: string
  title: string
  /** Plain text: excerpt, body, key takeaways, FAQ and tags. */
  body: string
}

export interface MetaTable {
  name: string
  value: number
}

export interface Database {
  articles: ArticlesTable
  article_tags: ArticleTagsTable
  rubric_stats: RubricStatsTable
  tag_stats: TagStatsTable
  api_keys: ApiKeysTable
  meta: MetaTable
  article_search: ArticleSearchTable
}

export type { Generated }
