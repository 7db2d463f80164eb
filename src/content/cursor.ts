// The paging cursors: opaque, versioned, URL-safe tokens naming the last item of a page. The
// catalog's names an article by its place in the catalog order (published_at, slug); with drafts
// listed, by its listing time and the status it lists; a revision list's, the slug and revision. A
// checksum makes a hand-made or mangled value fail: a cursor grants nothing (it only positions), so
// a fixed-key digest is enough and every instance can read every other instance's cursors.
import { createHash } from 'node:crypto'
import { SLUG_REGEX } from '../contract/limits.js'
import type { DraftListing, ListedPosition } from '../store/status-listing.js'
import type { CatalogPosition } from '../store/store.js'

/** c1: the published catalog (unchanged since the first release); c2: a catalog with drafts; r1: revisions. */
type CursorVersion = 'c1' | 'c2' | 'r1'

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/

function checksum(version: CursorVersion, payload: string): string {
  return createHash('sha256').update(`folio-catalog-cursor:${version}:${payload}`).digest('base64url').slice(0, 22)
}

function seal(version: CursorVersion, values: unknown[]): string {
  const payload = Buffer.from(JSON.stringify(values), 'utf8').toString('base64url')
  return `${version}.${payload}.${checksum(version, payload)}`
}

/** The values a cursor of `version` holds, or undefined when the value is not one the service issued. */
function unseal(cursor: string, version: CursorVersion, count: number): unknown[] | undefined {
  const parts = cursor.split('.')
  if (parts.length !== 3 || parts[0] !== version) return undefined
  const [, payload, check] = parts as [string, string, string]
  if (!/^[A-Za-z0-9_-]+$/.test(payload) || check !== checksum(version, payload)) return undefined
  let decoded: unknown
  try {
    decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))
  } catch {
    return undefined
  }
  return Array.isArray(decoded) && decoded.length === count ? decoded : undefined
}

const isInstant = (value: unknown): value is string => typeof value === 'string' && ISO_INSTANT.test(value)
const isSlug = (value: unknown): value is string => typeof value === 'string' && SLUG_REGEX.test(value)

export function encodeCursor(position: CatalogPosition): string {
  return seal('c1', [position.published_at, position.slug])
}

/** The position a published-catalog cursor names, or undefined when the value is not one the service issued. */
export function decodeCursor(cursor: string): CatalogPosition | undefined {
  const values = unseal(cursor, 'c1', 2)
  if (!values) return undefined
  const [publishedAt, slug] = values
  return isInstant(publishedAt) && isSlug(slug) ? { published_at: publishedAt, slug } : undefined
}

/** A catalog cursor with the status it lists: `published` (c1) or drafts (c2). */
export type CatalogCursor = { status: 'published'; after: CatalogPosition } | { status: DraftListing; after: ListedPosition }

export function encodeCatalogCursor(cursor: CatalogCursor): string {
  if (cursor.status === 'published') return encodeCursor(cursor.after)
  return seal('c2', [cursor.status, cursor.after.listed_at, cursor.after.slug])
}

export function decodeCatalogCursor(cursor: string): CatalogCursor | undefined {
  const published = decodeCursor(cursor)
  if (published) return { status: 'published', after: published }
  const values = unseal(cursor, 'c2', 3)
  if (!values) return undefined
  const [status, listedAt, slug] = values
  if ((status !== 'draft' && status !== 'all') || !isInstant(listedAt) || !isSlug(slug)) return undefined
  return { status, after: { listed_at: listedAt, slug } }
}

export function encodeRevisionCursor(slug: string, revision: number): string {
  return seal('r1', [slug, revision])
}

/** The revision a revision-list cursor names, or undefined when it is not one the service issued. */
export function decodeRevisionCursor(cursor: string): { slug: string; revision: number } | undefined {
  const values = unseal(cursor, 'r1', 2)
  if (!values) return undefined
  const [slug, revision] = values
  return isSlug(slug) && Number.isInteger(revision) && (revision as number) > 0 ? { slug, revision: revision as number } : undefined
}
