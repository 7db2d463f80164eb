// The lean path for public reads, over real HTTP (inject() does not pass through it): a repeated
// GET is answered from the kept answer byte for byte as Fastify answered it, and everything that
// must reach Fastify still does (a new generation, other variants, conditional, HEAD, version locks).
import assert from 'node:assert/strict'
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { after, before, describe, test } from 'node:test'
import Fastify, { type FastifyBaseLogger } from 'fastify'
import { CachedAnswers } from '../../src/http/cached-answers.js'
import { renderedDocument } from '../../src/http/document-body.js'
import { sendDocument } from '../../src/http/public-document.js'
import { fastifyRequestCounter, httpGet, type Answer } from '../helpers/real-http.js'
import { articlePayload, startTestApp, type TestApp } from '../helpers/test-app.js'

let t: TestApp
let origin: string
/** Requests that reached Fastify (its onRequest hooks run for every request it handles). */
const fastify = fastifyRequestCounter()

function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return httpGet(`${origin}${path}`, headers, method)
}

function withoutDate(headers: IncomingHttpHeaders) {
  const { date: _date, ...rest } = headers
  return rest
}

before(async () => {
  t = await startTestApp({ beforeReady: fastify.install })
  await t.request({ method: 'POST', url: '/api/content/', payload: articlePayload({ slug: 'kept-answer', title: 'Kept answer' }) })
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
})
after(() => t.close())

describe('kept answers of public documents', () => {
  const documents: [string, Record<string, string>][] = [
    ['/api/content/kept-answer', {}],
    ['/api/content/kept-answer', { 'accept-encoding': 'gzip, br' }],
    ['/insights/strategy/kept-answer/', {}],
    ['/insights/strategy/kept-answer/', { accept: 'text/markdown' }],
    ['/', { 'accept-encoding': 'gzip' }],
    ['/feed.xml', {}],
    ['/sitemap.xml', { 'accept-encoding': 'br' }],
    ['/insights/llms.txt', { accept: 'text/markdown' }],
    ['/.well-known/api-catalog', {}],
    ['/assets/style.css', {}],
  ]
  for (const [path, headers] of documents) {
    test(`${path} ${JSON.stringify(headers)}: the repeat is the kept answer, byte for byte what Fastify sent`, async () => {
      const first = await get(path, headers)
      assert.equal(first.status, 200)
      const reads = fastify.count
      const again = await get(path, headers)
      assert.equal(fastify.count, reads, 'the repeat did not reach Fastify')
      assert.equal(again.status, 200)
      assert.deepEqual(withoutDate(again.headers), withoutDate(first.headers))
      assert.ok(again.body.equals(first.body))
    })
  }

  test('a write moves the generation: the next read goes to Fastify and shows the change', async () => {
    await get('/feed.xml')
    await get('/feed.xml')
    const reads = fastify.count
    const res = await t.request({
      method: 'POST',
      url: '/api/content/',
      payload: articlePayload({ slug: 'kept-answer-news', title: 'Fresh news' }),
    })
    assert.equal(res.statusCode, 200)
    const after = await get('/feed.xml')
    assert.ok(fastify.count > reads, 'Fastify answered')
    assert.ok(after.body.toString().includes('Fresh news'))
  })

  test('a deleted article is a 404 at once, not its kept page', async () => {
    await t.request({ method: 'POST', url: '/api/content/', payload: articlePayload({ slug: 'kept-then-gone' }) })
    assert.equal((await get('/api/content/kept-then-gone')).status, 200)
    assert.equal((await get('/api/content/kept-then-gone')).status, 200)
    await t.request({ method: 'DELETE', url: '/api/content/kept-then-gone' })
    assert.equal((await get('/api/content/kept-then-gone')).status, 404)
  })

  test('another Accept is another answer: the markdown twin is not the HTML page', async () => {
    const html = await get('/insights/strategy/kept-answer/')
    const markdown = await get('/insights/strategy/kept-answer/', { accept: 'text/markdown' })
    assert.match(String(html.headers['content-type']), /text\/html/)
    assert.match(String(markdown.headers['content-type']), /text\/markdown/)
  })

  test('conditional requests, HEAD and a version lock still reach Fastify', async () => {
    const first = await get('/api/content/kept-answer')
    await get('/api/content/kept-answer')
    const reads = fastify.count
    const revalidated = await get('/api/content/kept-answer', { 'if-none-match': String(first.headers.etag) })
    assert.equal(revalidated.status, 304)
    const head = await get('/api/content/kept-answer', {}, 'HEAD')
    assert.equal(head.status, 200)
    assert.equal(head.body.length, 0)
    const locked = await get('/api/content/kept-answer', { 'x-content-api-version': '2' })
    assert.equal(locked.status, 400)
    assert.equal(JSON.parse(locked.body.toString()).code, 'unsupported_version')
    assert.ok(fastify.count > reads)
  })

  test('a document that reads no content stays kept across writes; one that reads it does not', async () => {
    await get('/assets/style.css')
    await get('/api/content/kept-answer')
    await t.request({ method: 'POST', url: '/api/content/', payload: articlePayload({ slug: 'kept-answer-write' }) })
    const reads = fastify.count
    assert.equal((await get('/assets/style.css')).status, 200)
    assert.equal(fastify.count, reads, 'the stylesheet is still the kept answer')
    assert.equal((await get('/api/content/kept-answer')).status, 200)
    assert.equal(fastify.count, reads + 1, 'the article JSON is answered by Fastify again')
  })

  test('a request with headers too long to key is answered, never kept', async () => {
    const accept = `application/json;q=0.9, ${'x-long/type;q=0.1, '.repeat(60)}*/*;q=0.1`
    const reads = fastify.count
    for (let i = 0; i < 3; i++) assert.equal((await get('/api/content/kept-answer', { accept })).status, 200)
    assert.equal(fastify.count, reads + 3)
  })

  test('answers that are not a 200 document are never kept', async () => {
    for (let i = 0; i < 2; i++) assert.equal((await get('/api/health')).status, 200)
    for (let i = 0; i < 2; i++) assert.equal((await get('/insights/strategy/no-such-article/')).status, 404)
    for (let i = 0; i < 2; i++) assert.equal((await get('/insights/operations/kept-answer/')).status, 301)
    const reads = fastify.count
    await get('/insights/operations/kept-answer/')
    assert.ok(fastify.count > reads, 'the redirect is answered by Fastify every time')
  })
})

test('a body in slices (a document of tens of MB) is kept and replayed whole', async () => {
  const parts = ['<url>one</url>\n'.repeat(500), '<url>two</url>\n'.repeat(500)].map((text) => Buffer.from(text))
  const sliced = renderedDocument(parts, 'application/xml; charset=utf-8', null)
  const answers = new CachedAnswers({ generation: () => 1, log: { level: 'silent' } as FastifyBaseLogger })
  let reachedFastify = 0
  const server = Fastify({ serverFactory: (handler) => createServer((req, res) => answers.answer(req, res, () => handler(req, res))) })
  server.addHook('onRequest', (_request, _reply, done) => {
    reachedFastify++
    done()
  })
  server.get('/sliced', (request, reply) => sendDocument(request, reply, sliced, { generation: 1 }))
  await server.listen({ port: 0, host: '127.0.0.1' })
  const saved = origin
  origin = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`
  try {
    const first = await get('/sliced')
    const again = await get('/sliced')
    assert.equal(reachedFastify, 1, 'the repeat was the kept answer')
    assert.deepEqual(withoutDate(again.headers), withoutDate(first.headers))
    assert.ok(again.body.equals(Buffer.concat(parts)))
    assert.equal(again.headers['content-length'], String(sliced.size))
  } finally {
    origin = saved
    await server.close()
  }
})
