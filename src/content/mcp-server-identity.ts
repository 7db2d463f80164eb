// How the MCP server names itself (initialize, server/discover and result _meta). The MCP server
// and the server card both read it, so it lives beneath the two surfaces.
import { API_VERSION } from '../contract/version.js'
import type { Site } from './site-definition.js'

export function serverIdentity(site: Site) {
  return {
    name: 'folio',
    title: `${site.name} content`,
    version: API_VERSION,
    capabilities: { tools: { listChanged: false } },
    instructions: `Read-only access to the published articles, rubrics and services of ${site.name}: search_articles finds articles by words, get_article reads one as markdown, list_articles, list_rubrics and list_services list what there is.`,
  } as const
}
