// /sitemap.xml: every public URL with lastmod and hreflang alternates (x-default included). Past
// `maxUrls` URLs (50000 by the sitemaps protocol) it is a sitemap index of /sitemap-<n>.xml children.
// The URLs come one at a time (a scan of the store), so 100 000 articles are never all in memory.
import type { DocumentBody } from '../http/document-body.js'
import { DocumentBytes } from './document-bytes.js'
import type { PublicPage } from './site-pages.js'
import { escapeXml } from './xml.js'

export const SITEMAP_MAX_URLS = 50_000
const URLSET_OPEN = '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">'
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>'

type Pages = Iterable<PublicPage> | AsyncIterable<PublicPage>

export function sitemapChildPath(n: number): string {
  return `/sitemap-${n}.xml`
}

/** W3C Datetime with an explicit offset, seconds precision. */
function w3cDate(iso: string): string {
  return new Date(iso).toISOString().replace(/\.\d+Z$/, '+00:00')
}

function urlEntry(page: PublicPage, baseUrl: string): string {
  const loc = escapeXml(baseUrl + page.path)
  // Every language version, itself included, then the x-default; a page in one language names itself.
  const alternates = page.alternates ?? [{ lang: page.lang, path: page.path }]
  return [
    '<url>',
    `<loc>${loc}</loc>`,
    ...(page.lastmod ? [`<lastmod>${w3cDate(page.lastmod)}</lastmod>`] : []),
    ...alternates.map((a) => `<xhtml:link rel="alternate" hreflang="${escapeXml(a.lang)}" href="${escapeXml(baseUrl + a.path)}"/>`),
    `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(baseUrl + (page.xDefault ?? page.path))}"/>`,
    '</url>',
  ].join('')
}

/** A urlset of the pages numbered [from, to) (0-based) in `pages`. */
async function urlset(pages: Pages, baseUrl: string, from: number, to: number): Promise<DocumentBody> {
  const out = new DocumentBytes()
  out.push(`${XML_DECLARATION}\n${URLSET_OPEN}\n`)
  let n = 0
  for await (const page of pages) {
    if (n >= to) break
    if (n >= from) out.push(`${urlEntry(page, baseUrl)}\n`)
    n++
  }
  out.push('</urlset>\n')
  return out.bytes()
}

export function sitemapChildCount(urlCount: number, maxUrls = SITEMAP_MAX_URLS): number {
  return urlCount <= maxUrls ? 0 : Math.ceil(urlCount / maxUrls)
}

/** /sitemap.xml of `urlCount` pages: the urlset itself, or past `maxUrls` the index of the child sitemaps. */
export async function renderSitemap(pages: Pages, urlCount: number, baseUrl: string, maxUrls = SITEMAP_MAX_URLS): Promise<DocumentBody> {
  const children = sitemapChildCount(urlCount, maxUrls)
  if (children === 0) return urlset(pages, baseUrl, 0, maxUrls)
  // Each child dates from its newest URL.
  const newest = new Array<number>(children).fill(0)
  let n = 0
  for await (const page of pages) {
    const child = Math.floor(n++ / maxUrls)
    if (child >= children) break
    if (page.lastmod) newest[child] = Math.max(newest[child]!, Date.parse(page.lastmod))
  }
  const entries = newest.map((stamp, i) => {
    const lastmod = stamp ? `<lastmod>${w3cDate(new Date(stamp).toISOString())}</lastmod>` : ''
    return `<sitemap><loc>${escapeXml(baseUrl + sitemapChildPath(i + 1))}</loc>${lastmod}</sitemap>`
  })
  return Buffer.from(
    `${XML_DECLARATION}\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>\n`,
  )
}

/** /sitemap-<n>.xml (1-based) of `urlCount` pages; null when there is no such child (including when no index is needed). */
export async function renderSitemapChild(
  pages: Pages,
  urlCount: number,
  baseUrl: string,
  n: number,
  maxUrls = SITEMAP_MAX_URLS,
): Promise<DocumentBody | null> {
  const children = sitemapChildCount(urlCount, maxUrls)
  if (!Number.isInteger(n) || n < 1 || n > children) return null
  return urlset(pages, baseUrl, (n - 1) * maxUrls, n * maxUrls)
}
