// Preview links: the SHA-256 of each token (never the token), the article it shows and until when.
// Expired links are purged as new ones are made; an article's links go with its delete.
import type { Kysely, Transaction } from 'kysely'
import type { Database, PreviewLinksTable } from './schema.js'
import { guardStore } from './store-errors.js'

export type PreviewLinkRecord = PreviewLinksTable

export interface PreviewStore {
  /** Stores the link and lets every link expired by `link.created_at` go. */
  create(link: PreviewLinkRecord): Promise<void>
  /** The link whose token hashes to `tokenHash`, while it lives at `now` (ISO). */
  find(tokenHash: string, now: string): Promise<PreviewLinkRecord | undefined>
}

export class KyselyPreviewStore implements PreviewStore {
  constructor(private readonly db: Kysely<Database>) {}

  create(link: PreviewLinkRecord): Promise<void> {
    return guardStore(() =>
      this.db.transaction().execute(async (trx) => {
        await trx.deleteFrom('preview_links').where('expires_at', '<=', link.created_at).execute()
        await trx.insertInto('preview_links').values(link).execute()
      }),
    )
  }

  find(tokenHash: string, now: string): Promise<PreviewLinkRecord | undefined> {
    return guardStore(() =>
      this.db.selectFrom('preview_links').selectAll().where('token_hash', '=', tokenHash).where('expires_at', '>', now).executeTakeFirst(),
    )
  }

  /** The article of `slug` is deleted: its preview links die with it (inside the delete's transaction). */
  async removeForSlugWithin(trx: Transaction<Database>, slug: string): Promise<void> {
    await trx.deleteFrom('preview_links').where('slug', '=', slug).execute()
  }
}
