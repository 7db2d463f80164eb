// X-Content-API-Version (and nosniff) on every answer; a request locking another major is refused before anything runs.
import type { FastifyInstance } from 'fastify'
import { ApiError } from '../contract/errors.js'
import { API_MAJOR, API_VERSION, API_VERSION_HEADER } from '../contract/version.js'

/** "1", "1.1", "1.1.0", "v1" → 1; anything unreadable → undefined. */
export function requestedMajor(value: string): number | undefined {
  const match = /^\s*v?(\d+)(?:\.\d+){0,2}\s*$/i.exec(value)
  return match ? Number(match[1]) : undefined
}

const REQUEST_HEADER = API_VERSION_HEADER.toLowerCase()

/**
 * Headers on every answer: set here for the answers that pass the hooks, by hand for the ones that
 * cannot. No answer is to be sniffed into another type: JSON, feeds and documents as much as pages.
 */
export const EVERY_ANSWER_HEADERS: Readonly<Record<string, string>> = {
  [API_VERSION_HEADER]: API_VERSION,
  'X-Content-Type-Options': 'nosniff',
}
const EVERY_ANSWER_HEADER_LIST = Object.entries(EVERY_ANSWER_HEADERS)

export function registerApiVersion(app: FastifyInstance) {
  // A callback hook, not an async one: it runs on every request, and a promise per request is a cost.
  app.addHook('onRequest', (request, reply, done) => {
    for (const [name, value] of EVERY_ANSWER_HEADER_LIST) reply.header(name, value)
    const requested = request.headers[REQUEST_HEADER]
    const path = request.url
    if (requested === undefined || (!path.startsWith('/api') && !path.startsWith('/mcp'))) return done()
    const value = Array.isArray(requested) ? requested.join(',') : requested
    if (requestedMajor(value) === API_MAJOR) return done()
    done(
      new ApiError('unsupported_version', {
        message: `X-Content-API-Version "${value}" is not served; this API serves major ${API_MAJOR} (${API_VERSION}).`,
      }),
    )
  })
}
