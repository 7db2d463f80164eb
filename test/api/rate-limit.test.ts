// Rate limits: fixed window per client address, the spec's headers on every answer of a limited
// endpoint (errors included), 429 rate_limited with Retry-After, counted before authentication.
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { buildApp } from '../../src/app.js'
import { loadConfig } from '../../src/config.js'
import { loadSite } from '../../src/content/site-definition.js'
import { articlePayload, startTestApp, TEST_SITE_DIR, type TestApp } from '../helpers/test-app.js'
import { openTestStore } from '../helpers/test-store.js'

// 10:00:15 in a 60-second window: the window resets at 10:01:00, 45 seconds later.
const NOW = new Date('2026-05-01T10:00:15.000Z')
const RESET = Date.parse('2026-05-01T10:01:00.000Z') / 1000

let t: TestApp
before(async () => {
  t = await startTestApp({ clock: () => NOW, env: { FOLIO_RATE_LIMIT_CONTENT: '3/60', FOLIO_TRUST_PROXY: 'true' } })
})
after(() => t.close())

const from = (ip: string) => ({ 'x-forwarded-for': ip })

describe('rate limits (content policy)', () => {
  test('every answer carries RateLimit, RateLimit-Policy and X-RateLimit-* in the spec syntax; the 4th is 429', async () => {
    const ip = '203.0.113.1'
    const first = await t.request({ method: 'POST', url: '/api/content/', payload: articlePayload({ slug: 'rl-one' }), headers: from(ip) })
    assert.equal(first.statusCode, 200)
    assert.equal(first.headers['ratelimit'], '"content";r=2;t=45')
    assert.equal(first.headers['ratelimit-policy'], '"content";q=3;w=60')
    assert.equal(first.headers['x-ratelimit-limit'], '3')
    assert.equal(first.headers['x-ratelimit-remaining'], '2')
    assert.equal(first.headers['x-ratelimit-reset'], String(RESET))

    const unauthorized = await t.request({
      method: 'POST',
      url: '/api/content/',
      payload: articlePayload(),
      headers: from(ip),
      token: null,
    })
    assert.equal(unauthorized.statusCode, 401)
    assert.equal(unauthorized.headers['ratelimit'], '"content";r=1;t=45', 'an error answer carries the headers and counts')

    const missing = await t.request({ method: 'PUT', url: '/api/content/no-such-article', payload: articlePayload(), headers: from(ip) })
    assert.equal(missing.statusCode, 404)
    assert.equal(missing.headers['ratelimit'], '"content";r=0;t=45')

    const refused = await t.request({ method: 'DELETE', url: '/api/content/rl-one', headers: from(ip) })
    assert.equal(refused.statusCode, 429)
    const body = refused.json()
    assert.equal(body.code, 'rate_limited')
    assert.equal(body.ok, false)
    for (const field of ['status', 'message', 'hint', 'docs']) assert.ok(field in body, field)
    assert.equal(refused.headers['retry-after'], '45')
    assert.equal(refused.headers['x-ratelimit-remaining'], '0')
    assert.equal(
      (await t.request({ method: 'GET', url: '/api/content/rl-one', token: null })).statusCode,
      200,
      'the refused delete did nothing',
    )
  })

  test('unauthenticated requests are counted before the key check', async () => {
    const ip = '203.0.113.2'
    for (let i = 0; i < 3; i++)
      assert.equal((await t.request({ method: 'DELETE', url: '/api/content/x', headers: from(ip), token: 'folio_wrong' })).statusCode, 401)
    assert.equal((await t.request({ method: 'DELETE', url: '/api/content/x', headers: from(ip), token: 'folio_wrong' })).statusCode, 429)
  })

  test('each client address has its own window (X-Forwarded-For trusted with FOLIO_TRUST_PROXY)', async () => {
    for (let i = 0; i < 4; i++) await t.request({ method: 'DELETE', url: '/api/content/x', headers: from('203.0.113.3') })
    const other = await t.request({ method: 'DELETE', url: '/api/content/x', headers: from('203.0.113.4') })
    assert.equal(other.statusCode, 404)
    assert.equal(other.headers['x-ratelimit-remaining'], '2')
  })

  test('public reads are not limited and carry no RateLimit header', async () => {
    const res = await t.request({ method: 'GET', url: '/api/content/rl-one', token: null, headers: from('203.0.113.1') })
    assert.equal(res.statusCode, 200)
    assert.equal(res.headers['ratelimit'], undefined)
  })

  test('counting is atomic: 10 concurrent requests with quota 3 let exactly 3 through', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => t.request({ method: 'DELETE', url: '/api/content/x', headers: from('203.0.113.5') })),
    )
    assert.equal(answers.filter((r) => r.statusCode === 404).length, 3)
    assert.equal(answers.filter((r) => r.statusCode === 429).length, 7)
  })
})

test('FOLIO_TRUST_PROXY=1 trusts one proxy hop: the address it forwarded names the client', async () => {
  const u = await startTestApp({ clock: () => NOW, env: { FOLIO_RATE_LIMIT_CONTENT: '1/60', FOLIO_TRUST_PROXY: '1' } })
  try {
    assert.equal((await u.request({ method: 'DELETE', url: '/api/content/x', headers: from('198.51.100.7') })).statusCode, 404)
    assert.equal(
      (await u.request({ method: 'DELETE', url: '/api/content/x', headers: from('198.51.100.8') })).statusCode,
      404,
      'another client, another window',
    )
    // Only the hop next to ours is trusted: an address the client wrote further left is not believed.
    const spoofed = await u.request({ method: 'DELETE', url: '/api/content/x', headers: from('192.0.2.99, 198.51.100.8') })
    assert.equal(spoofed.statusCode, 429)
  } finally {
    await u.close()
  }
})

test('without FOLIO_TRUST_PROXY, X-Forwarded-For does not name the client', async () => {
  const u = await startTestApp({ clock: () => NOW, env: { FOLIO_RATE_LIMIT_CONTENT: '2/60' } })
  try {
    for (const ip of ['198.51.100.1', '198.51.100.2']) await u.request({ method: 'DELETE', url: '/api/content/x', headers: from(ip) })
    assert.equal((await u.request({ method: 'DELETE', url: '/api/content/x', headers: from('198.51.100.3') })).statusCode, 429)
  } finally {
    await u.close()
  }
})

test('POST /mcp is limited by the mcp policy of the endpoint table', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'folio-rl-'))
  const store = await openTestStore(dataDir)
  const config = loadConfig({ FOLIO_DATA_DIR: dataDir, FOLIO_DEMO_CONTENT: '0', FOLIO_RATE_LIMIT_MCP: '1/60' })
  const { app } = await buildApp(config, { store, site: loadSite(TEST_SITE_DIR), logger: false, clock: () => NOW })
  const ping = { jsonrpc: '2.0', id: 1, method: 'ping' }
  try {
    const first = await app.inject({ method: 'POST', url: '/mcp', payload: ping })
    assert.equal(first.statusCode, 200)
    assert.equal(first.headers['ratelimit-policy'], '"mcp";q=1;w=60')
    assert.equal(first.headers['ratelimit'], '"mcp";r=0;t=45')
    assert.equal((await app.inject({ method: 'POST', url: '/mcp', payload: ping })).statusCode, 429)
  } finally {
    await app.close()
    await store.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
})
