// Answers for public documents: a rendered body cached per content generation, a strong ETag,
// Last-Modified, 304 on revalidation without rendering, gzip/br made once per rendering, and CORS
// for the discovery documents.
import { createHash } from 'node:crypto'
import { Readable } from 'node:stream'
import { promisify } from 'node:util'
import { brotliCompress, brotliCompressSync, constants as zlib, createBrotliCompress, createGzip, gzip, gzipSync } from 'node:zlib'
import type { IncomingHttpHeaders } from 'node:http'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { CachedAnswers } from './cached-answers.js'

/**
 * A body in one buffer, or in slices: a document of tens of MB (an llms.txt of 100 000 articles)
 * is built a slice at a time and is never copied into one buffer, which would hold it twice.
 */
export type DocumentBody = Buffer | readonly Buffer[]

export function bodySize(body: DocumentBody): number {
  return Buffer.isBuffer(body) ? body.length : body.reduce((sum, part) => sum + part.length, 0)
}

/** Writes a body and ends the response (node:http, for the kept answers). */
export function endWithBody(res: { write(chunk: Buffer): unknown; end(chunk?: Buffer): unknown }, body: DocumentBody) {
  if (Buffer.isBuffer(body)) return res.end(body)
  for (const part of body) res.write(part)
  return res.end()
}

export interface RenderedDocument {
  body: DocumentBody
  /** Bytes of the body. */
  size: number
  contentType: string
  etag: string
  lastModified: Date | null
  /** Compressed copies, made the first time a client accepts them and kept with the rendering
   *  (a promise while a large one is being made, so concurrent readers wait for the same one). */
  encoded?: Partial<Record<ContentCoding, Buffer | null | Promise<Buffer | null>>>
}

type ContentCoding = 'br' | 'gzip'

/** Smaller bodies go as they are: compressing them saves less than it costs. */
const COMPRESS_FROM_BYTES = 1_024

/** Bodies from this size are compressed on libuv's thread pool: a 26 MB llms.txt takes a second to compress, which must not stop the event loop. */
const COMPRESS_OFF_LOOP_FROM_BYTES = 256 * 1024

const brotliOffLoop = promisify(brotliCompress)
const gzipOffLoop = promisify(gzip)

function compress(body: DocumentBody, size: number, coding: ContentCoding): Buffer | Promise<Buffer> {
  // Brotli quality 5: near gzip's speed at a smaller size; quality 11 takes seconds on a large sitemap.
  const brotli = { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: size } }
  const gzipLevel = { level: 6 }
  if (!Buffer.isBuffer(body)) return compressSlices(body, coding === 'br' ? createBrotliCompress(brotli) : createGzip(gzipLevel))
  if (size >= COMPRESS_OFF_LOOP_FROM_BYTES) return coding === 'br' ? brotliOffLoop(body, brotli) : gzipOffLoop(body, gzipLevel)
  return coding === 'br' ? brotliCompressSync(body, brotli) : gzipSync(body, gzipLevel)
}

/** A sliced body through a compression stream (on the thread pool), the slices never joined. */
async function compressSlices(parts: readonly Buffer[], compressor: NodeJS.ReadWriteStream): Promise<Buffer> {
  const out: Buffer[] = []
  for await (const chunk of Readable.from(parts).pipe(compressor)) out.push(chunk as Buffer)
  return Buffer.concat(out)
}

/** The coding the client accepts (br before gzip, q=0 refuses), or undefined for the body as it is. */
export function acceptedCoding(acceptEncoding: string | undefined): ContentCoding | undefined {
  if (!acceptEncoding) return undefined
  const accepted = new Set<string>()
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';')
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name.trim())
  }
  if (accepted.has('br')) return 'br'
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip'
  return undefined
}

/** The compressed body for `coding`, made once per rendering; null when compressing does not make it smaller. */
function encodedBody(document: RenderedDocument, coding: ContentCoding): Buffer | null | Promise<Buffer | null> {
  const encoded = (document.encoded ??= {})
  const kept = encoded[coding]
  if (kept !== undefined) return kept
  const smaller = (made: Buffer) => (made.length < document.size ? made : null)
  const made = compress(document.body, document.size, coding)
  if (Buffer.isBuffer(made)) return (encoded[coding] = smaller(made))
  const pending = made.then(
    (bytes) => (encoded[coding] = smaller(bytes)),
    (error: unknown) => {
      // Not kept: the next reader tries again.
      delete encoded[coding]
      throw error
    },
  )
  encoded[coding] = pending
  return pending
}

function mergeVary(vary: string | undefined, add: string): string {
  if (!vary) return add
  return vary.split(',').some((v) => v.trim().toLowerCase() === add.toLowerCase()) ? vary : `${vary}, ${add}`
}

export function renderedDocument(body: string | DocumentBody, contentType: string, lastModified: Date | null): RenderedDocument {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body
  const hash = createHash('sha256')
  for (const part of Buffer.isBuffer(bytes) ? [bytes] : bytes) hash.update(part)
  const etag = `"${hash.digest('base64url').slice(0, 27)}"`
  return { body: bytes, size: bodySize(bytes), contentType, etag, lastModified }
}

/** The generation under which documents that do not read the content are kept: they never go stale. */
export const CONTENT_INDEPENDENT = -1

export interface CacheOptions {
  /** Site-wide documents (the discovery documents: a fixed set of keys) are always kept; pages
   *  and articles, of which there may be 100 000, share a byte budget, least recently used out first. */
  pinned?: boolean
}

interface CacheEntry {
  generation: number
  document: RenderedDocument
  pinned: boolean
}

/**
 * Keeps the last rendering of each document (by key) with the generation it was made for.
 * A key may carry a variant (e.g. `page:/insights/|markdown`). Requests that miss the same key at
 * the same generation share one rendering, so fifty readers of a new sitemap cost one.
 */
export class DocumentCache {
  private readonly entries = new Map<string, CacheEntry>()
  private readonly rendering = new Map<string, { generation: number; document: Promise<RenderedDocument> }>()
  private budgetedBytes = 0
  /** The newest content generation asked for: renderings of older ones are never served again. */
  private newestGeneration = -1

  /** `budgetBytes`: bodies of unpinned documents kept at most (their compressed copies are smaller and come on top). */
  constructor(private readonly budgetBytes = 32 * 1024 * 1024) {}

  async get(
    key: string,
    generation: number,
    render: () => Promise<RenderedDocument> | RenderedDocument,
    options: CacheOptions = {},
  ): Promise<RenderedDocument> {
    if (generation > this.newestGeneration) this.moveTo(generation)
    const hit = this.entries.get(key)
    if (hit && hit.generation === generation) {
      if (!hit.pinned) {
        // Re-inserted, so the map's order is least recently used first.
        this.entries.delete(key)
        this.entries.set(key, hit)
      }
      return hit.document
    }
    const pending = this.rendering.get(key)
    if (pending && pending.generation === generation) return pending.document
    const document = Promise.resolve().then(render)
    this.rendering.set(key, { generation, document })
    try {
      const made = await document
      this.keep(key, { generation, document: made, pinned: options.pinned ?? false })
      return made
    } finally {
      if (this.rendering.get(key)?.document === document) this.rendering.delete(key)
    }
  }

  /** A write moved the generation: every rendering of the content so far is let go at once (a
   *  26 MB llms.txt is not held beside its next rendering). */
  private moveTo(generation: number) {
    this.newestGeneration = generation
    for (const [key, entry] of this.entries)
      if (entry.generation !== CONTENT_INDEPENDENT && entry.generation < generation) this.forget(key, entry)
  }

  private keep(key: string, entry: CacheEntry) {
    if (entry.generation !== CONTENT_INDEPENDENT && entry.generation < this.newestGeneration) return
    const previous = this.entries.get(key)
    // A slower rendering of an older generation never replaces a newer one.
    if (previous && previous.generation > entry.generation) return
    if (previous) this.forget(key, previous)
    this.entries.set(key, entry)
    if (entry.pinned) return
    this.budgetedBytes += entry.document.size
    for (const [oldKey, old] of this.entries) {
      if (this.budgetedBytes <= this.budgetBytes) break
      if (old.pinned || oldKey === key) continue
      this.forget(oldKey, old)
    }
  }

  private forget(key: string, entry: CacheEntry) {
    this.entries.delete(key)
    if (!entry.pinned) this.budgetedBytes -= entry.document.size
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
  reply.header(
    'Access-Control-Allow-Headers',
    typeof requested === 'string' && requested ? requested : 'Accept, If-None-Match, If-Modified-Since',
  )
  reply.header('Access-Control-Max-Age', '86400')
  return reply.code(204).send()
}

/** The ETag of a compressed copy: a strong validator names one exact byte sequence. */
function encodedEtag(etag: string, coding: ContentCoding): string {
  return `${etag.slice(0, -1)}-${coding}"`
}

/** A request that asks for an answer only when it changed (304 otherwise). */
export function isConditional(headers: IncomingHttpHeaders): boolean {
  return headers['if-none-match'] !== undefined || headers['if-modified-since'] !== undefined
}

function notModified(request: FastifyRequest, document: RenderedDocument): boolean {
  if (!isConditional(request.headers)) return false
  const ifNoneMatch = request.headers['if-none-match']
  if (ifNoneMatch !== undefined) {
    // Any representation's validator revalidates: they all come from the same rendering.
    const current = new Set([document.etag, encodedEtag(document.etag, 'br'), encodedEtag(document.etag, 'gzip')])
    return ifNoneMatch.split(',').some((tag) => {
      const t = tag.trim().replace(/^W\//, '')
      return t === '*' || current.has(t)
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
  const compressible = document.size >= COMPRESS_FROM_BYTES
  const vary = compressible ? mergeVary(options.vary, 'Accept-Encoding') : options.vary
  if (vary) reply.header('Vary', vary)
  const coding = compressible ? acceptedCoding(request.headers['accept-encoding']) : undefined
  const made = coding ? encodedBody(document, coding) : null
  const encoded = made instanceof Promise ? await made : made
  reply.header('ETag', encoded && coding ? encodedEtag(document.etag, coding) : document.etag)
  if (document.lastModified) reply.header('Last-Modified', document.lastModified.toUTCString())
  reply.header('Cache-Control', options.cacheControl ?? 'public, max-age=0, must-revalidate')
  if (notModified(request, document)) return reply.code(304).send()
  if (encoded && coding) reply.header('Content-Encoding', coding)
  const body = encoded ?? document.body
  reply.code(200).type(document.contentType)
  if (!Buffer.isBuffer(body)) reply.header('Content-Length', String(document.size))
  if (options.generation !== undefined) CachedAnswers.offer(request, reply, document.contentType, body, options.generation)
  return reply.send(Buffer.isBuffer(body) ? body : Readable.from(body))
}
