// The content generation: one number that every content write bumps in its own transaction.
// Caches of public documents key on it, so every instance sees a write at its next read.
import { sql, type Kysely } from 'kysely'
import type { Database } from './schema.js'

export async function bumpContentGeneration(trx: Kysely<Database>) {
  await trx
    .updateTable('meta')
    .set({ value: sql`value + 1` })
    .where('name', '=', 'content_generation')
    .execute()
}

/** The committed generation, read with one query. */
export async function readContentGeneration(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('meta').select('value').where('name', '=', 'content_generation').executeTakeFirstOrThrow()
  return Number(row.value)
}
