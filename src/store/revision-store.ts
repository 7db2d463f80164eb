// The revisions of every slug: each update, delete and restore keeps the state it replaced (the
// complete stored record) inside the transaction of that change, trims the slug's list to the
// newest ones, and lets the revisions of a deleted article go after their retention (docs/decisions.md,
// decision 15).
import type { Kysely, Transaction } from 'kysely'
import type { ArticleRecord } from './article-record.js'
import type { ArticleRevisionsTable, Database } from './schema.js'
import { guardStore } from './store-errors.js'

export type RevisionChange = ArticleRevisionsTable['change']

/** How many revisions are kept: the newest `keep` per slug; those of a deleted article for `deletedDays` (0: the delete purges them). */
export interface RevisionPolicy {
  keep: number
  deletedDays: number
}

export const DEFAULT_REVISION_POLICY: RevisionPolicy = { keep: 50, deletedDays: 30 }

/** Who made a change and when: written with the revision the change keeps. */
export interface ChangeNote {
  /** The name of the key that made the change ('' when no key did). */
  by: string
  /** When it happened (ISO): the revision's saved_at. */
  at: string
  policy: RevisionPolicy
}

/** A revision without its article: what a list shows. */
export interface RevisionSummary {
  revision: number
  saved_at: string
  change: RevisionChange
  status: ArticleRecord['status']
  title: string
  by: string
  /** Bytes of the stored article's JSON. */
  size: number
}

/** A revision as it is kept, with the complete stored article record (the export writes exactly this). */
export interface StoredRevision {
  slug: string
  revision: number
  saved_at: string
  change: RevisionChange
  by: string
  article: ArticleRecord
}

export interface RevisionStore {
  /** The revisions of `slug`, newest first, strictly older than `before` when given. */
  list(slug: string, options: { before?: number; limit: number }): Promise<RevisionSummary[]>
  get(slug: string, revision: number): Promise<StoredRevision | undefined>
  /** The number of the slug's newest `delete` revision: revisions up to it belong to an article deleted since. */
  latestDeletion(slug: string): Promise<number | undefined>
  /** Every revision of every slug in (slug, revision) order, strictly after `after`: a keyset read for the export. */
  scan(options: { after?: { slug: string; revision: number }; limit: number }): Promise<StoredRevision[]>
  /** Writes revisions as they were (an import), in one transaction; the revisions of a slug without
   *  an article get the retention a delete at their newest saved_at would have given them. */
  importRevisions(revisions: StoredRevision[], policy?: RevisionPolicy): Promise<void>
}

function summaryOf(row: Omit<ArticleRevisionsTable, 'article' | 'kept_until' | 'slug'>): RevisionSummary {
  return {
    revision: Number(row.revision),
    saved_at: row.saved_at,
    change: row.change,
    status: row.status,
    title: row.title,
    by: row.by_key,
    size: Number(row.size),
  }
}

function storedOf(row: ArticleRevisionsTable): StoredRevision {
  return {
    slug: row.slug,
    revision: Number(row.revision),
    saved_at: row.saved_at,
    change: row.change,
    by: row.by_key,
    article: JSON.parse(row.article) as ArticleRecord,
  }
}

function rowOf(revision: StoredRevision, keptUntil: string | null): ArticleRevisionsTable {
  const article = JSON.stringify(revision.article)
  return {
    slug: revision.slug,
    revision: revision.revision,
    saved_at: revision.saved_at,
    change: revision.change,
    by_key: revision.by,
    status: revision.article.status,
    title: revision.article.title,
    size: Buffer.byteLength(article),
    article,
    kept_until: keptUntil,
  }
}

/** `at` plus `days`, as an ISO time. */
function daysAfter(at: string, days: number): string {
  return new Date(Date.parse(at) + days * 86_400_000).toISOString()
}

const SUMMARY_COLUMNS = ['revision', 'saved_at', 'change', 'by_key', 'status', 'title', 'size'] as const

export class KyselyRevisionStore implements RevisionStore {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Keeps `replaced` as the slug's next revision, inside the transaction of the change that
   * replaces it, then trims the slug to the newest `policy.keep` and lets expired revisions of
   * deleted articles go. Should any of it fail, the change fails with it.
   */
  async appendWithin(trx: Transaction<Database>, replaced: ArticleRecord, change: RevisionChange, note: ChangeNote): Promise<number> {
    const newest = await trx
      .selectFrom('article_revisions')
      .select((eb) => eb.fn.max('revision').as('newest'))
      .where('slug', '=', replaced.slug)
      .executeTakeFirst()
    const revision = Number(newest?.newest ?? 0) + 1
    await trx
      .insertInto('article_revisions')
      .values(rowOf({ slug: replaced.slug, revision, saved_at: note.at, change, by: note.by, article: replaced }, null))
      .execute()
    await trx
      .deleteFrom('article_revisions')
      .where('slug', '=', replaced.slug)
      .where('revision', '<=', revision - note.policy.keep)
      .execute()
    await trx.deleteFrom('article_revisions').where('kept_until', '<=', note.at).execute()
    return revision
  }

  /** The article of `slug` is deleted (its delete revision already kept): its revisions now expire, or go at once with 0 days. */
  async expireWithin(trx: Transaction<Database>, slug: string, note: ChangeNote): Promise<void> {
    if (note.policy.deletedDays === 0) {
      await trx.deleteFrom('article_revisions').where('slug', '=', slug).execute()
      return
    }
    await trx
      .updateTable('article_revisions')
      .set({ kept_until: daysAfter(note.at, note.policy.deletedDays) })
      .where('slug', '=', slug)
      .execute()
  }

  /** An article of `slug` exists again: its history is kept again (trimmed by count only). */
  async keepWithin(trx: Transaction<Database>, slug: string): Promise<void> {
    await keepHistory(trx, slug).execute()
  }

  async list(slug: string, options: { before?: number; limit: number }): Promise<RevisionSummary[]> {
    const rows = await guardStore(() => {
      let select = this.db.selectFrom('article_revisions').select(SUMMARY_COLUMNS).where('slug', '=', slug)
      if (options.before !== undefined) select = select.where('revision', '<', options.before)
      return select.orderBy('revision', 'desc').limit(options.limit).execute()
    })
    return rows.map(summaryOf)
  }

  async get(slug: string, revision: number): Promise<StoredRevision | undefined> {
    const row = await guardStore(() =>
      this.db.selectFrom('article_revisions').selectAll().where('slug', '=', slug).where('revision', '=', revision).executeTakeFirst(),
    )
    return row ? storedOf(row) : undefined
  }

  async latestDeletion(slug: string): Promise<number | undefined> {
    const row = await guardStore(() =>
      this.db
        .selectFrom('article_revisions')
        .select((eb) => eb.fn.max('revision').as('revision'))
        .where('slug', '=', slug)
        .where('change', '=', 'delete')
        .executeTakeFirst(),
    )
    return row?.revision === null || row?.revision === undefined ? undefined : Number(row.revision)
  }

  async scan(options: { after?: { slug: string; revision: number }; limit: number }): Promise<StoredRevision[]> {
    const rows = await guardStore(() => {
      let select = this.db.selectFrom('article_revisions').selectAll()
      const after = options.after
      if (after) {
        select = select.where((eb) =>
          eb.or([eb('slug', '>', after.slug), eb.and([eb('slug', '=', after.slug), eb('revision', '>', after.revision)])]),
        )
      }
      return select.orderBy('slug').orderBy('revision').limit(options.limit).execute()
    })
    return rows.map(storedOf)
  }

  async importRevisions(revisions: StoredRevision[], policy: RevisionPolicy = DEFAULT_REVISION_POLICY): Promise<void> {
    if (revisions.length === 0) return
    await guardStore(() =>
      this.db.transaction().execute(async (trx) => {
        const slugs = [...new Set(revisions.map((r) => r.slug))]
        const withArticle = new Set<string>()
        for (let i = 0; i < slugs.length; i += 500) {
          const part = slugs.slice(i, i + 500)
          const rows = await trx.selectFrom('articles').select('slug').where('slug', 'in', part).execute()
          for (const row of rows) withArticle.add(row.slug)
        }
        const newest = new Map<string, string>()
        for (const r of revisions) if ((newest.get(r.slug) ?? '') < r.saved_at) newest.set(r.slug, r.saved_at)
        for (let i = 0; i < revisions.length; i += 100) {
          const rows = revisions
            .slice(i, i + 100)
            .map((r) => rowOf(r, withArticle.has(r.slug) ? null : daysAfter(newest.get(r.slug)!, policy.deletedDays)))
          await trx.insertInto('article_revisions').values(rows).execute()
        }
      }),
    )
  }
}

/** The statement that keeps a slug's history again; PostgreSQL runs it inside a create's one statement. */
export const keepHistory = (db: Kysely<Database>, slug: string) =>
  db.updateTable('article_revisions').set({ kept_until: null }).where('slug', '=', slug).where('kept_until', 'is not', null)
