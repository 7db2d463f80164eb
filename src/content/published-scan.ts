// Every published article, a page of rows at a time in the catalog order (keyset), for documents
// that list them all (sitemap, /insights/llms.txt): only one page of rows is in memory at once.
import type { ArticleListing } from '../store/article-record.js'
import type { PublishedPlace, PublishedQuery, Store } from '../store/store.js'

/** Rows read per query: large enough that a scan of 100 000 articles is a hundred queries. */
const ROWS_PER_READ = 1_000

/** Slug, rubric, language and dates of every published article (read from an index alone). */
export async function* eachPublishedPlace(store: Store): AsyncGenerator<PublishedPlace> {
  let after: PublishedPlace | undefined
  for (;;) {
    const rows = await store.articles.publishedPlaces({ ...placeAfter(after), limit: ROWS_PER_READ })
    yield* rows
    after = rows.at(-1)
    if (rows.length < ROWS_PER_READ) return
  }
}

/** Every published article's listing that matches `filter`, newest first. */
export async function* eachPublishedListing(
  store: Store,
  filter: Omit<PublishedQuery, 'after' | 'offset' | 'limit'> = {},
): AsyncGenerator<ArticleListing> {
  let after: ArticleListing | undefined
  for (;;) {
    const rows = await store.articles.listPublished({ ...filter, ...placeAfter(after), limit: ROWS_PER_READ })
    yield* rows
    after = rows.at(-1)
    if (rows.length < ROWS_PER_READ) return
  }
}

function placeAfter(row: Pick<ArticleListing, 'published_at' | 'slug'> | undefined): Pick<PublishedQuery, 'after'> {
  // Published articles always carry published_at (resolve-article sets it).
  return row?.published_at ? { after: { published_at: row.published_at, slug: row.slug } } : {}
}
