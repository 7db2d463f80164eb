// Bearer authentication for the endpoints the table marks `bearer`, and for the query values the
// table marks `keyed` on public ones: 401 without a valid key, 403 with the insufficient_scope
// challenge when the key lacks the scope. The key found is the request's `apiKey`.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { authenticate, scopeAllows } from '../auth/api-keys.js'
import { bearerChallenge } from '../auth/challenge.js'
import { ENDPOINTS, type EndpointDefinition, type EndpointId, type Scope } from '../contract/endpoints.js'
import { ApiError } from '../contract/errors.js'
import { addEndpointHook } from './endpoint-hooks.js'
import { queryText } from './query-string.js'
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
      request.apiKey = await requireKey(keys, request, 'scope' in endpoint.def ? endpoint.def.scope : 'write', endpoint.def.path)
    },
  )
  // An endpoint anyone may read, with a query value that needs a key (GET /api/content/{slug}?status=all):
  // that value is answered only to a valid key; without it the endpoint stays public and ignores credentials.
  addEndpointHook(
    app,
    'onRequest',
    (def) => def.auth === 'none' && (def.query ?? []).some((q) => q.keyed),
    async (request) => {
      const def: EndpointDefinition | undefined = endpointOf(request)?.def
      for (const param of def?.query ?? []) {
        const value = param.keyed ? queryText(request.query, param.name) : undefined
        if (value === undefined || !param.keyed!.values.includes(value)) continue
        request.apiKey = await requireKey(keys, request, param.keyed!.scope, `${def!.path}?${param.name}=${value}`)
      }
    },
  )
}

/** The key of the request's Bearer token, when it has `needed` scope; else the 401 or 403 of decision 1. */
async function requireKey(keys: KeyStore, request: FastifyRequest, needed: Scope, what: string): Promise<ApiKeyRecord> {
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
  if (!scopeAllows(auth.key.scope, needed)) {
    throw new ApiError('forbidden', {
      message: `This key has the ${auth.key.scope} scope; ${request.method} ${what} needs ${needed}.`,
      hint: `Ask for a key with the ${needed} scope (see /auth.md).`,
      headers: { 'WWW-Authenticate': bearerChallenge({ error: 'insufficient_scope', scope: needed }) },
    })
  }
  return auth.key
}
