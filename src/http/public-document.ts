// Answers for public documents: a rendered body cached per content generation, a strong ETag,
// Last-Modified, 304 on revalidation without rendering, and CORS for the discovery documents.
import { createHash } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'

export interface RenderedDocument {
  body: Buffer
  contentType: string
  etag: string
  lastModified: Date | null
}

export function renderedDocument(body: string | Buffer, contentType: string, lastModified: Date | null): RenderedDocument {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body
  const etag = `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`
  return { body: bytes, contentType, etag, lastModified }
}

/**
 * Keeps the last rendering of each document (by key) with the generation it was made for.
 * A key may carry a variant (e.g. `page:/insights/|markdown`).
 */
export class DocumentCache {
  private readonly entries = new Map<string, { generation: number; document: RenderedDocument }>()

  constructor(private readonly maxEntries = 5_000) {}

  async get(key: string, generation: number, render: () => Promise<RenderedDocument> | RenderedDocument): Promise<RenderedDocument> {
    const hit = this.entries.get(key)
    if (hit && hit.generation === generation) return hit.document
    const document = await render()
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string)
    this.entries.set(key, { generation, document })
    return document
  }
}

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
  reply.header('Access-Control-Allow-Headers', typeof requested === 'string' && requested ? requested : 'Accept, If-None-Match, If-Modified-Since')
  reply.header('Access-Control-Max-Age', '86400')
  return reply.code(204).send()
}

function notModified(request: FastifyRequest, document: RenderedDocument): boolean {
  const ifNoneMatch = request.headers['if-none-match']
  if (ifNoneMatch !== undefined) {
    return ifNoneMatch.split(',').some((tag) => {
      const t = tag.trim()
      return t === '*' || t === document.etag || t === `W/${document.etag}`
    })
  }
  const ifModifiedSince = request.headers['if-modified-since']
  if (ifModifiedSince && document.lastModified) {
    const since = Date.parse(ifModifiedSince)
    return !Number.isNaN(since) && Math.floor(document.lastModified.getTime() / 1000) <= Math.floor(since / 1000)
  }
  return false
}

export interface SendOptions {
  cors?: boolean
  /** Cache-Control value; public documents revalidate by default. */
  cacheControl?: string
  /** Sent when the same URL has other representations (markdown twins). */
  vary?: string
}

/** Sends a rendered document, or 304 when the client's copy is current. */
export function sendDocument(request: FastifyRequest, reply: FastifyReply, document: RenderedDocument, options: SendOptions = {}) {
  if (options.cors) setPublicCors(reply)
  if (options.vary) reply.header('Vary', options.vary)
  reply.header('ETag', document.etag)
  if (document.lastModified) reply.header('Last-Modified', document.lastModified.toUTCString())
  reply.header('Cache-Control', options.cacheControl ?? 'public, max-age=0, must-revalidate')
  if (notModified(request, document)) return reply.code(304).send()
  return reply.code(200).type(document.contentType).send(document.body)
}
