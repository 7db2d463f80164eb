// The JSON-RPC 2.0 envelope MCP uses: reading one message from a body, error codes, and the
// failure value that carries its HTTP status beside its JSON-RPC error.

export type JsonRpcId = string | number

/** Standard JSON-RPC codes and MCP's own (2026-07-28 numbering, docs/standards.md, MCP). */
export const RPC_ERROR = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  headerMismatch: -32020,
  unsupportedProtocolVersion: -32022,
} as const

export type IncomingMessage =
  | { kind: 'request'; id: JsonRpcId; method: string; params: Record<string, unknown> }
  | { kind: 'notification'; method: string; params: Record<string, unknown> }
  /** A client's answer to a server request; this server sends none, so it is only acknowledged. */
  | { kind: 'response' }

/** A request that fails: the HTTP status and the JSON-RPC error the answer carries. */
export class RpcFailure extends Error {
  constructor(
    readonly httpStatus: number,
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message)
    this.name = 'RpcFailure'
  }
}

export function errorResponse(id: JsonRpcId | undefined, code: number, message: string, data?: unknown) {
  // An unreadable request has no id to echo: MCP sends the error without one.
  return { jsonrpc: '2.0' as const, ...(id === undefined ? {} : { id }), error: { code, message, ...(data === undefined ? {} : { data }) } }
}

export function resultResponse(id: JsonRpcId, result: Record<string, unknown>) {
  return { jsonrpc: '2.0' as const, id, result }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The id of a body when it has a usable one, so even a refused request is answered by id. */
export function idOf(body: unknown): JsonRpcId | undefined {
  if (!isObject(body)) return undefined
  const id = body.id
  return typeof id === 'string' || (typeof id === 'number' && Number.isInteger(id)) ? id : undefined
}

/** Reads one JSON-RPC message; a batch, a non-object or a malformed envelope is -32600 (HTTP 400). */
export function readMessage(body: unknown): IncomingMessage {
  if (Array.isArray(body))
    throw new RpcFailure(400, RPC_ERROR.invalidRequest, 'Invalid Request: batches are not accepted; send one JSON-RPC message per POST.')
  if (!isObject(body)) throw new RpcFailure(400, RPC_ERROR.invalidRequest, 'Invalid Request: the body must be a JSON-RPC 2.0 object.')
  if (body.jsonrpc !== '2.0') throw new RpcFailure(400, RPC_ERROR.invalidRequest, 'Invalid Request: "jsonrpc" must be "2.0".')
  const hasId = 'id' in body
  if (hasId && idOf(body) === undefined) {
    throw new RpcFailure(400, RPC_ERROR.invalidRequest, 'Invalid Request: "id" must be a string or an integer (MCP forbids null).')
  }
  if (!('method' in body)) {
    if (hasId && ('result' in body || 'error' in body)) return { kind: 'response' }
    throw new RpcFailure(400, RPC_ERROR.invalidRequest, 'Invalid Request: "method" is required.')
  }
  if (typeof body.method !== 'string' || body.method === '')
    throw new RpcFailure(400, RPC_ERROR.invalidRequest, 'Invalid Request: "method" must be a non-empty string.')
  if ('params' in body && !isObject(body.params))
    throw new RpcFailure(400, RPC_ERROR.invalidRequest, 'Invalid Request: "params" must be an object.')
  const params = (body.params as Record<string, unknown> | undefined) ?? {}
  return hasId ? { kind: 'request', id: idOf(body)!, method: body.method, params } : { kind: 'notification', method: body.method, params }
}
