// What a row of the endpoint table says about an endpoint, and the query parameters several rows share.
import { Type, type TSchema } from 'typebox'
import type { ErrorCode } from './errors.js'
import { LIMITS } from './limits.js'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE'
export type Scope = 'read' | 'write'
export type RatePolicyName = 'content' | 'mcp'

export interface QueryParam {
  name: string
  schema: TSchema
  description: string
  /** Values that need a Bearer key on an endpoint that otherwise answers anyone (`?status=all`). */
  keyed?: { values: readonly string[]; scope: Scope }
  /** A switch: on for one of FLAG_ON_VALUES, off for any other value or none (never refused). */
  flag?: true
}

/** The values that turn a flag on (the spec's dry_run=1; true as well). */
export const FLAG_ON_VALUES = ['1', 'true'] as const

/** A flag parameter: documented with the values that turn it on. */
export function flagQuery<N extends string>(name: N, description: string) {
  return { name, schema: Type.String({ enum: [...FLAG_ON_VALUES] }), description, flag: true } as const satisfies QueryParam
}

export interface PathParam {
  schema: TSchema
  description: string
}

export interface EndpointDefinition {
  method: HttpMethod
  /** OpenAPI-style path, `{name}` for a parameter. */
  path: string
  auth: 'none' | 'bearer'
  scope?: Scope
  ratePolicy?: RatePolicyName
  summary: string
  description?: string
  query?: QueryParam[]
  /** Path parameters other than a slug (a slug's schema is the spec's slug rule). */
  params?: Record<string, PathParam>
  /** Request body: media type and schema. */
  body?: { mediaType: 'application/json' | 'multipart/form-data'; schema: TSchema }
  /** Success answers by status code. */
  responses: Record<number, { description: string; schema: TSchema }>
  /** Error codes this endpoint may answer beyond the general ones. */
  errors: readonly ErrorCode[]
  /** Request headers this endpoint reads (besides Authorization and X-Content-API-Version). */
  headers?: readonly 'Idempotency-Key'[]
}

export const dryRunQuery = flagQuery('dry_run', 'validate only; nothing is written')

/** The paging parameters of the catalog, which every paged list shares. */
export const pagingQuery = [
  { name: 'cursor', schema: Type.String(), description: 'the previous next_cursor; omit for the first page' },
  {
    name: 'limit',
    schema: Type.Integer({ minimum: 1, default: LIMITS.catalogPageDefault }),
    description: `page size, default ${LIMITS.catalogPageDefault}; more than ${LIMITS.catalogPageMax} is read as ${LIMITS.catalogPageMax}`,
  },
] as const satisfies QueryParam[]

/** The query values of an otherwise public endpoint that need a key, in words ("status=all needs a Bearer key with read scope"). */
export function keyedQueryNotes(def: EndpointDefinition): string[] {
  return (def.query ?? []).flatMap((q) =>
    q.keyed ? [`${q.keyed.values.map((v) => `${q.name}=${v}`).join(' or ')} needs a Bearer key with ${q.keyed.scope} scope`] : [],
  )
}
