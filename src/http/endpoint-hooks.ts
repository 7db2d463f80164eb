// Attaches a hook only to the routes of the endpoint table whose row needs it (rate policy, Bearer
// auth, Idempotency-Key), once when each route is registered. Public reads then run none of these
// hooks at all, instead of every request asking every hook whether it applies.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { ENDPOINTS, type EndpointDefinition } from '../contract/endpoints.js'

interface PhaseHandlers {
  onRequest: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>
  preHandler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>
  onSend: (request: FastifyRequest, reply: FastifyReply, payload: unknown) => Promise<unknown>
  onResponse: (request: FastifyRequest, reply: FastifyReply) => Promise<void>
  onRequestAbort: (request: FastifyRequest) => Promise<void>
}
type Phase = keyof PhaseHandlers

/** Must be called before the routes are registered; hooks of one phase run in the order added. */
export function addEndpointHook<P extends Phase>(
  app: FastifyInstance,
  phase: P,
  applies: (def: EndpointDefinition) => boolean,
  hook: PhaseHandlers[P],
) {
  app.addHook('onRoute', (route) => {
    const id = route.config?.endpointId
    if (!id || !applies(ENDPOINTS[id])) return
    const existing = (route as Record<Phase, unknown>)[phase]
    const list: unknown[] = existing === undefined ? [] : Array.isArray(existing) ? existing : [existing]
    // A HEAD route made from a GET route arrives here again with the GET's hooks already copied.
    if (list.includes(hook)) return
    ;(route as Record<Phase, unknown>)[phase] = [...list, hook]
  })
}
