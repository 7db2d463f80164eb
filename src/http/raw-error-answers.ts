// Error answers written without Fastify, in the spec's error shape with the headers every answer
// carries. Requests node:http refuses before Fastify sees them (headers over the limit, a request
// line it cannot read, broken body framing, a request that does not arrive in time) are answered
// by hand on the socket, then the connection is closed once the client is done sending; the spec
// has no code for 408 or 431: each is the request's fault, 400 bad_request. A request that
// arrives while the server closes is answered 503 unavailable, not in Fastify's own shape.
import { STATUS_CODES, type ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import { ApiError } from '../contract/errors.js'
import { EVERY_ANSWER_HEADERS } from './api-version.js'
import { errorBody } from './error-handler.js'
import { closeWhenClientDone, isClosingAfterAnswer } from './unread-body.js'

export interface ClientErrorOptions {
  baseUrl: string
  /** Request line and headers together, bytes (node:http's maxHeaderSize). */
  maxHeaderBytes: number
  /** Time a request has to arrive in full, ms (node:http's requestTimeout). */
  requestTimeoutMs: number
}

function refusalOf(error: NodeJS.ErrnoException, options: ClientErrorOptions): ApiError {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return new ApiError('bad_request', {
        message: `The request line and headers are larger than ${Math.round(options.maxHeaderBytes / 1024)} KB.`,
        hint: 'Send smaller headers: fewer or shorter cookies, a shorter URL.',
      })
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new ApiError('bad_request', {
        message: `The request did not arrive in full within ${options.requestTimeoutMs / 1000} s.`,
        hint: 'Send the whole request at once, then wait for the answer.',
      })
    default:
      return new ApiError('bad_request', {
        message: `The request is not well-formed HTTP/1.1 (${error.code ?? 'unreadable'}).`,
        hint: 'Check the request line (METHOD /path HTTP/1.1), the headers and the framing of the body (Content-Length or chunked).',
      })
  }
}

/** Status, headers and body of an error answer made outside Fastify. */
function errorAnswer(error: ApiError, baseUrl: string) {
  const body = JSON.stringify(errorBody(error, baseUrl))
  const headers: Record<string, string | number> = {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    ...EVERY_ANSWER_HEADERS,
    ...error.headers,
    Connection: 'close',
  }
  return { status: error.status, headers, body }
}

/** The HTTP/1.1 answer, head and body, as text for the socket. */
function rawAnswer(error: ApiError, baseUrl: string): string {
  const { status, headers, body } = errorAnswer(error, baseUrl)
  const head = Object.entries({ ...headers, Date: new Date().toUTCString() }).map(([name, value]) => `${name}: ${value}\r\n`)
  return `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head.join('')}\r\n${body}`
}

/** A request that reached the server while it closes: another instance (or this one, restarted) takes the retry. */
export function refuseWhileClosing(res: ServerResponse, baseUrl: string) {
  const { status, headers, body } = errorAnswer(
    new ApiError('unavailable', {
      message: 'This server is shutting down; nothing was done.',
      headers: { 'Retry-After': '1' },
    }),
    baseUrl,
  )
  res.writeHead(status, headers)
  res.end(body)
}

/** Fastify's clientErrorHandler. */
export function clientErrorHandler(options: ClientErrorOptions) {
  return (error: NodeJS.ErrnoException, socket: Socket) => {
    // A reset connection has no one to answer; a connection already closing has had its answer.
    if (error.code === 'ECONNRESET' || socket.destroyed || isClosingAfterAnswer(socket)) return
    // As node:http does: once an answer has begun on this socket, another would corrupt it.
    const inFlight = (socket as Socket & { _httpMessage?: ServerResponse })._httpMessage
    if (!socket.writable || inFlight?.headersSent) {
      socket.destroy()
      return
    }
    socket.write(rawAnswer(refusalOf(error, options), options.baseUrl))
    closeWhenClientDone(socket)
  }
}
