// The website over HTTP: every page kind's status, content and headers (CSP, no CORS, Vary,
// ETag/304), its markdown twin, drafts and unknown slugs as the helpful 404, the 301 for a wrong
// rubric segment, paging, search-engine markup, and pages that follow every write at once.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { LightMyRequestResponse } from 'fastify'
import { ENDPOINT_IDS, ENDPOINTS } from '../../src/contract/endpoints.js'
import { ERROR_CODES } from '../../src/contract/errors.js'
import { DISCOVERY_DOCUMENTS } from '../../src/contract/discovery-documents.js'
import { MCP_TOOLS } from '../../src/contract/mcp-tools.js'
import { LISTING_PAGE_SIZE } from '../../src/site/pages/listing.js'
import { articlePayload, BASE_URL, startTestApp, type TestApp } from '../helpers/test-app.js'

let t: TestApp

const FULL_ARTICLE = articlePayload({
  slug: 'pricing-playbook',
  title: 'What is a pricing playbook?',
  meta_title: 'Pricing playbooks explained',
  excerpt: 'A pricing playbook tells sales teams which price to quote.',
  author: 'Jane Doe',
  published_at: '2026-03-05T09:30:00Z',
  cover_image_url: '/images/pricing-playbook/featured.webp',
  services: ['pricing-strategy', 'market-entry'],
  tags: ['pricing', 'margin'],
  content: {
    faq: [{ q: 'How fast do price changes show in margin?', a: 'Usually within one billing cycle.' }],
    key_takeaways: ['Write the discount rules down.', 'Review them every quarter.'],
    sources: [
      { title: 'Pricing survey 2025', url: 'https://example.org/survey', publisher: 'Example Institute' },
      { title: 'Interviews with sales leads' },
    ],
  },
})

before(async () => {
  t = await startTestApp()
  await publish(FULL_ARTICLE)
  await publish(
    articlePayload({
      slug: 'preisleitfaden',
      title: 'Was ist ein Preisleitfaden?',
      lang: 'de',
      translation_of: 'pricing-playbook',
      published_at: '2026-03-06T09:00:00Z',
    }),
  )
  await publish(
    articlePayload({
      slug: 'lean-flow',
      title: 'How does work flow?',
      rubric: 'operations',
      services: ['lean-operations'],
      published_at: '2026-02-01T09:00:00Z',
    }),
  )
  await publish(articlePayload({ slug: 'secret-draft', title: 'Not yet', status: 'draft', services: ['pricing-strategy'] }))
})
after(() => t.close())

async function publish(payload: Record<string, unknown>) {
  const res = await t.request({ method: 'POST', url: '/api/content/', payload })
  assert.equal(res.statusCode, 200, res.body)
}

function get(url: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return t.request({ method: 'GET', url, token: null, headers })
}

const PAGES: { kind: string; url: string; h1: RegExp; contains: string[] }[] = [
  {
    kind: 'home',
    url: '/',
    h1: /Advice tested to the letter/,
    contains: ['What is a pricing playbook?', 'href="/insights/strategy/"', 'href="/services/pricing-strategy/"'],
  },
  {
    kind: 'insights',
    url: '/insights/',
    h1: /Insights/,
    contains: ['What is a pricing playbook?', 'How does work flow?', 'href="/insights/operations/"'],
  },
  { kind: 'rubric', url: '/insights/operations/', h1: /Operations/, contains: ['How does work flow?', 'Making the work flow.'] },
  {
    kind: 'article',
    url: '/insights/strategy/pricing-playbook/',
    h1: /What is a pricing playbook\?/,
    contains: [
      'Jane Doe',
      'Key takeaways',
      'Write the discount rules down.',
      'How fast do price changes show in margin?',
      'Example Institute',
      'href="/services/market-entry/"',
      'datetime="2026-03-05T09:30:00.000Z"',
    ],
  },
  {
    kind: 'services',
    url: '/services/',
    h1: /Services/,
    contains: ['Pricing Strategy', 'Leadership Coaching', 'Prices that reflect value.'],
  },
  {
    kind: 'service',
    url: '/services/pricing-strategy/',
    h1: /Pricing Strategy/,
    contains: ['What is a pricing playbook?', 'Prices that reflect value.'],
  },
  {
    kind: 'developers',
    url: '/developers/',
    h1: /Developer reference/,
    contains: ['id="error-not_found"', 'search_articles', '/api/content/{slug}'],
  },
]

function assertPageHeaders(res: LightMyRequestResponse, what: string) {
  const csp = String(res.headers['content-security-policy'])
  assert.match(csp, /default-src 'none'/, what)
  assert.match(csp, /style-src 'self'/, what)
  assert.match(csp, /img-src 'self' https:/, what)
  assert.match(csp, /frame-ancestors 'none'/, what)
  // Only this site's own documents, for tools that fetch from inside a page (Lighthouse reads robots.txt so).
  assert.match(csp, /connect-src 'self'(;|$)/, what)
  assert.doesNotMatch(csp, /unsafe-inline|script-src/, what)
  assert.equal(res.headers['x-content-type-options'], 'nosniff', what)
  assert.equal(res.headers['referrer-policy'], 'strict-origin-when-cross-origin', what)
  assert.equal(res.headers['access-control-allow-origin'], undefined, `${what}: HTML pages send no CORS header`)
  // Accept picks HTML or markdown; Accept-Encoding joins it where the body is large enough to compress.
  assert.match(String(res.headers.vary), /^Accept(, Accept-Encoding)?$/, what)
}

describe('every page kind', () => {
  for (const page of PAGES) {
    test(`${page.kind} (${page.url}) answers 200 HTML with one h1, its content and the page headers`, async () => {
      const res = await get(page.url, { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' })
      assert.equal(res.statusCode, 200)
      assert.equal(res.headers['content-type'], 'text/html; charset=utf-8')
      assertPageHeaders(res, page.url)
      assert.match(res.body, /^<!DOCTYPE html>/)
      const h1s = [...res.body.matchAll(/<h1[^>]*>([\s\S]*?)<\/h1>/g)]
      assert.equal(h1s.length, 1, 'exactly one h1')
      assert.match(h1s[0]![1]!, page.h1)
      for (const text of page.contains) assert.ok(res.body.includes(text), `${page.url} shows ${text}`)
      assert.match(res.body, /<html lang="en">/)
      assert.match(res.body, /<a class="skip-link" href="#main">/)
      assert.match(res.body, /<header class="site-header">[\s\S]*<nav aria-label="Main">[\s\S]*<main id="main">[\s\S]*<footer/)
      assert.match(res.body, /<link rel="stylesheet" href="\/assets\/style.css"\/>/)
      assert.ok(res.body.includes(`<link rel="canonical" href="${BASE_URL}${page.url}"/>`), 'canonical URL')
      assert.match(res.body, /"@type":"Organization"/, 'Organization JSON-LD on every page')
    })

    test(`${page.kind}: an unchanged page answers 304 to If-None-Match, and a changed representation does not`, async () => {
      const first = await get(page.url)
      const etag = String(first.headers.etag)
      assert.match(etag, /^"[A-Za-z0-9_-]+"$/)
      const again = await get(page.url, { 'if-none-match': etag })
      assert.equal(again.statusCode, 304)
      assert.equal(again.body, '')
      assertPageHeaders(again, page.url)
      const markdown = await get(page.url, { accept: 'text/markdown', 'if-none-match': etag })
      assert.equal(markdown.statusCode, 200, 'the markdown twin has its own ETag')
    })

    test(`${page.kind}: Accept: text/markdown answers the markdown twin at the same URL`, async () => {
      const res = await get(page.url, { accept: 'text/markdown' })
      assert.equal(res.statusCode, 200)
      assert.equal(res.headers['content-type'], 'text/markdown; charset=utf-8')
      assertPageHeaders(res, `${page.url} (markdown)`)
      assert.match(res.body, /^---\ntitle: "/)
      assert.doesNotMatch(res.body, /<(html|main|nav|script|div)\b/)
      assert.match(res.body, /^# /m)
      for (const text of page.contains.filter((c) => !c.includes('='))) assert.ok(res.body.includes(text), `${page.url} twin shows ${text}`)
    })
  }
})

describe('content negotiation', () => {
  const url = '/insights/'
  const kindOf = async (accept: string) => String((await get(url, { accept })).headers['content-type']).split(';')[0]
  test('markdown wins when named with a quality at least that of text/html', async () => {
    assert.equal(await kindOf('text/markdown, text/html;q=0.9'), 'text/markdown')
    assert.equal(await kindOf('text/html, text/markdown'), 'text/markdown')
    assert.equal(await kindOf('text/markdown;q=0.5, */*;q=0.1'), 'text/markdown')
  })
  test('HTML stays for browsers, wildcards, a lower markdown quality and markdown refused with q=0', async () => {
    assert.equal(await kindOf('text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'), 'text/html')
    assert.equal(await kindOf('*/*'), 'text/html')
    assert.equal(await kindOf('text/*'), 'text/html')
    assert.equal(await kindOf('text/html, text/markdown;q=0.5'), 'text/html')
    assert.equal(await kindOf('text/markdown;q=0, */*'), 'text/html')
    assert.equal((await get(url)).headers['content-type'], 'text/html; charset=utf-8')
  })
})

describe('the article page', () => {
  const url = '/insights/strategy/pricing-playbook/'

  test('the markdown twin is front matter (title, date, rubric, url), the body and the AEO blocks', async () => {
    const res = await get(url, { accept: 'text/markdown' })
    const body = res.body
    assert.match(body, /^---\ntitle: "What is a pricing playbook\?"\ndate: "2026-03-05T09:30:00.000Z"\n/)
    assert.match(body, /\nrubric: "Strategy"\n/)
    assert.ok(body.includes(`\nurl: "${BASE_URL}${url}"\n`))
    assert.match(body, /## Key takeaways\n\n- Write the discount rules down\./)
    assert.match(body, /## Why write one\?/)
    assert.match(
      body,
      /## Frequently asked questions\n\n### How fast do price changes show in margin\?\n\nUsually within one billing cycle\./,
    )
    assert.match(
      body,
      /## Sources\n\n- \[Pricing survey 2025\]\(https:\/\/example.org\/survey\) — Example Institute\n- Interviews with sales leads/,
    )
    assert.ok(body.includes(`[Market Entry](${BASE_URL}/services/market-entry/)`))
  })

  test('search-engine markup: title from meta_title, description from the excerpt, hreflang, Open Graph, JSON-LD Article, FAQPage and BreadcrumbList', async () => {
    const html = (await get(url)).body
    assert.match(html, /<title>Pricing playbooks explained \| Test Partners<\/title>/)
    assert.match(html, /<meta name="description" content="A pricing playbook tells sales teams which price to quote."\/>/)
    assert.ok(html.includes(`<link rel="alternate" hreflang="en" href="${BASE_URL}${url}"/>`))
    assert.ok(html.includes(`<link rel="alternate" hreflang="de" href="${BASE_URL}/insights/strategy/preisleitfaden/"/>`))
    assert.match(html, /<meta property="og:type" content="article"\/>/)
    assert.ok(html.includes(`<meta property="og:image" content="${BASE_URL}/images/pricing-playbook/featured.webp"/>`))
    assert.match(
      html,
      /<img src="\/images\/pricing-playbook\/featured.webp" alt="What is a pricing playbook\?" width="1200" height="630" fetchpriority="high"\/>/,
    )
    const ld = JSON.parse(html.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/)![1]!)
    const types = ld['@graph'].map((n: { '@type': string }) => n['@type'])
    assert.deepEqual(types.sort(), ['Article', 'BreadcrumbList', 'FAQPage', 'Organization'])
    const article = ld['@graph'].find((n: { '@type': string }) => n['@type'] === 'Article')
    assert.equal(article.headline, 'What is a pricing playbook?')
    assert.equal(article.datePublished, '2026-03-05T09:30:00.000Z')
    assert.equal(article.articleSection, 'Strategy')
    const crumbs = ld['@graph'].find((n: { '@type': string }) => n['@type'] === 'BreadcrumbList')
    assert.deepEqual(
      crumbs.itemListElement.map((c: { name: string }) => c.name),
      ['Insights', 'Strategy', 'What is a pricing playbook?'],
    )
  })

  test('the translation links back: the German twin has hreflang alternates and a link to the English page', async () => {
    const html = (await get('/insights/strategy/preisleitfaden/')).body
    assert.match(html, /<html lang="de">/)
    assert.ok(html.includes(`<a href="${BASE_URL}${url}" hreflang="en" lang="en">English</a>`))
  })

  test('render_capabilities in GET /api/content/version tells what the article page renders, and the page renders it', async () => {
    const version = JSON.parse((await get('/api/content/version')).body)
    assert.deepEqual(version.render_capabilities, { renders_faqs: true, renders_summary: true, renders_breadcrumbs: true })
    const html = (await get(url)).body
    assert.match(html, /<section class="faq"[^>]*>\s*<h2[^>]*>Frequently asked questions<\/h2>/)
    assert.match(html, /<aside class="takeaways"[^>]*>\s*<h2[^>]*>Key takeaways<\/h2>/)
    assert.match(html, /<nav class="breadcrumbs" aria-label="Breadcrumb">/)
  })

  test('a wrong rubric segment answers 301 to the canonical URL', async () => {
    const res = await get('/insights/people/pricing-playbook/')
    assert.equal(res.statusCode, 301)
    assert.equal(res.headers.location, `${BASE_URL}${url}`)
  })

  test('a draft, an unknown slug and an unknown rubric answer the HTML 404 page', async () => {
    for (const path of [
      '/insights/strategy/secret-draft/',
      '/insights/strategy/no-such-article/',
      '/insights/no-such-rubric/',
      '/services/no-such-service/',
    ]) {
      const res = await get(path)
      assert.equal(res.statusCode, 404, path)
      assert.equal(res.headers['content-type'], 'text/html; charset=utf-8')
      assert.match(res.body, /We could not find that page/)
      assertPageHeaders(res, path)
    }
    assert.ok(!(await get('/services/pricing-strategy/')).body.includes('Not yet'), 'a draft is not listed on its service page')
    assert.ok(!(await get('/insights/')).body.includes('Not yet'))
  })
})

describe('the 404 page', () => {
  test('an unknown page answers the helpful HTML 404 (and its markdown twin); /api and /mcp keep the JSON error', async () => {
    const html = await get('/no/such/page')
    assert.equal(html.statusCode, 404)
    assert.match(html.body, /<h1>We could not find that page<\/h1>/)
    assert.match(html.body, /href="\/insights\/"/)
    assert.match(html.body, /<meta name="robots" content="noindex"\/>/)
    const md = await get('/no/such/page', { accept: 'text/markdown' })
    assert.equal(md.statusCode, 404)
    assert.equal(md.headers['content-type'], 'text/markdown; charset=utf-8')
    assert.match(md.body, /# We could not find that page/)
    for (const path of ['/api/no-such-endpoint', '/mcp/nothing']) {
      const api = await get(path)
      assert.equal(api.statusCode, 404, path)
      assert.equal(api.headers['content-type'], 'application/json; charset=utf-8')
      assert.equal(JSON.parse(api.body).code, 'not_found')
    }
  })
})

describe('the developer reference', () => {
  test('lists every endpoint, every MCP tool, the rate limits from the configuration, and a section per error code', async () => {
    const html = (await get('/developers/')).body
    for (const id of ENDPOINT_IDS) assert.ok(html.includes(`<code>${ENDPOINTS[id].path.replace(/&/g, '&amp;')}</code>`), ENDPOINTS[id].path)
    for (const tool of MCP_TOOLS) assert.ok(html.includes(`<code>${tool.name}</code>`), tool.name)
    for (const code of ERROR_CODES) assert.ok(html.includes(`id="error-${code}"`), code)
    assert.match(html, /100000 requests per 60 seconds/)
    assert.match(html, /api-access@test-partners\.example\.com/)
    assert.ok(html.includes('Authorization: Bearer &lt;API_TOKEN>'), 'the placeholder is escaped')
    assert.match(html, /href="\/openapi.json"/)
    for (const path of DISCOVERY_DOCUMENTS.flatMap((d) => d.paths)) assert.ok(html.includes(`href="${path}"`), `links ${path}`)
    assert.match(
      html,
      /<code>Deprecation<\/code> \(RFC 9745\)[\s\S]*No endpoint is deprecated\./,
      'the deprecation policy (the spec, Versioning 4–5)',
    )
    for (const [, id] of html.matchAll(/href="#([\w-]+)"/g)) assert.ok(html.includes(`id="${id}"`), `#${id} leads somewhere`)
    assert.ok(html.match(/href="#/g)!.length >= 7, 'the table of contents links every section')
  })

  test('the rate limits shown follow the configuration', async () => {
    const other = await startTestApp({ env: { FOLIO_RATE_LIMIT_CONTENT: '7/30' } })
    try {
      const html = (await other.request({ method: 'GET', url: '/developers/', token: null })).body
      assert.match(html, /7 requests per 30 seconds/)
    } finally {
      await other.close()
    }
  })
})

describe('paging', () => {
  test('/insights/ pages with ?page=N, rel prev/next and a canonical per page; past the end or malformed is 404', async () => {
    const local = await startTestApp()
    try {
      for (let i = 0; i < LISTING_PAGE_SIZE + 2; i++) {
        const day = String(i + 1).padStart(2, '0')
        const res = await local.request({
          method: 'POST',
          url: '/api/content/',
          payload: articlePayload({ slug: `paged-${day}`, title: `Paged ${day}`, published_at: `2026-01-${day}T09:00:00Z` }),
        })
        assert.equal(res.statusCode, 200)
      }
      const first = (await local.request({ method: 'GET', url: '/insights/', token: null })).body
      assert.ok(first.includes('Paged 14') && !first.includes('Paged 01'), 'newest first')
      assert.ok(first.includes(`<link rel="next" href="${BASE_URL}/insights/?page=2"/>`))
      const second = await local.request({ method: 'GET', url: '/insights/?page=2', token: null })
      assert.equal(second.statusCode, 200)
      assert.ok(second.body.includes('Paged 01') && !second.body.includes('Paged 14'))
      assert.ok(second.body.includes(`<link rel="canonical" href="${BASE_URL}/insights/?page=2"/>`))
      assert.ok(second.body.includes(`<link rel="prev" href="${BASE_URL}/insights/"/>`))
      const rubric = await local.request({ method: 'GET', url: '/insights/strategy/?page=2', token: null })
      assert.equal(rubric.statusCode, 200)
      for (const bad of [
        '/insights/?page=3',
        '/insights/?page=0',
        '/insights/?page=abc',
        '/insights/?page=-1',
        '/insights/strategy/?page=3',
        '/insights/operations/?page=2',
      ]) {
        assert.equal((await local.request({ method: 'GET', url: bad, token: null })).statusCode, 404, bad)
      }
    } finally {
      await local.close()
    }
  })

  test('a service page lists every article linking to it, a page at a time; past the end or malformed is 404', async () => {
    const local = await startTestApp()
    try {
      for (let i = 0; i < LISTING_PAGE_SIZE + 1; i++) {
        const day = String(i + 1).padStart(2, '0')
        const payload = articlePayload({
          slug: `linked-${day}`,
          title: `Linked ${day}`,
          published_at: `2026-02-${day}T09:00:00Z`,
          services: ['market-entry'],
        })
        assert.equal((await local.request({ method: 'POST', url: '/api/content/', payload })).statusCode, 200)
      }
      await local.request({
        method: 'POST',
        url: '/api/content/',
        payload: articlePayload({ slug: 'not-linked', title: 'Not linked', services: ['pricing-strategy'] }),
      })
      const first = (await local.request({ method: 'GET', url: '/services/market-entry/', token: null })).body
      assert.ok(
        first.includes('Linked 13') && !first.includes('Linked 01') && !first.includes('Not linked'),
        'newest first, only linked articles',
      )
      assert.ok(first.includes(`<link rel="next" href="${BASE_URL}/services/market-entry/?page=2"/>`))
      const second = await local.request({ method: 'GET', url: '/services/market-entry/?page=2', token: null })
      assert.equal(second.statusCode, 200)
      assert.ok(second.body.includes('Linked 01') && !second.body.includes('Linked 13'))
      assert.ok(second.body.includes(`<link rel="canonical" href="${BASE_URL}/services/market-entry/?page=2"/>`))
      assert.ok(second.body.includes(`<link rel="prev" href="${BASE_URL}/services/market-entry/"/>`))
      assert.ok(!second.body.includes('rel="next"'), 'the last page has no next page')
      for (const bad of ['/services/market-entry/?page=3', '/services/market-entry/?page=0', '/services/market-entry/?page=x']) {
        assert.equal((await local.request({ method: 'GET', url: bad, token: null })).statusCode, 404, bad)
      }
    } finally {
      await local.close()
    }
  })
})

describe('pages follow the content generation', () => {
  test('a page changes right after an article is published, updated and deleted', async () => {
    const slug = 'generation-probe'
    const listing = () => get('/insights/technology/')
    const before = await listing()
    assert.ok(!before.body.includes('Generation probe'))
    await publish(articlePayload({ slug, title: 'Generation probe', rubric: 'technology' }))
    const published = await listing()
    assert.ok(published.body.includes('Generation probe'))
    assert.notEqual(published.headers.etag, before.headers.etag)
    assert.equal((await get(`/insights/technology/${slug}/`)).statusCode, 200)

    const updated = await t.request({ method: 'PUT', url: `/api/content/${slug}`, payload: { title: 'Generation probe, revised' } })
    assert.equal(updated.statusCode, 200)
    assert.ok((await get(`/insights/technology/${slug}/`)).body.includes('Generation probe, revised'))
    assert.ok((await listing()).body.includes('Generation probe, revised'))

    const moved = await t.request({ method: 'PUT', url: `/api/content/${slug}`, payload: { rubric: 'people' } })
    assert.equal(moved.statusCode, 200)
    const old = await get(`/insights/technology/${slug}/`)
    assert.equal(old.statusCode, 301, 'moving rubric breaks no link')
    assert.equal(old.headers.location, `${BASE_URL}/insights/people/${slug}/`)

    const toDraft = await t.request({ method: 'PUT', url: `/api/content/${slug}`, payload: { status: 'draft' } })
    assert.equal(toDraft.statusCode, 200)
    assert.equal((await get(`/insights/people/${slug}/`)).statusCode, 404)
    await t.request({ method: 'PUT', url: `/api/content/${slug}`, payload: { status: 'published' } })
    assert.equal((await get(`/insights/people/${slug}/`)).statusCode, 200)

    const deleted = await t.request({ method: 'DELETE', url: `/api/content/${slug}` })
    assert.equal(deleted.statusCode, 200)
    assert.equal((await get(`/insights/people/${slug}/`)).statusCode, 404)
    assert.ok(!(await get('/insights/people/')).body.includes('Generation probe'))
  })
})

describe('the stylesheet', () => {
  test('is served as CSS with an ETag and answers 304 on revalidation', async () => {
    const res = await get('/assets/style.css')
    assert.equal(res.statusCode, 200)
    assert.equal(res.headers['content-type'], 'text/css; charset=utf-8')
    assert.match(res.body, /:focus-visible/)
    assert.equal((await get('/assets/style.css', { 'if-none-match': String(res.headers.etag) })).statusCode, 304)
  })
})
