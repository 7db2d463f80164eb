// Fixed-window rate limits per client address, driven by the endpoint table's `ratePolicy`: every
// answer of a limited endpoint carries the RateLimit headers; past the quota it answers 429.
// Counted in onRequest before authentication, so unauthenticated guessing of keys is limited too.
import type { FastifyInstance } from 'fastify'
import type { Config } from '../config.js'
import type { EndpointDefinition } from '../contract/endpoints.js'
import { ApiError } from '../contract/errors.js'
import type { RateWindows } from '../store/counters.js'
import { endpointOf } from './authenticate.js'
import { addEndpointHook } from './endpoint-hooks.js'

export function registerRateLimits(app: FastifyInstance, windows: RateWindows, config: Config, clock: () => Date) {
  addEndpointHook(
    app,
    'onRequest',
    (def) => def.ratePolicy !== undefined,
    async (request, reply) => {
      const def: EndpointDefinition | undefined = endpointOf(request)?.def
      const policy = def?.ratePolicy
      if (!policy) return
      const { requests: quota, windowSeconds } = config.rateLimits[policy]
      const nowMs = clock().getTime()
      const windowMs = windowSeconds * 1000
      const windowStart = Math.floor(nowMs / windowMs) * windowMs
      const resetSeconds = (windowStart + windowMs) / 1000
      const secondsLeft = Math.max(1, Math.ceil(resetSeconds - nowMs / 1000))
      // request.ip honours FOLIO_TRUST_PROXY (Fastify's trustProxy): X-Forwarded-For only when trusted.
      const hits = await windows.hit(`${policy}:${request.ip}:${windowStart}`, windowMs, nowMs)
      const remaining = Math.max(0, quota - hits)
      reply.header('RateLimit', `"${policy}";r=${remaining};t=${secondsLeft}`)
      reply.header('RateLimit-Policy', `"${policy}";q=${quota};w=${windowSeconds}`)
      reply.header('X-RateLimit-Limit', String(quota))
      reply.header('X-RateLimit-Remaining', String(remaining))
      reply.header('X-RateLimit-Reset', String(resetSeconds))
      if (hits > quota) throw new ApiError('rate_limited', { headers: { 'Retry-After': String(secondsLeft) } })
    },
  )
}
