// /openapi.json: valid OpenAPI 3.1 (checked by a validator), generated from the endpoint table
// (every endpoint, parameter, header, body, answer and error), and the live answers of the API
// match the schemas it documents.
import { Validator } from '@seriousme/openapi-schema-validator'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { LightMyRequestResponse } from 'fastify'
import { ENDPOINT_IDS, ENDPOINTS, type EndpointDefinition, type EndpointId } from '../../src/contract/endpoints.js'
import { ERROR_CATALOGUE } from '../../src/contract/errors.js'
import { MCP_PROTOCOL_VERSIONS } from '../../src/contract/version.js'
import { multipart, png } from '../helpers/image-fixtures.js'
import { articlePayload, BASE_URL, startTestApp, type TestApp } from '../helpers/test-app.js'

// ajv-formats is CommonJS; its default export arrives wrapped under NodeNext.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv2020) => void

type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any

let t: TestApp
let doc: Json
let ajv: Ajv2020
before(async () => {
  t = await startTestApp()
  const res = await t.request({ method: 'GET', url: '/openapi.json', token: null })
  doc = res.json()
  ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false })
  addFormats(ajv)
  ajv.addSchema(doc, 'openapi.json')
})
after(() => t.close())

const pointer = (...segments: string[]) => segments.map((s) => encodeURIComponent(s.replace(/~/g, '~0').replace(/\//g, '~1'))).join('/')

describe('openapi.json is valid OpenAPI 3.1', () => {
  test('the official 3.1 schema validator accepts it', async () => {
    const validator = new Validator()
    const result = await validator.validate(doc)
    assert.deepEqual(result.errors ?? [], [])
    assert.equal(result.valid, true)
    assert.equal(validator.version, '3.1')
    assert.equal(doc.servers[0].url, BASE_URL)
  })

  test('every endpoint of the table is an operation with its summary, security, parameters and body', () => {
    const operations = Object.values(doc.paths as Json).flatMap((item) => Object.values(item as Json))
    assert.equal(operations.length, ENDPOINT_IDS.length)
    assert.deepEqual(doc.components.securitySchemes.bearerAuth, {
      type: 'http',
      scheme: 'bearer',
      description: doc.components.securitySchemes.bearerAuth.description,
    })
    for (const id of ENDPOINT_IDS) {
      const def: EndpointDefinition = ENDPOINTS[id]
      const op = doc.paths[def.path]?.[def.method.toLowerCase()]
      assert.ok(op, `${def.method} ${def.path} is documented`)
      assert.equal(op.operationId, id)
      assert.equal(op.summary, def.summary)
      // A public endpoint with a keyed query value (status=all) takes the key optionally.
      const keyed = (def.query ?? []).some((q) => q.keyed)
      assert.deepEqual(op.security, def.auth === 'bearer' ? [{ bearerAuth: [] }] : keyed ? [{}, { bearerAuth: [] }] : [])
      const params = op.parameters as Json[]
      for (const name of def.path.match(/\{(\w+)\}/g) ?? []) {
        assert.ok(
          params.some((p) => p.in === 'path' && p.name === name.slice(1, -1) && p.required === true),
          `${id} documents path ${name}`,
        )
      }
      for (const q of def.query ?? [])
        assert.ok(
          params.some((p) => p.in === 'query' && p.name === q.name),
          `${id} documents query ${q.name}`,
        )
      assert.ok(
        params.some((p) => p.$ref === '#/components/parameters/ApiVersion'),
        `${id} documents X-Content-API-Version`,
      )
      assert.equal(
        params.some((p) => p.$ref === '#/components/parameters/IdempotencyKey'),
        def.headers?.includes('Idempotency-Key') ?? false,
      )
      if (def.body) assert.ok(op.requestBody.content[def.body.mediaType].schema, `${id} documents its ${def.body.mediaType} body`)
      else assert.equal(op.requestBody, undefined)
      for (const status of Object.keys(def.responses)) assert.ok(op.responses[status], `${id} documents ${status}`)
      for (const code of def.errors) {
        const status = ERROR_CATALOGUE[code as keyof typeof ERROR_CATALOGUE].status
        const answer = op.responses[String(status)]
        assert.ok(answer, `${id} documents ${status} for ${code}`)
        assert.ok(JSON.stringify(answer).includes(`"${code}"`), `${id} names ${code} in its ${status} answer`)
      }
      if (def.auth === 'bearer') {
        assert.ok(op.responses['401'].headers['WWW-Authenticate'], `${id} 401 documents WWW-Authenticate`)
        assert.ok(op.responses['403'].headers['WWW-Authenticate'], `${id} 403 documents WWW-Authenticate`)
      }
      if (def.ratePolicy) {
        for (const header of ['RateLimit', 'RateLimit-Policy', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset']) {
          assert.ok(op.responses['200'].headers[header], `${id} 200 documents ${header}`)
        }
        assert.ok(op.responses['429'].headers['Retry-After'], `${id} 429 documents Retry-After`)
      }
    }
    const image = doc.paths[ENDPOINTS.uploadImage.path].post.requestBody.content['multipart/form-data']
    assert.deepEqual(image.schema.required, ['file', 'slug'])
    assert.ok(doc.paths[ENDPOINTS.createArticle.path].post.responses['200'].headers['Idempotent-Replayed'])
    assert.ok(doc.paths[ENDPOINTS.getCatalog.path].get.responses['200'].headers.Link)
  })

  test('every error answer uses the one error schema', () => {
    assert.ok(doc.components.schemas.Error)
    for (const item of Object.values(doc.paths as Json)) {
      for (const op of Object.values(item as Json)) {
        for (const [status, answer] of Object.entries(op.responses as Json)) {
          if (Number(status) < 400) continue
          assert.match(JSON.stringify(answer.content['application/json'].schema), /#\/components\/schemas\/(Error|JsonRpcResponse)/)
        }
      }
    }
  })
})

describe('live answers match the documented schemas', () => {
  const KNOWN_HEADERS = [
    'x-content-api-version',
    'ratelimit',
    'ratelimit-policy',
    'x-ratelimit-limit',
    'x-ratelimit-remaining',
    'x-ratelimit-reset',
    'retry-after',
    'link',
    'idempotent-replayed',
    'www-authenticate',
  ]

  function check(id: EndpointId, res: LightMyRequestResponse, expectedStatus: number) {
    const def: EndpointDefinition = ENDPOINTS[id]
    assert.equal(res.statusCode, expectedStatus, `${id}: ${res.body.slice(0, 300)}`)
    const answerPointer = pointer('paths', def.path, def.method.toLowerCase(), 'responses', String(res.statusCode))
    const documented = doc.paths[def.path][def.method.toLowerCase()].responses[String(res.statusCode)]
    assert.ok(documented, `${id} documents status ${res.statusCode}`)
    const validate = ajv.getSchema(`openapi.json#/${answerPointer}/content/application~1json/schema`)
    assert.ok(validate, `${id} ${res.statusCode} has a JSON schema`)
    assert.ok(validate(res.json()), `${id} ${res.statusCode} answer matches its schema: ${JSON.stringify(validate.errors)}`)
    const documentedHeaders = Object.keys(documented.headers ?? {}).map((h) => h.toLowerCase())
    for (const header of KNOWN_HEADERS) {
      if (res.headers[header] !== undefined)
        assert.ok(documentedHeaders.includes(header), `${id} ${res.statusCode} documents the ${header} header it sends`)
    }
  }

  const json = (
    url: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    payload?: unknown,
    token?: string | null,
    headers: Record<string, string> = {},
  ) =>
    t.request({
      method,
      url,
      ...(payload !== undefined ? { payload: payload as object } : {}),
      ...(token !== undefined ? { token } : {}),
      headers,
    })

  test('index, health and version', async () => {
    check('apiIndex', await json('/api/', 'GET', undefined, null), 200)
    check('health', await json('/api/health', 'GET', undefined, null), 200)
    check('contentVersion', await json('/api/content/version', 'GET', undefined, null), 200)
    check('apiIndex', await json('/api/', 'GET', undefined, null, { 'x-content-api-version': '2' }), 400)
  })

  test('create: written, replayed, dry run, conflict, validation, invalid JSON, 401, 403, reused key', async () => {
    check(
      'createArticle',
      await json('/api/content/', 'POST', articlePayload({ slug: 'openapi-live' }), undefined, { 'idempotency-key': 'live-1' }),
      200,
    )
    check(
      'createArticle',
      await json('/api/content/', 'POST', articlePayload({ slug: 'openapi-live' }), undefined, { 'idempotency-key': 'live-1' }),
      200,
    )
    check(
      'createArticle',
      await json('/api/content/', 'POST', articlePayload({ slug: 'openapi-live' }), undefined, {
        'idempotency-key': 'live-1',
        'x-extra': 'x',
      }),
      200,
    )
    check(
      'createArticle',
      await json('/api/content/', 'POST', articlePayload({ slug: 'openapi-live', title: 'Other' }), undefined, {
        'idempotency-key': 'live-1',
      }),
      422,
    )
    check('createArticle', await json('/api/content/?dry_run=1', 'POST', articlePayload({ slug: 'openapi-dry' })), 200)
    check('createArticle', await json('/api/content/', 'POST', articlePayload({ slug: 'openapi-live' })), 409)
    check('createArticle', await json('/api/content/', 'POST', { slug: 'Not A Slug' }), 400)
    check(
      'createArticle',
      await t.request({ method: 'POST', url: '/api/content/', payload: '{"slug":', headers: { 'content-type': 'application/json' } }),
      400,
    )
    check('createArticle', await json('/api/content/', 'POST', articlePayload({ slug: 'x1' }), null), 401)
    check('createArticle', await json('/api/content/', 'POST', articlePayload({ slug: 'x2' }), 'not-a-key'), 401)
    check('createArticle', await json('/api/content/', 'POST', articlePayload({ slug: 'x3' }), t.readToken), 403)
  })

  test('read, update and delete an article', async () => {
    check('getArticle', await json('/api/content/openapi-live', 'GET', undefined, null), 200)
    check('getArticle', await json('/api/content/no-such-article', 'GET', undefined, null), 404)
    check('updateArticle', await json('/api/content/openapi-live', 'PUT', { title: 'Changed' }), 200)
    check('updateArticle', await json('/api/content/openapi-live?dry_run=1', 'PUT', { excerpt: 'New' }), 200)
    check('updateArticle', await json('/api/content/no-such-article', 'PUT', { title: 'x' }), 404)
    check('updateArticle', await json('/api/content/openapi-live', 'PUT', { featured: 'yes' }), 400)
    check('deleteArticle', await json('/api/content/no-such-article', 'DELETE'), 404)
  })

  test('catalog, tags, rebuild and images', async () => {
    await json('/api/content/', 'POST', articlePayload({ slug: 'openapi-second' }))
    const page = await json('/api/content/catalog?limit=1', 'GET', undefined, t.readToken)
    check('getCatalog', page, 200)
    assert.ok(page.headers.link, 'a first page of two carries Link')
    check('getCatalog', await json('/api/content/catalog?cursor=not-a-cursor', 'GET', undefined, t.readToken), 400)
    check('getCatalog', await json('/api/content/catalog', 'GET', undefined, null), 401)
    check('listTags', await json('/api/content/tags', 'GET', undefined, t.readToken), 200)
    check('rebuildCatalog', await json('/api/content/catalog', 'POST', {}), 200)
    check('rebuildCatalog', await json('/api/content/catalog?apply=1', 'POST', {}), 200)
    const upload = multipart([
      { name: 'slug', value: 'openapi-live' },
      { name: 'file', value: png(7), filename: 'a.png', type: 'image/png' },
    ])
    check(
      'uploadImage',
      await t.request({ method: 'POST', url: '/api/content/images', payload: upload.payload, headers: upload.headers }),
      200,
    )
    const dry = multipart([
      { name: 'slug', value: 'openapi-live' },
      { name: 'dry_run', value: '1' },
      { name: 'file', value: png(8), filename: 'b.png', type: 'image/png' },
    ])
    check('uploadImage', await t.request({ method: 'POST', url: '/api/content/images', payload: dry.payload, headers: dry.headers }), 200)
    check('deleteArticle', await json('/api/content/openapi-second', 'DELETE'), 200)
  })

  test("the editors' endpoints: keyed draft read, catalog with drafts, revisions, restore and preview links", async () => {
    await json('/api/content/', 'POST', articlePayload({ slug: 'openapi-draft', status: 'draft' }))
    check('getArticle', await json('/api/content/openapi-draft?status=all', 'GET', undefined, t.readToken), 200)
    check('getArticle', await json('/api/content/openapi-draft?status=all', 'GET', undefined, null), 401)
    check('getArticle', await json('/api/content/openapi-draft?status=other', 'GET', undefined, null), 400)
    const drafts = await json('/api/content/catalog?status=all&limit=1', 'GET', undefined, t.readToken)
    check('getCatalog', drafts, 200)
    assert.equal(drafts.json().articles[0].status, 'draft')
    check('getCatalog', await json('/api/content/catalog?status=drafts', 'GET', undefined, t.readToken), 400)
    await json('/api/content/openapi-draft', 'PUT', { title: 'A second title' })
    await json('/api/content/openapi-draft', 'PUT', { title: 'A third title' })
    const revisions = await json('/api/content/openapi-draft/revisions?limit=1', 'GET', undefined, t.readToken)
    check('listRevisions', revisions, 200)
    assert.ok(revisions.headers.link, 'a first page of two carries Link')
    check('listRevisions', await json('/api/content/never-written/revisions', 'GET', undefined, t.readToken), 404)
    check('listRevisions', await json('/api/content/openapi-draft/revisions', 'GET', undefined, null), 401)
    check('getRevision', await json('/api/content/openapi-draft/revisions/1', 'GET', undefined, t.readToken), 200)
    check('getRevision', await json('/api/content/openapi-draft/revisions/99', 'GET', undefined, t.readToken), 404)
    check('restoreRevision', await json('/api/content/openapi-draft/revisions/1/restore?dry_run=1', 'POST'), 200)
    check('restoreRevision', await json('/api/content/openapi-draft/revisions/1/restore', 'POST'), 200)
    check('restoreRevision', await json('/api/content/openapi-draft/revisions/1/restore', 'POST', undefined, t.readToken), 403)
    check('createPreview', await json('/api/content/openapi-draft/preview', 'POST'), 200)
    check('createPreview', await json('/api/content/never-written/preview', 'POST'), 404)
    await json('/api/content/openapi-draft', 'DELETE')
    await json('/api/content/', 'POST', articlePayload({ slug: 'openapi-draft' }))
    check('restoreRevision', await json('/api/content/openapi-draft/revisions/2/restore', 'POST'), 409)
  })

  test('the MCP endpoint: a JSON-RPC answer, and a protocol refusal in the JSON-RPC envelope', async () => {
    const list = await t.request({
      method: 'POST',
      url: '/mcp',
      token: null,
      payload: { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} },
      headers: { 'mcp-protocol-version': '2025-06-18' },
    })
    check('mcp', list, 200)
    const refused = await t.request({
      method: 'POST',
      url: '/mcp',
      token: null,
      payload: {
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/list',
        params: {
          _meta: { 'io.modelcontextprotocol/protocolVersion': MCP_PROTOCOL_VERSIONS[0], 'io.modelcontextprotocol/clientCapabilities': {} },
        },
      },
    })
    check('mcp', refused, 400)
  })
})
