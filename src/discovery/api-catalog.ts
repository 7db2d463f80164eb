// /.well-known/api-catalog: the RFC 9727 API catalog as an RFC 9264 linkset — the Content API
// (OpenAPI description, developer reference, health) and the MCP endpoint (server card).
import { ENDPOINTS } from '../contract/endpoints.js'
import type { Site } from '../content/site-definition.js'
import { discoveryUrl } from '../contract/discovery-documents.js'
import { DEVELOPERS_PATH } from './site-pages.js'

export const API_CATALOG_PROFILE = 'https://www.rfc-editor.org/info/rfc9727'

export function renderApiCatalog(site: Site, baseUrl: string): string {
  const api = baseUrl + ENDPOINTS.apiIndex.path
  const mcp = baseUrl + ENDPOINTS.mcp.path
  const docs = baseUrl + DEVELOPERS_PATH
  const linkset = {
    linkset: [
      {
        anchor: api,
        'service-desc': [{ href: discoveryUrl(baseUrl, 'openapi'), type: 'application/json', title: 'OpenAPI 3.1 description' }],
        'service-doc': [{ href: docs, type: 'text/html', title: 'Developer reference' }],
        status: [{ href: baseUrl + ENDPOINTS.health.path, type: 'application/json' }],
      },
      {
        anchor: mcp,
        'service-desc': [{ href: discoveryUrl(baseUrl, 'serverCard'), type: 'application/json', title: 'MCP server card' }],
        'service-doc': [{ href: discoveryUrl(baseUrl, 'developersLlms'), type: 'text/plain', title: 'MCP tools and endpoints' }],
      },
      {
        anchor: discoveryUrl(baseUrl, 'apiCatalog'),
        item: [
          { href: api, title: `${site.name} Content API` },
          { href: mcp, title: `${site.name} MCP server` },
        ],
      },
    ],
  }
  return `${JSON.stringify(linkset, null, 2)}\n`
}
