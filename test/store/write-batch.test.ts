// Group commit on SQLite: article writes started in the same event-loop turn commit in one
// transaction (run again with a savepoint per write when one of them fails); a failing write rolls
// back only itself, a failing BEGIN or COMMIT refuses every write of the batch and keeps none.
// Observed through the driver.
import assert from 'node:assert/strict'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, afterEach, before, describe, test } from 'node:test'
import BetterSqlite3 from 'better-sqlite3'
import { Kysely, SqliteDialect, type SqliteDatabase } from 'kysely'
import { DiskBlobStore } from '../../src/store/blob-store.js'
import { STORE_DERIVATIONS } from '../../src/content/store-derivations.js'
import { KyselyStore } from '../../src/store/kysely-store.js'
import { migrate } from '../../src/store/open-store.js'
import type { Database } from '../../src/store/schema.js'
import { SlugTakenError, StoreUnavailableError } from '../../src/store/store-errors.js'
import { WRITE_BATCH_LIMITS } from '../../src/store/write-batch.js'
import { record } from '../helpers/article-record.js'

/** What the driver was asked to run, and a fault to raise instead of running a statement. */
interface DriverProbe {
  statements: string[]
  /** The codes of the errors SQLite itself raised. */
  errors: string[]
  fault?: (sql: string, parameters: readonly unknown[]) => Error | undefined
}

/** A real SQLite store (WAL, image files on disk) whose driver records every statement and can fail one. */
async function openProbedStore(dataDir: string, probe: DriverProbe): Promise<{ store: KyselyStore; database: BetterSqlite3.Database }> {
  const file = join(dataDir, 'folio.db')
  const database = new BetterSqlite3(file, { timeout: BUSY_TIMEOUT_MS })
  database.pragma('journal_mode = WAL')
  const driver: SqliteDatabase = {
    close: () => database.close(),
    prepare(sql) {
      const statement = database.prepare(sql)
      return {
        reader: statement.reader,
        all: (parameters) => statement.all(parameters),
        iterate: (parameters) => statement.iterate(parameters),
        run(parameters) {
          probe.statements.push(sql)
          const fault = probe.fault?.(sql, parameters)
          if (fault) throw fault
          try {
            return statement.run(parameters)
          } catch (error) {
            probe.errors.push((error as { code?: string }).code ?? 'none')
            throw error
          }
        },
      }
    },
  }
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: driver }) })
  await migrate(db, 'sqlite', STORE_DERIVATIONS)
  return { store: new KyselyStore(db, 'sqlite', STORE_DERIVATIONS, file, new DiskBlobStore(join(dataDir, 'images'))), database }
}

const BUSY_TIMEOUT_MS = 100

const sqliteError = (code: string, message: string) => new BetterSqlite3.SqliteError(message, code)

describe('group commit (SQLite)', () => {
  const probe: DriverProbe = { statements: [], errors: [] }
  let store: KyselyStore
  let database: BetterSqlite3.Database
  let dir: string
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'folio-write-batch-'))
    ;({ store, database } = await openProbedStore(dir, probe))
  })
  afterEach(() => {
    probe.fault = undefined
  })
  after(async () => {
    await store.close()
    rmSync(dir, { recursive: true, force: true })
  })

  /** Runs `writes` (started together, in one turn) and counts the transactions they took. */
  async function inOneTurn<T>(
    writes: () => Promise<T>[],
  ): Promise<{ results: PromiseSettledResult<T>[]; begins: number; commits: number }> {
    probe.statements.length = 0
    probe.errors.length = 0
    const results = await Promise.allSettled(writes())
    return {
      results,
      begins: probe.statements.filter((s) => s === 'begin').length,
      commits: probe.statements.filter((s) => s === 'commit').length,
    }
  }

  const slugs = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}-${i}`)

  test('creates started in the same turn commit in one transaction, and every one is readable afterwards', async () => {
    const generation = await store.contentGeneration()
    const batch = slugs('same-turn', 5)
    const { results, begins, commits } = await inOneTurn(() => batch.map((slug) => store.articles.create(record(slug))))
    assert.deepEqual(
      results.map((r) => r.status),
      batch.map(() => 'fulfilled'),
    )
    assert.equal(begins, 1, 'one BEGIN for the five creates')
    assert.ok(!probe.statements.some((statement) => statement.startsWith('savepoint')), 'no savepoint while every write succeeds')
    assert.equal(commits, 1, 'one COMMIT for the five creates')
    for (const slug of batch) assert.deepEqual(await store.articles.get(slug), record(slug))
    assert.equal(await store.contentGeneration(), generation + 5, 'every write moves the generation')
  })

  test('creates, updates and deletes of one turn apply in the order they were started', async () => {
    await store.articles.create(record('order-old'))
    const { results, begins } = await inOneTurn<unknown>(() => [
      store.articles.create(record('order-new', { title: 'first' })),
      store.articles.update(record('order-new', { title: 'second' })),
      store.articles.delete('order-old'),
      store.articles.update(record('order-old', { title: 'too late' })),
    ])
    assert.deepEqual(
      results.map((r) => (r.status === 'fulfilled' ? r.value : r.reason)),
      [undefined, true, true, false],
    )
    assert.equal(begins, 1)
    assert.equal((await store.articles.get('order-new'))?.title, 'second')
    assert.equal(await store.articles.get('order-old'), undefined)
  })

  test('a duplicate slug inside a batch gets SlugTakenError; the other writes of the batch commit', async () => {
    await store.articles.create(record('dup-stored'))
    const generation = await store.contentGeneration()
    const { results, begins } = await inOneTurn(() => [
      store.articles.create(record('dup-a', { title: 'the first dup-a' })),
      store.articles.create(record('dup-b')),
      store.articles.create(record('dup-a', { title: 'the second dup-a' })),
      store.articles.create(record('dup-stored', { title: 'again' })),
      store.articles.create(record('dup-c')),
    ])
    assert.equal(begins, 2, 'the batch ran together, failed, and ran again with a savepoint per write')
    assert.deepEqual(
      results.map((r) => r.status),
      ['fulfilled', 'fulfilled', 'rejected', 'rejected', 'fulfilled'],
    )
    for (const i of [2, 3]) assert.ok((results[i] as PromiseRejectedResult).reason instanceof SlugTakenError)
    assert.equal((await store.articles.get('dup-a'))?.title, 'the first dup-a')
    assert.equal((await store.articles.get('dup-stored'))?.title, 'Title dup-stored')
    assert.ok(await store.articles.get('dup-b'))
    assert.ok(await store.articles.get('dup-c'))
    assert.equal(await store.contentGeneration(), generation + 3, 'only the stored writes moved the generation')
  })

  test('a write that throws a plain error rolls back only itself (its article row included); the others commit', async () => {
    const injected = new Error('injected: the tag rows could not be written')
    // Fails after the article row of `plain-boom` was inserted, inside the same write.
    probe.fault = (sql, parameters) =>
      sql.startsWith('insert into "article_tags"') && parameters.includes('plain-boom') ? injected : undefined
    const generation = await store.contentGeneration()
    const { results, begins } = await inOneTurn(() =>
      ['plain-1', 'plain-boom', 'plain-2'].map((slug) => store.articles.create(record(slug))),
    )
    assert.equal(begins, 2, 'the batch ran together, failed, and ran again with a savepoint per write')
    assert.deepEqual(
      results.map((r) => r.status),
      ['fulfilled', 'rejected', 'fulfilled'],
    )
    assert.equal((results[1] as PromiseRejectedResult).reason, injected, 'the write gets its own error, unchanged')
    assert.equal(await store.articles.get('plain-boom'), undefined, 'nothing of the failed write is kept')
    assert.equal(database.prepare<[], { n: number }>("select count(*) as n from article_tags where slug = 'plain-boom'").get()!.n, 0)
    assert.ok(await store.articles.get('plain-1'))
    assert.ok(await store.articles.get('plain-2'))
    assert.equal(await store.contentGeneration(), generation + 2)
  })

  const batchFailures: [string, (sql: string) => Error | undefined][] = [
    ['BEGIN fails with SQLITE_BUSY', (sql) => (sql === 'begin' ? sqliteError('SQLITE_BUSY', 'database is locked') : undefined)],
    ['COMMIT fails with SQLITE_BUSY', (sql) => (sql === 'commit' ? sqliteError('SQLITE_BUSY', 'database is locked') : undefined)],
    [
      'COMMIT fails with SQLITE_FULL and SQLite has rolled the transaction back itself',
      (sql) => {
        if (sql !== 'commit') return undefined
        database.exec('rollback')
        return sqliteError('SQLITE_FULL', 'database or disk is full')
      },
    ],
    [
      'a write fails with SQLITE_IOERR and SQLite has rolled the whole transaction back under it',
      (sql) => {
        if (!sql.startsWith('insert into "article_tags"')) return undefined
        database.exec('rollback')
        return sqliteError('SQLITE_IOERR_WRITE', 'disk I/O error')
      },
    ],
  ]
  for (const [name, fault] of batchFailures) {
    test(`${name}: every write of the batch is refused with StoreUnavailableError, none is stored, and the retry succeeds`, async () => {
      const prefix = `refused-${batchFailures.findIndex(([n]) => n === name)}`
      const batch = slugs(prefix, 3)
      const generation = await store.contentGeneration()
      probe.fault = fault
      const { results } = await inOneTurn(() => batch.map((slug) => store.articles.create(record(slug))))
      probe.fault = undefined
      for (const result of results) {
        assert.equal(result.status, 'rejected')
        assert.ok(result.reason instanceof StoreUnavailableError, String(result.reason))
      }
      for (const slug of batch) assert.equal(await store.articles.get(slug), undefined, `${slug} is not stored`)
      assert.equal(await store.contentGeneration(), generation, 'the generation has not moved')

      const retried = await inOneTurn(() => batch.map((slug) => store.articles.create(record(slug))))
      assert.deepEqual(
        retried.results.map((r) => r.status),
        batch.map(() => 'fulfilled'),
      )
      for (const slug of batch) assert.ok(await store.articles.get(slug))
    })
  }

  test('a write lock held by another process refuses the whole batch after one busy timeout, not one per write; nothing is stored', async () => {
    const holder = new BetterSqlite3(join(dir, 'folio.db'))
    const batch = slugs('locked', 3)
    try {
      holder.exec('begin immediate')
      const { results } = await inOneTurn(() => batch.map((slug) => store.articles.create(record(slug))))
      for (const result of results)
        assert.ok(result.status === 'rejected' && result.reason instanceof StoreUnavailableError, String(result))
      assert.deepEqual(probe.errors, ['SQLITE_BUSY'], 'one wait for the lock for the whole batch')
      holder.exec('rollback')
    } finally {
      holder.close()
    }
    for (const slug of batch) assert.equal(await store.articles.get(slug), undefined)
    const retried = await inOneTurn(() => batch.map((slug) => store.articles.create(record(slug))))
    assert.ok(retried.results.every((r) => r.status === 'fulfilled'))
  })

  test("a delete's image files go only once its batch has committed", async () => {
    const bytes = Buffer.from('png bytes')
    await store.articles.create(record('with-image'))
    await store.images.put(
      {
        key: 'with-image/featured.png',
        slug: 'with-image',
        variant: 'featured',
        type: 'image/png',
        size: bytes.length,
        sha256: 'x',
        created_at: '2026-01-01T00:00:00.000Z',
      },
      bytes,
      { replaceVariant: true },
    )
    const file = join(dir, 'images', 'with-image', 'featured.png')
    assert.ok(existsSync(file))

    probe.fault = (sql) => (sql === 'commit' ? sqliteError('SQLITE_BUSY', 'database is locked') : undefined)
    await assert.rejects(store.articles.delete('with-image'), StoreUnavailableError)
    probe.fault = undefined
    assert.ok(existsSync(file), 'the file stays when the COMMIT failed')
    assert.ok(await store.images.get('with-image/featured.png'))

    assert.equal(await store.articles.delete('with-image'), true)
    assert.equal(existsSync(file), false)
    assert.equal(await store.images.get('with-image/featured.png'), undefined)
  })

  test('reads started in the same turn as a batch answer, and see the batch once it has committed', async () => {
    await store.articles.create(record('read-before'))
    const [created, stored] = await Promise.all([store.articles.create(record('read-during')), store.articles.get('read-before')])
    assert.equal(created, undefined)
    assert.equal(stored?.slug, 'read-before')
    assert.equal((await store.articles.get('read-during'))?.slug, 'read-during')
  })

  test(`a batch holds at most ${WRITE_BATCH_LIMITS.writes} writes; the rest go in the next transaction`, async () => {
    const batch = slugs('many', WRITE_BATCH_LIMITS.writes + 6)
    const { results, begins, commits } = await inOneTurn(() => batch.map((slug) => store.articles.create(record(slug))))
    assert.ok(results.every((r) => r.status === 'fulfilled'))
    assert.equal(begins, 2)
    assert.equal(commits, 2)
    assert.equal((await store.articles.get(batch.at(-1)!))?.slug, batch.at(-1))
  })

  test('a batch holds a bounded number of article bytes; a write that does not fit goes in the next transaction', async () => {
    // Two of these fit under the bound, three do not.
    const body = 'x'.repeat(Math.floor(WRITE_BATCH_LIMITS.bytes / 2.5))
    const batch = slugs('large', 3)
    const { results, begins } = await inOneTurn(() =>
      batch.map((slug) => store.articles.create(record(slug, { body, status: 'draft', published_at: null }))),
    )
    assert.ok(results.every((r) => r.status === 'fulfilled'))
    assert.equal(begins, 2)
    for (const slug of batch) assert.equal((await store.articles.get(slug))?.body.length, body.length)
  })
})
