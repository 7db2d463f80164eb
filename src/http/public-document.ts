// Sends a public document: its rendering (compressed as the client accepts), a strong ETag,
// Last-Modified, 304 when the client's copy is current, CORS for the discovery documents, and the
// answer offered to the kept answers that replay it without Fastify.
import { Readable } from 'node:stream'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { CachedAnswers } from './cached-answers.js'
import { acceptedCoding, COMPRESS_FROM_BYTES, encodedBody, encodedEtag } from './compression.js'
import { clientCopyIsCurrent } from './conditional-get.js'
import type { RenderedDocument } from './document-body.js'
import { setPublicCors } from './public-cors.js'

function mergeVary(vary: string | undefined, add: string): string {
  if (!vary) return add
  return vary.split(',').some((v) => v.trim().toLowerCase() === add.toLowerCase()) ? vary : `${vary}, ${add}`
}

export interface SendOptions {
  /** The content generation the document was rendered for (CONTENT_INDEPENDENT when it reads no
   *  content): its 200 answer may then be kept and replayed while that generation lasts. */
  generation?: number
  cors?: boolean
  /** Cache-Control value; public documents revalidate by default. */
  cacheControl?: string
  /** Sent when the same URL has other representations (markdown twins). */
  vary?: string
}

/**
 * Sends a rendered document, or 304 when the client's copy is current. A body of 1 KB or more goes
 * compressed (br, else gzip) when the client accepts it, from the copy made once per rendering.
 */
export async function sendDocument(request: FastifyRequest, reply: FastifyReply, document: RenderedDocument, options: SendOptions = {}) {
  if (options.cors) setPublicCors(reply)
  for (const [name, value] of Object.entries(document.headers ?? {})) reply.header(name, value)
  const compressible = document.size >= COMPRESS_FROM_BYTES
  const vary = compressible ? mergeVary(options.vary, 'Accept-Encoding') : options.vary
  if (vary) reply.header('Vary', vary)
  const coding = compressible ? acceptedCoding(request.headers['accept-encoding']) : undefined
  const made = coding ? encodedBody(document, coding) : null
  const encoded = made instanceof Promise ? await made : made
  reply.header('ETag', encoded && coding ? encodedEtag(document.etag, coding) : document.etag)
  if (document.lastModified) reply.header('Last-Modified', document.lastModified.toUTCString())
  reply.header('Cache-Control', options.cacheControl ?? 'public, max-age=0, must-revalidate')
  // Any representation's validator revalidates: they all come from the same rendering.
  const validators = [document.etag, encodedEtag(document.etag, 'br'), encodedEtag(document.etag, 'gzip')]
  if (clientCopyIsCurrent(request.headers, validators, document.lastModified)) return reply.code(304).send()
  if (encoded && coding) reply.header('Content-Encoding', coding)
  const body = encoded ?? document.body
  reply.code(200).type(document.contentType)
  if (!Buffer.isBuffer(body)) reply.header('Content-Length', String(document.size))
  if (options.generation !== undefined) CachedAnswers.offer(request, reply, document.contentType, body, options.generation)
  return reply.send(Buffer.isBuffer(body) ? body : Readable.from(body))
}
