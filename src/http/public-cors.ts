// CORS for the public discovery documents: any origin, no credentials, and their preflight.
import type { FastifyReply, FastifyRequest } from 'fastify'

/** CORS for public discovery documents: any origin, no credentials; the useful headers exposed. */
export function setPublicCors(reply: FastifyReply) {
  reply.header('Access-Control-Allow-Origin', '*')
  reply.header('Access-Control-Expose-Headers', 'ETag, Link, X-Content-API-Version')
}

/** The preflight answer for a public document (OPTIONS with Access-Control-Request-Method). */
export function sendPreflight(request: FastifyRequest, reply: FastifyReply) {
  setPublicCors(reply)
  reply.header('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS')
  const requested = request.headers['access-control-request-headers']
  reply.header(
    'Access-Control-Allow-Headers',
    typeof requested === 'string' && requested ? requested : 'Accept, If-None-Match, If-Modified-Since',
  )
  reply.header('Access-Control-Max-Age', '86400')
  return reply.code(204).send()
}
