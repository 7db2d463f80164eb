// Rate windows and idempotency locks in Redis, shared by every instance (FOLIO_REDIS_URL).
import { createRequire } from 'node:module'
import type { Redis } from 'ioredis'
import { StoreUnavailableError } from './store-errors.js'
import type { Counters } from './counters.js'

// INCR and PEXPIRE in one script: the window gets its expiry on its first hit, atomically.
const HIT_SCRIPT = `local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n`

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

  async acquire(name: string, leaseMs: number): Promise<boolean> {
    return (await this.guard(() => this.redis.set(`${this.prefix}lock:${name}`, '1', 'PX', leaseMs, 'NX'))) === 'OK'
  }

  async release(name: string): Promise<void> {
    await this.guard(() => this.redis.del(`${this.prefix}lock:${name}`))
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
