// Opening the store: migrations at start, safe when two instances start at once, and a clear
// error when the database cannot be reached.
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'node:test'
import { sql } from 'kysely'
import pg from 'pg'
import { STORE_DERIVATIONS } from '../../src/content/store-derivations.js'
import { openStore, StoreStartError } from '../../src/store/open-store.js'
import { TEST_DATABASE_URL } from '../helpers/test-store.js'

test('SQLite: the store file is created in FOLIO_DATA_DIR, in WAL mode, migrated once', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'folio-open-'))
  try {
    const first = await openStore({ dataDir: dir, derivations: STORE_DERIVATIONS })
    assert.equal(first.dialect, 'sqlite')
    const mode = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(first.db)
    assert.equal(mode.rows[0]?.journal_mode, 'wal')
    await first.close()
    // Opening again finds the migrations applied and the data kept.
    const second = await openStore({ dataDir: dir, derivations: STORE_DERIVATIONS })
    assert.equal(await second.contentGeneration(), 1)
    await second.close()
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('PostgreSQL: an unreachable database stops the start with a clear StoreStartError', async () => {
  await assert.rejects(
    openStore({ dataDir: tmpdir(), databaseUrl: 'postgres://nobody@127.0.0.1:1/nothing', derivations: STORE_DERIVATIONS }),
    (error: unknown) => error instanceof StoreStartError && /cannot reach or migrate the postgres store/.test((error as Error).message),
  )
})

test(
  'PostgreSQL: two instances migrating a fresh database at once both start',
  { skip: TEST_DATABASE_URL ? false : 'FOLIO_TEST_DATABASE_URL is not set' },
  async () => {
    const schema = `folio_race_${randomBytes(4).toString('hex')}`
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL })
    await admin.connect()
    await admin.query(`create schema ${schema}`)
    try {
      const url = new URL(TEST_DATABASE_URL!)
      url.searchParams.set('options', `-c search_path=${schema}`)
      const stores = await Promise.all(
        [1, 2, 3].map(() => openStore({ dataDir: tmpdir(), databaseUrl: url.toString(), poolMax: 2, derivations: STORE_DERIVATIONS })),
      )
      for (const store of stores) assert.equal(await store.contentGeneration(), 1)
      const applied = await admin.query(`select count(*)::int as n from ${schema}.kysely_migration`)
      const expected = (await import('../../src/store/migrations/index.js')).storeMigrations(STORE_DERIVATIONS)
      assert.equal(applied.rows[0].n, Object.keys(expected).length, 'each migration applied exactly once')
      await Promise.all(stores.map((s) => s.close()))
    } finally {
      await admin.query(`drop schema ${schema} cascade`)
      await admin.end()
    }
  },
)
