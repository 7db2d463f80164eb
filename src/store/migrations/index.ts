// Every migration in order. A new migration is a new file and one line here; never edit an applied one.
import type { Migration } from 'kysely'
import * as articlesAndKeys from './0001-articles-and-keys.js'
import * as idempotencyAndRateWindows from './0002-idempotency-and-rate-windows.js'
import * as images from './0003-images.js'
import * as search from './0004-search.js'
import * as readIndexes from './0005-read-indexes.js'
import * as publishedListingIndex from './0006-published-listing-index.js'
import * as idempotencyLockHolders from './0007-idempotency-lock-holders.js'

export const MIGRATIONS: Record<string, Migration> = {
  '0001-articles-and-keys': articlesAndKeys,
  '0002-idempotency-and-rate-windows': idempotencyAndRateWindows,
  '0003-images': images,
  '0004-search': search,
  '0005-read-indexes': readIndexes,
  '0006-published-listing-index': publishedListingIndex,
  '0007-idempotency-lock-holders': idempotencyLockHolders,
}
