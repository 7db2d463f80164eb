// Every migration in order. A new migration is a new file and one line here; never edit an applied one.
// The search migration fills its index with the domain's search document, so the list is made
// with the derivations the store was opened with.
import type { Migration } from 'kysely'
import type { ArticleDerivations } from '../derivations.js'
import * as articlesAndKeys from './0001-articles-and-keys.js'
import * as idempotencyAndRateWindows from './0002-idempotency-and-rate-windows.js'
import * as images from './0003-images.js'
import * as search from './0004-search.js'
import * as readIndexes from './0005-read-indexes.js'
import * as publishedListingIndex from './0006-published-listing-index.js'
import * as idempotencyLockHolders from './0007-idempotency-lock-holders.js'
import * as revisionsAndPreviews from './0008-revisions-and-previews.js'
import * as codePointOrder from './0009-code-point-order.js'
import * as coverImageAlt from './0010-cover-image-alt.js'
import * as authorAndTagListingIndexes from './0012-author-and-tag-listing-indexes.js'
import * as tagListingOrder from './0013-tag-listing-order.js'
import * as generationNotify from './0014-generation-notify.js'
import * as postgresSearchTiers from './0015-postgres-search-tiers.js'

export function storeMigrations(derive: ArticleDerivations): Record<string, Migration> {
  return {
    '0001-articles-and-keys': articlesAndKeys,
    '0002-idempotency-and-rate-windows': idempotencyAndRateWindows,
    '0003-images': images,
    '0004-search': { up: (db) => search.up(db, derive.searchDocument) },
    '0005-read-indexes': readIndexes,
    '0006-published-listing-index': publishedListingIndex,
    '0007-idempotency-lock-holders': idempotencyLockHolders,
    '0008-revisions-and-previews': revisionsAndPreviews,
    '0009-code-point-order': codePointOrder,
    '0010-cover-image-alt': coverImageAlt,
    '0012-author-and-tag-listing-indexes': authorAndTagListingIndexes,
    '0013-tag-listing-order': tagListingOrder,
    '0014-generation-notify': generationNotify,
    '0015-postgres-search-tiers': postgresSearchTiers,
  }
}
