// The MCP server proper: one JSON-RPC message in, one HTTP answer out. Dispatches by era
// (2026-07-28 stateless, 2025-06-18 initialize handshake) to discovery, tools/list and tools/call.
import type { AppDeps } from '../app-deps.js'
import { MCP_PROTOCOL_VERSIONS } from '../contract/version.js'
import { StoreUnavailableError, StoreValueError } from '../store/store-errors.js'
import { errorResponse, idOf, readMessage, resultResponse, RPC_ERROR, RpcFailure, type IncomingMessage } from './json-rpc.js'
import { checkClientCapabilities, eraOf, LEGACY_VERSION, SERVER_INFO_META, type Era, type Headers } from './protocol-version.js'
import { serverIdentity } from '../content/mcp-server-identity.js'
import { argumentProblems, findTool, TOOL_LIST } from './tools/index.js'

/** What goes back over HTTP: a status and a JSON body, or no body (202 for a notification). */
export interface McpAnswer {
  status: number
  body?: Record<string, unknown>
}

type Request = Extract<IncomingMessage, { kind: 'request' }>
type Result = Record<string, unknown>

/** The tool list and the discovery answer do not change while the process runs. */
const CACHE_HINTS = { ttlMs: 3_600_000, cacheScope: 'public' } as const

export class McpServer {
  private readonly identity: ReturnType<typeof serverIdentity>

  constructor(
    private readonly deps: AppDeps,
    private readonly log: { error(details: object, message: string): void },
  ) {
    this.identity = serverIdentity(deps.site)
  }

  /** Handles one parsed body (already JSON); every failure is a JSON-RPC error with its HTTP status. */
  async handle(body: unknown, headers: Headers): Promise<McpAnswer> {
    let message: IncomingMessage
    try {
      message = readMessage(body)
      if (message.kind === 'response') return { status: 202 }
      const era = eraOf(message, headers)
      if (era === 'modern' && message.kind === 'request') checkClientCapabilities(message)
      if (message.kind === 'notification') return { status: 202 }
      return await this.answer(message, era)
    } catch (error) {
      const echo = idOf(body)
      if (error instanceof RpcFailure) return { status: error.httpStatus, body: errorResponse(echo, error.code, error.message, error.data) }
      this.log.error({ err: error }, 'MCP request failed')
      return { status: 500, body: errorResponse(echo, RPC_ERROR.internalError, 'Internal error') }
    }
  }

  private async answer(request: Request, era: Era): Promise<McpAnswer> {
    const result = era === 'modern' ? await this.modern(request) : await this.legacy(request)
    if (era === 'legacy') return { status: 200, body: resultResponse(request.id, result) }
    return {
      status: 200,
      body: resultResponse(request.id, {
        ...result,
        resultType: 'complete',
        _meta: { [SERVER_INFO_META]: { name: this.identity.name, version: this.identity.version } },
      }),
    }
  }

  private async modern(request: Request): Promise<Result> {
    switch (request.method) {
      case 'server/discover':
        return {
          supportedVersions: [...MCP_PROTOCOL_VERSIONS],
          capabilities: this.identity.capabilities,
          instructions: this.identity.instructions,
          ...CACHE_HINTS,
        }
      case 'tools/list':
        return { tools: TOOL_LIST, ...CACHE_HINTS }
      case 'tools/call':
        return this.callTool(request)
    }
    // 2026-07-28 answers an unknown method (initialize and ping included: not in this revision) with 404.
    throw new RpcFailure(404, RPC_ERROR.methodNotFound, `Method not found: ${request.method}`)
  }

  private async legacy(request: Request): Promise<Result> {
    switch (request.method) {
      case 'initialize':
        // The only 2025-era revision served; a client asking for another one gets it (decision 2).
        return {
          protocolVersion: LEGACY_VERSION,
          capabilities: this.identity.capabilities,
          serverInfo: { name: this.identity.name, title: this.identity.title, version: this.identity.version },
          instructions: this.identity.instructions,
        }
      case 'ping':
        return {}
      case 'tools/list':
        return { tools: TOOL_LIST }
      case 'tools/call':
        return this.callTool(request)
    }
    throw new RpcFailure(200, RPC_ERROR.methodNotFound, `Method not found: ${request.method}`)
  }

  private async callTool(request: Request): Promise<Result> {
    const { name, arguments: args = {} } = request.params
    if (typeof name !== 'string')
      throw new RpcFailure(200, RPC_ERROR.invalidParams, 'Invalid params: params.name must be the name of a tool.')
    const tool = findTool(name)
    if (!tool) throw new RpcFailure(200, RPC_ERROR.invalidParams, `Unknown tool: ${name}. tools/list names the tools.`)
    if (typeof args !== 'object' || args === null || Array.isArray(args)) {
      throw new RpcFailure(200, RPC_ERROR.invalidParams, 'Invalid params: params.arguments must be an object.')
    }
    // Wrong argument values are the caller's to fix: a tool result with isError, not a protocol error.
    const problems = argumentProblems(tool, args)
    if (problems.length > 0) return toolError(`Invalid arguments for ${name}: ${problems.join('; ')}.`)
    try {
      const outcome = await tool.implementation.run(args as Record<string, unknown>, this.deps)
      if (!outcome.ok) return toolError(outcome.message)
      return { content: [{ type: 'text', text: JSON.stringify(outcome.result) }], structuredContent: outcome.result, isError: false }
    } catch (error) {
      if (error instanceof StoreUnavailableError)
        return toolError('The store is unavailable right now; nothing was read. Try again shortly.')
      if (error instanceof StoreValueError)
        return toolError(`Invalid arguments for ${name}: a value cannot be looked up as sent (text holding U+0000, say).`)
      throw error
    }
  }
}

function toolError(message: string): Result {
  return { content: [{ type: 'text', text: message }], isError: true }
}
