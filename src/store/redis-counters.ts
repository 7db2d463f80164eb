// Rate windows and idempotency locks in Redis, shared by every instance (FOLIO_REDIS_URL).
import { createRequire } from 'node:module'
import type { Redis } from 'ioredis'
import { StoreUnavailableError } from './store-errors.js'
import type { Counters, LockAttempt } from './counters.js'

// INCR and PEXPIRE in one script: the window gets its expiry on its first hit, atomically.
const HIT_SCRIPT = `local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n`

// SET NX with a lease, or the lease the current holder has left: -1 when taken, else the ms left.
const ACQUIRE_SCRIPT = `if redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2], 'NX') then return -1 end
return redis.call('PTTL', KEYS[1])`

// Only the holder extends (or frees) its own lock: another holder may have taken it since.
const RENEW_SCRIPT = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0`
const RELEASE_SCRIPT = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`

export class RedisCounters implements Counters {
  private readonly redis: Redis

  constructor(
    url: string,
    /** Prefix of every key, so instances (and tests) can share or isolate a Redis. */
    private readonly prefix = 'folio:',
  ) {
    // Loaded only when Redis is configured: the client costs every other server some 20 MB of memory.
    const { Redis: RedisClient } = createRequire(import.meta.url)('ioredis') as typeof import('ioredis')
    this.redis = new RedisClient(url, { lazyConnect: false, maxRetriesPerRequest: 1, enableOfflineQueue: true })
    this.redis.on('error', () => {})
  }

  async hit(bucket: string, windowMs: number): Promise<number> {
    return Number(await this.guard(() => this.redis.eval(HIT_SCRIPT, 1, `${this.prefix}rate:${bucket}`, String(windowMs))))
  }

  async acquire(name: string, holder: string, leaseMs: number): Promise<LockAttempt> {
    const left = Number(await this.guard(() => this.redis.eval(ACQUIRE_SCRIPT, 1, this.lockKey(name), holder, String(leaseMs))))
    if (left === -1) return { taken: true }
    // -2: the key went between SET and PTTL (released or expired): free now.
    return { taken: false, remainingMs: Math.max(0, left) }
  }

  async renew(name: string, holder: string, leaseMs: number): Promise<boolean> {
    return Number(await this.guard(() => this.redis.eval(RENEW_SCRIPT, 1, this.lockKey(name), holder, String(leaseMs)))) === 1
  }

  async release(name: string, holder: string): Promise<void> {
    await this.guard(() => this.redis.eval(RELEASE_SCRIPT, 1, this.lockKey(name), holder))
  }

  private lockKey(name: string): string {
    return `${this.prefix}lock:${name}`
  }

  async close(): Promise<void> {
    this.redis.disconnect()
  }

  private async guard<T>(operation: () => Promise<T>): Promise<T> {
    try {
      return await operation()
    } catch (error) {
      throw new StoreUnavailableError('redis', error)
    }
  }
}
