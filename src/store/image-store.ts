// Image records in the database with their bytes in a BlobStore. When the bytes live in the
// database they move in the same transaction as the record; on disk, the file is written first
// (atomically) and put back as it was if the record cannot be written.
import type { Kysely, Transaction } from 'kysely'
import type { BlobStore } from './blob-store.js'
import type { Database } from './schema.js'
import { guardStore } from './store-errors.js'
import type { ImageRow, ImageStore } from './store.js'

export class KyselyImageStore implements ImageStore {
  /** Writes of one slug run one after another in this process, so file and record stay paired. */
  private readonly slugQueues = new Map<string, Promise<unknown>>()

  constructor(
    private readonly db: Kysely<Database>,
    readonly blobs: BlobStore,
  ) {}

  private serial<T>(slug: string, work: () => Promise<T>): Promise<T> {
    const previous = this.slugQueues.get(slug) ?? Promise.resolve()
    const next = previous.catch(() => {}).then(work)
    this.slugQueues.set(slug, next)
    void next
      .finally(() => {
        if (this.slugQueues.get(slug) === next) this.slugQueues.delete(slug)
      })
      .catch(() => {})
    return next
  }

  get(key: string): Promise<ImageRow | undefined> {
    return guardStore(() => this.db.selectFrom('images').selectAll().where('key', '=', key).executeTakeFirst())
  }

  async bytes(key: string): Promise<Buffer | undefined> {
    return guardStore(() => this.blobs.get(key))
  }

  listFor(slug: string): Promise<ImageRow[]> {
    return guardStore(() => this.db.selectFrom('images').selectAll().where('slug', '=', slug).orderBy('key').execute())
  }

  async totalBytesFor(slug: string): Promise<number> {
    const rows = await this.listFor(slug)
    return rows.reduce((sum, row) => sum + Number(row.size), 0)
  }

  /** Stores the image; with `replaceVariant`, earlier images of the same slug and variant go. */
  put(record: ImageRow, bytes: Buffer, options: { replaceVariant: boolean }): Promise<void> {
    return this.serial(record.slug, () =>
      guardStore(async () => {
        const writeRecord = async (trx: Transaction<Database>) => {
          const replaced = options.replaceVariant
            ? (
                await trx
                  .selectFrom('images')
                  .select('key')
                  .where('slug', '=', record.slug)
                  .where('variant', '=', record.variant)
                  .where('key', '!=', record.key)
                  .execute()
              ).map((r) => r.key)
            : []
          if (replaced.length > 0) await trx.deleteFrom('images').where('key', 'in', replaced).execute()
          const { key: _key, ...rest } = record
          await trx
            .insertInto('images')
            .values(record)
            .onConflict((oc) => oc.column('key').doUpdateSet(rest))
            .execute()
          return replaced
        }
        if (this.blobs.within) {
          await this.db.transaction().execute(async (trx) => {
            const inTrx = this.blobs.within!(trx)
            await inTrx.put(record.key, bytes)
            await inTrx.delete(await writeRecord(trx))
          })
          return
        }
        const previous = await this.blobs.get(record.key)
        await this.blobs.put(record.key, bytes)
        let replaced: string[]
        try {
          replaced = await this.db.transaction().execute(writeRecord)
        } catch (error) {
          if (previous) await this.blobs.put(record.key, previous)
          else await this.blobs.delete([record.key])
          throw error
        }
        await this.blobs.delete(replaced)
      }),
    )
  }

  /**
   * Removes every image of `slug` inside the caller's transaction (the article delete). Answers
   * what to do once that transaction has committed: delete the files, when the bytes are files.
   */
  async removeForSlugWithin(trx: Transaction<Database>, slug: string): Promise<() => Promise<void>> {
    const keys = (await trx.selectFrom('images').select('key').where('slug', '=', slug).execute()).map((r) => r.key)
    if (keys.length === 0) return async () => {}
    await trx.deleteFrom('images').where('slug', '=', slug).execute()
    if (this.blobs.within) {
      await this.blobs.within(trx).delete(keys)
      return async () => {}
    }
    return () => this.blobs.delete(keys)
  }

  /** Removes images older than `createdBefore` whose slug has no article; answers them. */
  pruneOrphans(createdBefore: string): Promise<ImageRow[]> {
    return guardStore(async () => {
      const afterCommit: (() => Promise<void>)[] = []
      const removed = await this.db.transaction().execute(async (trx) => {
        const rows = await trx
          .selectFrom('images')
          .selectAll()
          .where('created_at', '<', createdBefore)
          .where((eb) => eb.not(eb.exists(eb.selectFrom('articles').select('articles.slug').whereRef('articles.slug', '=', 'images.slug'))))
          .orderBy('key')
          .execute()
        const keys = rows.map((r) => r.key)
        if (keys.length === 0) return rows
        await trx.deleteFrom('images').where('key', 'in', keys).execute()
        if (this.blobs.within) await this.blobs.within(trx).delete(keys)
        else afterCommit.push(() => this.blobs.delete(keys))
        return rows
      })
      for (const action of afterCommit) await action()
      return removed
    })
  }
}
