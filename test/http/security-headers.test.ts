// Defence in depth on every answer: X-Content-Type-Options: nosniff everywhere (API JSON, errors,
// feeds, documents, pages, images, kept answers), Permissions-Policy and Cross-Origin-Opener-Policy
// on pages, and images served in a sandbox of their own.
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { png, multipart } from '../helpers/image-fixtures.js'
import { articlePayload, startTestApp, type TestApp } from '../helpers/test-app.js'

let t: TestApp
before(async () => {
  t = await startTestApp()
  const created = await t.request({
    method: 'POST',
    url: '/api/content/',
    payload: articlePayload({ slug: 'headers-article', cover_image_url: '/images/headers-article/featured.png' }),
  })
  assert.equal(created.statusCode, 200, created.body)
  const { payload, headers } = multipart([
    { name: 'file', value: png(7), filename: 'a.png', type: 'image/png' },
    { name: 'slug', value: 'headers-article' },
  ])
  assert.equal((await t.request({ method: 'POST', url: '/api/content/images', payload, headers })).statusCode, 200)
})
after(() => t.close())

const PUBLIC_GETS = [
  '/api/',
  '/api/health',
  '/api/nope',
  '/api/content/headers-article',
  '/api/content/unknown-slug',
  '/feed.xml',
  '/feed.json',
  '/sitemap.xml',
  '/robots.txt',
  '/llms.txt',
  '/openapi.json',
  '/.well-known/api-catalog',
  '/.well-known/mcp/server-card.json',
  '/',
  '/insights/strategy/headers-article/',
  '/no-such-page/',
  '/developers/',
  '/assets/style.css',
  '/images/headers-article/featured.png',
]

test('every answer carries X-Content-Type-Options: nosniff: API JSON and its errors, feeds, documents, pages, images', async () => {
  for (const url of PUBLIC_GETS) {
    // Twice: the second GET of a public document is a kept answer, written without Fastify.
    for (const round of [1, 2]) {
      const res = await t.request({ method: 'GET', url, token: null })
      assert.equal(res.headers['x-content-type-options'], 'nosniff', `${url} (${round})`)
    }
  }
  const writes = [
    await t.request({ method: 'POST', url: '/api/content/', payload: { nope: true } }),
    await t.request({ method: 'DELETE', url: '/api/content/headers-unknown' }),
    await t.request({ method: 'GET', url: '/api/content/catalog' }),
    await t.app.inject({
      method: 'POST',
      url: '/mcp',
      headers: { 'content-type': 'application/json' },
      payload: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
    }),
    await t.app.inject({
      method: 'OPTIONS',
      url: '/feed.xml',
      headers: { origin: 'https://x.example', 'access-control-request-method': 'GET' },
    }),
  ]
  for (const res of writes) assert.equal(res.headers['x-content-type-options'], 'nosniff', `${res.statusCode} ${res.body.slice(0, 80)}`)
})

test('pages carry Permissions-Policy (no powerful feature) and Cross-Origin-Opener-Policy: same-origin, HTML and markdown alike', async () => {
  for (const url of ['/', '/insights/strategy/headers-article/', '/no-such-page/', '/developers/']) {
    for (const accept of ['text/html', 'text/markdown']) {
      const res = await t.request({ method: 'GET', url, token: null, headers: { accept } })
      assert.equal(res.headers['cross-origin-opener-policy'], 'same-origin', `${url} ${accept}`)
      const policy = String(res.headers['permissions-policy'])
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb'])
        assert.match(policy, new RegExp(`(^|, )${feature}=\\(\\)`), `${url} ${accept}: ${feature}`)
    }
  }
})

test("images are served with Content-Security-Policy: default-src 'none'; sandbox (a polyglot file stays an inert image)", async () => {
  const image = await t.request({ method: 'GET', url: '/images/headers-article/featured.png', token: null })
  assert.equal(image.statusCode, 200)
  assert.equal(image.headers['content-security-policy'], "default-src 'none'; sandbox")
  const etag = String(image.headers.etag)
  const revalidated = await t.request({
    method: 'GET',
    url: '/images/headers-article/featured.png',
    token: null,
    headers: { 'if-none-match': etag },
  })
  assert.equal(revalidated.statusCode, 304)
  assert.equal(revalidated.headers['content-security-policy'], "default-src 'none'; sandbox")
})
