// The catalog's paging cursor: an opaque, versioned, URL-safe token naming the last article of a
// page by its place in the catalog order (published_at, slug). A checksum makes a hand-made or
// mangled value fail: the cursor grants nothing (it only positions within public articles), so a
// fixed-key digest is enough and every instance can read every other instance's cursors.
import { createHash } from 'node:crypto'
import { SLUG_REGEX } from '../contract/limits.js'
import type { CatalogPosition } from '../store/store.js'

const VERSION = 'c1'
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/

function checksum(payload: string): string {
  return createHash('sha256').update(`folio-catalog-cursor:${VERSION}:${payload}`).digest('base64url').slice(0, 22)
}

export function encodeCursor(position: CatalogPosition): string {
  const payload = Buffer.from(JSON.stringify([position.published_at, position.slug]), 'utf8').toString('base64url')
  return `${VERSION}.${payload}.${checksum(payload)}`
}

/** The position a cursor names, or undefined when the value is not one the service issued. */
export function decodeCursor(cursor: string): CatalogPosition | undefined {
  const parts = cursor.split('.')
  if (parts.length !== 3 || parts[0] !== VERSION) return undefined
  const [, payload, check] = parts as [string, string, string]
  if (!/^[A-Za-z0-9_-]+$/.test(payload) || check !== checksum(payload)) return undefined
  let decoded: unknown
  try {
    decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))
  } catch {
    return undefined
  }
  if (!Array.isArray(decoded) || decoded.length !== 2) return undefined
  const [publishedAt, slug] = decoded as unknown[]
  if (typeof publishedAt !== 'string' || !ISO_INSTANT.test(publishedAt)) return undefined
  if (typeof slug !== 'string' || !SLUG_REGEX.test(slug)) return undefined
  return { published_at: publishedAt, slug }
}
