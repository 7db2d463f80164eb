// The Counters contract (rate windows, in-flight idempotency locks) on every backend: SQLite and
// PostgreSQL through the store, Redis through ioredis (a random key prefix isolates each run).
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, test } from 'node:test'
import type { Counters } from '../../src/store/counters.js'
import { RedisCounters } from '../../src/store/redis-counters.js'
import { openTestStore, TEST_DATABASE_URL } from '../helpers/test-store.js'

const REQUIRE = process.env.FOLIO_TEST_REQUIRE_BACKENDS === '1'
const REDIS_URL = process.env.FOLIO_TEST_REDIS_URL

type Open = () => Promise<{ counters: Counters; close(): Promise<void> }>

function storeBacked(backend: 'sqlite' | 'postgres'): Open {
  return async () => {
    const dir = mkdtempSync(join(tmpdir(), 'folio-counters-'))
    const store = await openTestStore(dir, backend)
    return {
      counters: store.counters,
      close: async () => {
        await store.close()
        rmSync(dir, { recursive: true, force: true })
      },
    }
  }
}

const redisBacked: Open = async () => {
  const counters = new RedisCounters(REDIS_URL!, `folio-test:${randomBytes(6).toString('hex')}:`)
  return { counters, close: () => counters.close() }
}

function skipReason(backend: string): string | false {
  if (backend === 'postgres' && !TEST_DATABASE_URL) return 'FOLIO_TEST_DATABASE_URL is not set'
  if (backend === 'redis' && !REDIS_URL) return 'FOLIO_TEST_REDIS_URL is not set'
  return false
}

for (const [backend, open] of [
  ['sqlite', storeBacked('sqlite')],
  ['postgres', storeBacked('postgres')],
  ['redis', redisBacked],
] as const) {
  const reason = skipReason(backend)
  if (reason && REQUIRE) throw new Error(`counters on ${backend}: ${reason} (FOLIO_TEST_REQUIRE_BACKENDS is set)`)
  if (reason) console.log(`# skipping counters on ${backend}: ${reason}`)
  describe(`counters (${backend})`, { skip: reason }, () => {
    test('hits count up per bucket, atomically under concurrency', async () => {
      const { counters, close } = await open()
      try {
        const now = Date.now()
        const hits = await Promise.all(Array.from({ length: 20 }, () => counters.hit('content:1.2.3.4:0', 60_000, now)))
        assert.deepEqual(
          [...hits].sort((a, b) => a - b),
          Array.from({ length: 20 }, (_, i) => i + 1),
        )
        assert.equal(await counters.hit('content:5.6.7.8:0', 60_000, now), 1, 'another bucket starts at 1')
      } finally {
        await close()
      }
    })

    test('a lock is held by one holder until released; an expired lease frees it', async () => {
      const { counters, close } = await open()
      try {
        const now = Date.now()
        assert.equal(await counters.acquire('k', 60_000, now), true)
        assert.equal(await counters.acquire('k', 60_000, now), false)
        await counters.release('k')
        assert.equal(await counters.acquire('k', 60_000, now), true)
        await counters.release('k')
        const raced = await Promise.all(Array.from({ length: 8 }, () => counters.acquire('race', 60_000, now)))
        assert.equal(raced.filter(Boolean).length, 1, 'exactly one concurrent acquire wins')
        assert.equal(await counters.acquire('short', 50, now), true)
        if (backend === 'redis') await new Promise((resolve) => setTimeout(resolve, 120))
        assert.equal(await counters.acquire('short', 60_000, now + 100), true, "the crashed holder's lease ran out")
      } finally {
        await close()
      }
    })
  })
}
