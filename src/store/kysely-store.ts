// The Store on Kysely: one object holding the article, revision, preview-link, key, image, search,
// idempotency and counter stores over one database (SQLite or PostgreSQL), and the content generation they share.
// open-store.ts opens and migrates the database and builds it.
import BetterSqlite3 from 'better-sqlite3'
import type { Kysely } from 'kysely'
import { KyselyArticleStore } from './article-store.js'
import { DatabaseBlobStore, type BlobStore } from './blob-store.js'
import { readContentGeneration } from './content-generation.js'
import type { GenerationFeed } from './generation-feed.js'
import { StoreCounters } from './counters.js'
import type { ArticleDerivations } from './derivations.js'
import { KyselyIdempotencyRecords } from './idempotency-records.js'
import { KyselyImageStore } from './image-store.js'
import { KyselyKeyStore } from './key-store.js'
import { KyselyPreviewStore } from './preview-store.js'
import { KyselyRevisionStore } from './revision-store.js'
import type { Database } from './schema.js'
import { KyselySearchStore } from './search-store.js'
import { KyselySnapshots } from './snapshot-store.js'
import type { Dialect, Store } from './store.js'
import { guardStore } from './store-errors.js'

export class KyselyStore implements Store {
  readonly articles: KyselyArticleStore
  readonly keys: KyselyKeyStore
  readonly idempotency: KyselyIdempotencyRecords
  readonly counters: StoreCounters
  readonly images: KyselyImageStore
  readonly search: KyselySearchStore
  readonly revisions: KyselyRevisionStore
  readonly previews: KyselyPreviewStore
  readonly snapshots: KyselySnapshots
  /** SQLite only: a second, read-only connection that reads the generation synchronously. */
  private readonly generationReader?: () => number
  private readonly closeGenerationReader?: () => void
  private generationThisTurn: number | undefined

  constructor(
    readonly db: Kysely<Database>,
    readonly dialect: Dialect,
    derivations: ArticleDerivations,
    sqliteFile?: string,
    /** Where image bytes go: files for SQLite (the caller passes the folder), the database for PostgreSQL. */
    blobs: BlobStore = new DatabaseBlobStore(db),
    /** PostgreSQL: the generation pushed by the database (generation-feed.ts); without it every read asks. */
    private readonly generationFeed?: GenerationFeed,
  ) {
    this.images = new KyselyImageStore(db, blobs)
    this.revisions = new KyselyRevisionStore(db)
    this.previews = new KyselyPreviewStore(db)
    this.articles = new KyselyArticleStore(
      db,
      dialect,
      derivations,
      { images: this.images, revisions: this.revisions, previews: this.previews },
      () => this.forgetGeneration(),
      () => this.contentGeneration(),
    )
    this.keys = new KyselyKeyStore(db)
    this.idempotency = new KyselyIdempotencyRecords(db)
    this.counters = new StoreCounters(db)
    this.search = new KyselySearchStore(db, dialect)
    this.snapshots = new KyselySnapshots(db, dialect, blobs, derivations)
    if (sqliteFile) {
      // Every public read asks for the generation; on SQLite a prepared statement on its own
      // WAL reader costs microseconds and never waits behind a write transaction. It sees
      // committed writes of every process (the CLI included), so caches stay exact.
      const reader = new BetterSqlite3(sqliteFile, { readonly: true, fileMustExist: true })
      const statement = reader.prepare<[], { value: number }>("select value from meta where name = 'content_generation'")
      // Requests handled in the same turn of the event loop share one read: they arrived together,
      // and a write of this process forgets it at once (another process's write is seen next turn).
      this.generationReader = () => {
        if (this.generationThisTurn === undefined) {
          this.generationThisTurn = Number(statement.get()!.value)
          setImmediate(() => this.forgetGeneration())
        }
        return this.generationThisTurn
      }
      this.closeGenerationReader = () => reader.close()
    }
  }

  async contentGeneration(): Promise<number> {
    if (this.generationReader) return guardStore(async () => this.generationReader!())
    const feed = this.generationFeed
    if (feed) return feed.current() ?? guardStore(() => feed.read())
    return guardStore(() => readContentGeneration(this.db))
  }

  contentGenerationNow(): number | undefined {
    return this.generationReader ? this.generationReader() : this.generationFeed?.current()
  }

  private forgetGeneration() {
    this.generationThisTurn = undefined
    this.generationFeed?.doubt()
  }

  async close(): Promise<void> {
    await this.generationFeed?.stop()
    this.closeGenerationReader?.()
    await this.db.destroy()
  }
}
