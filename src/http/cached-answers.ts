// A lean path for public reads Fastify has already answered. The exact 200 answer of a public
// document (status, headers, body) is kept per URL and per Accept / Accept-Encoding header, with the
// content generation current when its request arrived; the next identical GET is answered straight
// from node:http (no router, no hooks, no request and reply objects) while the generation has not
// moved. Anything else goes to Fastify as before: other methods, conditional or version-locked
// requests, a new generation, an answer not kept yet, the server closing.
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http'
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify'
import { API_VERSION_HEADER } from '../contract/version.js'
import { bodySize, endWithBody, type DocumentBody } from './public-document.js'

interface CachedAnswer {
  generation: number
  headers: OutgoingHttpHeaders
  body: DocumentBody
  size: number
}

/** What the lane leaves on a request it passes to Fastify, so the answer can be kept. */
interface CacheSlot {
  answers: CachedAnswers
  key: string
  generation: number
}

const CACHE_SLOT = Symbol('folio.cachedAnswerSlot')

type SlottedRequest = IncomingMessage & { [CACHE_SLOT]?: CacheSlot }

const VERSION_LOCK_HEADER = API_VERSION_HEADER.toLowerCase()
const LOGS_INFO = new Set(['trace', 'debug', 'info'])

export interface CachedAnswersOptions {
  /** The content generation now: a number when it can be read at once (SQLite), else a promise. */
  generation: () => number | Promise<number>
  log: FastifyBaseLogger
  /** Bodies kept at most (they are mostly the very buffers the document cache holds). */
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

  constructor(private readonly options: CachedAnswersOptions) {
    this.budgetBytes = options.budgetBytes ?? 64 * 1024 * 1024
    this.maxAnswers = options.maxAnswers ?? 10_000
  }

  /** From now on every request goes to Fastify, which answers 503 while it closes. */
  close() {
    this.closing = true
  }

  /** Answers `req` from a kept answer, or hands it to `fallback` (Fastify). */
  answer(req: IncomingMessage, res: ServerResponse, fallback: () => void): void {
    const headers = req.headers
    if (
      this.closing ||
      req.method !== 'GET' ||
      headers['if-none-match'] !== undefined ||
      headers['if-modified-since'] !== undefined ||
      headers[VERSION_LOCK_HEADER] !== undefined
    ) {
      return fallback()
    }
    const key = `${headers.accept ?? ''}\n${headers['accept-encoding'] ?? ''}\n${req.url}`
    let generation: number | Promise<number>
    try {
      generation = this.options.generation()
    } catch {
      // The store cannot tell: Fastify's route answers with the store's own error.
      return fallback()
    }
    if (typeof generation === 'number') return this.answerAt(generation, key, req, res, fallback)
    generation.then(
      (now) => this.answerAt(now, key, req, res, fallback),
      () => fallback(),
    )
  }

  private answerAt(generation: number, key: string, req: SlottedRequest, res: ServerResponse, fallback: () => void) {
    if (generation > this.generation) {
      // A write moved the generation: every answer kept so far is stale, and its bytes (a 26 MB
      // llms.txt among them) are let go at once rather than when each URL is asked for again.
      this.generation = generation
      this.answers.clear()
      this.keptBytes = 0
    }
    const kept = this.answers.get(key)
    if (kept && kept.generation === generation) {
      res.writeHead(200, kept.headers)
      endWithBody(res, kept.body)
      this.logServed(req, res)
      return
    }
    if (kept) this.forget(key, kept)
    req[CACHE_SLOT] = { answers: this, key, generation }
    fallback()
  }

  private keep(key: string, answer: CachedAnswer) {
    if (answer.generation < this.generation) return
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
  private logServed(req: IncomingMessage, res: ServerResponse) {
    if (!LOGS_INFO.has(this.options.log.level)) return
    this.options.log.info(
      {
        reqId: `cached-${++this.served}`,
        req: { method: req.method, url: req.url, remoteAddress: req.socket.remoteAddress },
        res: { statusCode: res.statusCode },
      },
      'request completed from the kept answer',
    )
  }

  /** Called as a public document is sent with 200: keeps the answer when the lane passed the request on. */
  static offer(request: FastifyRequest, reply: FastifyReply, contentType: string, body: DocumentBody) {
    const slot = (request.raw as SlottedRequest)[CACHE_SLOT]
    if (!slot) return
    const size = bodySize(body)
    const headers = { ...reply.getHeaders(), 'content-type': contentType, 'content-length': String(size) } as OutgoingHttpHeaders
    slot.answers.keep(slot.key, { generation: slot.generation, headers, body, size })
  }
}
