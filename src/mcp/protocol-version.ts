// Which MCP revision a request speaks, and the 2026-07-28 header rules (docs/standards.md, MCP;
// docs/decisions.md, decision 2): the era is read from the body first, the headers cross-check it.
import { MCP_PROTOCOL_VERSIONS } from '../contract/version.js'
import { RPC_ERROR, RpcFailure, type IncomingMessage } from './json-rpc.js'
import { decodeMcpName } from './mcp-name.js'

export const MODERN_VERSION = '2026-07-28'
export const LEGACY_VERSION = '2025-06-18'
export const PROTOCOL_VERSION_META = 'io.modelcontextprotocol/protocolVersion'
export const CLIENT_CAPABILITIES_META = 'io.modelcontextprotocol/clientCapabilities'
export const SERVER_INFO_META = 'io.modelcontextprotocol/serverInfo'

/** `modern`: 2026-07-28, every request on its own. `legacy`: 2025-06-18, after (or without) initialize. */
export type Era = 'modern' | 'legacy'

export type Headers = Record<string, string | string[] | undefined>

function header(headers: Headers, name: string): string | undefined {
  const value = headers[name.toLowerCase()]
  return Array.isArray(value) ? value.join(', ') : value
}

const served = (version: string) => (MCP_PROTOCOL_VERSIONS as readonly string[]).includes(version)

export function unsupportedVersion(requested: string): RpcFailure {
  return new RpcFailure(
    400,
    RPC_ERROR.unsupportedProtocolVersion,
    `Unsupported protocol version "${requested}"; this server speaks ${MCP_PROTOCOL_VERSIONS.join(' and ')}.`,
    {
      supported: [...MCP_PROTOCOL_VERSIONS],
      requested,
    },
  )
}

const mismatch = (message: string) => new RpcFailure(400, RPC_ERROR.headerMismatch, `Header mismatch: ${message}`)

/** Decides the era of a message, or refuses it (HTTP 400 with -32020, -32022 or -32602). */
export function eraOf(message: Exclude<IncomingMessage, { kind: 'response' }>, headers: Headers): Era {
  const meta = message.params._meta
  const metaVersion = typeof meta === 'object' && meta !== null ? (meta as Record<string, unknown>)[PROTOCOL_VERSION_META] : undefined
  const headerVersion = header(headers, 'MCP-Protocol-Version')

  if (metaVersion !== undefined) {
    if (typeof metaVersion !== 'string') {
      throw new RpcFailure(400, RPC_ERROR.invalidParams, `Invalid params: _meta["${PROTOCOL_VERSION_META}"] must be a string.`)
    }
    if (metaVersion === MODERN_VERSION) {
      checkModernHeaders(message, headers, metaVersion)
      return 'modern'
    }
    if (headerVersion !== undefined && headerVersion !== metaVersion && served(headerVersion)) {
      throw mismatch(`MCP-Protocol-Version "${headerVersion}" does not match _meta["${PROTOCOL_VERSION_META}"] "${metaVersion}".`)
    }
    if (!served(metaVersion)) throw unsupportedVersion(metaVersion)
    if (headerVersion !== undefined && headerVersion !== metaVersion) throw unsupportedVersion(headerVersion)
    return 'legacy'
  }
  // initialize negotiates its version in the result (decision 2), whatever it asked for.
  if (message.method === 'initialize') return 'legacy'
  if (headerVersion === undefined || headerVersion === LEGACY_VERSION) return 'legacy'
  if (headerVersion === MODERN_VERSION) {
    // A 2026-07-28 request without its required _meta field: invalid params, as MCP and its
    // conformance suite (SEP-2575 RequestMetaInvalid) require.
    throw new RpcFailure(
      400,
      RPC_ERROR.invalidParams,
      `Invalid params: the MCP-Protocol-Version header says "${MODERN_VERSION}" but params._meta["${PROTOCOL_VERSION_META}"] is missing; it is required in ${MODERN_VERSION}.`,
    )
  }
  throw unsupportedVersion(headerVersion)
}

function checkModernHeaders(message: Exclude<IncomingMessage, { kind: 'response' }>, headers: Headers, metaVersion: string) {
  const version = header(headers, 'MCP-Protocol-Version')
  if (version === undefined) throw mismatch('the MCP-Protocol-Version header is required in 2026-07-28.')
  if (version !== metaVersion) {
    throw mismatch(`MCP-Protocol-Version "${version}" does not match _meta["${PROTOCOL_VERSION_META}"] "${metaVersion}".`)
  }
  const method = header(headers, 'Mcp-Method')
  if (method === undefined) throw mismatch('the Mcp-Method header is required in 2026-07-28.')
  if (method !== message.method) throw mismatch(`Mcp-Method "${method}" does not match the body's method "${message.method}".`)
  if (message.method === 'tools/call') {
    const raw = header(headers, 'Mcp-Name')
    if (raw === undefined) throw mismatch('the Mcp-Name header is required on tools/call.')
    const name = decodeMcpName(raw)
    if (name === undefined) throw mismatch(`Mcp-Name "${raw}" is not valid =?base64?…?= (standard Base64 with padding, UTF-8).`)
    if (name !== message.params.name)
      throw mismatch(`Mcp-Name "${name}" does not match params.name ${JSON.stringify(message.params.name ?? null)}.`)
  }
}

/** 2026-07-28 requests declare the client's capabilities in _meta (decision 3): missing → 400, -32602. */
export function checkClientCapabilities(message: Exclude<IncomingMessage, { kind: 'response' }>) {
  const meta = message.params._meta as Record<string, unknown>
  const capabilities = meta[CLIENT_CAPABILITIES_META]
  if (typeof capabilities !== 'object' || capabilities === null || Array.isArray(capabilities)) {
    throw new RpcFailure(
      400,
      RPC_ERROR.invalidParams,
      `Invalid params: _meta["${CLIENT_CAPABILITIES_META}"] is required (an object; {} declares none).`,
    )
  }
}
