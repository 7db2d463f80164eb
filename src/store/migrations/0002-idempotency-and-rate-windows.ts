// Idempotency records (replayable answers per API key and Idempotency-Key), rate-limit windows and
// in-flight idempotency locks: what a retrying client relies on, kept in the store so it survives restarts.
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('idempotency_records')
    .addColumn('api_key_id', 'text', (c) => c.notNull())
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer', (c) => c.notNull())
    .addColumn('headers', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_records_pk', ['api_key_id', 'idempotency_key'])
    .execute()
  await db.schema.createIndex('idempotency_records_expires').on('idempotency_records').column('expires_at').execute()

  await db.schema
    .createTable('rate_windows')
    .addColumn('bucket', 'text', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('rate_windows_expires').on('rate_windows').column('expires_at').execute()

  await db.schema
    .createTable('idempotency_locks')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute()
}
