// Registers a route for a row of the endpoint table: method, path and config come from the table.
// Both the Content API and the MCP endpoint register their rows through it.
import type { FastifyInstance, RouteHandlerMethod } from 'fastify'
import { ENDPOINTS, routerPath, type EndpointId } from '../contract/endpoints.js'
import { markHandlerStarted } from '../http/error-handler.js'

export function route(app: FastifyInstance, id: EndpointId, handler: RouteHandlerMethod) {
  const def = ENDPOINTS[id]
  app.route({
    method: def.method,
    url: routerPath(def.path),
    config: { endpointId: id },
    handler(request, reply) {
      markHandlerStarted(request)
      return handler.call(this, request, reply)
    },
  })
}
