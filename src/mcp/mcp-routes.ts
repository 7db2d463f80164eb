// POST /mcp: an encapsulated plugin with its own body handling, so an unreadable body is a
// JSON-RPC -32700 (not the API's invalid_json), and a DNS-rebinding guard before anything is read.
// The route is the endpoint table's `mcp` row, so the rate-limit policy `mcp` applies to it.
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify'
import secureJson from 'secure-json-parse'
import { route } from '../http/endpoint-route.js'
import type { AppDeps } from '../app-deps.js'
import { ApiError } from '../contract/errors.js'
import { LIMITS } from '../contract/limits.js'
import { sendApiError } from '../http/error-handler.js'
import { errorResponse, RPC_ERROR } from './json-rpc.js'
import { McpServer } from './mcp-server.js'
import { OriginGuard } from './origin-guard.js'

const MCP_BODY_LIMIT = LIMITS.mcpBodyBytes

function invalidRequestMessage(error: FastifyError, request: FastifyRequest): string {
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return `Invalid Request: Content-Type "${request.headers['content-type'] ?? ''}" is not a media type; send application/json.`
  }
  return `Invalid Request: ${error.message}`
}

export function mcpRoutes(app: FastifyInstance, deps: AppDeps) {
  const server = new McpServer(deps, app.log)
  const guard = new OriginGuard(deps.config.publicUrl)

  app.register(async (scope) => {
    scope.removeAllContentTypeParsers()
    // Any media type is read as text and parsed in the handler, where a failure can become -32700.
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: MCP_BODY_LIMIT }, (_request, body, done) => done(null, body))

    scope.addHook('onRequest', async (request, reply) => {
      const origin = request.headers.origin
      const refusal = guard.refusal(origin, request.host)
      if (refusal)
        return reply
          .code(403)
          .type('application/json')
          .send(errorResponse(undefined, RPC_ERROR.invalidRequest, `Forbidden: ${refusal}`))
    })

    scope.setErrorHandler((error: FastifyError, request, reply) => {
      // The API's own guards (version lock, rate limit) answer in the API's error shape.
      if (error instanceof ApiError) return sendApiError(reply, error, deps.config.publicUrl)
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        return reply
          .code(413)
          .type('application/json')
          .send(errorResponse(undefined, RPC_ERROR.invalidRequest, `Invalid Request: the body is larger than ${MCP_BODY_LIMIT} bytes.`))
      }
      // Fastify refused the request before the handler ran (a malformed or empty Content-Type, a
      // Content-Length that does not match): the client's error, and nothing was read.
      if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
        return reply
          .code(400)
          .type('application/json')
          .send(errorResponse(undefined, RPC_ERROR.invalidRequest, invalidRequestMessage(error, request)))
      }
      request.log.error({ err: error }, 'MCP request failed')
      return reply
        .code(500)
        .type('application/json')
        .send(errorResponse(undefined, RPC_ERROR.internalError, 'Internal error'))
    })

    route(scope, 'mcp', async (request, reply) => {
      const text = typeof request.body === 'string' ? request.body : ''
      let body: unknown
      try {
        body = secureJson.parse(text, undefined, { protoAction: 'remove', constructorAction: 'remove' })
      } catch (error) {
        return reply
          .code(400)
          .type('application/json')
          .send(errorResponse(undefined, RPC_ERROR.parseError, `Parse error: ${(error as Error).message}`))
      }
      const answer = await server.handle(body, request.headers)
      reply.code(answer.status)
      if (answer.body === undefined) return reply.send()
      return reply.type('application/json').send(answer.body)
    })
  })
}
