// /openapi.json: the OpenAPI 3.1 description of the Content API and the MCP endpoint, generated
// from the endpoint table, the error catalogue and the TypeBox schemas — never written by hand.
import { ENDPOINT_IDS, ENDPOINTS, keyedQueryNotes, type EndpointDefinition, type EndpointId } from '../contract/endpoints.js'
import { ERROR_CATALOGUE, type ErrorCode } from '../contract/errors.js'
import { LIMITS, SLUG_PATTERN } from '../contract/limits.js'
import { ErrorBody } from '../contract/schemas.js'
import { API_VERSION, API_VERSION_HEADER } from '../contract/version.js'
import type { Site } from '../content/site-definition.js'
import { discoveryUrl } from '../contract/discovery-documents.js'
import { DEVELOPERS_PATH } from './site-pages.js'

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
type JsonObject = { [key: string]: Json }

/** Errors any endpoint may answer: a locked major other than 1, and a server failure. */
const GENERAL_ERRORS: readonly ErrorCode[] = ['unsupported_version', 'internal_error']
/** Errors every Bearer endpoint may answer (docs/decisions.md, decision 1). */
const BEARER_ERRORS: readonly ErrorCode[] = ['unauthorized', 'forbidden']
/** Error answers that tell the client when to come back. */
const RETRY_AFTER_ERRORS: readonly ErrorCode[] = ['rate_limited', 'unavailable', 'idempotency_in_progress']
/** The MCP endpoint answers its protocol errors in the JSON-RPC envelope, not the API's error shape. */
const JSON_RPC_ERROR_STATUSES = [400, 403, 404] as const

const RESPONSE_HEADERS: Record<string, JsonObject> = {
  XContentApiVersion: { description: 'The API version that answered.', schema: { type: 'string', examples: [API_VERSION] } },
  RateLimit: {
    description: 'Remaining quota of the policy: "<policy>";r=<remaining>;t=<seconds until the window resets>.',
    schema: { type: 'string' },
  },
  RateLimitPolicy: { description: 'The policy: "<policy>";q=<quota>;w=<window seconds>.', schema: { type: 'string' } },
  XRateLimitLimit: { description: 'Requests allowed in the window.', schema: { type: 'integer' } },
  XRateLimitRemaining: { description: 'Requests left in the window.', schema: { type: 'integer' } },
  XRateLimitReset: { description: 'Unix seconds when the window resets.', schema: { type: 'integer' } },
  RetryAfter: { description: 'Seconds to wait before sending the same request again.', schema: { type: 'integer', minimum: 0 } },
  Link: { description: 'The next page: <url>; rel="next"; absent on the last page.', schema: { type: 'string' } },
  IdempotentReplayed: {
    description: '"true" when this answer is the stored first answer of the same Idempotency-Key and body.',
    schema: { type: 'string', enum: ['true'] },
  },
  WWWAuthenticate: {
    description: 'The Bearer challenge (RFC 6750): realm, and error="invalid_token" or error="insufficient_scope" with scope.',
    schema: { type: 'string' },
  },
}
const RATE_HEADERS = ['RateLimit', 'RateLimitPolicy', 'XRateLimitLimit', 'XRateLimitRemaining', 'XRateLimitReset']

const headerRefs = (names: string[]): JsonObject =>
  Object.fromEntries(
    names.map((n) => [n === 'XContentApiVersion' ? API_VERSION_HEADER : headerName(n), { $ref: `#/components/headers/${n}` }]),
  )

function headerName(component: string): string {
  const names: Record<string, string> = {
    RateLimit: 'RateLimit',
    RateLimitPolicy: 'RateLimit-Policy',
    XRateLimitLimit: 'X-RateLimit-Limit',
    XRateLimitRemaining: 'X-RateLimit-Remaining',
    XRateLimitReset: 'X-RateLimit-Reset',
    RetryAfter: 'Retry-After',
    Link: 'Link',
    IdempotentReplayed: 'Idempotent-Replayed',
    WWWAuthenticate: 'WWW-Authenticate',
  }
  return names[component] ?? component
}

/** Moves every titled sub-schema into components.schemas and leaves a $ref in its place. */
class SchemaComponents {
  readonly schemas: Record<string, JsonObject> = {}

  ref(schema: unknown): Json {
    return this.hoist(JSON.parse(JSON.stringify(schema)) as Json)
  }

  private hoist(node: Json): Json {
    if (Array.isArray(node)) return node.map((n) => this.hoist(n))
    if (node === null || typeof node !== 'object') return node
    const out: JsonObject = {}
    for (const [key, value] of Object.entries(node)) {
      if (
        (key === 'properties' || key === 'patternProperties' || key === '$defs') &&
        value &&
        typeof value === 'object' &&
        !Array.isArray(value)
      ) {
        out[key] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, this.hoist(sub)]))
      } else if (
        ['items', 'additionalProperties', 'not', 'contains', 'if', 'then', 'else', 'anyOf', 'oneOf', 'allOf', 'prefixItems'].includes(key)
      ) {
        out[key] = this.hoist(value)
      } else {
        out[key] = value
      }
    }
    const title = out.title
    if (typeof title !== 'string') return out
    const existing = this.schemas[title]
    if (existing && JSON.stringify(existing) !== JSON.stringify(out)) throw new Error(`two different schemas are titled ${title}`)
    this.schemas[title] = out
    return { $ref: `#/components/schemas/${title}` }
  }
}

function errorCodesOf(def: EndpointDefinition): ErrorCode[] {
  const codes = new Set<ErrorCode>([...GENERAL_ERRORS, ...def.errors])
  if (def.auth === 'bearer') for (const code of BEARER_ERRORS) codes.add(code)
  if (def.ratePolicy) codes.add('rate_limited')
  return [...codes]
}

function errorResponses(def: EndpointDefinition): Record<string, JsonObject> {
  const byStatus = new Map<number, ErrorCode[]>()
  for (const code of errorCodesOf(def)) {
    const status = ERROR_CATALOGUE[code].status
    byStatus.set(status, [...(byStatus.get(status) ?? []), code])
  }
  const jsonRpc = def.path === ENDPOINTS.mcp.path
  if (jsonRpc) for (const status of JSON_RPC_ERROR_STATUSES) if (!byStatus.has(status)) byStatus.set(status, [])
  const responses: Record<string, JsonObject> = {}
  for (const [status, codes] of [...byStatus].sort((a, b) => a[0] - b[0])) {
    const headers = ['XContentApiVersion']
    if (def.ratePolicy) headers.push(...RATE_HEADERS)
    if (codes.some((c) => RETRY_AFTER_ERRORS.includes(c))) headers.push('RetryAfter')
    if (status === 401 || (status === 403 && def.auth === 'bearer')) headers.push('WWWAuthenticate')
    const apiError: JsonObject = {
      allOf: [{ $ref: '#/components/schemas/Error' }, { type: 'object', properties: { code: { type: 'string', enum: codes } } }],
    }
    const description = codes.map((c) => `${c}: ${ERROR_CATALOGUE[c].message}`)
    let schema: Json = apiError
    if (jsonRpc && (JSON_RPC_ERROR_STATUSES as readonly number[]).includes(status)) {
      description.push('a JSON-RPC error envelope (MCP protocol and header rules)')
      schema = codes.length
        ? { anyOf: [apiError, { $ref: '#/components/schemas/JsonRpcResponse' }] }
        : { $ref: '#/components/schemas/JsonRpcResponse' }
    }
    responses[String(status)] = {
      description: description.join('; '),
      headers: headerRefs(headers),
      content: { 'application/json': { schema } },
    }
  }
  return responses
}

function parameters(def: EndpointDefinition, components: SchemaComponents): Json[] {
  const params: Json[] = []
  for (const match of def.path.matchAll(/\{(\w+)\}/g)) {
    // A slug unless the row describes the parameter (a revision number).
    const own = def.params?.[match[1]!]
    const described: JsonObject = own
      ? { description: own.description, schema: components.ref(own.schema) }
      : { schema: { type: 'string', pattern: SLUG_PATTERN, maxLength: LIMITS.slugMaxLength } }
    params.push({ name: match[1]!, in: 'path', required: true, ...described })
  }
  for (const query of def.query ?? []) {
    params.push({ name: query.name, in: 'query', required: false, description: query.description, schema: components.ref(query.schema) })
  }
  params.push({ $ref: '#/components/parameters/ApiVersion' })
  if (def.headers?.includes('Idempotency-Key')) params.push({ $ref: '#/components/parameters/IdempotencyKey' })
  return params
}

function operation(id: EndpointId, components: SchemaComponents): JsonObject {
  const def: EndpointDefinition = ENDPOINTS[id]
  const successHeaders = ['XContentApiVersion', ...(def.ratePolicy ? RATE_HEADERS : [])]
  if (def.headers?.includes('Idempotency-Key')) successHeaders.push('IdempotentReplayed')
  if (def.query?.some((q) => q.name === 'cursor')) successHeaders.push('Link')
  const responses: Record<string, JsonObject> = {}
  for (const [status, answer] of Object.entries(def.responses)) {
    responses[status] = {
      description: answer.description,
      headers: headerRefs(successHeaders),
      content: { 'application/json': { schema: components.ref(answer.schema) } },
    }
  }
  Object.assign(responses, errorResponses(def))
  const op: JsonObject = {
    operationId: id,
    summary: def.summary,
    ...(def.description ? { description: def.description } : {}),
    // A public endpoint with keyed query values (status=all) takes a key optionally: {} or bearerAuth.
    security: def.auth === 'bearer' ? [{ bearerAuth: [] }] : keyedQueryNotes(def).length ? [{}, { bearerAuth: [] }] : [],
    parameters: parameters(def, components),
    responses,
  }
  if (def.auth === 'bearer') op['x-scope'] = def.scope ?? 'write'
  if (def.ratePolicy) op['x-rate-policy'] = def.ratePolicy
  if (def.body) {
    const media: JsonObject = { schema: components.ref(def.body.schema) }
    if (def.body.mediaType === 'multipart/form-data')
      media.encoding = { file: { contentType: 'image/webp, image/jpeg, image/png, image/gif, image/avif' } }
    op.requestBody = { required: true, content: { [def.body.mediaType]: media } }
  }
  return op
}

export function buildOpenApi(site: Site, baseUrl: string): JsonObject {
  const components = new SchemaComponents()
  components.ref(ErrorBody)
  const paths: Record<string, JsonObject> = {}
  for (const id of ENDPOINT_IDS) {
    const def: EndpointDefinition = ENDPOINTS[id]
    paths[def.path] = { ...(paths[def.path] ?? {}), [def.method.toLowerCase()]: operation(id, components) }
  }
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
    info: {
      title: `${site.name} Content API`,
      version: API_VERSION,
      description: `Read and publish the articles of ${site.name}. Reading is anonymous; writing needs a Bearer key issued by a person (${discoveryUrl(baseUrl, 'authMd')}). POST /mcp is a read-only MCP server (JSON-RPC 2.0).`,
      contact: { name: site.name, email: site.definition.contact_email, url: baseUrl + DEVELOPERS_PATH },
    },
    servers: [{ url: baseUrl }],
    externalDocs: { description: 'Developer reference', url: baseUrl + DEVELOPERS_PATH },
    paths,
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description: `The API key as a Bearer token; see ${discoveryUrl(baseUrl, 'authMd')}.`,
        },
      },
      parameters: {
        ApiVersion: {
          name: API_VERSION_HEADER,
          in: 'header',
          required: false,
          description: 'Locks the major version; another major than 1 answers 400 unsupported_version.',
          schema: { type: 'string', examples: ['1'] },
        },
        IdempotencyKey: {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description: 'The same key and body within 24 hours answers the first answer again (Idempotent-Replayed: true).',
          schema: { type: 'string', minLength: 1, maxLength: LIMITS.idempotencyKeyMaxLength },
        },
      },
      headers: RESPONSE_HEADERS,
      schemas: components.schemas,
    },
  }
}

export function renderOpenApi(site: Site, baseUrl: string): string {
  return `${JSON.stringify(buildOpenApi(site, baseUrl), null, 2)}\n`
}
