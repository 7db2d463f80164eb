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
  cover_image_alt: string
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
  /** The article's published_at while it is published, else null: the order of a tag's page. */
  published_at: string | null
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

/** One stored image; its bytes live in the BlobStore under the same key. */
export interface ImagesTable {
  key: string
  /** The article the image belongs to (it need not exist yet). */
  slug: string
  variant: string
  /** Media type read from the bytes. */
  type: string
  size: number
  /** SHA-256 of the bytes, hex: the strong ETag and the hashed keys come from it. */
  sha256: string
  created_at: string
}

/** Image bytes, used when the store is PostgreSQL (SQLite keeps them as files). */
export interface ImageBlobsTable {
  key: string
  bytes: Buffer
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

/** A replayable answer to a create sent with an Idempotency-Key, scoped to the API key. */
export interface IdempotencyRecordsTable {
  api_key_id: string
  idempotency_key: string
  /** SHA-256 of the canonical JSON body, hex. */
  fingerprint: string
  status_code: number
  /** JSON object of the replayed headers. */
  headers: string
  body: string
  created_at: string
  expires_at: string
}

/** Fixed-window rate-limit counters; `expires_at` in Unix milliseconds. */
export interface RateWindowsTable {
  bucket: string
  hits: number
  expires_at: number
}

/** In-flight idempotency locks; `expires_at` in Unix milliseconds (a crashed holder frees it). */
export interface IdempotencyLocksTable {
  name: string
  /** Who holds the lock (one per request), so only its holder renews or frees it. */
  holder: string
  expires_at: number
}

/** One past state of an article: what an update, delete or restore replaced. */
export interface ArticleRevisionsTable {
  slug: string
  /** 1, 2, 3… per slug, continuing across a delete and a new article of the same slug. */
  revision: number
  saved_at: string
  change: 'update' | 'delete' | 'restore'
  /** The name of the key that made the change. */
  by_key: string
  status: 'published' | 'draft'
  title: string
  /** Bytes of the stored article's JSON. */
  size: number
  /** JSON of the complete stored article record. */
  article: string
  /** Set while the article is deleted: the revisions go once this time has passed. */
  kept_until: string | null
}

/** A preview link: the SHA-256 of its token (the token itself is never stored) and its article. */
export interface PreviewLinksTable {
  token_hash: string
  slug: string
  created_at: string
  expires_at: string
  /** The name of the key that asked for it. */
  created_by: string
}

export interface Database {
  articles: ArticlesTable
  article_tags: ArticleTagsTable
  rubric_stats: RubricStatsTable
  tag_stats: TagStatsTable
  api_keys: ApiKeysTable
  meta: MetaTable
  idempotency_records: IdempotencyRecordsTable
  rate_windows: RateWindowsTable
  idempotency_locks: IdempotencyLocksTable
  images: ImagesTable
  image_blobs: ImageBlobsTable
  article_search: ArticleSearchTable
  article_revisions: ArticleRevisionsTable
  preview_links: PreviewLinksTable
}

export type { Generated }
