// Every discovery document over HTTP: anonymous GET/HEAD with its media type, CORS and a preflight,
// ETag/Last-Modified with 304s, byte-identical twins, markdown on request, and what is not served.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { DISCOVERY_DOCUMENTS } from '../../src/contract/discovery-documents.js'
import { BASE_URL, startTestApp, type TestApp } from '../helpers/test-app.js'

let t: TestApp
before(async () => {
  t = await startTestApp()
  const published = await t.request({
    method: 'POST',
    url: '/api/content/',
    payload: { slug: 'first-article', title: 'First', rubric: 'strategy', body: '<p>First body.</p>' },
  })
  assert.equal(published.statusCode, 200)
})
after(() => t.close())

const get = (url: string, headers: Record<string, string> = {}) => t.request({ method: 'GET', url, headers, token: null })

const ALL_PATHS = DISCOVERY_DOCUMENTS.flatMap((d) => d.paths.map((path) => ({ path, mediaType: d.mediaType })))
const SKILL_PATHS = ['/.well-known/agent-skills/read-articles-mcp/SKILL.md', '/.well-known/agent-skills/publish-article/SKILL.md']

describe('every discovery document answers anonymously with CORS, validators and 304s', () => {
  test('the table lists every path of the issue', () => {
    const paths = ALL_PATHS.map((p) => p.path).sort()
    assert.deepEqual(paths, [
      '/.well-known/agent-skills/index.json',
      '/.well-known/ai-catalog.json',
      '/.well-known/api-catalog',
      '/.well-known/ard.json',
      '/.well-known/auth.md',
      '/.well-known/mcp/server-card.json',
      '/auth.md',
      '/developers/llms.txt',
      '/feed.json',
      '/feed.xml',
      '/insights/llms.txt',
      '/llms.txt',
      '/openapi.json',
      '/robots.txt',
      '/services/llms.txt',
      '/sitemap.xml',
    ])
  })

  for (const { path, mediaType } of [...ALL_PATHS, ...SKILL_PATHS.map((path) => ({ path, mediaType: 'text/markdown; charset=utf-8' }))]) {
    test(`${path}: GET 200 ${mediaType}, CORS *, ETag, Last-Modified`, async () => {
      const res = await get(path)
      assert.equal(res.statusCode, 200)
      assert.equal(res.headers['content-type'], mediaType)
      assert.equal(res.headers['access-control-allow-origin'], '*')
      assert.match(String(res.headers['access-control-expose-headers']), /ETag/)
      assert.match(String(res.headers.etag), /^"[A-Za-z0-9_-]+(-md)?"$/)
      assert.ok(!Number.isNaN(Date.parse(String(res.headers['last-modified']))), 'Last-Modified is an HTTP date')
      assert.ok(res.rawPayload.length > 0)
    })

    test(`${path}: If-None-Match and If-Modified-Since answer 304 without a body`, async () => {
      const first = await get(path)
      const byTag = await get(path, { 'if-none-match': String(first.headers.etag) })
      assert.equal(byTag.statusCode, 304)
      assert.equal(byTag.rawPayload.length, 0)
      assert.equal(byTag.headers.etag, first.headers.etag)
      assert.equal(byTag.headers['access-control-allow-origin'], '*')
      const byDate = await get(path, { 'if-modified-since': String(first.headers['last-modified']) })
      assert.equal(byDate.statusCode, 304)
      const stale = await get(path, { 'if-none-match': '"something-else"' })
      assert.equal(stale.statusCode, 200)
    })

    test(`${path}: HEAD answers the headers of GET without a body`, async () => {
      const full = await get(path)
      const head = await t.request({ method: 'HEAD', url: path, token: null })
      assert.equal(head.statusCode, 200)
      assert.equal(head.rawPayload.length, 0)
      assert.equal(head.headers.etag, full.headers.etag)
      assert.equal(head.headers['content-type'], full.headers['content-type'])
      assert.equal(head.headers['access-control-allow-origin'], '*')
    })

    test(`${path}: OPTIONS preflight answers 204 with the allowed methods`, async () => {
      const res = await t.request({
        method: 'OPTIONS',
        url: path,
        token: null,
        headers: {
          origin: 'https://elsewhere.example',
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'if-none-match',
        },
      })
      assert.equal(res.statusCode, 204)
      assert.equal(res.headers['access-control-allow-origin'], '*')
      assert.match(String(res.headers['access-control-allow-methods']), /GET/)
      assert.match(String(res.headers['access-control-allow-methods']), /HEAD/)
      assert.equal(res.headers['access-control-allow-headers'], 'if-none-match')
      assert.equal(res.headers['access-control-allow-credentials'], undefined)
    })
  }
})

describe('twins and variants', () => {
  test('/auth.md and /.well-known/auth.md are byte-identical', async () => {
    const [a, b] = await Promise.all([get('/auth.md'), get('/.well-known/auth.md')])
    assert.ok(a.rawPayload.equals(b.rawPayload))
    assert.equal(a.headers.etag, b.headers.etag)
  })

  test('/.well-known/ai-catalog.json and /.well-known/ard.json are byte-identical', async () => {
    const [a, b] = await Promise.all([get('/.well-known/ai-catalog.json'), get('/.well-known/ard.json')])
    assert.ok(a.rawPayload.equals(b.rawPayload))
    assert.equal(a.headers.etag, b.headers.etag)
  })

  for (const path of ['/llms.txt', '/insights/llms.txt', '/services/llms.txt', '/developers/llms.txt']) {
    test(`${path}: text/plain by default, text/markdown when Accept asks for it, Vary: Accept on both`, async () => {
      const plain = await get(path)
      const markdown = await get(path, { accept: 'text/markdown' })
      const browser = await get(path, { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' })
      const refused = await get(path, { accept: 'text/markdown;q=0.1, text/plain' })
      assert.equal(plain.headers['content-type'], 'text/plain; charset=utf-8')
      assert.equal(markdown.headers['content-type'], 'text/markdown; charset=utf-8')
      assert.equal(browser.headers['content-type'], 'text/plain; charset=utf-8')
      assert.equal(refused.headers['content-type'], 'text/plain; charset=utf-8')
      // Accept picks the representation; Accept-Encoding joins it where the body is large enough to compress.
      for (const res of [plain, markdown]) assert.match(String(res.headers.vary), /^Accept(, Accept-Encoding)?$/)
      assert.equal(markdown.body, plain.body)
      assert.notEqual(markdown.headers.etag, plain.headers.etag, 'each representation has its own ETag')
      const revalidated = await get(path, { accept: 'text/markdown', 'if-none-match': String(markdown.headers.etag) })
      assert.equal(revalidated.statusCode, 304)
    })
  }

  test('the api-catalog and the home page point at the api-catalog in a Link header on GET and HEAD (RFC 9727)', async () => {
    for (const url of ['/.well-known/api-catalog', '/']) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await t.request({ method, url, token: null })
        assert.equal(res.statusCode, 200)
        assert.equal(res.headers.link, `<${BASE_URL}/.well-known/api-catalog>; rel="api-catalog"`, `${method} ${url}`)
      }
    }
  })
})

describe('not served, on purpose', () => {
  for (const path of ['/.well-known/oauth-authorization-server', '/.well-known/oauth-protected-resource', '/.well-known/agent-card.json']) {
    test(`${path} answers 404`, async () => {
      const res = await get(path)
      assert.equal(res.statusCode, 404)
    })
  }

  test('an unknown skill file and a sitemap child below the URL limit answer 404', async () => {
    assert.equal((await get('/.well-known/agent-skills/no-such-skill/SKILL.md')).statusCode, 404)
    assert.equal((await get('/sitemap-1.xml')).statusCode, 404)
  })
})
