// The schemas a route of the endpoint table is registered with, made from its row: its path
// parameters and its query parameters as they reach the handler (text, a flag read as on or off).
// Fastify checks each request against them and, through the TypeBox type provider, types
// request.params and request.query from them: a route reads names its row declares, nothing else.
// Its success answers are serialised by the row's response schemas.
import { Type, type TBoolean, type TObject, type TOptional, type TSchema, type TString } from 'typebox'
import { ENDPOINTS, type EndpointId } from '../contract/endpoints.js'
import { FLAG_ON_VALUES, type QueryParam } from '../contract/endpoint-definition.js'

type Row<Id extends EndpointId> = (typeof ENDPOINTS)[Id]
type QueryOf<Id extends EndpointId> = Row<Id> extends { query: readonly (infer Q extends QueryParam)[] } ? Q : never
type PathParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | PathParamNames<Rest> : never

export type QuerySchema<Id extends EndpointId> = TObject<{
  [P in QueryOf<Id> as P['name']]: P extends { flag: true } ? TBoolean : TOptional<TString>
}>
export type ParamsSchema<Id extends EndpointId> = TObject<{ [N in PathParamNames<Row<Id>['path']>]: TString }>

/** What Fastify validates a request of endpoint `id` with, and serialises its answers by. */
export interface EndpointRequestSchema<Id extends EndpointId> {
  params: ParamsSchema<Id>
  querystring: QuerySchema<Id>
  response: Record<number, TSchema>
}

export function endpointRequestSchema<Id extends EndpointId>(id: Id): EndpointRequestSchema<Id> {
  const def = ENDPOINTS[id]
  const names = [...def.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!)
  // Path parameters stay text here: a slug that breaks the slug rule names no article (404, not 400).
  const params = Type.Object(Object.fromEntries(names.map((name) => [name, Type.String()])))
  const query: readonly QueryParam[] = 'query' in def ? def.query : []
  // Unknown parameters are allowed and ignored; the values' own rules (a limit's range, a status's
  // values) stay with the domain, which names the parameter in its 400.
  const querystring = Type.Object(Object.fromEntries(query.map((q) => [q.name, q.flag ? Type.Boolean() : Type.Optional(Type.String())])))
  const answers: Record<string, { schema: TSchema }> = def.responses
  const response = Object.fromEntries(Object.entries(answers).map(([status, answer]) => [status, answer.schema]))
  return { params, querystring, response } as unknown as EndpointRequestSchema<Id>
}

/** The query as the schema describes it: each flag of the row read as on (FLAG_ON_VALUES) or off. */
export function readFlags(id: EndpointId, query: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const def = ENDPOINTS[id]
  const flags = ('query' in def ? (def.query as readonly QueryParam[]) : []).filter((q) => q.flag)
  if (flags.length === 0) return query
  const read: Record<string, unknown> = { ...query }
  for (const flag of flags) read[flag.name] = (FLAG_ON_VALUES as readonly unknown[]).includes(query[flag.name])
  return read
}
