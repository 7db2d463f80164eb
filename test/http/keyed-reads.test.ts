// Answers made for a key are never answered to anyone else, over real HTTP (inject() skips the
// kept-answer lane in front of Fastify): a request carrying Authorization is neither answered
// from a kept answer nor kept, so an anonymous read after a keyed read of a draft is still 404.
import assert from 'node:assert/strict'
import type { AddressInfo } from 'node:net'
import { after, before, test } from 'node:test'
import { fastifyRequestCounter, httpGet } from '../helpers/real-http.js'
import { articlePayload, startTestApp, type TestApp } from '../helpers/test-app.js'

let t: TestApp
let origin: string
/** Requests that reached Fastify: the kept answers are written before it. */
const fastify = fastifyRequestCounter()

async function get(path: string, headers: Record<string, string> = {}) {
  const answer = await httpGet(`${origin}${path}`, headers)
  return { ...answer, body: answer.body.toString('utf8') }
}

before(async () => {
  t = await startTestApp({ beforeReady: fastify.install })
  for (const payload of [articlePayload({ slug: 'socket-draft', status: 'draft' }), articlePayload({ slug: 'socket-published' })]) {
    assert.equal((await t.request({ method: 'POST', url: '/api/content/', payload })).statusCode, 200)
  }
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
})
after(() => t.close())

test('an anonymous read after a keyed read of a draft is still 404 (and 401 with status=all)', async () => {
  const keyed = { authorization: `Bearer ${t.readToken}` }
  for (let i = 0; i < 2; i++) {
    const draft = await get('/api/content/socket-draft?status=all', keyed)
    assert.equal(draft.status, 200)
    assert.equal(JSON.parse(draft.body).article.status, 'draft')
    assert.equal(draft.headers['cache-control'], 'private, no-store')
  }
  for (let i = 0; i < 2; i++) {
    assert.equal((await get('/api/content/socket-draft?status=all')).status, 401)
    assert.equal((await get('/api/content/socket-draft')).status, 404)
    assert.equal((await get('/api/content/socket-draft', keyed)).status, 404, 'the spec read: 404 with a key too')
  }
})

test('a request with credentials is never answered from a kept answer, nor kept for anyone', async () => {
  const first = await get('/api/content/socket-published')
  assert.equal(first.status, 200)
  let reads = fastify.count
  assert.equal((await get('/api/content/socket-published')).status, 200)
  assert.equal(fastify.count, reads, 'the anonymous repeat is the kept answer')

  const keyed = await get('/api/content/socket-published', { authorization: `Bearer ${t.writeToken}` })
  assert.equal(keyed.status, 200)
  assert.equal(fastify.count, reads + 1, 'the keyed read reached Fastify')
  assert.equal(keyed.headers['cache-control'], 'private, no-store')
  assert.equal(keyed.body, first.body)

  reads = fastify.count
  const again = await get('/api/content/socket-published')
  assert.equal(fastify.count, reads, 'the kept answer is still the anonymous one')
  assert.equal(again.headers['cache-control'], first.headers['cache-control'])

  // A keyed status=all read, repeated, reaches Fastify each time: nothing was kept for it.
  for (let i = 0; i < 2; i++) {
    reads = fastify.count
    assert.equal((await get('/api/content/socket-published?status=all', { authorization: `Bearer ${t.readToken}` })).status, 200)
    assert.equal(fastify.count, reads + 1)
  }
})
