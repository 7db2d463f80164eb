// The publishing commands' HTTP client: 429 and 503 retried after Retry-After (at most five
// attempts), a lost connection retried with the same Idempotency-Key, the API's error body kept.
import assert from 'node:assert/strict'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { after, before, test } from 'node:test'
import { ApiAnswerError, FolioClient } from '../../src/cli/publishing/folio-client.js'

let server: Server
let base: string
type Answer = { status: number; headers?: Record<string, string>; body?: unknown }
let script: ((request: IncomingMessage) => Answer | 'drop')[] = []
const seen: IncomingMessage[] = []

before(async () => {
  server = createServer((request, response) => {
    seen.push(request)
    const step = script.shift() ?? ((): Answer => ({ status: 200, body: { status: 'ok' } }))
    const answer = step(request)
    if (answer === 'drop') return request.socket.destroy()
    response.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers })
    response.end(JSON.stringify(answer.body ?? {}))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
after(() => new Promise((resolve) => server.close(resolve)))

function client() {
  const waits: number[] = []
  return { waits, client: new FolioClient(base, 'folio_test', async (seconds) => void waits.push(seconds)) }
}

test('429 and 503 are retried after their Retry-After; the fifth answer is final', async () => {
  seen.length = 0
  script = [() => ({ status: 429, headers: { 'retry-after': '7' } }), () => ({ status: 503, headers: { 'retry-after': '2' } })]
  const { client: c, waits } = client()
  assert.deepEqual(await c.json('GET', '/api/content/catalog'), { status: 'ok' })
  assert.deepEqual(waits, [7, 2])
  assert.equal(seen.length, 3)
  assert.equal(seen[0]!.headers.authorization, 'Bearer folio_test')

  script = Array.from({ length: 5 }, () => () => ({
    status: 429,
    headers: { 'retry-after': '1' },
    body: { status: 'error', code: 'rate_limited', message: 'Too many requests.' },
  }))
  await assert.rejects(c.json('GET', '/x'), (error: ApiAnswerError) => error.status === 429 && error.body.code === 'rate_limited')
})

test('a lost connection is retried with the same request and the same Idempotency-Key', async () => {
  seen.length = 0
  script = [() => 'drop', () => 'drop']
  const { client: c } = client()
  await c.json('POST', '/api/content/', { body: { slug: 'x' }, headers: { 'idempotency-key': 'k-1' } })
  assert.equal(seen.length, 3)
  assert.deepEqual(
    seen.map((r) => r.headers['idempotency-key']),
    ['k-1', 'k-1', 'k-1'],
  )
})

test('an error answer keeps the API body; a 404 may be asked for as undefined', async () => {
  script = [
    () => ({
      status: 400,
      body: { status: 'error', code: 'validation_failed', message: 'Invalid.', errors: [{ field: 'title', message: 'is required' }] },
    }),
  ]
  const { client: c } = client()
  await assert.rejects(c.json('POST', '/api/content/', { body: {} }), (error: ApiAnswerError) => {
    assert.equal(error.message, 'validation_failed: Invalid. (title: is required)')
    return true
  })
  script = [() => ({ status: 404, body: { status: 'error', code: 'not_found' } })]
  assert.equal(await c.json('GET', '/api/content/nope?status=all', { missingIsUndefined: true }), undefined)
})
