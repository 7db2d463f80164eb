// Serving the bytes of one stored image: strong ETag and 304, long-lived caching for content-hashed
// keys, no sniffing, a sandbox. Who may see the image is decided by the caller (the public route
// shows published articles' images only), so another route can serve the same record its own way.
import type { FastifyReply, FastifyRequest } from 'fastify'
import { ApiError } from '../contract/errors.js'
import { matchesEntityTag } from '../http/conditional-get.js'
import { isHashedKey } from '../content/images.js'
import type { ImageRow } from '../store/store.js'

function etagOf(record: ImageRow): string {
  return `"${Buffer.from(record.sha256, 'hex').toString('base64url')}"`
}

/** 404 for an image that is not there or not to be seen, never kept by any cache. */
export function imageNotFound(): ApiError {
  return new ApiError('not_found', {
    message: 'No image here.',
    hint: 'Image URLs come from the image record of POST /api/content/images; an image is public once its article is published.',
    headers: { 'Cache-Control': 'no-store' },
  })
}

/** Answers `record` with its bytes (read only when the client's copy is not current). */
export async function serveImage(request: FastifyRequest, reply: FastifyReply, record: ImageRow, bytes: () => Promise<Buffer | undefined>) {
  const etag = etagOf(record)
  reply.header('ETag', etag)
  // A content-hashed key never changes its bytes; a fixed-variant key does, so it revalidates.
  reply.header('Cache-Control', isHashedKey(record.key) ? 'public, max-age=31536000, immutable' : 'public, no-cache')
  reply.header('X-Content-Type-Options', 'nosniff')
  // Files are accepted by their first bytes, so a polyglot (an image that is also HTML or SVG) can
  // be stored: opened directly it runs nothing and reaches nothing.
  reply.header('Content-Security-Policy', "default-src 'none'; sandbox")
  // Only If-None-Match: an image answer carries no Last-Modified.
  if (request.headers['if-none-match'] !== undefined && matchesEntityTag(request.headers['if-none-match'], [etag]))
    return reply.code(304).send()
  const body = await bytes()
  if (!body) throw imageNotFound()
  reply.header('Content-Length', String(body.length))
  return reply.code(200).type(record.type).send(body)
}
