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
        assert.deepEqual(await counters.acquire('k', 'a', 60_000, now), { taken: true })
        assert.equal((await counters.acquire('k', 'b', 60_000, now)).taken, false)
        await counters.release('k', 'a')
        assert.deepEqual(await counters.acquire('k', 'b', 60_000, now), { taken: true })
        await counters.release('k', 'b')
        const raced = await Promise.all(Array.from({ length: 8 }, (_, i) => counters.acquire('race', `h${i}`, 60_000, now)))
        assert.equal(raced.filter((r) => r.taken).length, 1, 'exactly one concurrent acquire wins')
        assert.equal((await counters.acquire('short', 'a', 50, now)).taken, true)
        if (backend === 'redis') await new Promise((resolve) => setTimeout(resolve, 120))
        assert.equal((await counters.acquire('short', 'b', 60_000, now + 100)).taken, true, "the crashed holder's lease ran out")
      } finally {
        await close()
      }
    })

    test("a refused acquire tells how long the holder's lease still runs", async () => {
      const { counters, close } = await open()
      try {
        const now = Date.now()
        assert.equal((await counters.acquire('wait', 'a', 5_000, now)).taken, true)
        const refused = await counters.acquire('wait', 'b', 5_000, now + 2_000)
        assert.equal(refused.taken, false)
        const left = refused.taken ? 0 : refused.remainingMs
        // The store counts on the clocks it is given; Redis on its own (the lease started a moment ago).
        if (backend === 'redis') assert.ok(left > 3_000 && left <= 5_000, `${left} ms left`)
        else assert.equal(left, 3_000)
      } finally {
        await close()
      }
    })

    test('only the holder renews or frees its lock; a holder whose lease ran out and was taken over loses both', async () => {
      const { counters, close } = await open()
      try {
        const now = Date.now()
        const lease = backend === 'redis' ? 200 : 1_000
        assert.equal((await counters.acquire('lease', 'first', lease, now)).taken, true)
        assert.equal(await counters.renew('lease', 'first', lease, now + lease / 2), true, 'the holder renews')
        assert.equal(await counters.renew('lease', 'other', lease, now + lease / 2), false, 'another holder cannot renew it')
        await counters.release('lease', 'other')
        assert.equal(
          (await counters.acquire('lease', 'other', lease, now + lease)).taken,
          false,
          'renewed: still held, and not freed by another',
        )
        if (backend === 'redis') await new Promise((resolve) => setTimeout(resolve, lease * 2))
        // No renewal for a whole lease: the holder is taken for dead.
        assert.equal((await counters.acquire('lease', 'second', 60_000, now + lease * 3)).taken, true)
        assert.equal(await counters.renew('lease', 'first', lease, now + lease * 3), false, 'the late holder cannot renew it')
        await counters.release('lease', 'first')
        assert.equal((await counters.acquire('lease', 'third', 60_000, now + lease * 3)).taken, false, 'nor free it')
        await counters.release('lease', 'second')
        assert.equal((await counters.acquire('lease', 'third', 60_000, now + lease * 3)).taken, true)
      } finally {
        await close()
      }
    })
  })
}
