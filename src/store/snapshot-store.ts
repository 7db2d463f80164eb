// Every stored row out, and into an empty store: what export, import and the move between SQLite
// and PostgreSQL stand on. A read is one transaction (a consistent snapshot while the server keeps
// writing: WAL on SQLite, repeatable read on PostgreSQL), paged by key so memory stays flat. A load
// is one transaction too, derived rows rebuilt at its end: all or nothing.
import { sql, type Kysely } from 'kysely'
import { fromRow } from './article-rows.js'
import type { BlobStore } from './blob-store.js'
import { writeDerivedState } from './catalog-derived.js'
import { bumpContentGeneration } from './content-generation.js'
import type { ArticleDerivations } from './derivations.js'
import type { ApiKeysTable, ArticleRevisionsTable, ArticlesTable, Database, ImagesTable } from './schema.js'
import type { Dialect, SnapshotLoad, SnapshotRows, SnapshotStore, StoreHoldings } from './store.js'

const PAGE = 500
/** Rows per insert: SQLite caps bound parameters per statement (32 766); an article row has 22 columns. */
const INSERT_ROWS = 200

async function* pages<R>(next: (after: R | undefined) => Promise<R[]>): AsyncGenerator<R> {
  let after: R | undefined
  for (;;) {
    const rows = await next(after)
    yield* rows
    if (rows.length < PAGE) return
    after = rows.at(-1)
  }
}

export class KyselySnapshots implements SnapshotStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
    private readonly blobs: BlobStore,
    private readonly derive: ArticleDerivations,
  ) {}

  async holdings(): Promise<StoreHoldings> {
    const count = async (table: 'articles' | 'images' | 'api_keys') =>
      Number(
        (
          await this.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      )
    return { articles: await count('articles'), images: await count('images'), keys: await count('api_keys') }
  }

  async read<T>(read: (rows: SnapshotRows) => Promise<T>): Promise<T> {
    const transaction = this.dialect === 'postgres' ? this.db.transaction().setIsolationLevel('repeatable read') : this.db.transaction()
    return transaction.execute(async (trx) => {
      const blobs = this.blobs.within?.(trx) ?? this.blobs
      // Slugs and keys are ASCII, so "C" order is the same on both stores.
      const rows: SnapshotRows = {
        articles: () =>
          pages<ArticlesTable>((after) =>
            trx
              .selectFrom('articles')
              .selectAll()
              .$if(after !== undefined, (q) => q.where('slug', '>', after!.slug))
              .orderBy('slug')
              .limit(PAGE)
              .execute(),
          ),
        revisions: () =>
          pages<ArticleRevisionsTable>((after) =>
            trx
              .selectFrom('article_revisions')
              .selectAll()
              .$if(after !== undefined, (q) =>
                q.where((eb) =>
                  eb.or([eb('slug', '>', after!.slug), eb.and([eb('slug', '=', after!.slug), eb('revision', '>', after!.revision)])]),
                ),
              )
              .orderBy('slug')
              .orderBy('revision')
              .limit(PAGE)
              .execute(),
          ),
        images: () =>
          pages<ImagesTable>((after) =>
            trx
              .selectFrom('images')
              .selectAll()
              .$if(after !== undefined, (q) => q.where('key', '>', after!.key))
              .orderBy('key')
              .limit(PAGE)
              .execute(),
          ),
        imageBytes: (key) => blobs.get(key),
        keys: () =>
          pages<ApiKeysTable>((after) =>
            trx
              .selectFrom('api_keys')
              .selectAll()
              .$if(after !== undefined, (q) => q.where('id', '>', after!.id))
              .orderBy('id')
              .limit(PAGE)
              .execute(),
          ),
      }
      if (this.dialect === 'sqlite') await sql`select 1 from meta limit 1`.execute(trx) // starts the read snapshot now
      return read(rows)
    })
  }

  async load(load: (sink: SnapshotLoad) => Promise<void>): Promise<void> {
    // Image files (SQLite) live outside the transaction: the ones written are removed if it fails.
    const filesWritten: string[] = []
    try {
      await this.db.transaction().execute(async (trx) => {
        const blobs = this.blobs.within?.(trx)
        const insert = async <T extends keyof Database>(table: T, rows: Database[T][]) => {
          for (let i = 0; i < rows.length; i += INSERT_ROWS) {
            await trx
              .insertInto(table)
              .values(rows.slice(i, i + INSERT_ROWS) as never)
              .execute()
          }
        }
        await load({
          articles: async (rows) => {
            await insert('articles', rows)
            const documents = rows.filter((row) => row.status === 'published').map((row) => this.derive.searchDocument(fromRow(row)))
            await insert('article_search', documents)
          },
          revisions: (rows) => insert('article_revisions', rows),
          image: async (row, bytes) => {
            await insert('images', [row])
            if (blobs) await blobs.put(row.key, bytes)
            else {
              filesWritten.push(row.key)
              await this.blobs.put(row.key, bytes)
            }
          },
          keys: (rows) => insert('api_keys', rows),
        })
        const catalog = await trx.selectFrom('articles').select(['slug', 'rubric', 'status', 'tags']).execute()
        await writeDerivedState(trx, this.derive.catalogState(catalog.map((r) => ({ ...r, tags: JSON.parse(r.tags) as string[] }))))
        await bumpContentGeneration(trx)
      })
    } catch (error) {
      await this.blobs.delete(filesWritten).catch(() => {})
      throw error
    }
  }
}
