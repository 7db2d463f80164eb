// Idempotency-Key on the endpoints whose table row lists the header (POST /api/content/): the same
// key and body replay the first answer, another body is refused, a concurrent duplicate waits.
// Records are scoped to the API key; 5xx, 429 and dry runs are never stored.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { queryFlag } from '../api/envelope.js'
import { LIMITS } from '../contract/limits.js'
import type { EndpointDefinition } from '../contract/endpoints.js'
import { ApiError } from '../contract/errors.js'
import { createPayloadAsksDryRun } from '../content/connector-payload.js'
import type { IdempotencyLocks } from '../store/counters.js'
import type { IdempotencyRecordStore } from '../store/idempotency-records.js'
import { addEndpointHook } from './endpoint-hooks.js'
import { bodyFingerprint } from './canonical-json.js'

const IDEMPOTENCY_WINDOW_MS = LIMITS.idempotencyReplaySeconds * 1000
// A lock outlives any request (requestTimeout is 60 s), so a crashed holder frees its key soon after.
const LOCK_LEASE_MS = 120_000
/** Headers replayed with the stored answer; the rest (rate limits, request id) belong to each request. */
const REPLAYED_HEADERS = ['content-type', 'x-content-api-version', 'location']

interface InFlight {
  scope: string
  key: string
  lock: string
  fingerprint: string
}

declare module 'fastify' {
  interface FastifyRequest {
    idempotency?: InFlight
  }
}

/** The header value, bare or quoted ("abc" → abc); undefined when absent. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers['idempotency-key']
  if (raw === undefined) return undefined
  const value = (Array.isArray(raw) ? raw[0]! : raw).trim()
  const key = /^"(.*)"$/.test(value) ? value.slice(1, -1) : value
  if (key === '' || key.length > LIMITS.idempotencyKeyMaxLength) {
    throw new ApiError('validation_failed', {
      message: `The Idempotency-Key header must be 1 to ${LIMITS.idempotencyKeyMaxLength} characters.`,
      errors: [{ field: 'Idempotency-Key', message: `must be 1 to ${LIMITS.idempotencyKeyMaxLength} characters` }],
    })
  }
  return key
}

export function registerIdempotency(app: FastifyInstance, records: IdempotencyRecordStore, locks: IdempotencyLocks, clock: () => Date) {
  const keyed = (def: EndpointDefinition) => def.headers?.includes('Idempotency-Key') === true
  addEndpointHook(app, 'preHandler', keyed, async (request, reply) => {
    const key = idempotencyKeyOf(request)
    // A dry run is never stored (nor locked), whether the flag comes by query or by body.
    if (key === undefined || queryFlag(request.query, 'dry_run') || createPayloadAsksDryRun(request.body) || !request.apiKey) return
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
    if (!(await locks.acquire(lock, LOCK_LEASE_MS, clock().getTime()))) {
      throw new ApiError('idempotency_in_progress', { headers: { 'Retry-After': '1' } })
    }
    // The first request may have finished between the look-up and the lock.
    try {
      if (await replay()) {
        await locks.release(lock)
        return reply
      }
    } catch (error) {
      await locks.release(lock)
      throw error
    }
    request.idempotency = { scope, key, lock, fingerprint }
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

  const release = async (request: FastifyRequest) => {
    const inFlight = request.idempotency
    if (!inFlight) return
    request.idempotency = undefined
    await locks.release(inFlight.lock).catch(() => {})
  }
  addEndpointHook(app, 'onResponse', keyed, release)
  addEndpointHook(app, 'onRequestAbort', keyed, release)
}
