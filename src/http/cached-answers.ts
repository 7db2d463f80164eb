// A lean path for public reads Fastify has already answered. The exact 200 answer of a public
// document (status, headers, body) is kept per URL and per Accept / Accept-Encoding header, with the
// content generation it was rendered for; the next identical GET is answered straight from
// node:http (no router, no hooks, no request and reply objects) while the generation has not
// moved. Anything else goes to Fastify as before, without a store read: other methods, conditional
// or version-locked requests, requests carrying credentials, an answer not kept, a new generation,
// the server closing.
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http'
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify'
import { API_VERSION_HEADER } from '../contract/version.js'
import { isConditional } from './conditional-get.js'
import { bodySize, CONTENT_INDEPENDENT, endWithBody, type DocumentBody } from './document-body.js'

/** Fastify's logger is pino's, which can tell whether a level is written. */
type RequestLog = FastifyBaseLogger & { isLevelEnabled?(level: string): boolean }

interface CachedAnswer {
  /** The generation its document was rendered for, or CONTENT_INDEPENDENT. */
  generation: number
  headers: OutgoingHttpHeaders
  body: DocumentBody
  /** Bytes it holds: body, key and headers. */
  size: number
}

/** What the lane leaves on a request it passes to Fastify, so the answer can be kept. */
interface CacheSlot {
  answers: CachedAnswers
  key: string
}

const CACHE_SLOT = Symbol('folio.cachedAnswerSlot')

type SlottedRequest = IncomingMessage & { [CACHE_SLOT]?: CacheSlot }

const VERSION_LOCK_HEADER = API_VERSION_HEADER.toLowerCase()

/** Longer URL + Accept + Accept-Encoding keys are not kept: browsers send a few hundred characters,
 *  and a client spraying long headers or query strings must not fill the memory. */
const MAX_KEY_CHARS = 1_024

export interface CachedAnswersOptions {
  /** The content generation now: a number when it can be read at once (SQLite), else a promise. */
  generation: () => number | Promise<number>
  log: RequestLog
  /** Bytes kept at most (bodies, mostly the very buffers the document cache holds, keys and headers). */
  budgetBytes?: number
  maxAnswers?: number
}

export class CachedAnswers {
  private readonly answers = new Map<string, CachedAnswer>()
  private keptBytes = 0
  /** The newest generation seen: answers kept under an older one can never be served again. */
  private generation = -1
  private closing = false
  private served = 0
  private readonly budgetBytes: number
  private readonly maxAnswers: number
  /** Fastify logs every request at info level: so do kept answers. */
  private readonly logsRequests: boolean

  constructor(private readonly options: CachedAnswersOptions) {
    this.budgetBytes = options.budgetBytes ?? 32 * 1024 * 1024
    this.maxAnswers = options.maxAnswers ?? 4_000
    this.logsRequests = options.log.isLevelEnabled?.('info') ?? false
  }

  /** From now on every request goes to Fastify, which answers 503 while it closes. */
  close() {
    this.closing = true
  }

  /** Answers `req` from a kept answer, or hands it to `fallback` (Fastify). */
  answer(req: SlottedRequest, res: ServerResponse, fallback: () => void): void {
    const headers = req.headers
    // A request with credentials may be answered what only its key may read (a draft with
    // ?status=all): it is never answered from, nor kept for, the lane that serves everyone.
    if (
      this.closing ||
      req.method !== 'GET' ||
      isConditional(headers) ||
      headers[VERSION_LOCK_HEADER] !== undefined ||
      headers.authorization !== undefined
    )
      return fallback()
    const key = `${headers.accept ?? ''}\n${headers['accept-encoding'] ?? ''}\n${req.url}`
    const kept = this.answers.get(key)
    if (!kept) {
      if (key.length <= MAX_KEY_CHARS) req[CACHE_SLOT] = { answers: this, key }
      return fallback()
    }
    if (kept.generation === CONTENT_INDEPENDENT) return this.replay(kept, req, res)
    // Only a kept answer costs a read of the generation (on PostgreSQL a query): /api/health and
    // every other request never wait on the store here.
    let generation: number | Promise<number>
    try {
      generation = this.options.generation()
    } catch {
      // The store cannot tell: Fastify's route answers with the store's own error.
      return fallback()
    }
    if (typeof generation === 'number') return this.answerAt(generation, key, kept, req, res, fallback)
    generation
      .then(
        (now) => this.answerAt(now, key, kept, req, res, fallback),
        () => fallback(),
      )
      .catch((error: unknown) => this.options.log.error({ err: error }, 'a request could not be answered after reading the generation'))
  }

  private answerAt(generation: number, key: string, kept: CachedAnswer, req: SlottedRequest, res: ServerResponse, fallback: () => void) {
    if (kept.generation === generation) return this.replay(kept, req, res)
    if (generation > this.generation) {
      // A write moved the generation: every answer that reads the content is stale now, and its
      // bytes (a 26 MB llms.txt among them) are let go at once, not when its URL is asked again.
      this.generation = generation
      for (const [oldKey, old] of this.answers) if (old.generation !== CONTENT_INDEPENDENT) this.forget(oldKey, old)
    } else if (this.answers.get(key) === kept) {
      this.forget(key, kept)
    }
    req[CACHE_SLOT] = { answers: this, key }
    fallback()
  }

  private replay(kept: CachedAnswer, req: IncomingMessage, res: ServerResponse) {
    const started = this.logsRequests ? performance.now() : 0
    try {
      res.writeHead(200, kept.headers)
      endWithBody(res, kept.body)
    } catch (error) {
      // Fastify sent these very headers and bytes once; should the socket refuse them now, the
      // connection is dropped rather than the process (a throw here would be uncaught).
      this.options.log.error({ err: error }, 'a kept answer could not be written')
      res.destroy()
      return
    }
    if (this.logsRequests) this.logServed(req, res, started)
  }

  private keep(key: string, answer: CachedAnswer) {
    // Rendered for a generation already left behind: it could never be served.
    if (answer.generation !== CONTENT_INDEPENDENT && answer.generation < this.generation) return
    const previous = this.answers.get(key)
    if (previous) this.forget(key, previous)
    this.answers.set(key, answer)
    this.keptBytes += answer.size
    // Oldest first: a kept answer costs nothing on a hit, so none is moved to the back.
    for (const [oldKey, old] of this.answers) {
      if (this.keptBytes <= this.budgetBytes && this.answers.size <= this.maxAnswers) break
      if (oldKey !== key) this.forget(oldKey, old)
    }
  }

  private forget(key: string, answer: CachedAnswer) {
    this.answers.delete(key)
    this.keptBytes -= answer.size
  }

  /** The access log line Fastify would have written (at info level only). */
  private logServed(req: IncomingMessage, res: ServerResponse, started: number) {
    const requestId = req.headers['x-request-id']
    this.options.log.info(
      {
        reqId: typeof requestId === 'string' && requestId ? requestId : `kept-${++this.served}`,
        req: { method: req.method, url: req.url, remoteAddress: req.socket.remoteAddress },
        res: { statusCode: res.statusCode },
        responseTime: performance.now() - started,
      },
      'request completed from the kept answer',
    )
  }

  /**
   * Called as a public document is sent with 200: keeps the answer when the lane passed the request
   * on. `generation` is the one the document was rendered for (CONTENT_INDEPENDENT when it reads no content).
   */
  static offer(request: FastifyRequest, reply: FastifyReply, contentType: string, body: DocumentBody, generation: number) {
    const slot = (request.raw as SlottedRequest)[CACHE_SLOT]
    if (!slot) return
    const bodyBytes = bodySize(body)
    const headers = { ...reply.getHeaders(), 'content-type': contentType, 'content-length': String(bodyBytes) } as OutgoingHttpHeaders
    let headerBytes = 0
    for (const [name, value] of Object.entries(headers)) headerBytes += name.length + String(value).length
    slot.answers.keep(slot.key, { generation, headers, body, size: bodyBytes + slot.key.length + headerBytes })
  }
}
