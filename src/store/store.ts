// The Store interface: everything Folio keeps, behind one seam. SQLite and PostgreSQL both
// implement it through the same Kysely code (see kysely-store.ts); tests may wrap it.
import type { Static } from 'typebox'
import type { SearchHit as McpSearchHit } from '../contract/mcp-tools.js'
import type { ArticleListing, ArticleRecord } from './article-record.js'
import type { Counters } from './counters.js'
import type { DerivedCatalogState } from './derivations.js'
import type { IdempotencyRecordStore } from './idempotency-records.js'
import type { PreviewStore } from './preview-store.js'
import type { ChangeNote, RevisionStore } from './revision-store.js'
import type { ApiKeysTable, ArticleRevisionsTable, ArticlesTable, ImagesTable } from './schema.js'
import type { DraftListing, ListedArticle, ListedPosition } from './status-listing.js'

export type Dialect = 'sqlite' | 'postgres'

/** A place in the catalog order (published_at desc, slug asc): the last article of a page. */
export interface CatalogPosition {
  published_at: string
  slug: string
}

/** Which published articles to list: every filter narrows; `after` (keyset) or `offset` pages. */
export interface PublishedQuery {
  lang?: string
  rubric?: string
  /** A service slug the article links to. */
  service?: string
  tag?: string
  /** The author_slug the articles carry. */
  authorSlug?: string
  /** Strictly after this place in the catalog order. */
  after?: CatalogPosition
  offset?: number
  limit?: number
}

export type PublishedPlace = Pick<ArticleListing, 'slug' | 'rubric' | 'lang' | 'published_at' | 'updated_at'>

export interface PublishedGroup {
  rubric: string
  lang: string
  count: number
  /** The newest published_at or updated_at in the group (ISO); null when none is set. */
  newest: string | null
}

export interface ArticleStore {
  get(slug: string): Promise<ArticleRecord | undefined>
  /** True when an article with this slug is stored and published: one column by primary key (no body read). */
  isPublished(slug: string): Promise<boolean>
  /** Inserts the article with its derived rows and bumps the content generation, in one transaction
   *  (the slug's earlier revisions stop expiring). Throws SlugTakenError. */
  create(article: ArticleRecord): Promise<void>
  /** Replaces the stored article (same slug) with its derived rows, keeps the replaced state as a
   *  revision (`change`: update or restore) and bumps the generation, in one transaction. False when it no longer exists. */
  update(article: ArticleRecord, note?: ChangeNote, change?: 'update' | 'restore'): Promise<boolean>
  /** Removes the article, its derived rows, its images and preview links, keeps it as a `delete`
   *  revision (its revisions then expire by the note's policy), in one transaction; false when there
   *  was no article (images stored for that slug are removed all the same). */
  delete(slug: string, note?: ChangeNote): Promise<boolean>
  /** Drafts, or every article, in listing order (published_at, else updated_at, else created_at, newest first; then slug). */
  listWithDrafts(query: { status: DraftListing; after?: ListedPosition; limit: number }): Promise<ListedArticle[]>
  /** How many articles `listWithDrafts` lists over all its pages. */
  countWithDrafts(status: DraftListing): Promise<number>
  /** Published articles without bodies in the catalog order (published_at desc, slug asc), filtered and paged. */
  listPublished(query?: PublishedQuery): Promise<ArticleListing[]>
  /** Every published article with its full record, newest first. For documents that carry full text. */
  listPublishedFull(options?: { lang?: string; limit?: number }): Promise<ArticleRecord[]>
  /** Where published articles are (slug, rubric, language, dates), in the catalog order after `after`:
   *  read from an index alone, so a scan of every article stays cheap. */
  publishedPlaces(options: { after?: CatalogPosition; limit: number }): Promise<PublishedPlace[]>
  /** Published articles counted per (rubric, language), with the newest change in each group. */
  publishedGroups(): Promise<PublishedGroup[]>
  /** How many articles are published. */
  countPublished(): Promise<number>
  /** The tags of published articles, from the derived stats: unique, sorted by code point. */
  publishedTags(): Promise<string[]>
  /** Published articles per tag, from the derived stats (tags no published article carries left out). */
  publishedTagCounts(): Promise<Map<string, number>>
  /** How many published articles carry this author_slug (counted on the author index). */
  countPublishedByAuthor(authorSlug: string): Promise<number>
  /** The stored derived catalog rows and the ones recomputed from the articles; with `apply` the
   *  recomputed rows replace the stored ones and the generation moves, in one transaction. */
  rebuildDerived(options: { apply: boolean }): Promise<{ before: DerivedCatalogState; after: DerivedCatalogState }>
  /** Every article that names a translation (translation_of set), published or not. */
  translationLinks(): Promise<{ slug: string; rubric: string; lang: string; status: string; translation_of: string }[]>
  /** The slugs whose translation_of names `slug` (the twins pointing at it). */
  translationsOf(slug: string): Promise<{ slug: string; lang: string; status: string; rubric: string }[]>
  count(): Promise<number>
  /** Published articles per rubric slug, from the derived stats. */
  publishedCountsByRubric(): Promise<Map<string, number>>
}

export interface ImageStore {
  get(key: string): Promise<ImageRow | undefined>
  bytes(key: string): Promise<Buffer | undefined>
  listFor(slug: string): Promise<ImageRow[]>
  /** The sizes of the stored images of `slug`, summed (the 12 MB article-with-images limit). */
  totalBytesFor(slug: string): Promise<number>
  /** Stores record and bytes; with `replaceVariant`, earlier images of the same slug and variant go. */
  put(record: ImageRow, bytes: Buffer, options: { replaceVariant: boolean }): Promise<void>
  /** Removes images older than `createdBefore` (ISO time) whose slug has no article; answers them. */
  pruneOrphans(createdBefore: string): Promise<ImageRow[]>
}

export type ImageRow = ImagesTable

/** One hit of a search: the MCP tool's hit without its URL, which the surface adds. The score is
 *  comparable only within one answer. */
export type SearchHit = Omit<Static<typeof McpSearchHit>, 'url'>

export interface SearchOptions {
  rubric?: string
  limit: number
}

export interface SearchStore {
  /** Published articles matching the words of `query`, best first; empty when the query has no words. */
  search(query: string, options: SearchOptions): Promise<SearchHit[]>
}

export interface ApiKeyRecord {
  id: string
  name: string
  scope: 'read' | 'write'
  token_prefix: string
  created_at: string
  retired_at: string | null
}

export interface KeyStore {
  add(key: ApiKeyRecord & { token_hash: string }): Promise<void>
  list(): Promise<ApiKeyRecord[]>
  /** The key whose token hashes to `tokenHash`, retired or not. */
  findByHash(tokenHash: string): Promise<(ApiKeyRecord & { token_hash: string }) | undefined>
  /** Sets retired_at; false when no such key or already retired. */
  retire(id: string, at: string): Promise<boolean>
}

export interface SnapshotRows {
  articles(): AsyncGenerator<ArticlesTable>
  revisions(): AsyncGenerator<ArticleRevisionsTable>
  images(): AsyncGenerator<ImagesTable>
  /** An image's bytes, or undefined when they are gone (deleted while the snapshot is read). */
  imageBytes(key: string): Promise<Buffer | undefined>
  keys(): AsyncGenerator<ApiKeysTable>
}

export interface SnapshotLoad {
  articles(rows: ArticlesTable[]): Promise<void>
  revisions(rows: ArticleRevisionsTable[]): Promise<void>
  image(row: ImagesTable, bytes: Buffer): Promise<void>
  keys(rows: ApiKeysTable[]): Promise<void>
}

export interface StoreHoldings {
  articles: number
  images: number
  keys: number
}

export interface SnapshotStore {
  /** What the store holds that an import would collide with. */
  holdings(): Promise<StoreHoldings>
  /** Runs `read` over one consistent snapshot of every row. */
  read<T>(read: (rows: SnapshotRows) => Promise<T>): Promise<T>
  /** Runs `load` in one transaction into this (empty) store; derived rows are rebuilt after it. Nothing stays if it throws. */
  load(load: (sink: SnapshotLoad) => Promise<void>): Promise<void>
}

export interface Store {
  readonly dialect: Dialect
  readonly articles: ArticleStore
  readonly keys: KeyStore
  /** Replayable answers of creates sent with an Idempotency-Key. */
  readonly idempotency: IdempotencyRecordStore
  /** Rate windows and in-flight idempotency locks kept in the store (used unless Redis is configured). */
  readonly counters: Counters
  readonly images: ImageStore
  /** Full-text search over published articles. */
  readonly search: SearchStore
  /** The past states of every slug, written by the article writes. */
  readonly revisions: RevisionStore
  readonly previews: PreviewStore
  /** Every row out in one snapshot, and into an empty store (export, import). */
  readonly snapshots: SnapshotStore
  /** A number that grows with every content write; caches of public documents key on it. */
  contentGeneration(): Promise<number>
  /**
   * The same, known at once where the store can vouch for it (SQLite's own reader, PostgreSQL's
   * generation feed while it listens); undefined when only contentGeneration() can tell.
   */
  contentGenerationNow?(): number | undefined
  close(): Promise<void>
}
