// The content generation pushed by PostgreSQL (migration 0014's NOTIFY, generation-feed.ts): a
// store that follows it knows another store's write within a second without asking, never goes
// back, sees its own writes at once, ignores stores in other schemas, and while its listening
// connection is cut it asks the database on every read until the connection is back.
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, test } from 'node:test'
import pg from 'pg'
import { STORE_DERIVATIONS } from '../../src/content/store-derivations.js'
import type { KyselyStore } from '../../src/store/kysely-store.js'
import { openStore } from '../../src/store/open-store.js'
import { record } from '../helpers/article-record.js'

const DATABASE_URL = process.env.FOLIO_TEST_DATABASE_URL
const skip = DATABASE_URL ? false : 'FOLIO_TEST_DATABASE_URL is not set'
if (skip && process.env.FOLIO_TEST_REQUIRE_BACKENDS === '1') throw new Error(`${skip} (FOLIO_TEST_REQUIRE_BACKENDS is set)`)
if (skip) console.log(`# skipping the generation feed test: ${skip}`)

const schemas = [`folio_feed_${randomBytes(5).toString('hex')}`, `folio_feed_other_${randomBytes(5).toString('hex')}`]
let dir: string
let writer: KyselyStore
let follower: KyselyStore
let elsewhere: KyselyStore

async function admin<T extends pg.QueryResultRow>(text: string): Promise<pg.QueryResult<T>> {
  const client = new pg.Client({ connectionString: DATABASE_URL })
  await client.connect()
  try {
    return await client.query<T>(text)
  } finally {
    await client.end()
  }
}

const urlOf = (schema: string) => {
  const url = new URL(DATABASE_URL!)
  url.searchParams.set('options', `-c search_path=${schema}`)
  return url.toString()
}
const open = (schema: string) =>
  openStore({ dataDir: dir, databaseUrl: urlOf(schema), poolMax: 4, derivations: STORE_DERIVATIONS, followGeneration: true })

/** Polls `probe` until it holds, for at most `ms`; the time it took. */
async function within(ms: number, probe: () => boolean): Promise<number> {
  const start = performance.now()
  while (!probe()) {
    if (performance.now() - start > ms) throw new Error(`not within ${ms} ms`)
    await new Promise((resolve) => setTimeout(resolve, 2))
  }
  return performance.now() - start
}

before(async () => {
  if (skip) return
  dir = mkdtempSync(join(tmpdir(), 'folio-feed-'))
  for (const schema of schemas) await admin(`create schema ${schema}`)
  writer = await open(schemas[0]!)
  follower = await open(schemas[0]!)
  elsewhere = await open(schemas[1]!)
})

after(async () => {
  if (skip) return
  await Promise.all([writer.close(), follower.close(), elsewhere.close()])
  for (const schema of schemas) await admin(`drop schema if exists ${schema} cascade`)
  rmSync(dir, { recursive: true, force: true })
})

test("another store's write is known within a second, with no query; the writer sees its own at once", { skip }, async () => {
  const start = follower.contentGenerationNow()
  assert.equal(typeof start, 'number', 'a following store vouches for the generation once it listens')
  await writer.articles.create(record('feed-one'))
  // The writer asks the database after its own write rather than wait for the notice.
  assert.equal(writer.contentGenerationNow(), undefined)
  const written = await writer.contentGeneration()
  assert.ok(written > start!)
  assert.equal(writer.contentGenerationNow(), written)
  const took = await within(1000, () => follower.contentGenerationNow() === written)
  assert.ok(took < 1000)
})

test('never backwards: what a follower answers only grows while another store writes', { skip }, async () => {
  const seen: number[] = []
  let writing = true
  const sampling = (async () => {
    while (writing) {
      seen.push(follower.contentGenerationNow() ?? (await follower.contentGeneration()))
      await new Promise((resolve) => setImmediate(resolve))
    }
  })()
  for (let i = 0; i < 60; i++) await writer.articles.create(record(`feed-many-${i}`))
  const last = await writer.contentGeneration()
  await within(1000, () => follower.contentGenerationNow() === last)
  writing = false
  await sampling
  for (let i = 1; i < seen.length; i++) assert.ok(seen[i]! >= seen[i - 1]!, `answer ${i} went from ${seen[i - 1]} to ${seen[i]}`)
  assert.equal(seen.at(-1), last)
})

test('a store in another schema of the same database moves nothing here', { skip }, async () => {
  const here = await follower.contentGeneration()
  for (let i = 0; i < 5; i++) await elsewhere.articles.create(record(`feed-elsewhere-${i}`))
  await new Promise((resolve) => setTimeout(resolve, 100))
  assert.equal(follower.contentGenerationNow(), here)
  assert.equal(await follower.contentGeneration(), here)
})

test('with its listening connection cut, a follower asks the database on each read, then listens again', { skip }, async () => {
  const cut = await admin<{ cut: boolean }>(
    `select pg_terminate_backend(pid) as cut from pg_stat_activity
     where application_name = 'folio-generation-feed' and query ilike 'LISTEN%' and datname = current_database()`,
  )
  assert.ok(cut.rows.length >= 1)
  await within(1000, () => follower.contentGenerationNow() === undefined)
  await writer.articles.create(record('feed-while-cut'))
  const written = await writer.contentGeneration()
  assert.equal(await follower.contentGeneration(), written, 'exact while not listening: read from the database')
  await within(5000, () => follower.contentGenerationNow() === written)
  await writer.articles.create(record('feed-after-cut'))
  const next = await writer.contentGeneration()
  await within(1000, () => follower.contentGenerationNow() === next)
})
