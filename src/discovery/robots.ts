// /robots.txt: everything public allowed, the API's write and key-only paths disallowed, the
// content signal, and the sitemap's absolute URL.
import { ENDPOINT_IDS, ENDPOINTS, type EndpointDefinition } from '../contract/endpoints.js'
import { discoveryUrl } from '../contract/discovery-documents.js'

/** Search and answer engines may use and cite the articles; training models on them is not allowed. */
export const CONTENT_SIGNAL = 'search=yes, ai-input=yes, ai-train=no'

/** Paths where no anonymous GET answers (write-only or key-only), in robots.txt pattern syntax. */
export function disallowedPaths(): string[] {
  const byPath = new Map<string, EndpointDefinition[]>()
  for (const id of ENDPOINT_IDS) {
    const def: EndpointDefinition = ENDPOINTS[id]
    byPath.set(def.path, [...(byPath.get(def.path) ?? []), def])
  }
  const patterns: string[] = []
  for (const [path, defs] of byPath) {
    if (defs.some((d) => d.method === 'GET' && d.auth === 'none')) continue
    const pattern = path.replace(/\{\w+\}/g, '*')
    // Anchored, so /api/content/$ does not also block the public article reads below it.
    patterns.push(`${pattern}$`, `${pattern}?`)
  }
  return patterns
}

export function renderRobots(baseUrl: string): string {
  const lines = [
    '# Content signals (contentsignals.org): yes = allowed for that use, no = not allowed.',
    '# search: index and link; ai-input: use in answers (with a link); ai-train: train or fine-tune models.',
    'User-agent: *',
    `Content-Signal: ${CONTENT_SIGNAL}`,
    'Allow: /',
    ...disallowedPaths().map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${discoveryUrl(baseUrl, 'sitemap')}`,
  ]
  return `${lines.join('\n')}\n`
}
