// Opens the configured store (SQLite file by default, PostgreSQL when a URL is given): the
// connection with its settings, the migrations, then the KyselyStore over it.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import { Kysely, Migrator, PostgresDialect, sql, SqliteDialect, type MigrationProvider, type SqliteDatabase } from 'kysely'
import { createRequire } from 'node:module'
import type pg from 'pg'
import { DatabaseBlobStore, DiskBlobStore } from './blob-store.js'
import type { ArticleDerivations } from './derivations.js'
import { KyselyStore } from './kysely-store.js'
import { storeMigrations } from './migrations/index.js'
import type { Database } from './schema.js'
import { readContentGeneration } from './content-generation.js'
import { GenerationFeed } from './generation-feed.js'
import type { Dialect } from './store.js'

export interface StoreOptions {
  /** `postgres://…` selects PostgreSQL; otherwise SQLite at `<dataDir>/folio.db`. */
  databaseUrl?: string
  dataDir: string
  /** SQLite busy timeout in milliseconds. */
  busyTimeoutMs?: number
  /** PostgreSQL pool size. */
  poolMax?: number
  /** The domain's search document and derived catalog rows, kept by the store with every write. */
  derivations: ArticleDerivations
  /**
   * PostgreSQL: listen for new content generations (generation-feed.ts), so reads of kept answers
   * need no query. A server wants it; a command that only writes or copies does not.
   */
  followGeneration?: boolean
}

export class StoreStartError extends Error {}

export async function migrate(db: Kysely<Database>, dialect: Dialect, derivations: ArticleDerivations): Promise<void> {
  const migrationProvider: MigrationProvider = { getMigrations: async () => storeMigrations(derivations) }
  // Kysely looks for its migration tables in every schema unless told which one; name ours, so
  // several Folio schemas in one PostgreSQL database (tests, staging) never see each other's.
  const migrationTableSchema =
    dialect === 'postgres' ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema : undefined
  const migrator = new Migrator({ db, provider: migrationProvider, ...(migrationTableSchema ? { migrationTableSchema } : {}) })
  const { error, results } = await migrator.migrateToLatest()
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName
    throw new StoreStartError(`database migration ${failed ?? ''} failed: ${(error as Error).message}`, { cause: error })
  }
}

export function openKysely(options: Omit<StoreOptions, 'derivations'>): { db: Kysely<Database>; dialect: Dialect; sqliteFile?: string } {
  if (options.databaseUrl && /^postgres(ql)?:\/\//.test(options.databaseUrl)) {
    // Loaded only when used: the driver costs a SQLite server some 10 MB of memory for nothing.
    const { Pool } = createRequire(import.meta.url)('pg') as typeof pg
    const pool = new Pool({
      connectionString: options.databaseUrl,
      max: options.poolMax ?? 10,
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
    })
    // An idle client losing its connection must not crash the process; the next query reports it.
    pool.on('error', () => {})
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), dialect: 'postgres' }
  }
  mkdirSync(options.dataDir, { recursive: true })
  const file = join(options.dataDir, 'folio.db')
  const database = new BetterSqlite3(file, { timeout: options.busyTimeoutMs ?? 5_000 })
  database.pragma('journal_mode = WAL')
  // NORMAL in WAL mode survives a process crash (the crash test kills with SIGKILL); only power loss may drop the last commits.
  database.pragma('synchronous = NORMAL')
  database.pragma(`busy_timeout = ${options.busyTimeoutMs ?? 5_000}`)
  // better-sqlite3 builds SQLite with a 16 MB page cache per connection; 4 MB keeps the interior
  // pages of every index hot (creates measured no slower) and the server's memory 12 MB smaller.
  // The operating system caches the rest of the file anyway.
  database.pragma(`cache_size = -${SQLITE_PAGE_CACHE_KIB}`)
  return {
    db: new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(database) }) }),
    dialect: 'sqlite',
    sqliteFile: file,
  }
}

/** SQLite's page cache per connection, in KiB. */
const SQLITE_PAGE_CACHE_KIB = 4_000

/** How many prepared statements the SQLite connection keeps; queries with inlined lists vary, so the cache is bounded. */
const STATEMENT_CACHE_SIZE = 500

/**
 * Kysely prepares every query anew; compiling SQL costs more than running a small statement, so
 * each SQL text is prepared once and reused (SQLite re-prepares it by itself after a schema change).
 * Safe because Folio never streams a query: a statement is never busy when it is used again.
 */
function withStatementCache(database: BetterSqlite3.Database): SqliteDatabase {
  const statements = new Map<string, BetterSqlite3.Statement>()
  return {
    close: () => database.close(),
    prepare(text: string) {
      let statement = statements.get(text)
      if (statement) {
        // Re-inserted so the map's order is least recently used first.
        statements.delete(text)
      } else {
        statement = database.prepare(text)
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value as string)
      }
      statements.set(text, statement)
      return statement
    },
  }
}

/** Opens and migrates; a store that cannot be reached or migrated stops the start with a clear message. */
export async function openStore(options: StoreOptions): Promise<KyselyStore> {
  let opened: ReturnType<typeof openKysely>
  try {
    opened = openKysely(options)
  } catch (error) {
    throw new StoreStartError(`cannot open the store: ${(error as Error).message}`, { cause: error })
  }
  try {
    await migrate(opened.db, opened.dialect, options.derivations)
  } catch (error) {
    await opened.db.destroy().catch(() => {})
    if (error instanceof StoreStartError) throw error
    throw new StoreStartError(`cannot reach or migrate the ${opened.dialect} store: ${(error as Error).message}`, { cause: error })
  }
  const blobs = opened.dialect === 'sqlite' ? new DiskBlobStore(join(options.dataDir, 'images')) : new DatabaseBlobStore(opened.db)
  let feed: GenerationFeed | undefined
  if (opened.dialect === 'postgres' && options.databaseUrl && options.followGeneration) {
    const db = opened.db
    feed = new GenerationFeed({ connectionString: options.databaseUrl, read: () => readContentGeneration(db) })
    // Listening is an optimisation: while it cannot, every read asks the database, as it would without it.
    await feed.start()
  }
  return new KyselyStore(opened.db, opened.dialect, options.derivations, opened.sqliteFile, blobs, feed)
}
