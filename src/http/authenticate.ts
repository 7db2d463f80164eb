// Bearer authentication for the endpoints the table marks `bearer`: 401 without a valid key,
// 403 with the insufficient_scope challenge when the key lacks the endpoint's scope.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { authenticate, scopeAllows } from '../auth/api-keys.js'
import { bearerChallenge } from '../auth/challenge.js'
import { ENDPOINTS, type EndpointId } from '../contract/endpoints.js'
import { ApiError } from '../contract/errors.js'
import { addEndpointHook } from './endpoint-hooks.js'
import type { ApiKeyRecord, KeyStore } from '../store/store.js'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The endpoint table row this route serves. */
    endpointId?: EndpointId
  }
  interface FastifyRequest {
    /** The key that authenticated this request, when the endpoint needs one. */
    apiKey?: ApiKeyRecord
  }
}

export function endpointOf(request: FastifyRequest) {
  const id = request.routeOptions.config?.endpointId
  return id ? { id, def: ENDPOINTS[id] } : undefined
}

export function registerAuthentication(app: FastifyInstance, keys: KeyStore) {
  addEndpointHook(
    app,
    'onRequest',
    (def) => def.auth === 'bearer',
    async (request) => {
      const endpoint = endpointOf(request)
      if (!endpoint || endpoint.def.auth !== 'bearer') return
      const auth = await authenticate(keys, request.headers.authorization)
      if (auth.result === 'missing') {
        throw new ApiError('unauthorized', { headers: { 'WWW-Authenticate': bearerChallenge() } })
      }
      if (auth.result === 'invalid') {
        throw new ApiError('unauthorized', {
          message: 'The API token is not valid: unknown, malformed or retired.',
          headers: {
            'WWW-Authenticate': bearerChallenge({ error: 'invalid_token', description: 'The token is unknown, malformed or retired' }),
          },
        })
      }
      const needed = 'scope' in endpoint.def ? endpoint.def.scope : 'write'
      if (!scopeAllows(auth.key.scope, needed)) {
        throw new ApiError('forbidden', {
          message: `This key has the ${auth.key.scope} scope; ${request.method} ${endpoint.def.path} needs ${needed}.`,
          hint: `Ask for a key with the ${needed} scope (see /auth.md).`,
          headers: { 'WWW-Authenticate': bearerChallenge({ error: 'insufficient_scope', scope: needed }) },
        })
      }
      request.apiKey = auth.key
    },
  )
}
