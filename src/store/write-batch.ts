// Group commit for SQLite: the article writes of one event-loop turn share one transaction, each all or nothing.
import { sql, type ControlledTransaction, type Kysely, type Transaction } from 'kysely'
import type { Database } from './schema.js'

/** One write's statements; they run inside the batch's transaction (in their own savepoint when the batch runs again after a failure). */
export type WriteWork<T> = (trx: Transaction<Database>) => Promise<T>

/** How much one transaction takes: an article with its text may be some 12 MB, so bytes are bounded too. */
export const WRITE_BATCH_LIMITS = { writes: 64, bytes: 16 * 1024 * 1024 }

interface QueuedWrite {
  work: WriteWork<unknown>
  bytes: number
  resolve(value: unknown): void
  reject(error: unknown): void
}

type Outcome = { written: true; value: unknown } | { written: false; error: unknown }

export class WriteBatch {
  private readonly queue: QueuedWrite[] = []
  /** A flush is scheduled or running; writes queued meanwhile wait for the next one. */
  private flushPending = false

  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Runs `work` in the next batch. Settles once the batch's transaction has ended: with the work's
   * answer after the COMMIT that holds it, with the work's own error (only its savepoint rolled
   * back), or with the error that ended the whole batch (BEGIN or COMMIT failed: nothing was written).
   */
  run<T>(work: WriteWork<T>, bytes: number): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, bytes, resolve: resolve, reject })
      this.scheduleFlush()
    })
  }

  private scheduleFlush() {
    if (this.flushPending) return
    this.flushPending = true
    // A macrotask, not a microtask: better-sqlite3 and Kysely's SQLite driver settle every query in
    // microtasks, so every request handled in this poll phase reaches the store before the flush runs.
    setImmediate(() => void this.flush())
  }

  private async flush() {
    try {
      await this.commit(this.takeBatch())
    } finally {
      this.flushPending = false
      if (this.queue.length > 0) this.scheduleFlush()
    }
  }

  /** The oldest queued writes, in arrival order, within the limits; the first always fits. */
  private takeBatch(): QueuedWrite[] {
    let count = 0
    let bytes = 0
    while (count < this.queue.length && count < WRITE_BATCH_LIMITS.writes) {
      const next = this.queue[count]!
      if (count > 0 && bytes + next.bytes > WRITE_BATCH_LIMITS.bytes) break
      bytes += next.bytes
      count++
    }
    return this.queue.splice(0, count)
  }

  /**
   * Optimistic first: the writes run one after another in the transaction with no savepoint, since
   * FTS5 writes its pending terms at every savepoint release (some 100 µs a write). Should one of
   * them fail (rare: a slug taken by a write of the same batch), that attempt is rolled back whole
   * and the batch runs again with each write in its own savepoint, so every write gets its own outcome.
   */
  private async commit(batch: QueuedWrite[]) {
    if (await this.attempt(batch, 'together')) return
    await this.attempt(batch, 'each in a savepoint')
  }

  /** One transaction for the batch; false when a write failed together with the others (nothing kept: run again). */
  private async attempt(batch: QueuedWrite[], mode: 'together' | 'each in a savepoint'): Promise<boolean> {
    const outcomes: Outcome[] = []
    let trx: ControlledTransaction<Database> | undefined
    try {
      trx = await this.db.startTransaction().execute()
      // Takes SQLite's write lock first, as BEGIN IMMEDIATE would: while another process (the CLI)
      // holds it, the batch waits one busy timeout and is refused whole, instead of every write of
      // the batch waiting its own timeout in turn. Changes nothing, so the generation stays put.
      await sql`update meta set value = value where name = 'content_generation'`.execute(trx)
      for (const write of batch) {
        if (mode === 'each in a savepoint') {
          outcomes.push(await runInSavepoint(trx, write.work))
          continue
        }
        try {
          outcomes.push({ written: true, value: await write.work(trx) })
        } catch {
          // SQLite may have ended the transaction already, so a failing ROLLBACK says nothing new.
          await trx
            .rollback()
            .execute()
            .catch(() => {})
          return false
        }
      }
      await trx.commit().execute()
    } catch (error) {
      // BEGIN, the write lock or COMMIT failed, or SQLite rolled the whole transaction back under a
      // write (disk full, I/O error): nothing of the batch is kept, and every write may be sent again.
      // SQLite may have ended the transaction already, so a failing ROLLBACK says nothing new.
      await trx
        ?.rollback()
        .execute()
        .catch(() => {})
      for (const write of batch) write.reject(error)
      return true
    }
    batch.forEach((write, i) => {
      const outcome = outcomes[i]!
      if (outcome.written) write.resolve(outcome.value)
      else write.reject(outcome.error)
    })
    return true
  }
}

async function runInSavepoint(trx: Transaction<Database>, work: WriteWork<unknown>): Promise<Outcome> {
  await sql`savepoint article_write`.execute(trx)
  try {
    const value = await work(trx)
    await sql`release article_write`.execute(trx)
    return { written: true, value }
  } catch (error) {
    try {
      await sql`rollback to article_write`.execute(trx)
    } catch {
      // No savepoint left: SQLite rolled the whole transaction back (it does on some I/O and
      // disk-full errors). Going on would run the next writes outside any transaction.
      throw error
    }
    await sql`release article_write`.execute(trx)
    return { written: false, error }
  }
}
