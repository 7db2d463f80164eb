// The sitemap (parsed with an XML parser; the index past the URL limit, also at the real 50000
// boundary), robots.txt's rules, and the llms.txt files read back with the reference list syntax.
import { XMLParser } from 'fast-xml-parser'
import assert from 'node:assert/strict'
import { tagPath } from '../../src/content/urls.js'
import { after, before, describe, test } from 'node:test'
import { ENDPOINTS } from '../../src/contract/endpoints.js'
import { CONTENT_SIGNAL } from '../../src/discovery/robots.js'
import { publicPageCount, type PublicPage } from '../../src/discovery/site-pages.js'
import { renderSitemap, renderSitemapChild, SITEMAP_MAX_URLS } from '../../src/discovery/sitemap.js'
import type { DocumentBody } from '../../src/http/document-body.js'
import { articlePayload, BASE_URL, startTestApp, type TestApp } from '../helpers/test-app.js'

const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  isArray: (name) => ['url', 'sitemap', 'xhtml:link'].includes(name),
})

interface UrlEntry {
  loc: string
  lastmod?: string
  'xhtml:link': { '@rel': string; '@hreflang': string; '@href': string }[]
}

let t: TestApp
before(async () => {
  t = await startTestApp({ clock: () => new Date('2026-05-01T10:00:00.000Z') })
  await t.request({
    method: 'POST',
    url: '/api/content/',
    payload: articlePayload({
      slug: 'sitemap-article',
      rubric: 'operations',
      published_at: '2026-03-05T09:30:00Z',
      excerpt: 'Excerpt with ] bracket\nand a line break.',
    }),
  })
  await t.request({ method: 'POST', url: '/api/content/', payload: articlePayload({ slug: 'sitemap-draft', status: 'draft' }) })
})
after(() => t.close())

const get = (url: string) => t.request({ method: 'GET', url, token: null })

describe('/sitemap.xml', () => {
  test('lists every public URL once: home, insights, rubrics, articles, services, developers, about, contact, authors, tags; no draft', async () => {
    const doc = xml.parse((await get('/sitemap.xml')).body)
    const urls: UrlEntry[] = doc.urlset.url
    const locs = urls.map((u) => u.loc)
    assert.equal(new Set(locs).size, locs.length, 'no URL twice')
    const site = t.deps.site
    const expected = [
      `${BASE_URL}/`,
      `${BASE_URL}/insights/`,
      ...site.rubrics.map((r) => `${BASE_URL}/insights/${r.slug}/`),
      `${BASE_URL}/insights/operations/sitemap-article/`,
      `${BASE_URL}/services/`,
      ...site.services.map((s) => `${BASE_URL}/services/${s.slug}/`),
      `${BASE_URL}/developers/`,
      `${BASE_URL}/about/`,
      `${BASE_URL}/contact/`,
      ...site.team.map((m) => `${BASE_URL}/authors/${m.slug}/`),
      ...[...(await t.deps.published.get()).countsByTag.keys()].map((tag) => BASE_URL + tagPath(tag)),
    ]
    assert.deepEqual([...locs].sort(), [...expected].sort())
    assert.ok(!locs.some((l) => l.includes('sitemap-draft')))
    assert.equal(publicPageCount(site, await t.deps.published.get()), locs.length, 'the cheap count agrees with the list')
  })

  test('each URL has a W3C lastmod and hreflang alternates naming itself and x-default', async () => {
    const urls: UrlEntry[] = xml.parse((await get('/sitemap.xml')).body).urlset.url
    for (const url of urls) {
      assert.match(String(url.lastmod), /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/, `${url.loc} has lastmod`)
      const links = url['xhtml:link']
      assert.ok(links.some((l) => l['@hreflang'] === 'en' && l['@href'] === url.loc && l['@rel'] === 'alternate'))
      assert.ok(links.some((l) => l['@hreflang'] === 'x-default' && l['@href'] === url.loc))
    }
    const article = urls.find((u) => u.loc.endsWith('/sitemap-article/'))!
    assert.equal(article.lastmod, '2026-05-01T10:00:00+00:00', 'an article dates from its last change')
  })

  test('a translation pair is annotated on both sides, each naming both languages and the default-locale version as x-default', async () => {
    const twin = await t.request({
      method: 'POST',
      url: '/api/content/',
      payload: articlePayload({ slug: 'sitemap-artikel', rubric: 'operations', lang: 'de', translation_of: 'sitemap-article' }),
    })
    assert.equal(twin.statusCode, 200, twin.body)
    try {
      const urls: UrlEntry[] = xml.parse((await get('/sitemap.xml')).body).urlset.url
      const en = `${BASE_URL}/insights/operations/sitemap-article/`
      const de = `${BASE_URL}/insights/operations/sitemap-artikel/`
      for (const loc of [en, de]) {
        const links = urls.find((u) => u.loc === loc)!['xhtml:link'].map((l) => `${l['@hreflang']} ${l['@href']}`)
        assert.deepEqual(links, [`de ${de}`, `en ${en}`, `x-default ${en}`], `${loc} names both versions`)
      }
      // The pair is reciprocal even when only the English side names the other (an original written later).
      await t.request({ method: 'PUT', url: '/api/content/sitemap-artikel', payload: { translation_of: null } })
      await t.request({ method: 'PUT', url: '/api/content/sitemap-article', payload: { translation_of: 'sitemap-artikel' } })
      const again: UrlEntry[] = xml.parse((await get('/sitemap.xml')).body).urlset.url
      for (const loc of [en, de])
        assert.equal(again.find((u) => u.loc === loc)!['xhtml:link'].length, 3, `${loc} still names both versions`)
    } finally {
      await t.request({ method: 'PUT', url: '/api/content/sitemap-article', payload: { translation_of: null } })
      await t.request({ method: 'DELETE', url: '/api/content/sitemap-artikel' })
    }
  })

  const pages = (n: number): PublicPage[] =>
    Array.from({ length: n }, (_, i) => ({
      path: `/insights/strategy/a-${i}/`,
      lastmod: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
      lang: 'en',
    }))

  const text = (body: DocumentBody | null) => (body === null ? null : (Buffer.isBuffer(body) ? body : Buffer.concat(body)).toString())
  const sitemap = async (all: PublicPage[], maxUrls?: number) => text(await renderSitemap(all, all.length, BASE_URL, maxUrls))!
  const child = async (all: PublicPage[], n: number, maxUrls?: number) =>
    text(await renderSitemapChild(all, all.length, BASE_URL, n, maxUrls))

  test('past the URL limit it becomes a sitemap index whose children hold every URL once (small limit)', async () => {
    const all = pages(7)
    const index = xml.parse(await sitemap(all, 3))
    const children = index.sitemapindex.sitemap as { loc: string; lastmod: string }[]
    assert.deepEqual(
      children.map((c) => c.loc),
      [1, 2, 3].map((n) => `${BASE_URL}/sitemap-${n}.xml`),
    )
    assert.equal(children[2]!.lastmod, '2026-01-01T00:00:06+00:00', 'a child dates from its newest URL')
    const locs: string[] = []
    for (const n of [1, 2, 3]) locs.push(...(xml.parse((await child(all, n, 3))!).urlset.url as UrlEntry[]).map((u) => u.loc))
    assert.deepEqual(
      locs,
      all.map((p) => BASE_URL + p.path),
    )
    assert.equal(await child(all, 4, 3), null)
    assert.equal(await child(all, 0, 3), null)
    assert.ok(xml.parse(await sitemap(pages(3), 3)).urlset, 'exactly at the limit it is still one urlset')
  })

  test('the real boundary: 50000 URLs are one urlset, 50001 an index of two children', async () => {
    assert.equal(SITEMAP_MAX_URLS, 50_000)
    const atLimit = pages(50_000)
    assert.match(await sitemap(atLimit), /<urlset /)
    const over = [...atLimit, ...pages(1).map((p) => ({ ...p, path: '/insights/strategy/one-more/' }))]
    const index = xml.parse(await sitemap(over))
    assert.equal(index.sitemapindex.sitemap.length, 2)
    const second = xml.parse((await child(over, 2))!)
    assert.deepEqual(
      second.urlset.url.map((u: UrlEntry) => u.loc),
      [`${BASE_URL}/insights/strategy/one-more/`],
    )
  })

  test('over HTTP the index and its children are served when the limit is passed', async () => {
    // The same app with a limit of 5 URLs per file (the test site has 17 public URLs and more with articles).
    const { buildApp } = await import('../../src/app.js')
    const small = await buildApp(t.config, { store: t.store, site: t.deps.site, logger: false, sitemapMaxUrls: 5 })
    try {
      const index = await small.app.inject({ method: 'GET', url: '/sitemap.xml' })
      const children = xml.parse(index.body).sitemapindex.sitemap as { loc: string }[]
      assert.ok(children.length >= 4)
      let total = 0
      for (const child of children) {
        const res = await small.app.inject({ method: 'GET', url: new URL(child.loc).pathname })
        assert.equal(res.statusCode, 200)
        assert.equal(res.headers['access-control-allow-origin'], '*')
        const again = await small.app.inject({
          method: 'GET',
          url: new URL(child.loc).pathname,
          headers: { 'if-none-match': String(res.headers.etag) },
        })
        assert.equal(again.statusCode, 304)
        total += (xml.parse(res.body).urlset.url as UrlEntry[]).length
      }
      const urlCount = (xml.parse((await get('/sitemap.xml')).body).urlset.url as UrlEntry[]).length
      assert.equal(total, urlCount)
      assert.equal((await small.app.inject({ method: 'GET', url: `/sitemap-${children.length + 1}.xml` })).statusCode, 404)
    } finally {
      await small.app.close()
    }
  })
})

describe('/robots.txt', () => {
  test('one group for every agent: content signal, everything public allowed, key-only API paths disallowed, absolute Sitemap', async () => {
    const lines = (await get('/robots.txt')).body.split('\n').filter((l) => l && !l.startsWith('#'))
    assert.equal(lines[0], 'User-agent: *')
    assert.equal(lines[1], `Content-Signal: ${CONTENT_SIGNAL}`)
    assert.match(CONTENT_SIGNAL, /^(search|ai-input|ai-train)=(yes|no)(, (search|ai-input|ai-train)=(yes|no))*$/)
    assert.ok(lines.includes('Allow: /'))
    const disallowed = lines.filter((l) => l.startsWith('Disallow: ')).map((l) => l.slice('Disallow: '.length))
    for (const path of [
      ENDPOINTS.createArticle.path,
      ENDPOINTS.getCatalog.path,
      ENDPOINTS.listTags.path,
      ENDPOINTS.uploadImage.path,
      ENDPOINTS.mcp.path,
    ]) {
      assert.ok(disallowed.includes(`${path}$`), `${path} is disallowed`)
    }
    // The public reads stay allowed: no rule matches an article, a page or a discovery document.
    // RFC 9309 matching: `*` any characters, a final `$` ends the path, everything else literal.
    const ruleRegex = (rule: string) => new RegExp(`^${rule.replace(/[.+?^{}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}`)
    assert.ok(ruleRegex('/api/content/catalog?').test('/api/content/catalog?limit=5'), 'the matcher itself works')
    for (const path of [
      '/api/content/some-article',
      '/api/',
      '/api/health',
      '/insights/strategy/x/',
      '/feed.xml',
      '/openapi.json',
      '/.well-known/api-catalog',
    ]) {
      assert.ok(!disallowed.some((rule) => ruleRegex(rule).test(path)), `${path} stays allowed`)
    }
    for (const path of ['/api/content/', '/api/content/catalog?cursor=x', '/mcp']) {
      assert.ok(
        disallowed.some((rule) => ruleRegex(rule).test(path)),
        `${path} is disallowed`,
      )
    }
    assert.equal(lines.at(-1), `Sitemap: ${BASE_URL}/sitemap.xml`)
  })
})

describe('llms.txt files', () => {
  const ITEM = /^-\s*\[(?<title>(?:\\.|[^\]])+)\]\((?<url>[^)]+)\)(?::\s*(?<desc>.*))?$/

  function parseLlms(text: string) {
    const lines = text.split('\n')
    assert.match(lines[0]!, /^# \S/, 'starts with the H1')
    assert.match(lines[2]!, /^> \S/, 'then the one-line summary')
    const sections = new Map<string, { title: string; url: string; desc?: string }[]>()
    let current: string | undefined
    for (const line of lines) {
      if (line.startsWith('## ')) sections.set((current = line.slice(3)), [])
      else if (current && line.startsWith('- ')) {
        const match = ITEM.exec(line)
        assert.ok(match, `"${line}" is a well-formed llms.txt link item`)
        sections.get(current)!.push({ title: match.groups!.title!, url: match.groups!.url!, desc: match.groups!.desc })
      }
    }
    return sections
  }

  test('/llms.txt indexes each section and the insights per language, with absolute URLs', async () => {
    const sections = parseLlms((await get('/llms.txt')).body)
    assert.deepEqual(
      sections.get('Sections')!.map((i) => i.url),
      [`${BASE_URL}/insights/llms.txt`, `${BASE_URL}/services/llms.txt`, `${BASE_URL}/developers/llms.txt`],
    )
    assert.deepEqual(
      sections.get('Insights in English (en)')!.map((i) => i.url),
      [`${BASE_URL}/insights/operations/`],
    )
    assert.ok(sections.get('Optional')!.some((i) => i.url === `${BASE_URL}/feed.xml`))
  })

  test('/insights/llms.txt lists every published article by rubric, newest first, excerpt on one line', async () => {
    await t.request({
      method: 'POST',
      url: '/api/content/',
      payload: articlePayload({ slug: 'newer-ops', rubric: 'operations', published_at: '2026-04-01T09:00:00Z' }),
    })
    const sections = parseLlms((await get('/insights/llms.txt')).body)
    const ops = sections.get('Operations')!
    assert.deepEqual(
      ops.map((i) => i.url),
      [`${BASE_URL}/insights/operations/newer-ops/`, `${BASE_URL}/insights/operations/sitemap-article/`],
    )
    assert.match(String(ops[1]!.desc), /^Excerpt with \] bracket and a line break\. \(2026-03-05\)$/)
    assert.ok(!sections.has('Strategy'), 'a rubric without published articles has no section')
    await t.request({ method: 'DELETE', url: '/api/content/newer-ops' })
  })

  test('/services/llms.txt lists each service by group with its page and summary', async () => {
    const sections = parseLlms((await get('/services/llms.txt')).body)
    const items = [...sections.values()].flat()
    assert.equal(items.length, t.deps.site.services.length)
    for (const service of t.deps.site.services) {
      const item = sections.get(service.group)!.find((i) => i.url === `${BASE_URL}/services/${service.slug}/`)
      assert.ok(item, `${service.slug} is listed under ${service.group}`)
      assert.equal(item.desc, service.summary.en)
    }
  })

  test('/developers/llms.txt lists every MCP tool, endpoint, rate policy, error and discovery document', async () => {
    const { MCP_TOOLS } = await import('../../src/contract/mcp-tools.js')
    const { ENDPOINT_IDS } = await import('../../src/contract/endpoints.js')
    const { ERROR_CODES } = await import('../../src/contract/errors.js')
    const { DISCOVERY_DOCUMENTS } = await import('../../src/contract/discovery-documents.js')
    const sections = parseLlms((await get('/developers/llms.txt')).body)
    assert.deepEqual(
      sections.get('MCP tools')!.map((i) => i.title.replace(/\\/g, '')),
      MCP_TOOLS.map((tool) => tool.name),
    )
    assert.deepEqual(
      sections.get('HTTP endpoints')!.map((i) => i.title),
      ENDPOINT_IDS.map((id) => `${ENDPOINTS[id].method} ${ENDPOINTS[id].path}`),
    )
    const rate = sections.get('Rate limits')!
    assert.match(
      String(rate.find((i) => i.title === 'content policy')!.desc),
      new RegExp(`^${t.config.rateLimits.content.requests} requests per ${t.config.rateLimits.content.windowSeconds} s`),
    )
    assert.deepEqual(
      sections.get('Errors')!.map((i) => i.url),
      ERROR_CODES.map((code) => `${BASE_URL}/developers/#error-${code}`),
    )
    assert.deepEqual(
      sections.get('Discovery documents')!.map((i) => i.url),
      DISCOVERY_DOCUMENTS.map((d) => BASE_URL + d.paths[0]),
    )
  })
})
