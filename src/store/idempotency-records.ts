// Stored answers to creates sent with an Idempotency-Key, scoped to the API key, kept 24 hours.
import type { Kysely } from 'kysely'
import type { Database } from './schema.js'
import { guardStore } from './store-errors.js'

export interface IdempotencyRecord {
  fingerprint: string
  statusCode: number
  headers: Record<string, string>
  body: string
}

export interface IdempotencyRecordStore {
  /** The live record of this key, or undefined (expired records count as absent). */
  find(apiKeyId: string, key: string, now: Date): Promise<IdempotencyRecord | undefined>
  /** Stores the answer and purges expired records. */
  save(apiKeyId: string, key: string, record: IdempotencyRecord, now: Date, expiresAt: Date): Promise<void>
}

export class KyselyIdempotencyRecords implements IdempotencyRecordStore {
  constructor(private readonly db: Kysely<Database>) {}

  async find(apiKeyId: string, key: string, now: Date): Promise<IdempotencyRecord | undefined> {
    const row = await guardStore(() =>
      this.db
        .selectFrom('idempotency_records')
        .selectAll()
        .where('api_key_id', '=', apiKeyId)
        .where('idempotency_key', '=', key)
        .where('expires_at', '>', now.toISOString())
        .executeTakeFirst(),
    )
    if (!row) return undefined
    return {
      fingerprint: row.fingerprint,
      statusCode: Number(row.status_code),
      headers: JSON.parse(row.headers) as Record<string, string>,
      body: row.body,
    }
  }

  async save(apiKeyId: string, key: string, record: IdempotencyRecord, now: Date, expiresAt: Date): Promise<void> {
    await guardStore(() =>
      this.db.transaction().execute(async (tx) => {
        await tx.deleteFrom('idempotency_records').where('expires_at', '<=', now.toISOString()).execute()
        await tx
          .insertInto('idempotency_records')
          .values({
            api_key_id: apiKeyId,
            idempotency_key: key,
            fingerprint: record.fingerprint,
            status_code: record.statusCode,
            headers: JSON.stringify(record.headers),
            body: record.body,
            created_at: now.toISOString(),
            expires_at: expiresAt.toISOString(),
          })
          .onConflict((oc) => oc.columns(['api_key_id', 'idempotency_key']).doNothing())
          .execute()
      }),
    )
  }
}
