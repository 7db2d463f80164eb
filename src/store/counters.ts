// Counters shared by every instance: fixed rate-limit windows and in-flight idempotency locks.
// The store-backed implementation is the default; redis-counters.ts is used when FOLIO_REDIS_URL is set.
import { sql, type Kysely } from 'kysely'
import type { Database } from './schema.js'
import { guardStore } from './store-errors.js'

export interface RateWindows {
  /** Counts one hit in `bucket` (created with the given lifetime) and returns the hits so far, atomically. */
  hit(bucket: string, windowMs: number, nowMs: number): Promise<number>
}

/** The outcome of an attempt to take a lock: taken, or how long the current holder's lease still runs. */
export type LockAttempt = { taken: true } | { taken: false; remainingMs: number }

/**
 * In-flight locks held on a short lease that their holder renews while it works: a holder that
 * dies (a killed process, on any machine) frees its lock when the lease runs out, at most one
 * lease after its last renewal. Each holder names itself, so a late holder whose lease ran out
 * can neither renew nor free the lock someone else took since.
 */
export interface IdempotencyLocks {
  /** Takes the lock when it is free or its lease has run out (its holder died). */
  acquire(name: string, holder: string, leaseMs: number, nowMs: number): Promise<LockAttempt>
  /** Extends the lease; false when the lock is no longer this holder's. */
  renew(name: string, holder: string, leaseMs: number, nowMs: number): Promise<boolean>
  /** Frees the lock when this holder still has it. */
  release(name: string, holder: string): Promise<void>
}

export interface Counters extends RateWindows, IdempotencyLocks {
  close(): Promise<void>
}

export class StoreCounters implements Counters {
  private lastPurgeMs = 0

  constructor(private readonly db: Kysely<Database>) {}

  async hit(bucket: string, windowMs: number, nowMs: number): Promise<number> {
    await this.purge(nowMs)
    // One statement (insert … on conflict do update … returning) is atomic on SQLite and PostgreSQL.
    const row = await guardStore(() =>
      this.db
        .insertInto('rate_windows')
        .values({ bucket, hits: 1, expires_at: nowMs + windowMs })
        .onConflict((oc) => oc.column('bucket').doUpdateSet({ hits: sql`rate_windows.hits + 1` }))
        .returning('hits')
        .executeTakeFirstOrThrow(),
    )
    return Number(row.hits)
  }

  async acquire(name: string, holder: string, leaseMs: number, nowMs: number): Promise<LockAttempt> {
    // Taken when absent, or when the previous holder's lease ran out (it crashed).
    const row = await guardStore(() =>
      this.db
        .insertInto('idempotency_locks')
        .values({ name, holder, expires_at: nowMs + leaseMs })
        .onConflict((oc) =>
          oc
            .column('name')
            .doUpdateSet({ holder, expires_at: nowMs + leaseMs })
            .where('idempotency_locks.expires_at', '<', nowMs),
        )
        .returning('name')
        .executeTakeFirst(),
    )
    if (row) return { taken: true }
    const held = await guardStore(() =>
      this.db.selectFrom('idempotency_locks').select('expires_at').where('name', '=', name).executeTakeFirst(),
    )
    // Released between the two statements: free now, the retry may come at once.
    return { taken: false, remainingMs: held ? Math.max(0, Number(held.expires_at) - nowMs) : 0 }
  }

  async renew(name: string, holder: string, leaseMs: number, nowMs: number): Promise<boolean> {
    const row = await guardStore(() =>
      this.db
        .updateTable('idempotency_locks')
        .set({ expires_at: nowMs + leaseMs })
        .where('name', '=', name)
        .where('holder', '=', holder)
        .returning('name')
        .executeTakeFirst(),
    )
    return row !== undefined
  }

  async release(name: string, holder: string): Promise<void> {
    await guardStore(() => this.db.deleteFrom('idempotency_locks').where('name', '=', name).where('holder', '=', holder).execute())
  }

  async close(): Promise<void> {}

  /** Expired windows (and the locks of holders that died) are dropped at most once a minute, so the tables hold only live rows. */
  private async purge(nowMs: number) {
    if (nowMs - this.lastPurgeMs < 60_000) return
    this.lastPurgeMs = nowMs
    await guardStore(() => this.db.deleteFrom('rate_windows').where('expires_at', '<', nowMs).execute())
    await guardStore(() => this.db.deleteFrom('idempotency_locks').where('expires_at', '<', nowMs).execute())
  }
}
