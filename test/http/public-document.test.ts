// Public documents: compressed once per rendering and chosen by Accept-Encoding, Vary merged with
// the caller's, 304 for any representation's ETag, small bodies sent as they are.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import Fastify from 'fastify'
import { acceptedCoding } from '../../src/http/compression.js'
import { CONTENT_INDEPENDENT, renderedDocument } from '../../src/http/document-body.js'
import { DocumentCache } from '../../src/http/document-cache.js'
import { sendDocument } from '../../src/http/public-document.js'

const big = renderedDocument(
  '<p>a line of text that repeats</p>\n'.repeat(200),
  'text/html; charset=utf-8',
  new Date('2026-03-05T09:30:00Z'),
)
const small = renderedDocument('{"ok":true}', 'application/json', null)

async function app() {
  const server = Fastify()
  server.get('/big', (request, reply) => sendDocument(request, reply, big, { vary: 'Accept' }))
  server.get('/small', (request, reply) => sendDocument(request, reply, small))
  await server.ready()
  return server
}

test('the coding follows Accept-Encoding: br first, then gzip, q=0 refuses', () => {
  assert.equal(acceptedCoding(undefined), undefined)
  assert.equal(acceptedCoding('gzip, deflate, br'), 'br')
  assert.equal(acceptedCoding('gzip'), 'gzip')
  assert.equal(acceptedCoding('br;q=0, gzip;q=0.5'), 'gzip')
  assert.equal(acceptedCoding('identity'), undefined)
  assert.equal(acceptedCoding('*'), 'gzip')
})

test('a large document goes compressed, with its own ETag and Vary merged with the caller', async () => {
  const server = await app()
  const plain = await server.inject({ url: '/big' })
  assert.equal(plain.headers['content-encoding'], undefined)
  assert.equal(plain.headers.vary, 'Accept, Accept-Encoding')
  assert.equal(plain.headers.etag, big.etag)
  for (const [coding, decode] of [
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ] as const) {
    const res = await server.inject({ url: '/big', headers: { 'accept-encoding': coding } })
    assert.equal(res.headers['content-encoding'], coding)
    assert.equal(res.headers.vary, 'Accept, Accept-Encoding')
    assert.notEqual(res.headers.etag, big.etag)
    assert.ok(res.rawPayload.length < big.body.length)
    assert.deepEqual(decode(res.rawPayload), big.body)
    const again = await server.inject({ url: '/big', headers: { 'accept-encoding': coding, 'if-none-match': String(res.headers.etag) } })
    assert.equal(again.statusCode, 304)
  }
  // The copy is made once and kept with the rendering.
  const first = big.encoded?.gzip
  await server.inject({ url: '/big', headers: { 'accept-encoding': 'gzip' } })
  assert.equal(big.encoded?.gzip, first)
  await server.close()
})

test('a small document goes as it is, without Vary', async () => {
  const server = await app()
  const res = await server.inject({ url: '/small', headers: { 'accept-encoding': 'gzip, br' } })
  assert.equal(res.headers['content-encoding'], undefined)
  assert.equal(res.headers.vary, undefined)
  assert.equal(res.body, '{"ok":true}')
  await server.close()
})

test('the document cache renders once per generation', async () => {
  const cache = new DocumentCache()
  let renders = 0
  const render = () => {
    renders++
    return small
  }
  await cache.get('k', 1, render)
  await cache.get('k', 1, render)
  assert.equal(renders, 1)
  await cache.get('k', 2, render)
  assert.equal(renders, 2)
})

test('readers that miss the same document at the same generation share one rendering', async () => {
  const cache = new DocumentCache()
  let renders = 0
  let open!: () => void
  const gate = new Promise<void>((resolve) => (open = resolve))
  const render = async () => {
    renders++
    await gate
    return small
  }
  const readers = Array.from({ length: 50 }, () => cache.get('shared', 7, render))
  await new Promise((resolve) => setImmediate(resolve))
  open()
  const documents = await Promise.all(readers)
  assert.equal(renders, 1)
  assert.ok(documents.every((d) => d === small))
})

test('a new generation lets go of every rendering of older ones at once', async () => {
  const cache = new DocumentCache()
  let renders = 0
  const render = () => {
    renders++
    return renderedDocument(`rendering ${renders}`, 'text/plain', null)
  }
  await cache.get('site-wide', 1, render, { pinned: true })
  await cache.get('independent', CONTENT_INDEPENDENT, render, { pinned: true })
  await cache.get('other', 2, render)
  assert.equal(renders, 3)
  await cache.get('site-wide', 1, render, { pinned: true })
  assert.equal(renders, 4, 'generation 1 was let go when generation 2 was asked for')
  await cache.get('independent', CONTENT_INDEPENDENT, render, { pinned: true })
  assert.equal(renders, 4, 'a document that reads no content is kept')
})

test('a failed rendering is not kept: the next reader renders again', async () => {
  const cache = new DocumentCache()
  await assert.rejects(
    cache.get('fails', 1, () => {
      throw new Error('store refused')
    }),
  )
  assert.equal(await cache.get('fails', 1, () => small), small)
})

test('pages share a byte budget, least recently used out first; pinned documents are always kept', async () => {
  const page = () => renderedDocument('x'.repeat(100), 'text/plain', null)
  const cache = new DocumentCache(250)
  let renders = 0
  const get = (key: string, options?: { pinned: boolean }) =>
    cache.get(
      key,
      1,
      () => {
        renders++
        return key === 'site' ? renderedDocument('y'.repeat(1_000), 'text/plain', null) : page()
      },
      options,
    )
  await get('site', { pinned: true })
  await get('a')
  await get('b')
  await get('a') // a is now the most recently used
  assert.equal(renders, 3)
  await get('c') // 300 bytes of pages: b (least recently used) goes
  assert.equal(renders, 4)
  await get('a')
  await get('c')
  await get('site', { pinned: true })
  assert.equal(renders, 4, 'a, c and the pinned document are still kept')
  await get('b')
  assert.equal(renders, 5, 'b was evicted and is rendered again')
})

test('a body in slices is sent whole, compressed whole, and has the ETag of its bytes', async () => {
  const parts = ['<p>first slice</p>\n'.repeat(100), '<p>second slice</p>\n'.repeat(100), '<p>third</p>\n'.repeat(100)].map((t) =>
    Buffer.from(t),
  )
  const whole = Buffer.concat(parts)
  const sliced = renderedDocument(parts, 'text/html; charset=utf-8', null)
  assert.equal(sliced.size, whole.length)
  assert.equal(sliced.etag, renderedDocument(whole, 'text/html; charset=utf-8', null).etag)
  const server = Fastify()
  server.get('/sliced', (request, reply) => sendDocument(request, reply, sliced))
  await server.ready()
  const plain = await server.inject({ url: '/sliced' })
  assert.equal(plain.headers['content-length'], String(whole.length))
  assert.ok(plain.rawPayload.equals(whole))
  for (const [coding, decode] of [
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ] as const) {
    const res = await server.inject({ url: '/sliced', headers: { 'accept-encoding': coding } })
    assert.equal(res.headers['content-encoding'], coding)
    assert.ok(decode(res.rawPayload).equals(whole))
  }
  assert.equal((await server.inject({ method: 'HEAD', url: '/sliced' })).headers['content-length'], String(whole.length))
  await server.close()
})
