// The store a bench run measures: the SQLite file kept between runs in the temp folder, or a
// PostgreSQL schema of its own (fresh per run, or named with --schema and kept) with a Redis prefix
// of its own. Seeds the dataset, issues a write key, and says what the servers need to share it.
import { randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Redis } from 'ioredis'
import pg from 'pg'
import { issueKey } from '../src/auth/api-keys.js'
import type { Site } from '../src/content/site-definition.js'
import { openStore } from '../src/store/open-store.js'
import type { KyselyStore } from '../src/store/kysely-store.js'
import { STORE_DERIVATIONS } from '../src/content/store-derivations.js'
import { seedDataset } from './dataset.js'
import { OptionError, type BenchOptions } from './options.js'
import { seedPostgres } from './pg-seed.js'
import { log } from './servers.js'

export interface BenchStore {
  /** What every server is started with to use this store. */
  env: Record<string, string>
  /** A write key's token. */
  token: string
  /** Where bench files go (same-bytes bodies). */
  workDir: string
  /** For the report: the store and its versions. */
  description: string
  /** Removes what the run made for itself (a fresh schema, its Redis keys). */
  cleanup(): Promise<void>
}

/** The application_name of the bench servers' PostgreSQL connections. */
export const BENCH_APPLICATION_NAME = 'folio-bench'

/** Slugs the bench itself writes while measuring: removed from a kept store so every run reads the same dataset. */
const BENCH_WRITTEN_SLUGS = ['bench-create-%', 'fresh-%']

async function removeEarlierWrites(store: KyselyStore): Promise<number> {
  let removed = 0
  for (const pattern of BENCH_WRITTEN_SLUGS) {
    const rows = await store.db.selectFrom('articles').select('slug').where('slug', 'like', pattern).execute()
    for (const { slug } of rows) await store.articles.delete(slug)
    removed += rows.length
  }
  return removed
}

async function seeded(store: KyselyStore, site: Site, options: BenchOptions, seed: typeof seedPostgres): Promise<string> {
  const started = performance.now()
  const removed = await removeEarlierWrites(store)
  if (removed) log(`  removed ${removed} articles written by an earlier run`)
  const written = await seed(store, site, options.articles, (n) => log(`  seeded ${n}…`))
  log(`dataset: ${options.articles} articles (${written} written in ${Math.round(performance.now() - started)} ms)`)
  const { token } = await issueKey(store.keys, `bench-${Date.now()}`, 'write')
  return token
}

export async function prepareSqlite(site: Site, options: BenchOptions): Promise<BenchStore> {
  const dataDir = join(tmpdir(), `folio-bench-${options.articles}`)
  mkdirSync(dataDir, { recursive: true })
  const store = await openStore({ dataDir, derivations: STORE_DERIVATIONS })
  try {
    const token = await seeded(store, site, options, seedDataset)
    return {
      // Empty backends: a FOLIO_DATABASE_URL or FOLIO_REDIS_URL left in the bench's environment must
      // not turn the SQLite run into a PostgreSQL one.
      env: { FOLIO_DATA_DIR: dataDir, FOLIO_DATABASE_URL: '', FOLIO_REDIS_URL: '' },
      token,
      workDir: dataDir,
      description: 'SQLite (embedded default)',
      cleanup: async () => {},
    }
  } finally {
    await store.close()
  }
}

async function adminQuery(databaseUrl: string, text: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    return await client.query(text)
  } finally {
    await client.end()
  }
}

/** Deletes every Redis key under the prefix (rate windows expire anyway; a run leaves nothing behind). */
async function dropRedisPrefix(redisUrl: string, prefix: string) {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 })
  try {
    let cursor = '0'
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000)
      if (keys.length > 0) await redis.del(...keys)
      cursor = next
    } while (cursor !== '0')
  } finally {
    redis.disconnect()
  }
}

export async function preparePostgres(site: Site, options: BenchOptions): Promise<BenchStore> {
  const databaseUrl = process.env.FOLIO_DATABASE_URL
  const redisUrl = process.env.FOLIO_REDIS_URL
  if (!databaseUrl || !redisUrl) throw new OptionError('--store postgres needs FOLIO_DATABASE_URL and FOLIO_REDIS_URL')
  const fresh = options.schema === undefined
  const schema = options.schema ?? `folio_bench_${randomBytes(5).toString('hex')}`
  await adminQuery(databaseUrl, `create schema if not exists ${schema}`)
  const url = new URL(databaseUrl)
  url.searchParams.set('options', `-c search_path=${schema}`)
  // Names the servers' connections, so bench/pg-waits.ts samples them apart from other users of the database.
  url.searchParams.set('application_name', BENCH_APPLICATION_NAME)
  const redisPrefix = `folio-bench-${randomBytes(5).toString('hex')}:`
  const workDir = mkdtempSync(join(tmpdir(), 'folio-bench-pg-'))
  const cleanup = async () => {
    if (fresh) await adminQuery(databaseUrl, `drop schema if exists ${schema} cascade`)
    await dropRedisPrefix(redisUrl, redisPrefix)
    rmSync(workDir, { recursive: true, force: true })
  }
  try {
    const store = await openStore({ dataDir: workDir, databaseUrl: url.toString(), derivations: STORE_DERIVATIONS })
    let token: string
    try {
      token = await seeded(store, site, options, seedPostgres)
    } finally {
      await store.close()
    }
    const version = String(
      ((await adminQuery(databaseUrl, 'show server_version')).rows as { server_version?: string }[])[0]?.server_version ?? '?',
    )
    const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 })
    const redisVersion = /redis_version:(\S+)/.exec(await redis.info('server'))?.[1] ?? '?'
    redis.disconnect()
    log(`PostgreSQL schema ${schema}${fresh ? ' (dropped at the end)' : ' (kept)'}, Redis prefix ${redisPrefix}`)
    return {
      env: { FOLIO_DATA_DIR: workDir, FOLIO_DATABASE_URL: url.toString(), FOLIO_REDIS_URL: redisUrl, FOLIO_REDIS_PREFIX: redisPrefix },
      token,
      workDir,
      description: `PostgreSQL ${version} (a pool of 10 connections per instance) and Redis ${redisVersion}, on this machine`,
      cleanup,
    }
  } catch (error) {
    await cleanup()
    throw error
  }
}
