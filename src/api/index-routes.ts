// GET /api/, /api/health and /api/content/version: the API's own description, liveness and version.
import type { FastifyInstance } from 'fastify'
import { ENDPOINT_IDS, ENDPOINTS, keyedQueryNotes, type EndpointDefinition } from '../contract/endpoints.js'
import type { AppDeps } from '../app-deps.js'
import { ok } from './envelope.js'
import { route } from '../http/endpoint-route.js'

export function indexRoutes(app: FastifyInstance, deps: AppDeps) {
  const base = deps.config.publicUrl
  // The index never changes while the process runs: build it once.
  const index = ok({
    name: `${deps.site.name} Content API`,
    docs: `${base}/developers/`,
    openapi: `${base}/openapi.json`,
    auth: `${base}/auth.md`,
    endpoints: ENDPOINT_IDS.map((id) => {
      const def: EndpointDefinition = ENDPOINTS[id]
      const keyed = keyedQueryNotes(def)
      return {
        method: def.method,
        path: def.path,
        auth: def.auth === 'bearer' ? `bearer (${def.scope ?? 'write'})` : 'none',
        description: keyed.length ? `${def.summary} (${keyed.join('; ')})` : def.summary,
      }
    }),
  })
  route(app, 'apiIndex', async () => index)
  route(app, 'health', async () => ({ status: 'ok', time: deps.clock().toISOString() }))
  route(app, 'contentVersion', async () => ok({ render_capabilities: deps.renderCapabilities }))
}
