// Idempotency-Key on the endpoints whose table row lists the header (POST /api/content/): the same
// key and body replay the first answer, another body is refused, a concurrent duplicate waits.
// Records are scoped to the API key; 5xx, 429 and dry runs are never stored. The in-flight lock is
// held on a short lease renewed while the request runs, so a crashed holder frees it within a lease.
import { randomUUID } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { LIMITS } from '../contract/limits.js'
import type { EndpointDefinition } from '../contract/endpoints.js'
import { ApiError } from '../contract/errors.js'
import { createPayloadAsksDryRun } from '../content/connector-payload.js'
import type { IdempotencyLocks } from '../store/counters.js'
import type { IdempotencyRecordStore } from '../store/idempotency-records.js'
import { addEndpointHook } from './endpoint-hooks.js'
import { bodyFingerprint } from './canonical-json.js'

const IDEMPOTENCY_WINDOW_MS = LIMITS.idempotencyReplaySeconds * 1000

export interface LockLeaseOptions {
  /** How long a lock holds without renewal: a holder that dies frees its key this long after its last renewal. */
  leaseMs: number
  /** How often a running request renews its lease (well inside the lease, so a slow renewal does not lose it). */
  renewEveryMs: number
}

/**
 * A short lease renewed while the request runs, not a lease longer than any request: no process
 * can see whether another (on another machine) is still alive, but a dead one stops renewing.
 */
export const LOCK_LEASE: LockLeaseOptions = { leaseMs: 5_000, renewEveryMs: 1_500 }
/** Headers replayed with the stored answer; the rest (rate limits, request id) belong to each request. */
const REPLAYED_HEADERS = ['content-type', 'x-content-api-version', 'location']

interface InFlight {
  scope: string
  key: string
  lock: string
  /** This request, as the lock's holder. */
  holder: string
  fingerprint: string
  renewal: NodeJS.Timeout
}

declare module 'fastify' {
  interface FastifyRequest {
    idempotency?: InFlight
  }
}

function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code < 0x20 || code === 0x7f) return true
  }
  return false
}

/** The header value, bare or quoted ("abc" → abc); undefined when absent. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers['idempotency-key']
  if (raw === undefined) return undefined
  const value = (Array.isArray(raw) ? raw[0]! : raw).trim()
  const key = /^"(.*)"$/.test(value) ? value.slice(1, -1) : value
  // Control characters are no part of a key (the header is a structured-field string: printable text).
  if (key === '' || key.length > LIMITS.idempotencyKeyMaxLength || hasControlCharacter(key)) {
    throw new ApiError('validation_failed', {
      message: `The Idempotency-Key header must be 1 to ${LIMITS.idempotencyKeyMaxLength} printable characters.`,
      errors: [{ field: 'Idempotency-Key', message: `must be 1 to ${LIMITS.idempotencyKeyMaxLength} printable characters` }],
    })
  }
  return key
}

export function registerIdempotency(
  app: FastifyInstance,
  records: IdempotencyRecordStore,
  locks: IdempotencyLocks,
  clock: () => Date,
  lease: LockLeaseOptions = LOCK_LEASE,
) {
  const keyed = (def: EndpointDefinition) => def.headers?.includes('Idempotency-Key') === true
  addEndpointHook(app, 'preHandler', keyed, async (request, reply) => {
    const key = idempotencyKeyOf(request)
    // A dry run is never stored (nor locked), whether the flag comes by query or by body. The
    // route's schema has read the query flag as a boolean by now (endpoint-route.ts).
    const queryAsksDryRun = (request.query as { dry_run?: boolean }).dry_run === true
    if (key === undefined || queryAsksDryRun || createPayloadAsksDryRun(request.body) || !request.apiKey) return
    const scope = request.apiKey.id
    const fingerprint = bodyFingerprint(request.body)

    const replay = async () => {
      const record = await records.find(scope, key, clock())
      if (!record) return false
      if (record.fingerprint !== fingerprint) throw new ApiError('idempotency_key_reused')
      reply.headers(record.headers).header('Idempotent-Replayed', 'true').code(record.statusCode).send(record.body)
      return true
    }
    if (await replay()) return reply

    const lock = `${scope}:${key}`
    const holder = randomUUID()
    const attempt = await locks.acquire(lock, holder, lease.leaseMs, clock().getTime())
    if (!attempt.taken) {
      // The real wait: the holder's lease runs out then, unless it is alive and renews it.
      const seconds = Math.max(1, Math.ceil(attempt.remainingMs / 1000))
      throw new ApiError('idempotency_in_progress', { headers: { 'Retry-After': String(seconds) } })
    }
    // The first request may have finished between the look-up and the lock.
    try {
      if (await replay()) {
        await locks.release(lock, holder)
        return reply
      }
    } catch (error) {
      await locks.release(lock, holder)
      throw error
    }
    const renewal = setInterval(() => {
      locks
        .renew(lock, holder, lease.leaseMs, clock().getTime())
        .then((held) => {
          if (!held) request.log.warn({ key }, 'idempotency lock lost: its lease ran out before it was renewed')
        })
        .catch((error: unknown) => request.log.warn({ err: error }, 'idempotency lock not renewed'))
    }, lease.renewEveryMs)
    renewal.unref()
    request.idempotency = { scope, key, lock, holder, fingerprint, renewal }
  })

  addEndpointHook(app, 'onSend', keyed, async (request, reply, payload) => {
    const inFlight = request.idempotency
    if (!inFlight || reply.statusCode >= 500 || reply.statusCode === 429 || typeof payload !== 'string') return payload
    const headers: Record<string, string> = {}
    for (const name of REPLAYED_HEADERS) {
      const value = reply.getHeader(name)
      if (value !== undefined) headers[name] = String(value)
    }
    const now = clock()
    const record = { fingerprint: inFlight.fingerprint, statusCode: reply.statusCode, headers, body: payload }
    // The write already happened: a record that cannot be kept must not turn its answer into an error.
    // A retry then meets create rule 5 (409 naming the stored article) instead of a replay.
    await records
      .save(inFlight.scope, inFlight.key, record, now, new Date(now.getTime() + IDEMPOTENCY_WINDOW_MS))
      .catch((error: unknown) => {
        request.log.error({ err: error }, 'idempotency record not stored')
      })
    return payload
  })

  addEndpointHook(app, 'onResponse', keyed, async (request: FastifyRequest) => {
    const inFlight = request.idempotency
    if (!inFlight) return
    request.idempotency = undefined
    clearInterval(inFlight.renewal)
    await locks.release(inFlight.lock, inFlight.holder).catch(() => {})
  })
  // The client left, but the handler may still be writing: the lock is not freed for a retry to
  // run beside it. It is no longer renewed either, so it frees itself within one lease.
  addEndpointHook(app, 'onRequestAbort', keyed, async (request: FastifyRequest) => {
    if (request.idempotency) clearInterval(request.idempotency.renewal)
  })
}
