// The version strings every surface reports: the Content API's and the MCP revisions served.
export const API_VERSION = '1.1.0'
export const API_MAJOR = 1
export const API_VERSION_HEADER = 'X-Content-API-Version'

/** MCP protocol revisions this server speaks, newest first. */
export const MCP_PROTOCOL_VERSIONS = ['2026-07-28', '2025-06-18'] as const
export type McpProtocolVersion = (typeof MCP_PROTOCOL_VERSIONS)[number]
