// With Redis counters (FOLIO_REDIS_URL), rate windows and the in-flight idempotency lock are shared:
// a second instance on the same Redis sees the first one's hits and locks.
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'node:test'
import { buildApp } from '../../src/app.js'
import { issueKey } from '../../src/auth/api-keys.js'
import { loadConfig } from '../../src/config.js'
import { loadSite } from '../../src/content/site-definition.js'
import type { Counters } from '../../src/store/counters.js'
import { RedisCounters } from '../../src/store/redis-counters.js'
import { articlePayload, TEST_SITE_DIR } from '../helpers/test-app.js'
import { openTestStore } from '../helpers/test-store.js'

const REDIS_URL = process.env.FOLIO_TEST_REDIS_URL
const reason = REDIS_URL ? false : 'FOLIO_TEST_REDIS_URL is not set'
if (reason && process.env.FOLIO_TEST_REQUIRE_BACKENDS === '1') throw new Error(`${reason} (FOLIO_TEST_REQUIRE_BACKENDS is set)`)
if (reason) console.log(`# skipping Redis-backed HTTP counters: ${reason}`)

test('two instances on one Redis share the rate window and the idempotency lock', { skip: reason }, async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'folio-redis-'))
  const store = await openTestStore(dataDir)
  const prefix = `folio-test:${randomBytes(6).toString('hex')}:`
  const config = loadConfig({
    FOLIO_DATA_DIR: dataDir,
    FOLIO_DEMO_CONTENT: '0',
    FOLIO_RATE_LIMIT_CONTENT: '3/60',
    FOLIO_REDIS_URL: REDIS_URL!,
  })
  const countersA: Counters = new RedisCounters(REDIS_URL!, prefix)
  const countersB: Counters = new RedisCounters(REDIS_URL!, prefix)
  const site = loadSite(TEST_SITE_DIR)
  const a = await buildApp(config, { store, site, logger: false, counters: countersA })
  const b = await buildApp(config, { store, site, logger: false, counters: countersB })
  const { key, token } = await issueKey(store.keys, 'writer', 'write')
  const send = (app: typeof a.app, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/content/',
      headers: { authorization: `Bearer ${token}`, ...headers },
      payload: articlePayload({ slug: 'redis-shared' }),
    })
  try {
    assert.ok((await countersA.acquire(`${key.id}:shared-key`, 'a', 60_000, Date.now())).taken, 'instance A is running the request')
    const busy = await send(b.app, { 'idempotency-key': 'shared-key' })
    assert.equal(busy.statusCode, 409)
    assert.equal(busy.json().code, 'idempotency_in_progress')
    assert.equal(busy.headers['x-ratelimit-remaining'], '2')
    await countersA.release(`${key.id}:shared-key`, 'a')
    assert.equal((await send(a.app)).headers['x-ratelimit-remaining'], '1', 'instance A counts on the same window')
    assert.equal((await send(b.app)).headers['x-ratelimit-remaining'], '0')
    const refused = await send(a.app)
    assert.equal(refused.statusCode, 429)
    assert.ok(refused.headers['retry-after'])
  } finally {
    await a.app.close()
    await b.app.close()
    await countersA.close()
    await countersB.close()
    await store.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
})
