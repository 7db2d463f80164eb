// The published listing that every list page, the catalog and MCP list_articles read: published
// articles in the catalog order (published_at desc, slug asc), filtered and paged.
import { sql, type ExpressionBuilder, type Kysely, type SelectQueryBuilder } from 'kysely'
import type { ArticleListing } from './article-record.js'
import { fromListingRow, LISTING_COLUMNS } from './article-rows.js'
import type { Database } from './schema.js'
import { guardStore } from './store-errors.js'
import type { CatalogPosition, Dialect, PublishedQuery } from './store.js'

type ArticlesSelect = SelectQueryBuilder<Database, 'articles', object>

export async function listPublished(db: Kysely<Database>, dialect: Dialect, query: PublishedQuery): Promise<ArticleListing[]> {
  const rows = await guardStore(() => {
    const { select: from, order, paged } = source(db, query)
    let select = from.select(LISTING_COLUMNS.map((c) => `articles.${c}` as const)).where('articles.status', '=', 'published')
    if (query.lang !== undefined) select = select.where('articles.lang', '=', query.lang)
    if (query.rubric !== undefined) select = select.where('articles.rubric', '=', query.rubric)
    if (query.authorSlug !== undefined) select = select.where('articles.author_slug', '=', query.authorSlug)
    if (query.service !== undefined) select = select.where(servicesInclude(dialect, query.service))
    if (query.after) select = select.where((eb) => afterPlace(eb, query.after!, order))
    select = select.orderBy(sql.ref(order.publishedAt), 'desc').orderBy(sql.ref(order.slug), 'asc')
    if (!paged) select = page(select, query)
    return select.execute()
  })
  return rows.map(fromListingRow)
}

interface OrderColumns {
  publishedAt: string
  slug: string
}

const ARTICLE_ORDER: OrderColumns = { publishedAt: 'articles.published_at', slug: 'articles.slug' }
const TAG_ORDER: OrderColumns = { publishedAt: 'article_tags.published_at', slug: 'article_tags.slug' }

/** `limit` and `offset` on a listing (SQLite takes an offset only after a limit). */
function page<S extends SelectQueryBuilder<Database, never, object>>(select: S, query: PublishedQuery): S {
  let paged = select
  if (query.limit !== undefined || query.offset) paged = paged.limit(query.limit ?? Number.MAX_SAFE_INTEGER) as S
  if (query.offset) paged = paged.offset(query.offset) as S
  return paged
}

/**
 * The rows to list from. A tag's articles are read through its tag rows, ordered by the
 * article_tags_listing index (migration 0013), so a page of a tag on 10 000 articles costs what a
 * page of a tag on 10 does: the articles' own order would have them all read and sorted. When the
 * tag is the only filter (a tag page), the page is cut from the index alone before any article is
 * read, so a deep page skips index entries, not joined rows.
 */
function source(db: Kysely<Database>, query: PublishedQuery): { select: ArticlesSelect; order: OrderColumns; paged: boolean } {
  const tag = query.tag
  if (tag === undefined) return { select: db.selectFrom('articles'), order: ARTICLE_ORDER, paged: false }
  const tagOnly = [query.lang, query.rubric, query.authorSlug, query.service, query.after].every((f) => f === undefined)
  let tagRows = db.selectFrom('article_tags').select(['slug', 'published_at']).where('tag', '=', tag).where('published_at', 'is not', null)
  if (tagOnly) tagRows = page(tagRows.orderBy('published_at', 'desc').orderBy('slug', 'asc'), query)
  const joined = db.selectFrom(tagRows.as('article_tags')).innerJoin('articles', 'articles.slug', 'article_tags.slug')
  // Every filter and column below names its table, so the join reads as the articles it holds.
  return { select: joined, order: TAG_ORDER, paged: tagOnly }
}

/** Strictly after `place` in the catalog's total order (published_at desc, slug asc). */
export function afterPlace(eb: ExpressionBuilder<Database, 'articles'>, place: CatalogPosition, order: OrderColumns = ARTICLE_ORDER) {
  // Published articles always carry published_at (resolve-article sets it), so no NULL breaks the
  // order. `published_at <= x` alone is what lets the index seek to the place (an OR alone makes it
  // scan from the first page: 4 ms in the middle of 100 000 articles); the OR then drops the
  // earlier articles of the same instant.
  const publishedAt = sql.ref<string>(order.publishedAt)
  return eb.and([
    eb(publishedAt, '<=', place.published_at),
    eb.or([eb(publishedAt, '<', place.published_at), eb(sql.ref<string>(order.slug), '>', place.slug)]),
  ])
}

/** The article's services (a JSON array) hold `service`: JSON functions, so no pattern can match part of a slug. */
function servicesInclude(dialect: Dialect, service: string) {
  return dialect === 'postgres'
    ? sql<boolean>`jsonb_exists(${sql.ref('articles.services')}::jsonb, ${service})`
    : sql<boolean>`exists (select 1 from json_each(${sql.ref('articles.services')}) where value = ${service})`
}
