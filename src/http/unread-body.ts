// An answer sent before the client has sent its whole body (413 on a body over the limit, 401 on
// an upload, a request Node cannot parse) closes the connection, but only once the rest of what
// the client sends has been read and thrown away (up to 64 MB or 30 s). Closing at once leaves
// unread bytes behind, the kernel answers them with a reset, and a client that writes its whole
// body before it reads (Node's fetch on a slow link, Python's urllib) sees a broken pipe instead
// of the answer.
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'

export interface DiscardLimits {
  /** Bytes read and thrown away at most after the answer. */
  bytes: number
  /** Time given to the client to finish sending, from the answer on. */
  ms: number
}

export const DISCARD_LIMITS: DiscardLimits = { bytes: 64 * 1024 * 1024, ms: 30_000 }

const closing = new WeakSet<Socket>()

/** True once the connection is only waiting for the client to finish (nothing more is answered on it). */
export function isClosingAfterAnswer(socket: Socket): boolean {
  return closing.has(socket)
}

/**
 * The answer is written: ends our side of the connection (a FIN after the answer), reads and
 * discards whatever the client still sends, and destroys the socket once the client has closed
 * its side, or past the limits.
 */
export function closeWhenClientDone(socket: Socket, limits: DiscardLimits = DISCARD_LIMITS) {
  if (closing.has(socket)) return
  closing.add(socket)
  // The HTTP parser reads no more: nothing after this answer is a request. (Adding a 'data'
  // listener also makes node:http hand the bytes to JavaScript instead of its native parser.)
  socket.removeAllListeners('data')
  let discarded = 0
  socket.on('data', (chunk: Buffer) => {
    discarded += chunk.length
    if (discarded > limits.bytes) socket.destroy()
  })
  const timer = setTimeout(() => socket.destroy(), limits.ms)
  timer.unref()
  socket.once('end', () => socket.destroy())
  socket.once('close', () => clearTimeout(timer))
  socket.end()
  readAgain(socket)
  socket.resume()
}

/**
 * While a request body waits unread, node:http stops the socket's handle itself (its parser reads
 * the handle natively, so the stream's own flow control does not see it). Once the parser is
 * detached, the handle must read again for the listener above: what node:http's own resume does.
 */
function readAgain(socket: Socket) {
  const handle = (socket as Socket & { _handle?: { reading?: boolean; readStart?: () => number } })._handle
  if (handle && handle.reading === false && typeof handle.readStart === 'function') {
    handle.reading = true
    handle.readStart()
  }
}

function carriesBody(headers: IncomingHttpHeaders): boolean {
  const length = headers['content-length']
  return headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0')
}

/**
 * For a request that carries a body: should its answer start before the body has arrived in
 * full, the answer says `Connection: close` and the connection closes only once the client is
 * done sending (closeWhenClientDone), instead of at once. Requests without a body pass untouched.
 */
export function closeAfterUnreadBody(req: IncomingMessage, res: ServerResponse, limits: DiscardLimits = DISCARD_LIMITS) {
  if (!carriesBody(req.headers)) return
  const writeHead = res.writeHead.bind(res)
  res.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse['writeHead']>) {
    if (!req.complete) {
      this.setHeader('Connection', 'close')
      const socket = req.socket
      // node:http calls destroySoon once a `Connection: close` answer is written: it would close
      // the socket with the client's bytes unread.
      socket.destroySoon = () => closeWhenClientDone(socket, limits)
    }
    return writeHead.apply(this, args)
  } as ServerResponse['writeHead']
}
