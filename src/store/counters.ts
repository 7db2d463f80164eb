// Counters shared by every instance: fixed rate-limit windows and in-flight idempotency locks.
// The store-backed implementation is the default; redis-counters.ts is used when FOLIO_REDIS_URL is set.
import { sql, type Kysely } from 'kysely'
import type { Database } from './schema.js'
import { guardStore } from './store-errors.js'

export interface RateWindows {
  /** Counts one hit in `bucket` (created with the given lifetime) and returns the hits so far, atomically. */
  hit(bucket: string, windowMs: number, nowMs: number): Promise<number>
}

export interface IdempotencyLocks {
  /** True when the lock was taken; false while another holder has it and its lease has not run out. */
  acquire(name: string, leaseMs: number, nowMs: number): Promise<boolean>
  release(name: string): Promise<void>
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

  async acquire(name: string, leaseMs: number, nowMs: number): Promise<boolean> {
    // Taken when absent, or when the previous holder's lease ran out (it crashed).
    const row = await guardStore(() =>
      this.db
        .insertInto('idempotency_locks')
        .values({ name, expires_at: nowMs + leaseMs })
        .onConflict((oc) =>
          oc
            .column('name')
            .doUpdateSet({ expires_at: nowMs + leaseMs })
            .where('idempotency_locks.expires_at', '<', nowMs),
        )
        .returning('name')
        .executeTakeFirst(),
    )
    return row !== undefined
  }

  async release(name: string): Promise<void> {
    await guardStore(() => this.db.deleteFrom('idempotency_locks').where('name', '=', name).execute())
  }

  async close(): Promise<void> {}

  /** Expired windows are dropped at most once a minute, so the table holds only live windows. */
  private async purge(nowMs: number) {
    if (nowMs - this.lastPurgeMs < 60_000) return
    this.lastPurgeMs = nowMs
    await guardStore(() => this.db.deleteFrom('rate_windows').where('expires_at', '<', nowMs).execute())
  }
}
