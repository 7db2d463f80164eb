// In-flight idempotency locks name their holder: a lock is held on a short lease its holder renews
// while the request runs, and only that holder may renew or free it (a holder whose lease ran out
// must not free the lock another request took since). Locks of older versions hold no name ('').
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('idempotency_locks')
    .addColumn('holder', 'text', (c) => c.notNull().defaultTo(''))
    .execute()
}
