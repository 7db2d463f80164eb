// Server limits on a real socket: oversized headers are refused with 431 before any route runs,
// the server keeps serving, and the configured timeouts are in place.
import assert from 'node:assert/strict'
import { request as httpRequest } from 'node:http'
import { connect, type AddressInfo } from 'node:net'
import { after, before, test } from 'node:test'
import { startTestApp, type TestApp } from '../helpers/test-app.js'

let t: TestApp
let port: number
before(async () => {
  t = await startTestApp()
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  port = (t.app.server.address() as AddressInfo).port
})
after(() => t.close())

const get = (headers: Record<string, string>) =>
  new Promise<number>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path: '/api/', headers }, (res) => {
      res.resume()
      resolve(res.statusCode!)
    })
    req.on('error', reject)
    req.end()
  })

/** Raw bytes, so the answer is read even when the server closes the socket right after it. */
const raw = (text: string) =>
  new Promise<string>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(text))
    let answer = ''
    socket.setEncoding('utf8').on('data', (c: string) => (answer += c))
    socket.on('close', () => resolve(answer))
    socket.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNRESET' || error.code === 'EPIPE' ? resolve(answer) : reject(error),
    )
  })

test('headers over 16 KiB answer 431; the server keeps serving', async () => {
  const answer = await raw(`GET /api/ HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Filler: ${'x'.repeat(20_000)}\r\n\r\n`)
  assert.match(answer, /^HTTP\/1\.1 431 /)
  assert.equal(await get({ 'x-filler': 'x'.repeat(1_000) }), 200)
})

test('request, connection and keep-alive timeouts are set so a slow client cannot hold a connection forever', () => {
  const server = t.app.server
  assert.equal(server.requestTimeout, 60_000)
  assert.equal(server.keepAliveTimeout, 5_000)
  assert.ok(server.headersTimeout > 0 && server.headersTimeout <= 60_000, `headersTimeout ${server.headersTimeout}`)
  assert.equal(server.timeout, 30_000)
})
