// When the store cannot take a write, the answer is 503 unavailable with Retry-After, nothing is
// written, and the same request sent again succeeds: with the drivers' real error shapes and a real SQLite lock.
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import BetterSqlite3 from 'better-sqlite3'
import { buildApp } from '../../src/app.js'
import { issueKey } from '../../src/auth/api-keys.js'
import { loadConfig } from '../../src/config.js'
import { loadSite } from '../../src/content/site-definition.js'
import { STORE_DERIVATIONS } from '../../src/content/store-derivations.js'
import { openStore } from '../../src/store/open-store.js'
import type { ArticleStore, Store } from '../../src/store/store.js'
import { articlePayload, startTestApp, TEST_SITE_DIR, type TestApp } from '../helpers/test-app.js'

/** Driver errors as better-sqlite3 and pg raise them. */
const REFUSALS: [string, () => Error][] = [
  ['SQLITE_BUSY', () => Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' })],
  ['SQLITE_FULL', () => Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' })],
  ['SQLITE_READONLY', () => Object.assign(new Error('attempt to write a readonly database'), { code: 'SQLITE_READONLY' })],
  ['pg 53300', () => Object.assign(new Error('sorry, too many clients already'), { code: '53300', severity: 'FATAL' })],
  ['pg 40001', () => Object.assign(new Error('could not serialize access due to concurrent update'), { code: '40001', severity: 'ERROR' })],
  [
    'ECONNREFUSED',
    () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED', errno: -111, syscall: 'connect' }),
  ],
]

/** A store whose next write throws `fault` before reaching the database. */
function faulty(store: Store, state: { fault?: () => Error }): Store {
  const writes = new Set(['create', 'update', 'delete'])
  const articles = new Proxy(store.articles, {
    get(target, name: keyof ArticleStore) {
      const value = target[name]
      if (typeof value !== 'function') return value
      return (...args: unknown[]) => {
        if (writes.has(name) && state.fault) throw state.fault()
        return (value as (...a: unknown[]) => unknown).apply(target, args)
      }
    },
  })
  return new Proxy(store, { get: (target, name) => (name === 'articles' ? articles : Reflect.get(target, name)) })
}

const state: { fault?: () => Error } = {}
let t: TestApp
before(async () => {
  t = await startTestApp({ store: (s) => faulty(s, state) })
})
after(() => t.close())

describe('store refusals answer 503 and nothing is written', () => {
  for (const [name, fault] of REFUSALS) {
    test(`${name}: create, update and delete answer 503 unavailable with Retry-After; the retry succeeds`, async () => {
      const slug = `refusal-${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`
      const generation = await t.store.contentGeneration()
      state.fault = fault
      const refused = await t.request({ method: 'POST', url: '/api/content/', payload: articlePayload({ slug }) })
      state.fault = undefined
      assert.equal(refused.statusCode, 503, refused.body)
      assert.equal(refused.json().code, 'unavailable')
      assert.match(refused.headers['retry-after'] as string, /^\d+$/)
      assert.equal(await t.store.articles.get(slug), undefined, 'nothing stored')
      assert.equal(await t.store.contentGeneration(), generation)

      assert.equal(
        (await t.request({ method: 'POST', url: '/api/content/', payload: articlePayload({ slug }) })).statusCode,
        200,
        'the same request succeeds',
      )
      const before = await t.store.articles.get(slug)

      state.fault = fault
      const update = await t.request({ method: 'PUT', url: `/api/content/${slug}`, payload: { title: 'Changed title?' } })
      const remove = await t.request({ method: 'DELETE', url: `/api/content/${slug}` })
      state.fault = undefined
      assert.equal(update.statusCode, 503)
      assert.equal(remove.statusCode, 503)
      assert.deepEqual(await t.store.articles.get(slug), before, 'the stored article is unchanged')
      assert.equal((await t.request({ method: 'DELETE', url: `/api/content/${slug}` })).statusCode, 200)
    })
  }
})

test('a real SQLite lock held past the busy timeout answers 503, writes nothing, and the retry succeeds', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'folio-busy-'))
  const store = await openStore({ dataDir, busyTimeoutMs: 50, derivations: STORE_DERIVATIONS })
  const { app } = await buildApp(loadConfig({ FOLIO_DATA_DIR: dataDir, FOLIO_DEMO_CONTENT: '0' }), {
    store,
    site: loadSite(TEST_SITE_DIR),
    logger: false,
  })
  const { token } = await issueKey(store.keys, 'writer', 'write')
  const holder = new BetterSqlite3(join(dataDir, 'folio.db'))
  try {
    holder.exec('begin immediate')
    const send = () =>
      app.inject({
        method: 'POST',
        url: '/api/content/',
        headers: { authorization: `Bearer ${token}` },
        payload: articlePayload({ slug: 'busy-article' }),
      })
    const refused = await send()
    assert.equal(refused.statusCode, 503, refused.body)
    assert.equal(refused.json().code, 'unavailable')
    assert.ok(refused.headers['retry-after'])
    holder.exec('rollback')
    assert.equal(await store.articles.get('busy-article'), undefined)
    assert.equal((await send()).statusCode, 200)
  } finally {
    holder.close()
    await app.close()
    await store.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
})

describe('a value the store cannot hold', () => {
  test('a PostgreSQL data exception (U+0000 in text, 22021) answers 400 bad_request, not 500; nothing is written', async () => {
    const generation = await t.store.contentGeneration()
    state.fault = () => Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021', severity: 'ERROR' })
    const res = await t.request({ method: 'POST', url: '/api/content/', payload: articlePayload({ slug: 'value-refused' }) })
    state.fault = undefined
    assert.equal(res.statusCode, 400, res.body)
    assert.equal(res.json().code, 'bad_request')
    assert.match(res.json().message, /nothing was written/)
    assert.equal(await t.store.contentGeneration(), generation)
    assert.equal(
      (await t.request({ method: 'POST', url: '/api/content/', payload: articlePayload({ slug: 'value-refused' }) })).statusCode,
      200,
    )
  })
})
