// Paged listings of articles (?page=N): the page number, the page's path, its pager, and the
// offset a page starts at in the store. The insight and service pages share them.
import type { ArticleListing } from '../../store/article-record.js'
import { Pager } from './components.js'

export const LISTING_PAGE_SIZE = 12

/** The page number of `?page=`: 1 when absent; null for anything but a positive integer. */
export function parsePageNumber(raw: unknown): number | null {
  if (raw === undefined) return 1
  if (typeof raw !== 'string' || !/^[1-9]\d{0,5}$/.test(raw)) return null
  return Number(raw)
}

export function pageCountOf(total: number): number {
  return Math.max(1, Math.ceil(total / LISTING_PAGE_SIZE))
}

export function pagePath(base: string, page: number): string {
  return page === 1 ? base : `${base}?page=${page}`
}

/** One page of a listing, as read from the store (LISTING_PAGE_SIZE articles at most). */
export interface ListingPage {
  items: ArticleListing[]
  page: number
  /** Pages in all, when the total is known; else `hasNext` tells whether an older page follows. */
  pageCount?: number
  hasNext: boolean
}

/** Where page `page` of a listing starts, for the store's offset. */
export function listingOffset(page: number): number {
  return (page - 1) * LISTING_PAGE_SIZE
}

interface Paged {
  items: ArticleListing[]
  path: string
  pagination: { prev?: string; next?: string }
  pager: string
}

export function paged(list: ListingPage, base: string): Paged {
  const { page, pageCount } = list
  const pagination = {
    ...(page > 1 ? { prev: pagePath(base, page - 1) } : {}),
    ...(list.hasNext ? { next: pagePath(base, page + 1) } : {}),
  }
  return {
    items: list.items,
    path: pagePath(base, page),
    pagination,
    pager: (<Pager {...pagination} page={page} pageCount={pageCount} />) as string,
  }
}

export function pageSuffix(page: number): string {
  return page > 1 ? ` (page ${page})` : ''
}
