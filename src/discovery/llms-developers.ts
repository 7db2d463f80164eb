// /developers/llms.txt: the MCP tools, HTTP endpoints, rate limits, errors and discovery documents,
// read from the same tables as /developers/ (endpoints, MCP tools, errors, the discovery table).
import type { Config } from '../config.js'
import { ENDPOINT_IDS, ENDPOINTS, keyedQueryNotes, type EndpointDefinition, type RatePolicyName } from '../contract/endpoints.js'
import { docsUrl, ERROR_CATALOGUE, ERROR_CODES } from '../contract/errors.js'
import { MCP_TOOLS } from '../contract/mcp-tools.js'
import { MCP_PROTOCOL_VERSIONS, API_VERSION } from '../contract/version.js'
import type { Site } from '../content/site-definition.js'
import { DISCOVERY_DOCUMENTS, discoveryUrl } from '../contract/discovery-documents.js'
import { llmsFile, llmsItem } from './llms-format.js'
import { DEVELOPERS_PATH } from './site-pages.js'

interface SchemaShape {
  properties?: Record<string, unknown>
  required?: string[]
}

/** "query (required), rubric, limit" from a tool's input schema. */
export function argumentList(schema: SchemaShape): string {
  const required = new Set(schema.required ?? [])
  const names = Object.keys(schema.properties ?? {})
  return names.length ? names.map((n) => (required.has(n) ? `${n} (required)` : n)).join(', ') : 'none'
}

function endpointNotes(def: EndpointDefinition): string {
  const auth = def.auth === 'bearer' ? `Bearer key with scope ${def.scope ?? 'write'}` : ['no key', ...keyedQueryNotes(def)].join('; ')
  const query = def.query?.length ? `; query: ${def.query.map((q) => q.name).join(', ')}` : ''
  const headers = def.headers?.length ? `; headers: ${def.headers.join(', ')}` : ''
  const limit = def.ratePolicy ? `; rate policy ${def.ratePolicy}` : ''
  return `${def.summary} (${auth}${query}${headers}${limit})`
}

export function renderDevelopersLlms(site: Site, baseUrl: string, rateLimits: Config['rateLimits']): string {
  const reference = baseUrl + DEVELOPERS_PATH
  const mcp = ENDPOINTS.mcp
  const policies = Object.keys(rateLimits) as RatePolicyName[]
  return llmsFile(
    `${site.name} — Developers`,
    `How software reads and publishes the articles of ${site.name}: the Content API ${API_VERSION} (JSON over HTTPS) and a read-only MCP server.`,
    [
      `Reading needs no key. Writing needs Authorization: Bearer <API_TOKEN>; keys are issued by a person on request (${discoveryUrl(baseUrl, 'authMd')}). The full description is ${discoveryUrl(baseUrl, 'openapi')}; the human reference is ${reference}.`,
      `MCP: ${mcp.method} ${baseUrl}${mcp.path}, JSON-RPC 2.0, protocol versions ${MCP_PROTOCOL_VERSIONS.join(' and ')}, no key needed.`,
    ],
    [
      {
        title: 'MCP tools',
        items: MCP_TOOLS.map((tool) =>
          llmsItem(tool.name, reference, `${tool.description} Arguments: ${argumentList(tool.inputSchema as SchemaShape)}.`),
        ),
      },
      {
        title: 'HTTP endpoints',
        items: ENDPOINT_IDS.map((id) => {
          const def: EndpointDefinition = ENDPOINTS[id]
          return llmsItem(`${def.method} ${def.path}`, reference, endpointNotes(def))
        }),
      },
      {
        title: 'Rate limits',
        items: policies.map((policy) => {
          const quota = rateLimits[policy]
          const covered = ENDPOINT_IDS.map((id): EndpointDefinition => ENDPOINTS[id])
            .filter((d) => d.ratePolicy === policy)
            .map((d) => `${d.method} ${d.path}`)
          return llmsItem(
            `${policy} policy`,
            reference,
            `${quota.requests} requests per ${quota.windowSeconds} s per client address, fixed window; applies to ${covered.join(', ')}. Answers carry RateLimit, RateLimit-Policy and X-RateLimit-* headers; a refused request answers 429 rate_limited with Retry-After.`,
          )
        }),
      },
      {
        title: 'Errors',
        items: ERROR_CODES.map((code) => {
          const entry = ERROR_CATALOGUE[code]
          return llmsItem(code, docsUrl(baseUrl, code), `HTTP ${entry.status}. ${entry.message} ${entry.hint}`)
        }),
      },
      {
        title: 'Discovery documents',
        items: DISCOVERY_DOCUMENTS.map((d) =>
          llmsItem(
            d.title,
            baseUrl + d.paths[0],
            `${d.description}${d.paths.length > 1 ? ` (also at ${d.paths.slice(1).join(', ')})` : ''}`,
          ),
        ),
      },
    ],
  )
}
