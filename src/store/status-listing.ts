// Articles listed for key holders with drafts: by listing time (published_at, else updated_at,
// else created_at) newest first, then slug, paged by keyset on the index migration 0008 made for it
// (docs/decisions.md, decision 13).
import { sql, type Kysely } from 'kysely'
import type { ArticleListing } from './article-record.js'
import { fromListingRow, LISTING_COLUMNS } from './article-rows.js'
import type { Database } from './schema.js'
import { guardStore } from './store-errors.js'

/** Which articles a listing with drafts shows. */
export type DraftListing = 'draft' | 'all'

/** A place in the listing order: the last article of a page. */
export interface ListedPosition {
  listed_at: string
  slug: string
}

export type ListedArticle = ArticleListing & { listed_at: string }

/** Spelled exactly as the indexes of migration 0008 spell it, so they serve the order and the seek. */
const LISTED_AT = sql<string>`coalesce(published_at, updated_at, created_at)`

export async function listWithDrafts(
  db: Kysely<Database>,
  query: { status: DraftListing; after?: ListedPosition; limit: number },
): Promise<ListedArticle[]> {
  const rows = await guardStore(() => {
    let select = db.selectFrom('articles').select(LISTING_COLUMNS).select(LISTED_AT.as('listed_at'))
    if (query.status === 'draft') select = select.where('status', '=', 'draft')
    const after = query.after
    // As in the published catalog: the `<=` alone lets the index seek to the place; the OR then
    // drops the earlier articles of the same instant.
    if (after) {
      select = select.where((eb) =>
        eb.and([eb(LISTED_AT, '<=', after.listed_at), eb.or([eb(LISTED_AT, '<', after.listed_at), eb('slug', '>', after.slug)])]),
      )
    }
    return select.orderBy(LISTED_AT, 'desc').orderBy('slug', 'asc').limit(query.limit).execute()
  })
  return rows.map((row) => ({ ...fromListingRow(row), listed_at: row.listed_at }))
}

export async function countWithDrafts(db: Kysely<Database>, status: DraftListing): Promise<number> {
  const row = await guardStore(() => {
    let select = db.selectFrom('articles').select((eb) => eb.fn.countAll<number | string>().as('n'))
    if (status === 'draft') select = select.where('status', '=', 'draft')
    return select.executeTakeFirstOrThrow()
  })
  return Number(row.n)
}
