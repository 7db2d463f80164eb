// API keys in the database: hashed tokens with name, scope and retirement time.
import type { Kysely } from 'kysely'
import type { Database } from './schema.js'
import type { ApiKeyRecord, KeyStore } from './store.js'
import { guardStore } from './store-errors.js'

const PUBLIC_COLUMNS = ['id', 'name', 'scope', 'token_prefix', 'created_at', 'retired_at'] as const

export class KyselyKeyStore implements KeyStore {
  constructor(private readonly db: Kysely<Database>) {}

  async add(key: ApiKeyRecord & { token_hash: string }): Promise<void> {
    await guardStore(() => this.db.insertInto('api_keys').values(key).execute())
  }

  async list(): Promise<ApiKeyRecord[]> {
    return guardStore(() => this.db.selectFrom('api_keys').select(PUBLIC_COLUMNS).orderBy('created_at').orderBy('id').execute())
  }

  async findByHash(tokenHash: string) {
    return guardStore(() => this.db.selectFrom('api_keys').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst())
  }

  async retire(id: string, at: string): Promise<boolean> {
    const result = await guardStore(() =>
      this.db.updateTable('api_keys').set({ retired_at: at }).where('id', '=', id).where('retired_at', 'is', null).executeTakeFirst(),
    )
    return Number(result.numUpdatedRows) > 0
  }
}
