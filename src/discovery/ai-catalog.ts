// /.well-known/ai-catalog.json and /.well-known/ard.json (one rendering, the same bytes at both):
// the agent resource catalog (ARD 0.9 manifest) listing the MCP server, the API, the skills and the
// llms.txt files — the entries come from the discovery-document table.
import type { Site } from '../content/site-definition.js'
import { DISCOVERY_DOCUMENTS } from '../contract/discovery-documents.js'
import { DEVELOPERS_PATH } from './site-pages.js'

export const ARD_SPEC_VERSION = '1.0'

/** The host part of an `urn:air:` identifier: the site's hostname (no port, which the pattern forbids). */
export function airHost(baseUrl: string): string {
  return new URL(baseUrl).hostname.replace(/[^a-zA-Z0-9.-]/g, '')
}

export function renderAiCatalog(site: Site, baseUrl: string): string {
  const host = airHost(baseUrl)
  const manifest = {
    specVersion: ARD_SPEC_VERSION,
    host: { displayName: site.name, documentationUrl: baseUrl + DEVELOPERS_PATH },
    entries: DISCOVERY_DOCUMENTS.filter((d) => d.catalog).map((d) => ({
      identifier: `urn:air:${host}:${d.catalog!.kind}`,
      displayName: `${site.name} ${d.title}`,
      type: d.catalog!.type,
      url: baseUrl + d.paths[0],
      description: d.description,
    })),
  }
  return `${JSON.stringify(manifest, null, 2)}\n`
}
