// /sitemap.xml: every public URL with lastmod and hreflang alternates (x-default included). Past
// `maxUrls` URLs (50000 by the sitemaps protocol) it is a sitemap index of /sitemap-<n>.xml children.
import type { PublicPage } from './site-pages.js'
import { escapeXml } from './xml.js'

export const SITEMAP_MAX_URLS = 50_000
const URLSET_OPEN = '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">'
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>'

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

function urlset(pages: PublicPage[], baseUrl: string): string {
  return `${XML_DECLARATION}\n${URLSET_OPEN}\n${pages.map((p) => urlEntry(p, baseUrl)).join('\n')}\n</urlset>\n`
}

export function sitemapChildCount(urlCount: number, maxUrls = SITEMAP_MAX_URLS): number {
  return urlCount <= maxUrls ? 0 : Math.ceil(urlCount / maxUrls)
}

/** /sitemap.xml: the urlset itself, or past `maxUrls` the index of the child sitemaps. */
export function renderSitemap(pages: PublicPage[], baseUrl: string, maxUrls = SITEMAP_MAX_URLS): string {
  const children = sitemapChildCount(pages.length, maxUrls)
  if (children === 0) return urlset(pages, baseUrl)
  const entries: string[] = []
  for (let n = 1; n <= children; n++) {
    const slice = pages.slice((n - 1) * maxUrls, n * maxUrls)
    const newest = slice.reduce<number>((acc, p) => (p.lastmod ? Math.max(acc, Date.parse(p.lastmod)) : acc), 0)
    const lastmod = newest ? `<lastmod>${w3cDate(new Date(newest).toISOString())}</lastmod>` : ''
    entries.push(`<sitemap><loc>${escapeXml(baseUrl + sitemapChildPath(n))}</loc>${lastmod}</sitemap>`)
  }
  return `${XML_DECLARATION}\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>\n`
}

/** /sitemap-<n>.xml (1-based); null when there is no such child (including when no index is needed). */
export function renderSitemapChild(pages: PublicPage[], baseUrl: string, n: number, maxUrls = SITEMAP_MAX_URLS): string | null {
  const children = sitemapChildCount(pages.length, maxUrls)
  if (!Number.isInteger(n) || n < 1 || n > children) return null
  return urlset(pages.slice((n - 1) * maxUrls, n * maxUrls), baseUrl)
}
