// Registers a route for a row of the endpoint table: method, path, config and request schemas come
// from the table. Both the Content API and the MCP endpoint register their rows through it.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type {
  ContextConfigDefault,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify'
import { ENDPOINTS, routerPath, type EndpointId } from '../contract/endpoints.js'
import { markHandlerStarted } from './error-handler.js'
import { endpointRequestSchema, readFlags, type EndpointRequestSchema } from './endpoint-schemas.js'

/** A handler of endpoint `Id`: request.params and request.query typed by its row's schemas. */
export type EndpointHandler<Id extends EndpointId> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  EndpointRequestSchema<Id>,
  TypeBoxTypeProvider
>

export function route<Id extends EndpointId>(app: FastifyInstance, id: Id, handler: EndpointHandler<Id>) {
  const def = ENDPOINTS[id]
  app.withTypeProvider<TypeBoxTypeProvider>().route({
    method: def.method,
    url: routerPath(def.path),
    config: { endpointId: id },
    schema: endpointRequestSchema(id),
    // Flags become booleans before the schema checks them (the query parser already kept the last
    // value of a repeated parameter: query-string.ts).
    preValidation: async (request) => {
      request.query = readFlags(id, request.query as Record<string, unknown>) as typeof request.query
    },
    handler(request, reply) {
      markHandlerStarted(request)
      return handler.call(this, request, reply)
    },
  })
}
