// Conditional GET (RFC 9110 §13): If-None-Match compared weakly against the current validators,
// If-Modified-Since against the last change, for every answer that carries an ETag.
import type { IncomingHttpHeaders } from 'node:http'

/** A request that asks for an answer only when it changed (304 otherwise). */
export function isConditional(headers: IncomingHttpHeaders): boolean {
  return headers['if-none-match'] !== undefined || headers['if-modified-since'] !== undefined
}

/** True when If-None-Match names one of `current` (W/"x" matches "x") or is `*`. */
export function matchesEntityTag(ifNoneMatch: string, current: readonly string[]): boolean {
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim().replace(/^W\//, '')
    return t === '*' || current.includes(t)
  })
}

/**
 * True when the client's copy is current: If-None-Match decides when sent (one of `etags`),
 * otherwise If-Modified-Since against `lastModified` (to the second, as HTTP dates go).
 */
export function clientCopyIsCurrent(headers: IncomingHttpHeaders, etags: readonly string[], lastModified: Date | null): boolean {
  const ifNoneMatch = headers['if-none-match']
  if (ifNoneMatch !== undefined) return matchesEntityTag(ifNoneMatch, etags)
  const ifModifiedSince = headers['if-modified-since']
  if (ifModifiedSince && lastModified) {
    const since = Date.parse(ifModifiedSince)
    return !Number.isNaN(since) && Math.floor(lastModified.getTime() / 1000) <= Math.floor(since / 1000)
  }
  return false
}
