// Public documents: compressed once per rendering and chosen by Accept-Encoding, Vary merged with
// the caller's, 304 for any representation's ETag, small bodies sent as they are.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import Fastify from 'fastify'
import { acceptedCoding, DocumentCache, renderedDocument, sendDocument } from '../../src/http/public-document.js'

const big = renderedDocument('<p>a line of text that repeats</p>\n'.repeat(200), 'text/html; charset=utf-8', new Date('2026-03-05T09:30:00Z'))
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
  for (const [coding, decode] of [['br', brotliDecompressSync], ['gzip', gunzipSync]] as const) {
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
