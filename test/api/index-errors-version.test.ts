// GET /api/, health, version; the error shape; 404/405; X-Content-API-Version.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { ENDPOINT_IDS, ENDPOINTS } from '../../src/contract/endpoints.js'
import { ERROR_CATALOGUE, ERROR_CODES } from '../../src/contract/errors.js'
import { API_MAJOR, API_VERSION } from '../../src/contract/version.js'
import { assertErrorShape } from '../helpers/error-shape.js'
import { articlePayload, BASE_URL, startTestApp, type TestApp } from '../helpers/test-app.js'

// The endpoints whose surfaces are built; each issue that builds one adds it here.
const SERVED_ENDPOINTS: (keyof typeof ENDPOINTS)[] = [
  'apiIndex',
  'health',
  'contentVersion',
  'createArticle',
  'getArticle',
  'updateArticle',
  'deleteArticle',
]

let t: TestApp
before(async () => {
  t = await startTestApp({ clock: () => new Date('2026-05-01T10:00:00.000Z') })
})
after(() => t.close())

describe('index and health', () => {
  test('GET /api/ lists every endpoint of the endpoint table', async () => {
    const res = await t.request({ method: 'GET', url: '/api/', token: null })
    assert.equal(res.statusCode, 200)
    const body = res.json()
    assert.equal(body.status, 'ok')
    assert.equal(body.version, API_VERSION)
    assert.equal(body.docs, `${BASE_URL}/developers/`)
    assert.equal(body.openapi, `${BASE_URL}/openapi.json`)
    assert.equal(body.endpoints.length, ENDPOINT_IDS.length)
    for (const id of ENDPOINT_IDS) {
      const def = ENDPOINTS[id]
      const listed = body.endpoints.find((e: { method: string; path: string }) => e.method === def.method && e.path === def.path)
      assert.ok(listed, `${def.method} ${def.path} is listed`)
      assert.equal(typeof listed.description, 'string')
      assert.match(listed.auth, def.auth === 'none' ? /^none$/ : /^bearer/)
    }
  })

  test('GET /api/health answers status and time without probing anything', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health', token: null })
    assert.equal(res.statusCode, 200)
    assert.deepEqual(res.json(), { status: 'ok', time: '2026-05-01T10:00:00.000Z' })
  })

  test('GET /api/content/version answers version and render_capabilities', async () => {
    const res = await t.request({ method: 'GET', url: '/api/content/version', token: null })
    const body = res.json()
    assert.equal(body.status, 'ok')
    assert.equal(body.version, API_VERSION)
    assert.ok('render_capabilities' in body)
  })

  test('every endpoint of the table answers something other than 404/405 for its own method', async () => {
    for (const id of SERVED_ENDPOINTS) {
      const def = ENDPOINTS[id]
      const url = def.path.replace('{slug}', 'some-slug')
      const res = await t.request({ method: def.method, url, payload: def.method === 'POST' || def.method === 'PUT' ? {} : undefined })
      assert.ok(res.statusCode !== 405, `${def.method} ${url} is routed`)
      if (url !== '/api/content/some-slug') assert.notEqual(res.statusCode, 404, `${def.method} ${url} is routed`)
    }
  })
})

describe('errors', () => {
  test('the error catalogue holds all 16 codes of the spec with their statuses', () => {
    assert.equal(ERROR_CODES.length, 16)
    const expected: Record<string, number> = {
      bad_request: 400,
      invalid_json: 400,
      validation_failed: 400,
      unsupported_version: 400,
      unauthorized: 401,
      forbidden: 403,
      not_found: 404,
      method_not_allowed: 405,
      conflict: 409,
      idempotency_in_progress: 409,
      payload_too_large: 413,
      idempotency_key_reused: 422,
      rate_limited: 429,
      internal_error: 500,
      bad_gateway: 502,
      unavailable: 503,
    }
    for (const [code, status] of Object.entries(expected))
      assert.equal(ERROR_CATALOGUE[code as keyof typeof ERROR_CATALOGUE].status, status, code)
  })

  test('an unknown /api path answers 404 not_found in the one error shape', async () => {
    const res = await t.request({ method: 'GET', url: '/api/nothing/here', token: null })
    assert.equal(res.statusCode, 404)
    const body = res.json()
    assert.equal(body.status, 'error')
    assert.equal(body.code, 'not_found')
    assert.equal(typeof body.message, 'string')
    assert.equal(typeof body.hint, 'string')
    assert.equal(body.docs, `${BASE_URL}/developers/#error-not_found`)
    assert.equal(body.version, API_VERSION)
  })

  test('a known path with another method answers 405 with Allow', async () => {
    const cases: [string, string, string][] = [
      ['DELETE', '/api/', 'GET, HEAD'],
      ['POST', '/api/health', 'GET, HEAD'],
      ['PATCH', '/api/content/some-slug', 'GET, PUT, DELETE, HEAD'],
      ['PUT', '/api/content/catalog', 'GET, POST, HEAD'],
      ['DELETE', '/api/content/tags', 'GET, HEAD'],
      ['GET', '/api/content/images', 'POST'],
      ['GET', '/api/content/', 'POST'],
    ]
    for (const [method, url, allow] of cases) {
      const res = await t.request({ method: method as 'GET', url })
      assert.equal(res.statusCode, 405, `${method} ${url}`)
      assert.equal(res.json().code, 'method_not_allowed')
      assert.equal(res.headers.allow, allow, `${method} ${url}`)
    }
  })
})

describe('requests the router cannot take', () => {
  test('a malformed URL (%ff) answers 400 bad_request in the one error shape, on every method', async () => {
    for (const [method, url] of [
      ['PUT', '/api/content/%ff'],
      ['GET', '/api/content/%ff'],
      ['DELETE', '/api/content/a%zzb'],
      ['GET', '/insights/%ff/'],
    ] as const) {
      const res = await t.request({ method, url, ...(method === 'PUT' ? { payload: {} } : {}) })
      const body = assertErrorShape(res, 400, 'bad_request')
      assert.match(String(body.message), /URL/, `${method} ${url}`)
      assert.equal(res.headers['x-content-type-options'], 'nosniff')
    }
  })

  test("a slug over the router's length answers 404 not_found (a slug has at most 80 characters), never 414", async () => {
    const long = 'a'.repeat(300)
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await t.request({ method, url: `/api/content/${long}`, ...(method === 'PUT' ? { payload: {} } : {}) })
      assertErrorShape(res, 404, 'not_found')
    }
    const page = await t.request({ method: 'GET', url: `/insights/strategy/${long}/`, token: null })
    assert.equal(page.statusCode, 404, "a page URL answers the website's 404 page")
    assert.match(String(page.headers['content-type']), /^text\/html/)
  })
})

describe('versioning', () => {
  test('the Content API version is 1.1.0, major 1 (every test reads it from the contract)', () => {
    assert.equal(API_VERSION, '1.1.0')
    assert.equal(API_MAJOR, 1)
  })

  test('every answer carries X-Content-API-Version: the API version, errors included', async () => {
    for (const url of ['/api/', '/api/health', '/api/nope', '/api/content/unknown']) {
      const res = await t.request({ method: 'GET', url, token: null })
      assert.equal(res.headers['x-content-api-version'], API_VERSION, url)
    }
  })

  test('X-Content-API-Version as the major, major.minor or the whole version (1, 1.1, 1.1.0) is served', async () => {
    for (const v of [String(API_MAJOR), API_VERSION.split('.').slice(0, 2).join('.'), API_VERSION]) {
      const res = await t.request({ method: 'GET', url: '/api/', token: null, headers: { 'x-content-api-version': v } })
      assert.equal(res.statusCode, 200, v)
    }
  })

  test('another major or an unreadable value answers 400 unsupported_version before anything runs', async () => {
    for (const v of ['2', '0', '2.0.0', 'latest', '']) {
      const res = await t.request({
        method: 'POST',
        url: '/api/content/',
        payload: articlePayload({ slug: 'versioned' }),
        headers: { 'x-content-api-version': v },
      })
      assert.equal(res.statusCode, 400, `"${v}"`)
      assert.equal(res.json().code, 'unsupported_version')
    }
    assert.equal(await t.store.articles.get('versioned'), undefined)
  })
})
