// The store a test runs on: SQLite in the given folder, or a fresh PostgreSQL schema when
// FOLIO_TEST_BACKEND=postgres and FOLIO_TEST_DATABASE_URL are set (CI runs both).
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { STORE_DERIVATIONS } from '../../src/content/store-derivations.js'
import type { KyselyStore } from '../../src/store/kysely-store.js'
import { openStore } from '../../src/store/open-store.js'

export const TEST_BACKEND = process.env.FOLIO_TEST_BACKEND === 'postgres' ? 'postgres' : 'sqlite'
export const TEST_DATABASE_URL = process.env.FOLIO_TEST_DATABASE_URL

/** A store nobody else uses: PostgreSQL gets its own schema, dropped on close. */
export async function openTestStore(dataDir: string, backend: 'sqlite' | 'postgres' = TEST_BACKEND): Promise<KyselyStore> {
  if (backend === 'sqlite') return openStore({ dataDir, derivations: STORE_DERIVATIONS })
  if (!TEST_DATABASE_URL) throw new Error('FOLIO_TEST_BACKEND=postgres needs FOLIO_TEST_DATABASE_URL')
  const schema = `folio_test_${randomBytes(5).toString('hex')}`
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL })
  await admin.connect()
  await admin.query(`create schema ${schema}`)
  await admin.end()
  const url = new URL(TEST_DATABASE_URL)
  url.searchParams.set('options', `-c search_path=${schema}`)
  const store = await openStore({ dataDir, databaseUrl: url.toString(), poolMax: 4, derivations: STORE_DERIVATIONS })
  const close = store.close.bind(store)
  store.close = async () => {
    await close()
    const cleanup = new pg.Client({ connectionString: TEST_DATABASE_URL })
    await cleanup.connect()
    await cleanup.query(`drop schema if exists ${schema} cascade`)
    await cleanup.end()
  }
  return store
}
