// The discovery-document table: every public document src/discovery/ serves, with its paths, media
// type and purpose. The routes, /llms.txt, /developers/llms.txt, the ai-catalog and the developer
// reference page all read it.

export type DiscoveryDocumentId =
  | 'robots'
  | 'sitemap'
  | 'llms'
  | 'insightsLlms'
  | 'servicesLlms'
  | 'developersLlms'
  | 'feedRss'
  | 'feedJson'
  | 'agentSkills'
  | 'authMd'
  | 'apiCatalog'
  | 'openapi'
  | 'serverCard'
  | 'aiCatalog'

export interface DiscoveryDocument {
  id: DiscoveryDocumentId
  /** Every path the document answers at; the first is the canonical one. Paths at several places serve the same bytes. */
  paths: readonly string[]
  title: string
  description: string
  mediaType: string
  /** True when publishing, updating or deleting an article changes the document. */
  readsContent: boolean
  /** How the agent resource catalog (ai-catalog.json / ard.json) lists it; absent = not listed. */
  catalog?: { kind: string; type: string }
}

const TEXT = 'text/plain; charset=utf-8'
const MARKDOWN = 'text/markdown; charset=utf-8'
const JSON_TYPE = 'application/json'

export const DISCOVERY_DOCUMENTS: readonly DiscoveryDocument[] = [
  {
    id: 'robots',
    paths: ['/robots.txt'],
    title: 'robots.txt',
    description: 'crawler rules, content signal and the sitemap URL',
    mediaType: TEXT,
    readsContent: false,
  },
  {
    id: 'sitemap',
    paths: ['/sitemap.xml'],
    title: 'Sitemap',
    description: 'every public URL with lastmod and hreflang alternates; a sitemap index past 50000 URLs',
    mediaType: 'application/xml; charset=utf-8',
    readsContent: true,
  },
  {
    id: 'llms',
    paths: ['/llms.txt'],
    title: 'llms.txt',
    description: 'index for language models: one index per section and language',
    mediaType: TEXT,
    readsContent: true,
    catalog: { kind: 'llms', type: 'text/plain' },
  },
  {
    id: 'insightsLlms',
    paths: ['/insights/llms.txt'],
    title: 'Insights llms.txt',
    description: 'every published article by rubric, newest first, with its excerpt',
    mediaType: TEXT,
    readsContent: true,
    catalog: { kind: 'llms-insights', type: 'text/plain' },
  },
  {
    id: 'servicesLlms',
    paths: ['/services/llms.txt'],
    title: 'Services llms.txt',
    description: 'each service with its page and summary',
    mediaType: TEXT,
    readsContent: false,
    catalog: { kind: 'llms-services', type: 'text/plain' },
  },
  {
    id: 'developersLlms',
    paths: ['/developers/llms.txt'],
    title: 'Developers llms.txt',
    description: 'MCP tools, HTTP endpoints, rate limits and the discovery documents',
    mediaType: TEXT,
    readsContent: false,
    catalog: { kind: 'llms-developers', type: 'text/plain' },
  },
  {
    id: 'feedRss',
    paths: ['/feed.xml'],
    title: 'RSS feed',
    description: 'RSS 2.0, full text of the newest English articles',
    mediaType: 'application/rss+xml; charset=utf-8',
    readsContent: true,
  },
  {
    id: 'feedJson',
    paths: ['/feed.json'],
    title: 'JSON Feed',
    description: 'JSON Feed 1.1, full text of the newest English articles',
    mediaType: 'application/feed+json; charset=utf-8',
    readsContent: true,
  },
  {
    id: 'agentSkills',
    paths: ['/.well-known/agent-skills/index.json'],
    title: 'Agent skills',
    description: 'the skills an agent can use with this site, each skill file with its sha256 digest',
    mediaType: JSON_TYPE,
    readsContent: false,
    catalog: { kind: 'skills', type: 'application/json' },
  },
  {
    id: 'authMd',
    paths: ['/auth.md', '/.well-known/auth.md'],
    title: 'auth.md',
    description: 'how agents authenticate: API keys by e-mail, Bearer use, scopes, rotation, 401/403 challenges',
    mediaType: MARKDOWN,
    readsContent: false,
    catalog: { kind: 'auth', type: 'text/markdown' },
  },
  {
    id: 'apiCatalog',
    paths: ['/.well-known/api-catalog'],
    title: 'API catalog',
    description: 'RFC 9727 linkset pointing at the OpenAPI description, the developer reference, the health check and the MCP endpoint',
    mediaType: 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"',
    readsContent: false,
    catalog: { kind: 'api-catalog', type: 'application/linkset+json' },
  },
  {
    id: 'openapi',
    paths: ['/openapi.json'],
    title: 'OpenAPI description',
    description: 'OpenAPI 3.1 description of the Content API, generated from the endpoint table',
    mediaType: JSON_TYPE,
    readsContent: false,
    catalog: { kind: 'api', type: 'application/vnd.oai.openapi+json' },
  },
  {
    id: 'serverCard',
    paths: ['/.well-known/mcp/server-card.json'],
    title: 'MCP server card',
    description: 'the MCP server: name, version, endpoint, transports, protocol versions and tools',
    mediaType: JSON_TYPE,
    readsContent: false,
    catalog: { kind: 'mcp', type: 'application/mcp-server-card+json' },
  },
  {
    id: 'aiCatalog',
    paths: ['/.well-known/ai-catalog.json', '/.well-known/ard.json'],
    title: 'Agent resource catalog',
    description: 'AI catalog / ARD manifest listing the MCP server, the API, the skills and the llms.txt files (both paths byte-identical)',
    mediaType: JSON_TYPE,
    readsContent: false,
  },
]

export function discoveryDocument(id: DiscoveryDocumentId): DiscoveryDocument {
  const document = DISCOVERY_DOCUMENTS.find((d) => d.id === id)
  if (!document) throw new Error(`no discovery document ${id}`)
  return document
}

/** The canonical absolute URL of a document. */
export function discoveryUrl(baseUrl: string, id: DiscoveryDocumentId): string {
  return baseUrl + discoveryDocument(id).paths[0]!
}

/** The Link header that names the RFC 9727 API catalog (on its own answers and on the home page). */
export function apiCatalogLink(baseUrl: string): string {
  return `<${discoveryUrl(baseUrl, 'apiCatalog')}>; rel="api-catalog"`
}
