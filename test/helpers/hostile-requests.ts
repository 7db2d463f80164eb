// Hostile requests for the property fuzz (test/api/hostile-input.test.ts, `npm run fuzz`): every
// write endpoint (create, update, delete, image upload), the catalog (GET with hostile cursors,
// POST), the editors' endpoints (keyed reads, previews, revisions, restore), and POST /mcp in both protocol eras; and the rules every answer keeps: no 5xx, every
// /api error in the one shape, every JSON-RPC answer well formed.
import fc from 'fast-check'
import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import { errorShapeProblems } from './error-shape.js'
import { multipart, png } from './image-fixtures.js'
import { articlePayload } from './test-app.js'

export type Credential = 'write' | 'read' | 'none' | 'unknown' | 'basic' | 'malformed'

export interface HostileRequest {
  /** Which surface the request aims at (for the figures). */
  target: string
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  url: string
  headers: Record<string, string>
  payload?: string | Buffer
  credential: Credential
}

/** Every field of the create payload. */
export const ARTICLE_FIELDS = [
  'slug',
  'title',
  'body',
  'rubric',
  'lang',
  'tags',
  'excerpt',
  'status',
  'published_at',
  'translation_of',
  'author',
  'author_slug',
  'meta_title',
  'featured',
  'cover_image_url',
  'content',
  'services',
  'dry_run',
]

const oddString = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    '\u0000',
    'a\u0000b',
    '\ud800',
    '\u202e',
    'A\u0301',
    '🏳️‍🌈',
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '../../etc/passwd',
    '__proto__',
    'constructor',
    'x'.repeat(300),
    'javascript:alert(1)',
    '%ff',
    'strategy',
    'published',
    'draft',
    '2026-02-30T25:61:00Z',
  ),
)
const jsonValue = fc.jsonValue({ maxDepth: 3 })
const anyValue = fc.oneof(jsonValue, oddString)

/** A JSON value nested `depth` levels (text: JSON.stringify cannot write the deepest). */
const deepJson = fc
  .tuple(fc.integer({ min: 1, max: 20_000 }), fc.constantFrom('{"a":', '['))
  .map(([depth, open]) => open.repeat(depth) + '0' + (open === '[' ? ']' : '}').repeat(depth))

/** Raw slugs as they may appear in a path: encoded text, broken escapes, reserved words, over-long. */
const pathSlug = fc.oneof(
  fc.string({ maxLength: 30 }).map((text) => encodeURIComponent(text)),
  fc.constantFrom(
    'target',
    'catalog',
    'tags',
    'images',
    'version',
    '%ff',
    '%',
    '%2',
    '%zz',
    '%c0%ae',
    '%00',
    '..',
    '.%2e',
    'a'.repeat(81),
    'a'.repeat(300),
    'UPPER',
    'x;y',
    'x?y=1',
    '%E2%80%AE',
  ),
)

/** Mostly the right media type (so requests reach the deeper checks), sometimes any other or a broken one. */
const contentType = fc.oneof(
  { arbitrary: fc.constant('application/json'), weight: 6 },
  {
    arbitrary: fc.constantFrom(
      'application/json; charset=utf-8',
      'application/json; charset=latin1',
      'application/merge-patch+json',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/xml',
      ';',
      '',
      ' ',
      '/',
      'application/json;;',
      'application/*',
    ),
    weight: 2,
  },
)

const idempotencyKey = fc.oneof(
  fc.constant(undefined),
  fc.uuid(),
  fc.constantFrom('k', '"quoted"', '""', '"', ' ', 'x'.repeat(255), 'x'.repeat(256), 'same-key', 'nul\u0000key', 'é-ключ'),
)

/** Mostly a write key (so requests reach the deeper checks), sometimes a read key, none, or a bad one. */
const credential = fc.oneof(
  { arbitrary: fc.constant<Credential>('write'), weight: 8 },
  { arbitrary: fc.constantFrom<Credential>('read', 'none', 'unknown', 'basic', 'malformed'), weight: 2 },
)
const apiVersion = fc.oneof(fc.constant(undefined), fc.constantFrom('1', '1.1.0', '2', 'latest', ''))

function withHeaders(base: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(base).filter(([, value]) => value !== undefined)) as Record<string, string>
}

/** A create or update payload: a whole arbitrary value, a valid one with a field gone wrong, or text that is barely JSON. */
const articleBody = fc.oneof(
  jsonValue.map((value) => JSON.stringify(value)),
  fc.tuple(fc.constantFrom(...ARTICLE_FIELDS), anyValue, fc.boolean()).map(([field, value, wrapped]) => {
    const payload = { ...articlePayload({ slug: 'fuzz-target' }), [field]: value }
    return JSON.stringify(wrapped ? { article: payload } : payload)
  }),
  fc
    .dictionary(fc.constantFrom(...ARTICLE_FIELDS, '__proto__', 'constructor', 'data', 'article'), anyValue)
    .map((value) => JSON.stringify(value)),
  deepJson.map((deep) => JSON.stringify(articlePayload({ slug: 'fuzz-deep' })).slice(0, -1) + `,"extra":${deep}}`),
  fc.constantFrom('', '{', '{"slug":', 'null', '[]', '"text"', '1e999', '{"a":NaN}', '\ufeff{}', '{"__proto__":{"x":1}}'),
  fc.string({ maxLength: 200 }),
)

const createRequest: fc.Arbitrary<HostileRequest> = fc
  .record({
    body: articleBody,
    type: contentType,
    key: idempotencyKey,
    dry: fc.constantFrom('', '?dry_run=1', '?dry_run=true', '?dry_run=0'),
    credential,
    version: apiVersion,
  })
  .map(({ body, type, key, dry, credential, version }) => ({
    target: 'create',
    method: 'POST',
    url: `/api/content/${dry}`,
    headers: withHeaders({ 'content-type': type, 'idempotency-key': key, 'x-content-api-version': version }),
    payload: body,
    credential,
  }))

const updateRequest: fc.Arbitrary<HostileRequest> = fc
  .record({ slug: pathSlug, body: articleBody, type: contentType, dry: fc.constantFrom('', '?dry_run=1'), credential })
  .map(({ slug, body, type, dry, credential }) => ({
    target: 'update',
    method: 'PUT',
    url: `/api/content/${slug}${dry}`,
    headers: { 'content-type': type },
    payload: body,
    credential,
  }))

const deleteRequest: fc.Arbitrary<HostileRequest> = fc
  .record({ slug: pathSlug, credential, body: fc.option(fc.string({ maxLength: 20 }), { nil: undefined }) })
  .map(({ slug, credential, body }) => ({
    target: 'delete',
    method: 'DELETE',
    url: `/api/content/${slug}`,
    headers: withHeaders({ 'content-type': body === undefined ? undefined : 'application/json' }),
    payload: body,
    credential,
  }))

/** A multipart body from parts, or bytes that only look like one. */
const uploadRequest: fc.Arbitrary<HostileRequest> = fc
  .record({
    parts: fc.array(
      fc.oneof(
        fc.record({ name: fc.constantFrom('slug', 'variant', 'dry_run', 'other', 'file'), value: oddString }),
        fc.record({
          name: fc.constantFrom('file', 'file', 'slug', 'image'),
          value: fc.oneof(
            fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
            fc.nat(1000).map((seed) => png(seed)),
            fc.constant(Buffer.from('%PDF-1.4 not an image')),
            fc.constant(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')),
          ),
          filename: fc.constantFrom('a.png', '../../x.png', '', 'x\u202egnp.exe'),
          type: fc.constantFrom('image/png', 'application/octet-stream', 'text/html', ''),
        }),
      ),
      { maxLength: 5 },
    ),
    raw: fc.option(
      fc.constantFrom('abc', '--x\r\nbroken', '--x\r\nContent-Disposition: form-data; name="slug"\r\n\r\nabc', '--x--\r\n', ''),
      { nil: undefined },
    ),
    type: fc.constantFrom(
      'multipart',
      'multipart',
      'multipart/form-data',
      'multipart/form-data; boundary=x',
      ';',
      '',
      'application/json',
      'text/plain',
    ),
    dry: fc.constantFrom('', '?dry_run=1'),
    credential,
  })
  .map(({ parts, raw, type, dry, credential }) => {
    const built = multipart(parts)
    const useBuilt = type === 'multipart' && raw === undefined
    return {
      target: 'images',
      method: 'POST',
      url: `/api/content/images${dry}`,
      headers: { 'content-type': useBuilt ? built.headers['content-type']! : type },
      payload: useBuilt ? built.payload : (raw ?? built.payload),
      credential,
    }
  })

const cursor = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc.base64String({ maxLength: 80 }),
  fc.jsonValue({ maxDepth: 2 }).map((value) => Buffer.from(JSON.stringify(value)).toString('base64url')),
  fc.constantFrom('', '%', '%ff', 'eyJ9', 'null', 'x'.repeat(5000)),
)

const catalogRequest: fc.Arbitrary<HostileRequest> = fc.oneof(
  fc
    .record({
      cursor: fc.option(cursor, { nil: undefined }),
      limit: fc.option(fc.oneof(fc.integer().map(String), fc.constantFrom('', 'abc', '1e3', '501', '0', '-1', '1.5', '9'.repeat(40))), {
        nil: undefined,
      }),
      status: fc.option(fc.constantFrom('draft', 'all', 'x'), { nil: undefined }),
      credential,
    })
    .map(({ cursor, limit, status, credential }) => {
      const query = new URLSearchParams(withHeaders({ cursor, limit, status })).toString()
      return {
        target: 'catalog GET',
        method: 'GET' as const,
        url: `/api/content/catalog${query ? `?${query}` : ''}`,
        headers: {},
        credential,
      }
    }),
  fc
    .record({
      apply: fc.constantFrom('', '?apply=1', '?apply=true', '?apply=%ff'),
      credential,
      body: fc.option(fc.string({ maxLength: 40 }), { nil: undefined }),
    })
    .map(({ apply, credential, body }) => ({
      target: 'catalog POST',
      method: 'POST' as const,
      url: `/api/content/catalog${apply}`,
      headers: withHeaders({ 'content-type': body === undefined ? undefined : 'application/json' }),
      payload: body,
      credential,
    })),
)

/** The editors' endpoints: keyed reads of drafts, preview links, revisions and their restore. */
const revisionNumber = fc.oneof(fc.nat(5).map(String), fc.constantFrom('0', '-1', '1.5', 'x', '%ff', '9'.repeat(40), ''))
const editorialRequest: fc.Arbitrary<HostileRequest> = fc.oneof(
  fc
    .record({ slug: pathSlug, status: fc.constantFrom('all', 'published', 'draft', '', 'ALL', '%ff'), credential })
    .map(({ slug, status, credential }) => ({
      target: 'keyed read',
      method: 'GET' as const,
      url: `/api/content/${slug}?status=${status}`,
      headers: {},
      credential,
    })),
  fc
    .record({ slug: pathSlug, credential, body: fc.option(fc.string({ maxLength: 40 }), { nil: undefined }) })
    .map(({ slug, credential, body }) => ({
      target: 'preview',
      method: 'POST' as const,
      url: `/api/content/${slug}/preview`,
      headers: withHeaders({ 'content-type': body === undefined ? undefined : 'application/json' }),
      payload: body,
      credential,
    })),
  fc
    .record({ slug: pathSlug, n: fc.option(revisionNumber, { nil: undefined }), cursor: fc.option(cursor, { nil: undefined }), credential })
    .map(({ slug, n, cursor, credential }) => ({
      target: 'revisions GET',
      method: 'GET' as const,
      url:
        n === undefined
          ? `/api/content/${slug}/revisions${cursor === undefined ? '' : `?cursor=${encodeURIComponent(cursor)}`}`
          : `/api/content/${slug}/revisions/${n}`,
      headers: {},
      credential,
    })),
  fc
    .record({
      slug: pathSlug,
      n: revisionNumber,
      dry: fc.constantFrom('', '?dry_run=1', '?dry_run=x'),
      credential,
      body: fc.option(fc.string({ maxLength: 40 }), { nil: undefined }),
    })
    .map(({ slug, n, dry, credential, body }) => ({
      target: 'restore',
      method: 'POST' as const,
      url: `/api/content/${slug}/revisions/${n}/restore${dry}`,
      headers: withHeaders({ 'content-type': body === undefined ? undefined : 'application/json' }),
      payload: body,
      credential,
    })),
)

const MODERN = '2026-07-28'
const LEGACY = '2025-06-18'
const mcpMethod = fc.constantFrom(
  'tools/list',
  'tools/call',
  'server/discover',
  'initialize',
  'notifications/initialized',
  'ping',
  'resources/list',
  'nope',
  '',
)
const toolName = fc.oneof(
  fc.constantFrom('search_articles', 'get_article', 'list_articles', 'list_rubrics', 'list_services', 'nope'),
  oddString,
)
const toolArguments = fc.oneof(
  fc.dictionary(fc.constantFrom('query', 'slug', 'rubric', 'tag', 'limit', 'cursor', 'group', 'x'), anyValue),
  jsonValue,
)
const rpcId = fc.oneof(fc.integer(), fc.string({ maxLength: 10 }), fc.constantFrom(null, 1.5, true, undefined))

/** A 2026-07-28 request: _meta and headers that agree, or disagree on purpose. */
const modernMcp = fc
  .record({
    id: rpcId,
    method: mcpMethod,
    name: toolName,
    args: toolArguments,
    metaVersion: fc.constantFrom(MODERN, MODERN, MODERN, LEGACY, '2024-11-05', 42),
    capabilities: fc.constantFrom<unknown>({}, undefined, 'x'),
    headerVersion: fc.constantFrom<string | undefined>('same', 'same', undefined, LEGACY, 'garbage'),
    headerMethod: fc.constantFrom<string | undefined>('same', 'same', undefined, 'tools/list'),
    headerName: fc.constantFrom<string | undefined>('same', 'same', 'base64', undefined, 'other', '=?base64?bad?='),
  })
  .map((r) => {
    const meta: Record<string, unknown> = { 'io.modelcontextprotocol/protocolVersion': r.metaVersion }
    if (r.capabilities !== undefined) meta['io.modelcontextprotocol/clientCapabilities'] = r.capabilities
    const name = typeof r.name === 'string' ? r.name : ''
    const body = {
      jsonrpc: '2.0',
      ...(r.id === undefined ? {} : { id: r.id }),
      method: r.method,
      params: { name: r.name, arguments: r.args, _meta: meta },
    }
    const headers = withHeaders({
      'content-type': 'application/json',
      'mcp-protocol-version': r.headerVersion === 'same' ? String(r.metaVersion) : r.headerVersion,
      'mcp-method': r.headerMethod === 'same' ? r.method : r.headerMethod,
      'mcp-name':
        r.headerName === 'same'
          ? /^[\x21-\x7e]*$/.test(name)
            ? name
            : undefined
          : r.headerName === 'base64'
            ? `=?base64?${Buffer.from(name, 'utf8').toString('base64')}?=`
            : r.headerName,
    })
    return { target: 'mcp 2026-07-28', body: JSON.stringify(body), headers }
  })

/** A 2025-06-18 request: initialize, a notification, or a call without a handshake. */
const legacyMcp = fc
  .record({
    id: rpcId,
    method: mcpMethod,
    name: toolName,
    args: toolArguments,
    requested: fc.constantFrom(LEGACY, MODERN, '2024-11-05', '', 7),
    header: fc.constantFrom<string | undefined>(undefined, LEGACY, '2099-01-01'),
    params: fc.boolean(),
  })
  .map((r) => {
    const params =
      r.method === 'initialize'
        ? { protocolVersion: r.requested, capabilities: {}, clientInfo: { name: 'fuzz', version: '0' } }
        : { name: r.name, arguments: r.args }
    const body = { jsonrpc: '2.0', ...(r.id === undefined ? {} : { id: r.id }), method: r.method, ...(r.params ? { params } : {}) }
    return {
      target: 'mcp 2025-06-18',
      body: JSON.stringify(body),
      headers: withHeaders({ 'content-type': 'application/json', 'mcp-protocol-version': r.header }),
    }
  })

const brokenMcp = fc
  .record({
    body: fc.oneof(
      fc.string({ maxLength: 100 }),
      jsonValue.map((v) => JSON.stringify(v)),
      deepJson,
    ),
    type: contentType,
  })
  .map(({ body, type }) => ({ target: 'mcp broken', body, headers: { 'content-type': type } }))

const mcpRequest: fc.Arbitrary<HostileRequest> = fc
  .tuple(
    fc.oneof(modernMcp, legacyMcp, brokenMcp),
    fc.oneof(
      { arbitrary: fc.constant(undefined), weight: 8 },
      { arbitrary: fc.constantFrom('https://evil.example', 'http://localhost:3000', 'null'), weight: 1 },
    ),
  )
  .map(([{ target, body, headers }, origin]) => ({
    target,
    method: 'POST',
    url: '/mcp',
    headers: withHeaders({ ...headers, origin }),
    payload: body,
    credential: 'none',
  }))

/** Every surface, weighted towards the ones with the most to parse. */
export const hostileRequest: fc.Arbitrary<HostileRequest> = fc.oneof(
  { arbitrary: createRequest, weight: 4 },
  { arbitrary: updateRequest, weight: 2 },
  { arbitrary: deleteRequest, weight: 1 },
  { arbitrary: uploadRequest, weight: 2 },
  { arbitrary: catalogRequest, weight: 2 },
  { arbitrary: editorialRequest, weight: 2 },
  { arbitrary: mcpRequest, weight: 4 },
)

export const HOSTILE_TARGETS = {
  create: createRequest,
  update: updateRequest,
  delete: deleteRequest,
  images: uploadRequest,
  catalog: catalogRequest,
  editorial: editorialRequest,
  mcp: mcpRequest,
} as const

export function authorizationFor(credential: Credential, tokens: { write: string; read: string }): string | undefined {
  switch (credential) {
    case 'write':
      return `Bearer ${tokens.write}`
    case 'read':
      return `Bearer ${tokens.read}`
    case 'unknown':
      return 'Bearer folio_not-a-key'
    case 'basic':
      return 'Basic dXNlcjpwYXNz'
    case 'malformed':
      return 'Bearer a b c'
    case 'none':
      return undefined
  }
}

const RPC_CODES = new Set([-32700, -32600, -32601, -32602, -32603, -32020, -32021, -32022])

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** A JSON-RPC answer: `jsonrpc: "2.0"`, exactly one of result and error, an error with an integer code and a message. */
function jsonRpcProblems(res: LightMyRequestResponse): string[] {
  if (res.statusCode === 202) return res.body === '' ? [] : ['202 with a body']
  let body: unknown
  try {
    body = JSON.parse(res.body)
  } catch {
    return [`not JSON: ${res.body.slice(0, 100)}`]
  }
  // The API's own guards in front of /mcp (version lock, rate limit) answer in the API's shape.
  if (isObject(body) && body.status === 'error') return errorShapeProblems(res.statusCode, res.headers, res.body)
  if (!isObject(body)) return ['not a JSON-RPC object']
  const problems: string[] = []
  if (body.jsonrpc !== '2.0') problems.push('jsonrpc is not "2.0"')
  if ('result' in body === 'error' in body) problems.push('not exactly one of result and error')
  if ('id' in body && typeof body.id !== 'string' && !Number.isInteger(body.id)) problems.push(`id ${JSON.stringify(body.id)}`)
  if ('error' in body) {
    const error = body.error
    if (!isObject(error) || !Number.isInteger(error.code) || typeof error.message !== 'string') problems.push('malformed error')
    else if (!RPC_CODES.has(error.code as number)) problems.push(`unknown error code ${String(error.code)}`)
    if (res.statusCode < 400 && isObject(error) && error.code !== -32601 && error.code !== -32602)
      problems.push(`error ${String(error.code)} with ${res.statusCode}`)
  } else if (res.statusCode !== 200) problems.push(`result with ${res.statusCode}`)
  return problems
}

/** What is wrong with an answer to a hostile request (nothing, for a good one). */
export function answerProblems(request: HostileRequest, res: LightMyRequestResponse): string[] {
  if (res.statusCode >= 500) return [`${res.statusCode}: ${res.body.slice(0, 200)}`]
  if (request.url.startsWith('/mcp')) return jsonRpcProblems(res)
  if (res.statusCode >= 400) return errorShapeProblems(res.statusCode, res.headers, res.body)
  try {
    const body = JSON.parse(res.body) as Record<string, unknown>
    return body.status === 'ok' ? [] : [`a ${res.statusCode} without status "ok"`]
  } catch {
    return [`a ${res.statusCode} that is not JSON`]
  }
}

/** A short description of a request for a failure message. */
export function describeRequest(request: HostileRequest): string {
  const payload = request.payload === undefined ? '' : ` ${String(request.payload).slice(0, 300)}`
  return `${request.method} ${request.url.slice(0, 200)} ${JSON.stringify(request.headers).slice(0, 300)} [${request.credential}]${payload}`
}

/** Sends a hostile request through inject(), with the credential it names. */
export function sendHostile(
  app: { inject(options: InjectOptions): Promise<LightMyRequestResponse> },
  tokens: { write: string; read: string },
  request: HostileRequest,
): Promise<LightMyRequestResponse> {
  const authorization = authorizationFor(request.credential, tokens)
  return app.inject({
    method: request.method,
    url: request.url,
    headers: { ...request.headers, ...(authorization === undefined ? {} : { authorization }) },
    ...(request.payload === undefined ? {} : { payload: request.payload }),
  })
}
