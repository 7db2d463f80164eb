// The endpoint table: every endpoint with its method, path, auth, scope, rate policy, summary,
// query parameters and schemas (the editors' rows live in editorial-endpoints.ts). The router, GET /api/, openapi.json, the developer reference,
// /developers/llms.txt and the api-catalog all read this one table.
import { Type } from 'typebox'
import { CatalogAnswer, CatalogChange, DryRunAnswer, ok, WrittenAnswer } from './answers.js'
import { EDITORIAL_ENDPOINTS } from './editorial-endpoints.js'
import { dryRunQuery, flagQuery, pagingQuery, type EndpointDefinition, type HttpMethod } from './endpoint-definition.js'
import { LIMITS, megabytes } from './limits.js'
import { Article, ArticleCreate, ArticleSummary, ArticleUpdate, Category, ImageRecord, RenderCapabilities } from './schemas.js'

export type { EndpointDefinition, HttpMethod, PathParam, QueryParam, RatePolicyName, Scope } from './endpoint-definition.js'
export { keyedQueryNotes } from './endpoint-definition.js'

export const ENDPOINTS = {
  apiIndex: {
    method: 'GET',
    path: '/api/',
    auth: 'none',
    summary: 'API index: version, documentation links and every endpoint',
    responses: {
      200: {
        description: 'The index',
        schema: ok(
          {
            name: Type.Optional(Type.String()),
            docs: Type.String({ format: 'uri' }),
            openapi: Type.Optional(Type.Union([Type.String(), Type.Null()])),
            auth: Type.Optional(Type.String({ format: 'uri' })),
            endpoints: Type.Array(
              Type.Object({ method: Type.String(), path: Type.String(), auth: Type.String(), description: Type.String() }),
            ),
          },
          'ApiIndex',
        ),
      },
    },
    errors: [],
  },
  health: {
    method: 'GET',
    path: '/api/health',
    auth: 'none',
    summary: 'Liveness: answers while the process runs; no dependency is probed',
    responses: {
      200: {
        description: 'Alive',
        schema: Type.Object(
          { status: Type.Literal('ok'), time: Type.String({ format: 'date-time' }), version: Type.Optional(Type.String()) },
          { title: 'Health' },
        ),
      },
    },
    errors: [],
  },
  contentVersion: {
    method: 'GET',
    path: '/api/content/version',
    auth: 'none',
    summary: 'API version and what the article page renders',
    responses: {
      200: {
        description: 'Version and render capabilities',
        schema: ok(
          {
            render_capabilities: Type.Union([Type.Null(), RenderCapabilities]),
          },
          'ContentVersion',
        ),
      },
    },
    errors: [],
  },
  createArticle: {
    method: 'POST',
    path: '/api/content/',
    auth: 'bearer',
    scope: 'write',
    ratePolicy: 'content',
    summary: 'Create an article (or check it with dry_run)',
    description: 'Also accepts the connector-style payload { "article": {…} } or { "data": {…} }.',
    query: [dryRunQuery],
    headers: ['Idempotency-Key'],
    body: { mediaType: 'application/json', schema: ArticleCreate },
    responses: {
      200: { description: 'Written, or the dry-run report', schema: Type.Union([WrittenAnswer, DryRunAnswer]) },
    },
    errors: [
      'invalid_json',
      'validation_failed',
      'conflict',
      'idempotency_in_progress',
      'idempotency_key_reused',
      'payload_too_large',
      'rate_limited',
      'unavailable',
    ],
  },
  getArticle: {
    method: 'GET',
    path: '/api/content/{slug}',
    auth: 'none',
    summary: 'Read a published article',
    description:
      'Anyone may read a published article; a draft answers 404, key or no key. With status=all and a Bearer key (read scope) it answers the article whatever its status, never cached for anyone else.',
    query: [
      {
        name: 'status',
        schema: Type.String({ enum: ['published', 'all'], default: 'published' }),
        description: 'all: the article whatever its status (needs a Bearer key with read scope); published: the default',
        keyed: { values: ['all'], scope: 'read' },
      },
    ],
    responses: { 200: { description: 'The article', schema: ok({ article: Article }, 'ArticleAnswer') } },
    errors: ['not_found', 'validation_failed', 'unauthorized'],
  },
  updateArticle: {
    method: 'PUT',
    path: '/api/content/{slug}',
    auth: 'bearer',
    scope: 'write',
    ratePolicy: 'content',
    summary: 'Update an article: only the fields the payload carries change',
    query: [dryRunQuery],
    body: { mediaType: 'application/json', schema: ArticleUpdate },
    responses: { 200: { description: 'Written, or the dry-run report', schema: Type.Union([WrittenAnswer, DryRunAnswer]) } },
    errors: ['invalid_json', 'validation_failed', 'not_found', 'payload_too_large', 'rate_limited', 'unavailable'],
  },
  deleteArticle: {
    method: 'DELETE',
    path: '/api/content/{slug}',
    auth: 'bearer',
    scope: 'write',
    ratePolicy: 'content',
    summary: 'Delete an article and its images',
    responses: { 200: { description: 'Deleted', schema: ok({ ok: Type.Literal(true), deleted: Type.String() }, 'ArticleDeleted') } },
    errors: ['not_found', 'rate_limited', 'unavailable'],
  },
  getCatalog: {
    method: 'GET',
    path: '/api/content/catalog',
    auth: 'bearer',
    scope: 'read',
    summary: 'The catalog: categories, tags, services and one page of articles (published by default), newest first',
    description:
      'With status=draft or status=all the page lists drafts too, ordered by listing time: published_at when set, else updated_at; count counts what is listed.',
    query: [
      ...pagingQuery,
      {
        name: 'status',
        schema: Type.String({ enum: ['published', 'draft', 'all'], default: 'published' }),
        description: 'which articles to list; a cursor holds the status it was made for',
      },
    ],
    responses: { 200: { description: 'One page of the catalog; Link rel="next" while next_cursor is not null', schema: CatalogAnswer } },
    errors: ['validation_failed', 'bad_request'],
  },
  rebuildCatalog: {
    method: 'POST',
    path: '/api/content/catalog',
    auth: 'bearer',
    scope: 'write',
    ratePolicy: 'content',
    summary: 'Rebuild article lists and counts from stored articles (dry run unless apply=1)',
    query: [flagQuery('apply', 'write the rebuild')],
    responses: {
      200: {
        description: 'The changes and the catalog they leave',
        schema: ok(
          {
            applied: Type.Boolean(),
            changes: Type.Array(CatalogChange),
            count: Type.Integer(),
            categories: Type.Array(Category),
            tags: Type.Array(Type.String()),
            articles: Type.Array(ArticleSummary),
          },
          'CatalogRebuild',
        ),
      },
    },
    errors: ['rate_limited', 'unavailable'],
  },
  listTags: {
    method: 'GET',
    path: '/api/content/tags',
    auth: 'bearer',
    scope: 'read',
    summary: 'Tags of published articles as the catalog lists them',
    responses: { 200: { description: 'Sorted, unique tags', schema: ok({ tags: Type.Array(Type.String()) }, 'Tags') } },
    errors: [],
  },
  uploadImage: {
    method: 'POST',
    path: '/api/content/images',
    auth: 'bearer',
    scope: 'write',
    ratePolicy: 'content',
    summary: `Upload an image for an article (WebP, JPEG, PNG, GIF or AVIF, at most ${megabytes(LIMITS.imageFileBytes)})`,
    // The flag may also come as a dry_run part of the form.
    query: [dryRunQuery],
    body: {
      mediaType: 'multipart/form-data',
      schema: Type.Object(
        {
          file: Type.String({ contentMediaType: 'application/octet-stream', description: 'the image; its type is read from the bytes' }),
          slug: Type.String({ description: 'the article the image belongs to; it need not exist yet' }),
          variant: Type.Optional(
            Type.String({
              description: 'featured (default), og, square, thumbnail keep a fixed path; other names are stored under the content hash',
            }),
          ),
          dry_run: Type.Optional(Type.String({ enum: ['1', 'true'] })),
        },
        { required: ['file', 'slug'] },
      ),
    },
    responses: {
      200: {
        description: 'The image record',
        schema: ok(
          {
            ok: Type.Literal(true),
            dry_run: Type.Optional(Type.Literal(true)),
            persisted: Type.Optional(Type.Literal(false)),
            image: ImageRecord,
          },
          'ImageUploaded',
        ),
      },
    },
    errors: ['validation_failed', 'payload_too_large', 'rate_limited', 'unavailable'],
  },
  ...EDITORIAL_ENDPOINTS,
  mcp: {
    method: 'POST',
    path: '/mcp',
    auth: 'none',
    ratePolicy: 'mcp',
    summary: 'MCP server (JSON-RPC 2.0, protocol versions 2026-07-28 and 2025-06-18), read-only tools',
    body: {
      mediaType: 'application/json',
      schema: Type.Object(
        {
          jsonrpc: Type.Literal('2.0'),
          id: Type.Optional(Type.Union([Type.String(), Type.Integer()])),
          method: Type.String(),
          params: Type.Optional(Type.Object({}, { additionalProperties: true })),
        },
        { title: 'JsonRpcRequest' },
      ),
    },
    responses: {
      200: {
        description: 'A JSON-RPC answer with result or error',
        schema: Type.Object({}, { additionalProperties: true, title: 'JsonRpcResponse' }),
      },
    },
    errors: ['rate_limited'],
  },
} as const satisfies Record<string, EndpointDefinition>

export type EndpointId = keyof typeof ENDPOINTS
export const ENDPOINT_IDS = Object.keys(ENDPOINTS) as EndpointId[]

/** The last segments of the Content API paths beside /api/content/{slug} (catalog, tags, images,
 *  version): an article cannot take them as its slug. */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set(
  ENDPOINT_IDS.flatMap((id) => /^\/api\/content\/([^/{}]+)$/.exec(ENDPOINTS[id].path)?.[1] ?? []),
)

export function endpoint(id: EndpointId): EndpointDefinition {
  return ENDPOINTS[id]
}

/** `/api/content/{slug}` → `/api/content/:slug` for the router. */
export function routerPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1')
}

/** The methods served at a concrete request path, for the 405 `Allow` header. */
export function methodsAt(requestPath: string): HttpMethod[] {
  const pathOnly = requestPath.split('?')[0] ?? requestPath
  const methods = new Set<HttpMethod>()
  const staticMatch = ENDPOINT_IDS.some((id) => ENDPOINTS[id].path === pathOnly)
  for (const id of ENDPOINT_IDS) {
    const def: EndpointDefinition = ENDPOINTS[id]
    const isParam = def.path.includes('{')
    // A static path (e.g. /api/content/catalog) shadows a parametrised one at the same place.
    if (isParam && staticMatch) continue
    const pattern = new RegExp('^' + def.path.replace(/\{\w+\}/g, '[^/]+') + '$')
    if (pattern.test(pathOnly)) methods.add(def.method)
  }
  return [...methods]
}
