// Articles in the database: the article row, its derived tag rows and stats, and the content
// generation move together in one transaction on every write (on SQLite, a transaction shared with
// the other article writes of the same event-loop turn, each write all or nothing: write-batch.ts).
import { sql, type Kysely, type Transaction } from 'kysely'
import { newerStamp, type ArticleListing, type ArticleRecord } from './article-record.js'
import { rebuildDerivedRows } from './catalog-derived.js'
import type { ArticleDerivations, DerivedCatalogState } from './derivations.js'
import { createInOneStatement, fitsOneStatement, writeDerivedRows } from './derived-rows.js'
import type { KyselyPreviewStore } from './preview-store.js'
import { DEFAULT_REVISION_POLICY, keepHistory, type ChangeNote, type KyselyRevisionStore } from './revision-store.js'
import { fromRow, rowBytes, toRow } from './article-rows.js'
import { afterPlace, listPublished } from './published-listing.js'
import type { Database } from './schema.js'
import { countPublishedByAuthor, publishedTagCounts, publishedTags } from './published-counts.js'
import { countWithDrafts, listWithDrafts, type DraftListing, type ListedArticle, type ListedPosition } from './status-listing.js'
import type { ArticleStore, CatalogPosition, Dialect, PublishedGroup, PublishedPlace, PublishedQuery } from './store.js'
import { guardStore, isUniqueViolation, SlugTakenError } from './store-errors.js'
import { WriteBatch, type WriteWork } from './write-batch.js'

export { fromRow, toRow } from './article-rows.js'

/** What the store keeps beside an article and changes in the article's own transactions. */
export interface ArticleCompanions {
  /** Removes an article's images with it (inside the delete's transaction). */
  images?: { removeForSlugWithin(trx: Transaction<Database>, slug: string): Promise<() => Promise<void>> }
  revisions: KyselyRevisionStore
  previews: KyselyPreviewStore
}

/** A change made without a note (a script, a test) still keeps its revision, by no key, now. */
function noteOrDefault(note: ChangeNote | undefined): ChangeNote {
  return note ?? { by: '', at: new Date().toISOString(), policy: DEFAULT_REVISION_POLICY }
}

export class KyselyArticleStore implements ArticleStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
    /** The domain's rules for the search document and the derived catalog rows. */
    private readonly derive: ArticleDerivations,
    private readonly companions: ArticleCompanions,
    /** Told after every write that may have moved the content generation (committed or not). */
    private readonly afterWrite: () => void = () => {},
    /** The content generation, when known: counts are kept per generation. */
    private readonly generation?: () => Promise<number>,
  ) {
    this.batch = dialect === 'sqlite' ? new WriteBatch(db) : undefined
  }

  private publishedCount: { generation: number; count: number } | undefined

  /**
   * SQLite only. Every SQLite transaction rewrites each page it touched into the WAL, and a create
   * touches some 40 pages (indexes, FTS5 segments, stats, the generation row) that the next create
   * touches again: one COMMIT for all the writes of a turn writes those pages once. PostgreSQL
   * keeps one transaction per write, and a create is one statement (createInOneStatement): its pool
   * runs them in parallel, while a batch would run them one round trip after another on one
   * connection (measured: no faster at 50 concurrent creates).
   */
  private readonly batch: WriteBatch | undefined

  async rebuildDerived(options: { apply: boolean }): Promise<{ before: DerivedCatalogState; after: DerivedCatalogState }> {
    try {
      return await guardStore(() => rebuildDerivedRows(this.db, this.dialect, options.apply, this.derive.catalogState))
    } finally {
      this.afterWrite()
    }
  }

  async get(slug: string): Promise<ArticleRecord | undefined> {
    const row = await guardStore(() => this.db.selectFrom('articles').selectAll().where('slug', '=', slug).executeTakeFirst())
    return row ? fromRow(row) : undefined
  }

  async isPublished(slug: string): Promise<boolean> {
    const row = await guardStore(() => this.db.selectFrom('articles').select('status').where('slug', '=', slug).executeTakeFirst())
    return row?.status === 'published'
  }

  async create(article: ArticleRecord): Promise<void> {
    const row = toRow(article)
    if (this.dialect === 'postgres' && fitsOneStatement(article)) {
      try {
        await guardStore(async () => {
          try {
            await createInOneStatement(this.db, row, article, this.derive, [sql`history as (${keepHistory(this.db, article.slug)})`])
          } catch (error) {
            // Every other row of the statement is upserted: a unique violation is the article's slug.
            if (isUniqueViolation(error)) throw new SlugTakenError(article.slug)
            throw error
          }
        })
      } finally {
        this.afterWrite()
      }
      return
    }
    await this.write(rowBytes(row), async (trx) => {
      try {
        await trx.insertInto('articles').values(row).execute()
      } catch (error) {
        if (isUniqueViolation(error)) throw new SlugTakenError(article.slug)
        throw error
      }
      // A slug deleted and created again continues its history, which stops expiring.
      await this.companions.revisions.keepWithin(trx, article.slug)
      // The derived rows end with the shared counters and the generation row: touched last, held shortest.
      await writeDerivedRows(trx, undefined, article, this.derive, this.dialect)
    })
  }

  async update(article: ArticleRecord, note?: ChangeNote, change: 'update' | 'restore' = 'update'): Promise<boolean> {
    const { slug, ...changes } = toRow(article)
    // The replaced state goes into a revision beside it: about as many bytes again.
    return this.write(2 * rowBytes(changes), async (trx) => {
      const beforeRow = await this.lockedRow(trx, slug)
      if (!beforeRow) return false
      const before = fromRow(beforeRow)
      await trx.updateTable('articles').set(changes).where('slug', '=', slug).execute()
      await this.companions.revisions.appendWithin(trx, before, change, noteOrDefault(note))
      await writeDerivedRows(trx, before, article, this.derive, this.dialect)
      return true
    })
  }

  async delete(slug: string, note?: ChangeNote): Promise<boolean> {
    let afterCommit = async () => {}
    const changeNote = noteOrDefault(note)
    const deleted = await this.write(0, async (trx) => {
      if (this.companions.images) afterCommit = await this.companions.images.removeForSlugWithin(trx, slug)
      const beforeRow = await this.lockedRow(trx, slug)
      if (!beforeRow) return false
      const before = fromRow(beforeRow)
      await trx.deleteFrom('articles').where('slug', '=', slug).execute()
      await this.companions.revisions.appendWithin(trx, before, 'delete', changeNote)
      await this.companions.revisions.expireWithin(trx, slug, changeNote)
      await this.companions.previews.removeForSlugWithin(trx, slug)
      await writeDerivedRows(trx, before, undefined, this.derive, this.dialect)
      return true
    })
    // Image files (SQLite) go once the records are gone; in PostgreSQL the bytes went in the transaction.
    await afterCommit()
    return deleted
  }

  /** The stored row, locked until the transaction ends on PostgreSQL, so two changes of one slug keep
   *  their revisions in order (SQLite writes one transaction at a time anyway). */
  private lockedRow(trx: Transaction<Database>, slug: string) {
    const select = trx.selectFrom('articles').selectAll().where('slug', '=', slug)
    return (this.dialect === 'postgres' ? select.forUpdate() : select).executeTakeFirst()
  }

  listWithDrafts(query: { status: DraftListing; after?: ListedPosition; limit: number }): Promise<ListedArticle[]> {
    return listWithDrafts(this.db, query)
  }

  countWithDrafts(status: DraftListing): Promise<number> {
    return countWithDrafts(this.db, status)
  }

  /**
   * Runs one article write as one transaction. On SQLite it joins the other writes of this
   * event-loop turn in one transaction, all or nothing on its own (see write-batch.ts); `bytes` bounds
   * such a batch. Refusals of the driver become StoreUnavailableError either way.
   */
  private async write<T>(bytes: number, work: WriteWork<T>): Promise<T> {
    try {
      return await guardStore(() => (this.batch ? this.batch.run(work, bytes) : this.db.transaction().execute(work)))
    } finally {
      this.afterWrite()
    }
  }

  listPublished(query: PublishedQuery = {}): Promise<ArticleListing[]> {
    return listPublished(this.db, this.dialect, query)
  }

  async listPublishedFull(options: { lang?: string; limit?: number } = {}): Promise<ArticleRecord[]> {
    const rows = await guardStore(() => {
      let query = this.db.selectFrom('articles').selectAll().where('status', '=', 'published')
      if (options.lang) query = query.where('lang', '=', options.lang)
      query = query.orderBy('published_at', 'desc').orderBy('slug', 'asc')
      if (options.limit !== undefined) query = query.limit(options.limit)
      return query.execute()
    })
    return rows.map(fromRow)
  }

  async publishedPlaces(options: { after?: CatalogPosition; limit: number }): Promise<PublishedPlace[]> {
    // Every column here is in the articles_published_listing index: a scan of the whole catalog
    // reads the index alone, never the article rows.
    return guardStore(() => {
      let select = this.db
        .selectFrom('articles')
        .select(['slug', 'rubric', 'lang', 'published_at', 'updated_at'])
        .where('status', '=', 'published')
      if (options.after) select = select.where((eb) => afterPlace(eb, options.after!))
      return select.orderBy('published_at', 'desc').orderBy('slug', 'asc').limit(options.limit).execute()
    })
  }

  async publishedGroups(): Promise<PublishedGroup[]> {
    const rows = await guardStore(() =>
      this.db
        .selectFrom('articles')
        .select((eb) => [
          'rubric',
          'lang',
          eb.fn.countAll<number | string>().as('count'),
          eb.fn.max('published_at').as('newest_published'),
          eb.fn.max('updated_at').as('newest_updated'),
        ])
        .where('status', '=', 'published')
        .groupBy(['rubric', 'lang'])
        .execute(),
    )
    return rows.map((r) => ({
      rubric: r.rubric,
      lang: r.lang,
      count: Number(r.count),
      newest: newerStamp(r.newest_published, r.newest_updated),
    }))
  }

  async countPublished(): Promise<number> {
    // Counting 100 000 index entries takes milliseconds; the count changes only with the generation.
    // The generation is read first, so a kept count is never older than the generation it is kept for.
    const generation = await this.generation?.()
    if (generation !== undefined && this.publishedCount?.generation === generation) return this.publishedCount.count
    const row = await guardStore(() =>
      this.db
        .selectFrom('articles')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('status', '=', 'published')
        .executeTakeFirstOrThrow(),
    )
    const count = Number(row.n)
    if (generation !== undefined) this.publishedCount = { generation, count }
    return count
  }

  // The tag list and the counts the tag and author pages number their pages by (published-counts.ts).
  readonly publishedTags = () => publishedTags(this.db)
  readonly publishedTagCounts = () => publishedTagCounts(this.db)
  readonly countPublishedByAuthor = (authorSlug: string) => countPublishedByAuthor(this.db, authorSlug)

  async translationLinks() {
    const rows = await guardStore(() =>
      this.db
        .selectFrom('articles')
        .select(['slug', 'rubric', 'lang', 'status', 'translation_of'])
        .where('translation_of', 'is not', null)
        .execute(),
    )
    return rows.map((row) => ({ ...row, translation_of: row.translation_of! }))
  }

  async translationsOf(slug: string) {
    return guardStore(() =>
      this.db.selectFrom('articles').select(['slug', 'lang', 'status', 'rubric']).where('translation_of', '=', slug).execute(),
    )
  }

  async count(): Promise<number> {
    const row = await guardStore(() =>
      this.db
        .selectFrom('articles')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow(),
    )
    return Number(row.n)
  }

  async publishedCountsByRubric(): Promise<Map<string, number>> {
    const rows = await guardStore(() => this.db.selectFrom('rubric_stats').selectAll().execute())
    return new Map(rows.map((r) => [r.rubric, Number(r.published_count)]))
  }
}
