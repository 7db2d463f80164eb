// /.well-known/mcp/server-card.json: the MCP server card (SEP-2127 fields, plus the older card's
// serverInfo/transport/tools keys that scanners still read), from the server identity and tool table.
import { ENDPOINTS } from '../contract/endpoints.js'
import { MCP_TOOL_ANNOTATIONS, MCP_TOOLS } from '../contract/mcp-tools.js'
import { MCP_PROTOCOL_VERSIONS } from '../contract/version.js'
import { serverIdentity } from '../content/mcp-server-identity.js'
import type { Site } from '../content/site-definition.js'
import { DEVELOPERS_PATH } from './site-pages.js'

export const SERVER_CARD_SCHEMA = 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json'
const DESCRIPTION_MAX = 100

/** `https://folio.example.com` + `folio` → `com.example.folio/folio` (reverse-DNS with one slash). */
export function serverCardName(baseUrl: string, serverName: string): string {
  const host = new URL(baseUrl).hostname.replace(/[^a-zA-Z0-9.-]/g, '')
  return `${host.split('.').reverse().join('.')}/${serverName}`
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`
}

export function renderServerCard(site: Site, baseUrl: string): string {
  const identity = serverIdentity(site)
  const endpoint = baseUrl + ENDPOINTS.mcp.path
  const card = {
    $schema: SERVER_CARD_SCHEMA,
    name: serverCardName(baseUrl, identity.name),
    version: identity.version,
    title: clip(identity.title, DESCRIPTION_MAX),
    description: clip(`Read-only search and reading of the published articles, rubrics and services of ${site.name}.`, DESCRIPTION_MAX),
    websiteUrl: baseUrl + DEVELOPERS_PATH,
    remotes: [{ type: 'streamable-http', url: endpoint, supportedProtocolVersions: [...MCP_PROTOCOL_VERSIONS] }],
    serverInfo: { name: identity.name, title: identity.title, version: identity.version },
    protocolVersions: [...MCP_PROTOCOL_VERSIONS],
    transport: { type: 'streamable-http', endpoint },
    authentication: { required: false },
    capabilities: identity.capabilities,
    instructions: identity.instructions,
    tools: MCP_TOOLS.map((tool) => ({
      name: tool.name,
      title: tool.title,
      description: tool.description,
      inputSchema: tool.inputSchema,
      annotations: MCP_TOOL_ANNOTATIONS,
    })),
  }
  return `${JSON.stringify(card, null, 2)}\n`
}
