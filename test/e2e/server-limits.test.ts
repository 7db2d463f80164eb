// Server limits on a real socket: what node:http refuses before Fastify (oversized headers, a
// request it cannot parse) answers 400 bad_request in the one error shape and the server keeps
// serving; an answer sent while the client still sends its body (413, 401 on an upload) is read
// by clients that send the whole body first; the configured timeouts are in place.
import assert from 'node:assert/strict'
import { request as httpRequest } from 'node:http'
import { connect, type AddressInfo } from 'node:net'
import { after, before, describe, test } from 'node:test'
import { errorShapeProblems } from '../helpers/error-shape.js'
import { multipart, png } from '../helpers/image-fixtures.js'
import { articlePayload, startTestApp, type TestApp } from '../helpers/test-app.js'

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

interface RawAnswer {
  status: number
  headers: Record<string, string>
  body: string
  /** How the client's own writes ended: undefined when every byte was written. */
  writeError?: string
}

function parseAnswer(text: string): Omit<RawAnswer, 'writeError'> {
  const end = text.indexOf('\r\n\r\n')
  assert.ok(end > 0, `an HTTP answer, got ${JSON.stringify(text.slice(0, 200))}`)
  const [statusLine, ...lines] = text.slice(0, end).split('\r\n')
  const headers: Record<string, string> = {}
  for (const line of lines) {
    const colon = line.indexOf(':')
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim()
  }
  return { status: Number(/^HTTP\/1\.1 (\d{3}) /.exec(statusLine!)?.[1]), headers, body: text.slice(end + 4) }
}

/**
 * A client that writes its whole request before it reads anything (as Python's urllib does):
 * the answer is read only once the last byte is written, so an answer the server destroyed with
 * a reset while bytes were still coming is lost, as it is for such clients.
 */
const sendAllThenRead = (head: string, body: Buffer = Buffer.alloc(0)) =>
  new Promise<RawAnswer>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    socket.pause()
    let answer = ''
    let writeError: string | undefined
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNRESET' || error.code === 'EPIPE') writeError = error.code
      else reject(error)
    })
    socket.on('close', () => {
      try {
        resolve({ ...parseAnswer(answer), writeError })
      } catch (error) {
        reject(new Error(`${(error as Error).message} (client write: ${writeError ?? 'complete'})`))
      }
    })
    socket.setEncoding('latin1').on('data', (chunk: string) => (answer += chunk))
    socket.write(head)
    socket.end(body, () => socket.resume())
  })

const CHUNK = 64 * 1024
function checkShape(answer: RawAnswer, status: number, code: string) {
  assert.equal(answer.status, status, answer.body.slice(0, 300))
  assert.deepEqual(errorShapeProblems(answer.status, answer.headers, answer.body), [], answer.body.slice(0, 300))
  assert.equal(JSON.parse(answer.body).code, code)
}

describe('requests node:http refuses before any route', () => {
  test('headers over 16 KiB answer 400 bad_request in the one error shape with Connection: close; the server keeps serving', async () => {
    const answer = await sendAllThenRead(`GET /api/ HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Filler: ${'x'.repeat(20_000)}\r\n\r\n`)
    checkShape(answer, 400, 'bad_request')
    assert.match(JSON.parse(answer.body).message, /16 KB/)
    assert.equal(answer.headers.connection, 'close')
    assert.equal(answer.headers['x-content-type-options'], 'nosniff')
    assert.equal(await get({ 'x-filler': 'x'.repeat(1_000) }), 200)
  })

  test('a request node cannot parse (request line, header, body framing) answers 400 bad_request in the one error shape', async () => {
    const unreadable = [
      'GARBAGE\r\n\r\n',
      'GET /api/ HTTP/7.0\r\nHost: x\r\n\r\n',
      'GET /api/ HTTP/1.1\r\nHost: x\r\nBad Header: y\r\n\r\n',
      'POST /api/content/ HTTP/1.1\r\nHost: x\r\nContent-Length: 12abc\r\n\r\n',
      'POST /api/content/ HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n',
      'POST /api/content/ HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
    ]
    for (const request of unreadable) {
      const answer = await sendAllThenRead(request)
      checkShape(answer, 400, 'bad_request')
      assert.equal(answer.headers.connection, 'close', JSON.stringify(request))
    }
    assert.equal(await get({}), 200)
  })
})

describe('an answer sent while the client still sends its body', () => {
  const bigArticle = () =>
    Buffer.from(JSON.stringify(articlePayload({ slug: 'too-large', body: `<p>${'x'.repeat(13 * 1024 * 1024)}</p>` })))
  const post = (path: string, headers: Record<string, string>, body: Buffer) =>
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('')}Content-Length: ${body.length}\r\n\r\n`

  test('a body over 12 MB: a client that sends it all before reading reads 413 payload_too_large (Connection: close)', async () => {
    const body = bigArticle()
    const answer = await sendAllThenRead(
      post('/api/content/', { authorization: `Bearer ${t.writeToken}`, 'content-type': 'application/json' }, body),
      body,
    )
    assert.equal(answer.writeError, undefined, 'the whole body was taken, no reset')
    checkShape(answer, 413, 'payload_too_large')
    assert.equal(answer.headers.connection, 'close')
    assert.equal(await t.store.articles.get('too-large'), undefined)
  })

  test("Node's fetch reads the 413 of a body over 12 MB, sent whole or as a stream", async () => {
    const body = bigArticle()
    const headers = { authorization: `Bearer ${t.writeToken}`, 'content-type': 'application/json' }
    const whole = await fetch(`http://127.0.0.1:${port}/api/content/`, { method: 'POST', headers, body })
    assert.equal(whole.status, 413)
    assert.equal(whole.headers.get('connection'), 'close')
    assert.equal(((await whole.json()) as { code: string }).code, 'payload_too_large')
    let offset = 0
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (offset >= body.length) return controller.close()
        controller.enqueue(body.subarray(offset, offset + CHUNK))
        offset += CHUNK
      },
    })
    const streamed = await fetch(`http://127.0.0.1:${port}/api/content/`, {
      method: 'POST',
      headers,
      body: stream,
      duplex: 'half',
    } as RequestInit)
    assert.equal(streamed.status, 413)
    assert.equal(((await streamed.json()) as { code: string }).code, 'payload_too_large')
  })

  test('an upload: 401 without a valid key and 413 for a file over 10 MB are read by a client that sends it all first', async () => {
    const { payload, headers } = multipart([
      { name: 'slug', value: 'upload-too-large' },
      { name: 'file', value: Buffer.concat([png(), Buffer.alloc(20 * 1024 * 1024)]), filename: 'big.png', type: 'image/png' },
    ])
    const refused = await sendAllThenRead(post('/api/content/images', { ...headers, authorization: 'Bearer not-a-key' }, payload), payload)
    assert.equal(refused.writeError, undefined)
    checkShape(refused, 401, 'unauthorized')
    assert.equal(refused.headers.connection, 'close')
    const tooLarge = await sendAllThenRead(
      post('/api/content/images', { ...headers, authorization: `Bearer ${t.writeToken}` }, payload),
      payload,
    )
    assert.equal(tooLarge.writeError, undefined)
    checkShape(tooLarge, 413, 'payload_too_large')
    assert.deepEqual(await t.store.images.listFor('upload-too-large'), [])
    const viaFetch = await fetch(`http://127.0.0.1:${port}/api/content/images`, {
      method: 'POST',
      headers: { ...headers, authorization: 'Bearer not-a-key' },
      body: payload,
    })
    assert.equal(viaFetch.status, 401)
    assert.equal(((await viaFetch.json()) as { code: string }).code, 'unauthorized')
  })

  test('a client that keeps sending past the cap is cut off: the server reads at most 64 MB after its answer', async () => {
    const { DISCARD_LIMITS } = await import('../../src/http/unread-body.js')
    assert.equal(DISCARD_LIMITS.bytes, 64 * 1024 * 1024)
    assert.equal(DISCARD_LIMITS.ms, 30_000)
    const declared = 200 * 1024 * 1024
    const answer = await new Promise<{ text: string; sent: number }>((resolve) => {
      // Half-open, so the server's FIN does not end our side: we keep sending as a stubborn client would.
      const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true })
      let text = ''
      let sent = 0
      const chunk = Buffer.alloc(CHUNK)
      socket.setEncoding('latin1').on('data', (c: string) => (text += c))
      socket.on('error', () => {})
      socket.on('close', () => resolve({ text, sent }))
      socket.write(
        `POST /api/content/ HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${t.writeToken}\r\nContent-Type: application/json\r\nContent-Length: ${declared}\r\n\r\n`,
      )
      const pump = () => {
        while (sent < declared && !socket.destroyed) {
          sent += CHUNK
          if (!socket.write(chunk)) return void socket.once('drain', pump)
        }
      }
      pump()
    })
    assert.equal(parseAnswer(answer.text).status, 413)
    assert.ok(answer.sent > DISCARD_LIMITS.bytes, `the server kept reading up to the cap (sent ${answer.sent})`)
    assert.ok(answer.sent < 100 * 1024 * 1024, `the server closed after some 64 MB, not after all ${declared} bytes (sent ${answer.sent})`)
  })
})

test('a request that arrives while the server closes answers 503 unavailable in the one error shape, with Retry-After', async () => {
  const closingApp = await startTestApp()
  await closingApp.app.listen({ port: 0, host: '127.0.0.1' })
  const closingPort = (closingApp.app.server.address() as AddressInfo).port
  const body = '{"title":"T?"}'
  const text = await new Promise<string>((resolve, reject) => {
    const socket = connect(closingPort, '127.0.0.1')
    let answer = ''
    let continued = false
    socket.setEncoding('latin1').on('data', (chunk: string) => {
      answer += chunk
      // 100 Continue: the first request is in the server's hands; now the server begins to close,
      // and the rest of it arrives with a second request right behind it on the same connection.
      if (!continued && answer.includes('100 Continue')) {
        continued = true
        void closingApp.close()
        socket.write(`${body}GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`)
      }
    })
    socket.on('error', reject)
    socket.on('close', () => resolve(answer))
    socket.write(
      `PUT /api/content/closing-nope HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${closingApp.writeToken}\r\nContent-Type: application/json\r\nExpect: 100-continue\r\nContent-Length: ${body.length}\r\n\r\n`,
    )
  })
  const answers = text.split(/(?=HTTP\/1\.1 )/).filter((part) => !part.startsWith('HTTP/1.1 100'))
  assert.equal(answers.length, 2, text)
  assert.equal(parseAnswer(answers[0]!).status, 404, 'the request in flight is answered')
  const refused = parseAnswer(answers[1]!)
  checkShape({ ...refused }, 503, 'unavailable')
  assert.equal(refused.headers['retry-after'], '1')
  assert.equal(refused.headers.connection, 'close')
})

test('request, connection and keep-alive timeouts are set so a slow client cannot hold a connection forever', () => {
  const server = t.app.server
  assert.equal(server.requestTimeout, 60_000)
  assert.equal(server.keepAliveTimeout, 5_000)
  assert.ok(server.headersTimeout > 0 && server.headersTimeout <= 60_000, `headersTimeout ${server.headersTimeout}`)
  assert.equal(server.timeout, 30_000)
})
