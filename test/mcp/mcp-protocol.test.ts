// POST /mcp, the JSON-RPC envelope and the protocol-version rules of the spec's MCP server section,
// docs/standards.md (MCP) and docs/decisions.md (decisions 2–5), request by request through inject().
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import type { LightMyRequestResponse } from 'fastify'
import { buildApp } from '../../src/app.js'
import { loadConfig } from '../../src/config.js'
import { ENDPOINTS } from '../../src/contract/endpoints.js'
import { API_VERSION } from '../../src/contract/version.js'
import { MCP_TOOLS } from '../../src/contract/mcp-tools.js'
import { endpointOf } from '../../src/http/authenticate.js'
import { loadSite } from '../../src/content/site-definition.js'
import { articlePayload, BASE_URL, startTestApp, TEST_SITE_DIR, type TestApp } from '../helpers/test-app.js'
import { openTestStore } from '../helpers/test-store.js'

let t: TestApp
before(async () => {
  t = await startTestApp()
  assert.equal((await t.request({ method: 'POST', url: '/api/content/', payload: articlePayload() })).statusCode, 200)
})
after(() => t.close())

const MODERN = '2026-07-28'
const LEGACY = '2025-06-18'
const SUPPORTED = [MODERN, LEGACY]
const META = { 'io.modelcontextprotocol/protocolVersion': MODERN, 'io.modelcontextprotocol/clientCapabilities': {} }

const post = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/mcp',
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  })

/** A well-formed 2026-07-28 request: body with _meta, and the three headers. */
function modern(
  method: string,
  params: Record<string, unknown> = {},
  options: { id?: number | string; headers?: Record<string, string | undefined>; meta?: Record<string, unknown> } = {},
) {
  const headers: Record<string, string | undefined> = {
    'mcp-protocol-version': MODERN,
    'mcp-method': method,
    ...(method === 'tools/call' ? { 'mcp-name': String(params.name) } : {}),
    ...options.headers,
  }
  const defined = Object.fromEntries(Object.entries(headers).filter(([, v]) => v !== undefined)) as Record<string, string>
  return post({ jsonrpc: '2.0', id: options.id ?? 1, method, params: { ...params, _meta: options.meta ?? META } }, defined)
}
const legacy = (method: string, params?: Record<string, unknown>, headers: Record<string, string> = {}, id: number | string = 1) =>
  post({ jsonrpc: '2.0', id, method, ...(params ? { params } : {}) }, headers)

function rpcError(res: LightMyRequestResponse, status: number, code: number) {
  assert.equal(res.statusCode, status, res.body)
  assert.match(String(res.headers['content-type']), /^application\/json/)
  const body = res.json()
  assert.equal(body.jsonrpc, '2.0')
  assert.equal(body.error.code, code, res.body)
  assert.equal(typeof body.error.message, 'string')
  assert.equal(body.result, undefined)
  return body
}

describe('JSON-RPC envelope', () => {
  test('a body that is not JSON answers 400 with -32700 and no id', async () => {
    const body = rpcError(await post('{"jsonrpc":"2.0",'), 400, -32700)
    assert.equal('id' in body, false)
  })

  test('an empty body is a parse error too, inside the JSON-RPC envelope', async () => {
    rpcError(await post(''), 400, -32700)
    rpcError(await t.app.inject({ method: 'POST', url: '/mcp' }), 400, -32700)
  })

  test('a parse error is -32700 whatever the Content-Type', async () => {
    rpcError(await post('not json', { 'content-type': 'text/plain' }), 400, -32700)
  })

  test("a malformed or empty Content-Type is the client's error: 400 with -32600 (invalid request), never -32603", async () => {
    for (const type of [';', '', ' ', '/']) {
      const body = rpcError(await post({ jsonrpc: '2.0', id: 3, method: 'tools/list' }, { 'content-type': type }), 400, -32600)
      assert.match(body.error.message, /Content-Type/, JSON.stringify(type))
    }
  })

  test('a batch, a non-object, a wrong jsonrpc, a null id or a missing method answers 400 with -32600', async () => {
    rpcError(await post([{ jsonrpc: '2.0', id: 1, method: 'tools/list' }]), 400, -32600)
    rpcError(await post('"tools/list"'), 400, -32600)
    rpcError(await post({ jsonrpc: '1.0', id: 1, method: 'tools/list' }), 400, -32600)
    rpcError(await post({ jsonrpc: '2.0', id: null, method: 'tools/list' }), 400, -32600)
    const missing = rpcError(await post({ jsonrpc: '2.0', id: 9, params: {} }), 400, -32600)
    assert.equal(missing.id, 9, 'the id is echoed when the request has a usable one')
    rpcError(await post({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: [1] }), 400, -32600)
  })

  test('a body over a megabyte answers 413 inside the JSON-RPC envelope', async () => {
    const big = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'search_articles', arguments: { query: 'x'.repeat(1_100_000) } },
    })
    rpcError(await post(big), 413, -32600)
  })

  test('the id is echoed with its type ("7" stays a string, 7 a number)', async () => {
    assert.equal((await legacy('tools/list', undefined, {}, '7')).json().id, '7')
    assert.equal((await legacy('tools/list', undefined, {}, 7)).json().id, 7)
  })

  test('a notification is answered 202 with no body', async () => {
    const res = await post({ jsonrpc: '2.0', method: 'notifications/initialized' })
    assert.equal(res.statusCode, 202)
    assert.equal(res.body, '')
    const modernNote = await post(
      { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1, _meta: META } },
      { 'mcp-protocol-version': MODERN, 'mcp-method': 'notifications/cancelled' },
    )
    assert.equal(modernNote.statusCode, 202)
    assert.equal(modernNote.body, '')
  })

  test('a JSON-RPC response sent by a client is acknowledged with 202', async () => {
    const res = await post({ jsonrpc: '2.0', id: 5, result: {} })
    assert.equal(res.statusCode, 202)
    assert.equal(res.body, '')
  })

  test('GET and DELETE /mcp answer 405 with Allow: POST (no server-sent stream)', async () => {
    for (const method of ['GET', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/mcp', headers: { accept: 'text/event-stream' } })
      assert.equal(res.statusCode, 405)
      assert.equal(res.headers.allow, 'POST')
    }
  })

  test('POST /mcp is served by the endpoint table row "mcp", whose rate policy is mcp', async () => {
    assert.equal(ENDPOINTS.mcp.ratePolicy, 'mcp')
    const dir = mkdtempSync(join(tmpdir(), 'folio-mcp-route-'))
    const store = await openTestStore(dir)
    const { app } = await buildApp(loadConfig({ FOLIO_DATA_DIR: dir, FOLIO_PUBLIC_URL: BASE_URL, LOG_LEVEL: 'silent' }), {
      store,
      site: loadSite(TEST_SITE_DIR),
      logger: false,
    })
    const seen: (string | undefined)[] = []
    // What the rate-limit plugin reads on every request (endpointOf in src/http/authenticate.ts).
    app.addHook('onRequest', async (request) => {
      seen.push(endpointOf(request)?.id)
    })
    try {
      await app.ready()
      const res = await app.inject({ method: 'POST', url: '/mcp', payload: { jsonrpc: '2.0', id: 1, method: 'ping' } })
      assert.equal(res.statusCode, 200)
      assert.deepEqual(seen, ['mcp'])
    } finally {
      await app.close()
      await store.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('DNS-rebinding protection', () => {
  test('an Origin of another site answers 403', async () => {
    const res = await legacy('tools/list', undefined, { origin: 'https://evil.example' })
    rpcError(res, 403, -32600)
    assert.match(res.json().error.message, /evil\.example/)
  })

  test('a Host that is not this site or loopback answers 403', async () => {
    rpcError(await legacy('tools/list', undefined, { host: 'rebound.example:8080' }), 403, -32600)
  })

  test("this site's origin and host, and loopback ones, pass", async () => {
    for (const headers of <Record<string, string>[]>[
      { origin: BASE_URL, host: 'folio.test' },
      { origin: 'http://localhost:5173' },
      { origin: 'http://127.0.0.1:3000', host: '127.0.0.1:8080' },
      { host: '[::1]:8080' },
    ]) {
      assert.equal((await legacy('tools/list', undefined, headers)).statusCode, 200, JSON.stringify(headers))
    }
  })

  test('an Origin of "null" (sandboxed page) answers 403', async () => {
    rpcError(await legacy('tools/list', undefined, { origin: 'null' }), 403, -32600)
  })
})

describe('2026-07-28', () => {
  test('server/discover lists both versions, capabilities, server info and cache hints', async () => {
    const res = await modern('server/discover')
    assert.equal(res.statusCode, 200)
    const { result } = res.json()
    assert.deepEqual(result.supportedVersions, SUPPORTED)
    assert.deepEqual(result.capabilities, { tools: { listChanged: false } })
    assert.equal(result.resultType, 'complete')
    assert.ok(Number.isInteger(result.ttlMs) && result.ttlMs >= 0)
    assert.ok(['public', 'private'].includes(result.cacheScope))
    assert.deepEqual(result._meta['io.modelcontextprotocol/serverInfo'], { name: 'folio', version: API_VERSION })
    assert.equal(res.headers['mcp-session-id'], undefined)
  })

  test('tools/list carries resultType, ttlMs and cacheScope and every tool with schemas and readOnlyHint', async () => {
    const { result } = (await modern('tools/list')).json()
    assert.equal(result.resultType, 'complete')
    assert.ok(Number.isInteger(result.ttlMs))
    assert.equal(result.cacheScope, 'public')
    assert.deepEqual(
      result.tools.map((tool: { name: string }) => tool.name),
      MCP_TOOLS.map((tool) => tool.name),
    )
    for (const tool of result.tools) {
      assert.equal(tool.inputSchema.type, 'object')
      assert.equal(tool.outputSchema.type, 'object')
      assert.equal(tool.annotations.readOnlyHint, true)
      assert.equal(typeof tool.description, 'string')
    }
  })

  test('tools/call answers with resultType complete, text content and structuredContent', async () => {
    const { result } = (await modern('tools/call', { name: 'search_articles', arguments: { query: 'pricing' } })).json()
    assert.equal(result.resultType, 'complete')
    assert.equal(result.isError, false)
    assert.equal(result.content[0].type, 'text')
    assert.deepEqual(JSON.parse(result.content[0].text), result.structuredContent)
    assert.equal(result.structuredContent.results[0].slug, 'pricing-playbook')
  })

  test('MCP-Protocol-Version missing answers 400, -32020, naming the header', async () => {
    const body = rpcError(await modern('tools/list', {}, { headers: { 'mcp-protocol-version': undefined } }), 400, -32020)
    assert.match(body.error.message, /MCP-Protocol-Version/)
    assert.equal(body.id, 1)
  })

  test('MCP-Protocol-Version not equal to _meta protocolVersion answers 400, -32020', async () => {
    const body = rpcError(await modern('tools/list', {}, { headers: { 'mcp-protocol-version': LEGACY } }), 400, -32020)
    assert.match(body.error.message, /MCP-Protocol-Version/)
  })

  test('a 2026-07-28 header without the _meta protocolVersion (or without _meta) answers 400, -32602, naming both', async () => {
    const body = rpcError(await modern('tools/list', {}, { meta: { 'io.modelcontextprotocol/clientCapabilities': {} } }), 400, -32602)
    assert.match(body.error.message, /MCP-Protocol-Version/)
    assert.match(body.error.message, /io\.modelcontextprotocol\/protocolVersion/)
    const bare = await post({ jsonrpc: '2.0', id: 3, method: 'tools/list' }, { 'mcp-protocol-version': MODERN, 'mcp-method': 'tools/list' })
    assert.equal(rpcError(bare, 400, -32602).id, 3)
  })

  test('a 2026-07-28 header with another _meta version is a mismatch (-32020), not -32022', async () => {
    rpcError(await modern('tools/list', {}, { meta: { ...META, 'io.modelcontextprotocol/protocolVersion': '2024-11-05' } }), 400, -32020)
  })

  test('Mcp-Method missing answers 400, -32020, naming the header', async () => {
    const body = rpcError(await modern('tools/list', {}, { headers: { 'mcp-method': undefined } }), 400, -32020)
    assert.match(body.error.message, /Mcp-Method/)
  })

  test("Mcp-Method not equal to the body's method answers 400, -32020 (values are case-sensitive)", async () => {
    rpcError(await modern('tools/list', {}, { headers: { 'mcp-method': 'tools/call' } }), 400, -32020)
    const body = rpcError(await modern('tools/list', {}, { headers: { 'mcp-method': 'Tools/List' } }), 400, -32020)
    assert.match(body.error.message, /Mcp-Method/)
  })

  test('header names are case-insensitive', async () => {
    const res = await post(
      { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: META } },
      { 'Mcp-Protocol-Version': MODERN, 'MCP-METHOD': 'tools/list' },
    )
    assert.equal(res.statusCode, 200, res.body)
  })

  test('Mcp-Name missing on tools/call answers 400, -32020, naming the header', async () => {
    const body = rpcError(
      await modern('tools/call', { name: 'list_rubrics', arguments: {} }, { headers: { 'mcp-name': undefined } }),
      400,
      -32020,
    )
    assert.match(body.error.message, /Mcp-Name/)
  })

  test('Mcp-Name not equal to params.name answers 400, -32020', async () => {
    const body = rpcError(
      await modern('tools/call', { name: 'search_articles', arguments: { query: 'x' } }, { headers: { 'mcp-name': 'search' } }),
      400,
      -32020,
    )
    assert.match(body.error.message, /Mcp-Name/)
  })

  test('Mcp-Name in =?base64?…?= form is decoded before comparing', async () => {
    const encoded = `=?base64?${Buffer.from('list_rubrics', 'utf8').toString('base64')}?=`
    const res = await modern('tools/call', { name: 'list_rubrics', arguments: {} }, { headers: { 'mcp-name': encoded } })
    assert.equal(res.statusCode, 200, res.body)
    assert.equal(res.json().result.isError, false)
    const wrong = `=?base64?${Buffer.from('list_services', 'utf8').toString('base64')}?=`
    rpcError(await modern('tools/call', { name: 'list_rubrics', arguments: {} }, { headers: { 'mcp-name': wrong } }), 400, -32020)
  })

  test('a non-ASCII tool name arrives Base64-encoded and is compared decoded (unknown tool, so -32602)', async () => {
    const name = 'suche_café'
    const res = await modern(
      'tools/call',
      { name, arguments: {} },
      { headers: { 'mcp-name': `=?base64?${Buffer.from(name, 'utf8').toString('base64')}?=` } },
    )
    rpcError(res, 200, -32602)
  })

  test('a sentinel with missing padding or bad characters is a mismatch; other spellings are literal', async () => {
    rpcError(await modern('tools/call', { name: 'Hello', arguments: {} }, { headers: { 'mcp-name': '=?base64?SGVsbG8?=' } }), 400, -32020)
    rpcError(await modern('tools/call', { name: 'Hello', arguments: {} }, { headers: { 'mcp-name': '=?base64?SGV*bG8=?=' } }), 400, -32020)
    // "=?BASE64?" is not the sentinel: the value is the literal name, which differs from params.name.
    rpcError(await modern('tools/call', { name: 'Hello', arguments: {} }, { headers: { 'mcp-name': '=?BASE64?SGVsbG8=?=' } }), 400, -32020)
    rpcError(await modern('tools/call', { name: 'Hello', arguments: {} }, { headers: { 'mcp-name': '=?base64?SGVsbG8=?=' } }), 200, -32602)
  })

  test('missing _meta clientCapabilities answers 400 with -32602 (decision 3)', async () => {
    const body = rpcError(await modern('tools/list', {}, { meta: { 'io.modelcontextprotocol/protocolVersion': MODERN } }), 400, -32602)
    assert.match(body.error.message, /clientCapabilities/)
  })

  test('an unknown method answers HTTP 404 with -32601; initialize and ping are not part of 2026-07-28', async () => {
    rpcError(await modern('resources/list'), 404, -32601)
    rpcError(
      await modern('initialize', { protocolVersion: MODERN, capabilities: {}, clientInfo: { name: 'x', version: '1' } }),
      404,
      -32601,
    )
    rpcError(await modern('ping'), 404, -32601)
  })

  test('an unknown tool answers -32602 with HTTP 200', async () => {
    rpcError(await modern('tools/call', { name: 'delete_everything', arguments: {} }), 200, -32602)
  })

  test('an unknown slug is a tool result with isError: true, not a protocol error', async () => {
    const res = await modern('tools/call', { name: 'get_article', arguments: { slug: 'nope' } })
    assert.equal(res.statusCode, 200)
    const { result } = res.json()
    assert.equal(result.isError, true)
    assert.equal(result.resultType, 'complete')
    assert.match(result.content[0].text, /nope/)
    assert.equal(result.structuredContent, undefined)
  })

  test('arguments that break the input schema are a tool result with isError naming the field', async () => {
    const { result } = (await modern('tools/call', { name: 'search_articles', arguments: { query: '', limit: 500 } })).json()
    assert.equal(result.isError, true)
    assert.match(result.content[0].text, /arguments\.query/)
    assert.match(result.content[0].text, /arguments\.limit/)
  })

  test('the server never mints Mcp-Session-Id', async () => {
    const res = await modern('tools/list', {}, { headers: { 'mcp-session-id': 'abc' } })
    assert.equal(res.statusCode, 200)
    assert.equal(res.headers['mcp-session-id'], undefined)
  })
})

describe('2025-06-18', () => {
  test('initialize answers the negotiated version, capabilities and server info', async () => {
    const res = await legacy('initialize', { protocolVersion: LEGACY, capabilities: {}, clientInfo: { name: 'probe', version: '0.1.0' } })
    assert.equal(res.statusCode, 200)
    const { result } = res.json()
    assert.equal(result.protocolVersion, LEGACY)
    assert.deepEqual(result.capabilities, { tools: { listChanged: false } })
    assert.equal(result.serverInfo.name, 'folio')
    assert.equal(result.serverInfo.version, API_VERSION)
    assert.equal(typeof result.instructions, 'string')
    assert.equal(result.resultType, undefined, 'no 2026 envelope in the 2025 era')
    assert.equal(res.headers['mcp-session-id'], undefined, 'stateless: never mints Mcp-Session-Id (decision 4)')
  })

  test('initialize asking for an unserved revision is answered with 2025-06-18 (decision 2)', async () => {
    for (const asked of ['2025-11-25', '2024-11-05', '2099-01-01']) {
      const res = await legacy('initialize', { protocolVersion: asked, capabilities: {}, clientInfo: { name: 'probe', version: '0.1.0' } })
      assert.equal(res.statusCode, 200)
      assert.equal(res.json().result.protocolVersion, LEGACY, asked)
    }
  })

  test('the handshake: initialize, notifications/initialized (202), then tools/list and tools/call', async () => {
    assert.equal(
      (await legacy('initialize', { protocolVersion: LEGACY, capabilities: {}, clientInfo: { name: 'p', version: '1' } })).statusCode,
      200,
    )
    const initialized = await post({ jsonrpc: '2.0', method: 'notifications/initialized' }, { 'mcp-protocol-version': LEGACY })
    assert.equal(initialized.statusCode, 202)
    assert.equal(initialized.body, '')
    const list = (await legacy('tools/list', undefined, { 'mcp-protocol-version': LEGACY })).json()
    assert.deepEqual(
      list.result.tools.map((tool: { name: string }) => tool.name),
      MCP_TOOLS.map((tool) => tool.name),
    )
    assert.equal(list.result.resultType, undefined)
    assert.equal(list.result.ttlMs, undefined)
    const call = (await legacy('tools/call', { name: 'list_rubrics', arguments: {} }, { 'mcp-protocol-version': LEGACY })).json()
    assert.equal(call.result.isError, false)
    assert.ok(Array.isArray(call.result.structuredContent.rubrics))
  })

  test('MCP-Protocol-Version is optional and initialize is not required (stateless)', async () => {
    const res = await legacy('tools/call', { name: 'get_article', arguments: { slug: 'pricing-playbook' } })
    assert.equal(res.statusCode, 200)
    assert.equal(res.json().result.structuredContent.article.slug, 'pricing-playbook')
  })

  test('Mcp-Method and Mcp-Name are not required in 2025-06-18', async () => {
    const res = await legacy('tools/call', { name: 'list_services', arguments: {} }, { 'mcp-protocol-version': LEGACY })
    assert.equal(res.statusCode, 200)
    assert.equal(res.json().result.isError, false)
  })

  test('ping answers an empty result', async () => {
    const res = await legacy('ping')
    assert.equal(res.statusCode, 200)
    assert.deepEqual(res.json().result, {})
  })

  test('an unknown method answers -32601 with HTTP 200; server/discover is not part of 2025-06-18', async () => {
    rpcError(await legacy('resources/list'), 200, -32601)
    rpcError(await legacy('server/discover'), 200, -32601)
  })

  test('an unknown tool answers -32602 with HTTP 200; an unknown slug is a result with isError', async () => {
    rpcError(await legacy('tools/call', { name: 'nope', arguments: {} }), 200, -32602)
    rpcError(await legacy('tools/call', { arguments: {} }), 200, -32602)
    rpcError(await legacy('tools/call', { name: 'list_rubrics', arguments: [] }), 200, -32602)
    const { result } = (await legacy('tools/call', { name: 'get_article', arguments: { slug: 'nope' } })).json()
    assert.equal(result.isError, true)
  })
})

describe('any other version', () => {
  const check = (res: LightMyRequestResponse, requested: string) => {
    const body = rpcError(res, 400, -32022)
    assert.deepEqual(body.error.data, { supported: SUPPORTED, requested })
  }

  test('an unserved MCP-Protocol-Version header answers 400, -32022 with data.supported and data.requested', async () => {
    check(await legacy('tools/list', undefined, { 'mcp-protocol-version': '2025-03-26' }), '2025-03-26')
    check(await legacy('tools/call', { name: 'list_rubrics', arguments: {} }, { 'mcp-protocol-version': 'banana' }), 'banana')
  })

  test('an unserved _meta protocolVersion answers 400, -32022', async () => {
    const res = await post(
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/list',
        params: { _meta: { ...META, 'io.modelcontextprotocol/protocolVersion': '2027-01-01' } },
      },
      { 'mcp-protocol-version': '2027-01-01', 'mcp-method': 'tools/list' },
    )
    check(res, '2027-01-01')
  })

  test('an unserved version on a notification is refused the same way', async () => {
    check(await post({ jsonrpc: '2.0', method: 'notifications/initialized' }, { 'mcp-protocol-version': '2024-11-05' }), '2024-11-05')
  })
})

describe('the API guards around /mcp', () => {
  test('X-Content-API-Version locking another major is refused before anything runs', async () => {
    const res = await legacy('tools/list', undefined, { 'x-content-api-version': '2' })
    assert.equal(res.statusCode, 400)
    assert.equal(res.json().code, 'unsupported_version')
  })

  test('answers carry X-Content-API-Version like every answer', async () => {
    assert.equal((await legacy('tools/list')).headers['x-content-api-version'], API_VERSION)
  })
})
