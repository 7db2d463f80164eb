// Editors see their drafts without weakening a public rule: GET /api/content/{slug}?status=all
// answers a draft to a valid key only (the spec's read stays 404 for drafts, key or no key), the
// catalog lists drafts with status=draft|all in listing order with a cursor that remembers its
// status, and preview links show the article as its page will look until they expire or the
// article is deleted, while every public surface still shows published articles only.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { multipart, png } from '../helpers/image-fixtures.js'
import { articlePayload, BASE_URL, startTestApp, type TestApp } from '../helpers/test-app.js'

let t: TestApp
let now = Date.parse('2026-04-01T08:00:00.000Z')
/** Each write a minute later, so listing times differ. */
const tick = () => (now += 60_000)

before(async () => {
  t = await startTestApp({ clock: () => new Date(now) })
})
after(() => t.close())

const create = async (overrides: Record<string, unknown>) => {
  tick()
  const res = await t.request({ method: 'POST', url: '/api/content/', payload: articlePayload(overrides) })
  assert.equal(res.statusCode, 200, res.body)
}
const get = (url: string, token: string | null = null, headers: Record<string, string> = {}) =>
  t.request({ method: 'GET', url, token, headers })

describe('drafts for key holders, by asking', () => {
  before(() => create({ slug: 'draft-read', status: 'draft', title: 'A draft to read' }))

  test('GET /api/content/{slug} keeps the spec: a draft answers 404 with a key or without one', async () => {
    for (const token of [null, t.readToken, t.writeToken, 'folio_not-a-key']) {
      assert.equal((await get('/api/content/draft-read', token)).statusCode, 404, String(token))
    }
  })

  test('?status=all with a read or write key answers the draft, private and never stored', async () => {
    for (const token of [t.readToken, t.writeToken]) {
      const res = await get('/api/content/draft-read?status=all', token)
      assert.equal(res.statusCode, 200, res.body)
      assert.equal(res.json().article.status, 'draft')
      assert.equal(res.json().article.title, 'A draft to read')
      assert.equal(res.headers['cache-control'], 'private, no-store')
    }
  })

  test('?status=all without a valid key is 401, with the Bearer challenge', async () => {
    const missing = await get('/api/content/draft-read?status=all')
    assert.equal(missing.statusCode, 401)
    assert.equal(missing.json().code, 'unauthorized')
    assert.equal(missing.headers['www-authenticate'], 'Bearer realm="folio"')
    const bad = await get('/api/content/draft-read?status=all', 'folio_not-a-key')
    assert.equal(bad.statusCode, 401)
    assert.match(String(bad.headers['www-authenticate']), /error="invalid_token"/)
    // The last of a repeated parameter counts, as everywhere: it cannot be smuggled past the check.
    assert.equal((await get('/api/content/draft-read?status=published&status=all')).statusCode, 401)
  })

  test('a published article reads the same with and without status, key or no key; an unknown status is 400', async () => {
    await create({ slug: 'published-read' })
    const anonymous = await get('/api/content/published-read')
    assert.equal(anonymous.statusCode, 200)
    assert.equal(anonymous.headers['cache-control'], 'public, max-age=0, must-revalidate')
    const keyed = await get('/api/content/published-read', t.readToken)
    assert.equal(keyed.body, anonymous.body)
    assert.equal(keyed.headers['cache-control'], 'private, no-store', 'an answer made for a request with credentials is kept by nobody')
    assert.equal((await get('/api/content/published-read?status=published')).body, anonymous.body)
    assert.equal((await get('/api/content/published-read?status=all', t.readToken)).body, anonymous.body)
    const bad = await get('/api/content/published-read?status=drafts')
    assert.equal(bad.statusCode, 400)
    assert.equal(bad.json().errors[0].field, 'status')
  })

  test('a bad key on the spec read is still read as anonymous', async () => {
    assert.equal((await get('/api/content/published-read', 'folio_not-a-key')).statusCode, 200)
  })

  test('an unknown slug with status=all is 404', async () => {
    assert.equal((await get('/api/content/never-written?status=all', t.readToken)).statusCode, 404)
  })
})

describe('the catalog with drafts', () => {
  const slugs = (body: { articles: { slug: string }[] }) => body.articles.map((a) => a.slug).filter((s) => s.startsWith('cat-'))

  before(async () => {
    await create({ slug: 'cat-pub-1', published_at: '2025-01-01T00:00:00.000Z' })
    await create({ slug: 'cat-draft-1', status: 'draft' })
    await create({ slug: 'cat-pub-2', published_at: '2025-02-01T00:00:00.000Z' })
    await create({ slug: 'cat-draft-2', status: 'draft' })
  })

  test('the default catalog is unchanged: published only, each summary saying so', async () => {
    const body = (await get('/api/content/catalog?limit=500', t.readToken)).json()
    assert.deepEqual(slugs(body), ['cat-pub-2', 'cat-pub-1'])
    assert.ok(body.articles.every((a: { status: string }) => a.status === 'published'))
    assert.equal(body.count, body.articles.length)
  })

  test('status=draft lists drafts only, newest change first; count counts them; the answer is private', async () => {
    const res = await get('/api/content/catalog?status=draft&limit=500', t.readToken)
    assert.equal(res.statusCode, 200)
    const body = res.json()
    assert.deepEqual(slugs(body), ['cat-draft-2', 'cat-draft-1'])
    assert.ok(body.articles.every((a: { status: string }) => a.status === 'draft'))
    assert.equal(body.count, body.articles.length)
    assert.equal(res.headers['cache-control'], 'private, no-store')
    assert.equal(body.articles[0].url, `${BASE_URL}/insights/strategy/cat-draft-2/`)
  })

  test('status=all mixes them: published by published_at, drafts without one by updated_at', async () => {
    const body = (await get('/api/content/catalog?status=all&limit=500', t.writeToken)).json()
    // The drafts were written in 2026, after both publication dates.
    assert.deepEqual(slugs(body), ['cat-draft-2', 'cat-draft-1', 'cat-pub-2', 'cat-pub-1'])
    assert.equal(body.count, await t.store.articles.count())
  })

  test('paging with drafts: each article once, Link carries status, a cursor of one status is 400 with another', async () => {
    const seen: string[] = []
    let url = '/api/content/catalog?status=all&limit=2'
    let firstCursor = ''
    for (;;) {
      const res = await get(url, t.readToken)
      const body = res.json()
      seen.push(...body.articles.map((a: { slug: string }) => a.slug))
      if (body.next_cursor === null) {
        assert.equal(res.headers.link, undefined)
        break
      }
      firstCursor ||= body.next_cursor
      assert.equal(
        res.headers.link,
        `<${BASE_URL}/api/content/catalog?cursor=${encodeURIComponent(body.next_cursor)}&limit=2&status=all>; rel="next"`,
      )
      url = res.headers.link!.slice(BASE_URL.length + 1, res.headers.link!.indexOf('>'))
    }
    assert.equal(seen.length, await t.store.articles.count())
    assert.equal(new Set(seen).size, seen.length)
    for (const other of ['', '&status=draft', '&status=published']) {
      const res = await get(`/api/content/catalog?cursor=${encodeURIComponent(firstCursor)}${other}`, t.readToken)
      assert.equal(res.statusCode, 400, other)
      assert.equal(res.json().errors[0].field, 'cursor')
    }
    const published = (await get('/api/content/catalog?limit=1', t.readToken)).json().next_cursor
    assert.equal((await get(`/api/content/catalog?status=draft&cursor=${encodeURIComponent(published)}`, t.readToken)).statusCode, 400)
    assert.equal((await get(`/api/content/catalog?status=published&cursor=${encodeURIComponent(published)}`, t.readToken)).statusCode, 200)
  })

  test('an unknown status is 400; the catalog with drafts needs a key like the catalog', async () => {
    assert.equal((await get('/api/content/catalog?status=deleted', t.readToken)).statusCode, 400)
    assert.equal((await get('/api/content/catalog?status=draft')).statusCode, 401)
  })
})

describe('preview links', () => {
  let imageUrl = ''
  let coverUrl = ''

  before(async () => {
    const upload = async (variant: string, seed: number) => {
      const form = multipart([
        { name: 'slug', value: 'preview-draft' },
        { name: 'variant', value: variant },
        { name: 'file', value: png(seed), filename: 'x.png', type: 'image/png' },
      ])
      const res = await t.request({ method: 'POST', url: '/api/content/images', payload: form.payload, headers: form.headers })
      assert.equal(res.statusCode, 200, res.body)
      return res.json().image.url as string
    }
    imageUrl = await upload('inline', 11)
    coverUrl = await upload('featured', 12)
    await create({
      slug: 'preview-draft',
      status: 'draft',
      title: 'What a preview shows',
      body: `<p>A preview shows a draft as its page will look.</p><p><img src="${imageUrl}" alt="chart"></p>`,
      cover_image_url: `${BASE_URL}${coverUrl}`,
      content: { faq: [{ q: 'Who sees it?', a: 'Whoever holds the link.' }] },
    })
  })

  const newPreview = async (slug = 'preview-draft') => {
    const res = await t.request({ method: 'POST', url: `/api/content/${slug}/preview` })
    assert.equal(res.statusCode, 200, res.body)
    return res
  }
  const path = (url: string) => url.slice(BASE_URL.length)

  test('POST answers an unguessable URL without the slug, and when it expires (7 days by default)', async () => {
    const res = await newPreview()
    const { url, expires_at } = res.json()
    assert.match(url, /^https:\/\/folio\.test\/preview\/[A-Za-z0-9_-]{43}\/$/)
    assert.ok(!url.includes('preview-draft'))
    assert.equal(expires_at, new Date(now + 7 * 86_400_000).toISOString())
    assert.notEqual((await newPreview()).json().url, url, 'every link is new')
    assert.equal(res.headers['cache-control'], 'private, no-store')
    assert.match(String(res.headers.ratelimit), /^"content";/, 'counted under the content policy')
  })

  test('the page is the article page with a Preview banner, noindex and no-store, its images under its own path', async () => {
    const url = (await newPreview()).json().url as string
    const res = await get(path(url))
    assert.equal(res.statusCode, 200, res.body)
    assert.equal(res.headers['content-type'], 'text/html; charset=utf-8')
    assert.equal(res.headers['x-robots-tag'], 'noindex')
    assert.equal(res.headers['cache-control'], 'private, no-store')
    assert.equal(res.headers['referrer-policy'], 'no-referrer')
    assert.match(String(res.headers['content-security-policy']), /default-src 'none'/)
    const html = res.body
    assert.match(
      html,
      /<p class="page-notice" role="status">Preview — a draft, not public yet\. This link works until 2026-04-\d\d \d\d:\d\d UTC\.<\/p>/,
    )
    assert.match(html, /<meta name="robots" content="noindex"/)
    assert.doesNotMatch(html, /rel="canonical"/)
    assert.match(html, /<h1>What a preview shows<\/h1>/)
    assert.match(html, /Frequently asked questions/)
    const previewPath = path(url)
    assert.ok(html.includes(`src="${previewPath}images/${imageUrl.slice('/images/'.length)}"`), 'body image under the preview')
    assert.ok(html.includes(`src="${previewPath}images/${coverUrl.slice('/images/'.length)}"`), 'cover under the preview')
    assert.ok(!html.includes(`"${imageUrl}"`))
    for (const image of [imageUrl, coverUrl]) {
      const served = await get(`${previewPath}images/${image.slice('/images/'.length)}`)
      assert.equal(served.statusCode, 200)
      assert.equal(served.headers['content-type'], 'image/png')
      assert.equal(served.headers['cache-control'], 'private, no-store')
      assert.equal(served.headers['x-robots-tag'], 'noindex')
      // As on the public image route: a polyglot opened directly runs nothing and reaches nothing.
      assert.equal(served.headers['content-security-policy'], "default-src 'none'; sandbox")
      assert.equal(served.headers['x-content-type-options'], 'nosniff')
      assert.ok(served.rawPayload.equals(png(image === imageUrl ? 11 : 12)))
    }
  })

  test('the markdown twin answers Accept: text/markdown, with the banner', async () => {
    const url = (await newPreview()).json().url as string
    const res = await get(path(url), null, { accept: 'text/markdown' })
    assert.equal(res.statusCode, 200)
    assert.equal(res.headers['content-type'], 'text/markdown; charset=utf-8')
    assert.equal(res.headers['x-robots-tag'], 'noindex')
    assert.match(res.body, /^---\ntitle: "What a preview shows"\n/)
    assert.match(res.body, /\n---\n\n> Preview — a draft, not public yet\./)
    assert.match(res.body, /# What a preview shows/)
  })

  test('a link serves only the images of its article; an unknown token is a 404 page', async () => {
    await create({ slug: 'other-article' })
    const form = multipart([
      { name: 'slug', value: 'other-article' },
      { name: 'file', value: png(13), filename: 'x.png', type: 'image/png' },
    ])
    const other = (await t.request({ method: 'POST', url: '/api/content/images', payload: form.payload, headers: form.headers })).json()
    const url = (await newPreview()).json().url as string
    assert.equal((await get(`${path(url)}images/${other.image.key}`)).statusCode, 404)
    assert.equal((await get(`${path(url)}images/preview-draft/nothing.png`)).statusCode, 404)
    const unknown = await get(`/preview/${'A'.repeat(43)}/`)
    assert.equal(unknown.statusCode, 404)
    assert.match(unknown.body, /<html/)
    assert.equal((await get('/preview/short/')).statusCode, 404)
  })

  test('a link answers 404 once expired', async () => {
    const url = (await newPreview()).json().url as string
    const saved = now
    now += 7 * 86_400_000 - 1000
    assert.equal((await get(path(url))).statusCode, 200, 'a second before it expires')
    now += 1000
    assert.equal((await get(path(url))).statusCode, 404, 'expired')
    assert.equal((await get(`${path(url)}images/${imageUrl.slice('/images/'.length)}`)).statusCode, 404)
    now = saved
  })

  test('FOLIO_PREVIEW_DAYS sets the lifetime', async () => {
    const short = await startTestApp({ clock: () => new Date(now), env: { FOLIO_PREVIEW_DAYS: '1' } })
    try {
      await short.request({ method: 'POST', url: '/api/content/', payload: articlePayload({ slug: 'short-lived' }) })
      const link = (await short.request({ method: 'POST', url: '/api/content/short-lived/preview' })).json()
      assert.equal(link.expires_at, new Date(now + 86_400_000).toISOString())
    } finally {
      await short.close()
    }
  })

  test('a link dies with its article, and does not come back with a new article of the slug', async () => {
    await create({ slug: 'preview-dies', status: 'draft' })
    const url = (await newPreview('preview-dies')).json().url as string
    assert.equal((await get(path(url))).statusCode, 200)
    assert.equal((await t.request({ method: 'DELETE', url: '/api/content/preview-dies' })).statusCode, 200)
    assert.equal((await get(path(url))).statusCode, 404)
    await create({ slug: 'preview-dies', status: 'draft' })
    assert.equal((await get(path(url))).statusCode, 404)
  })

  test('a preview of an unknown article is 404; a published article previews as published', async () => {
    assert.equal((await t.request({ method: 'POST', url: '/api/content/never-written/preview' })).statusCode, 404)
    await create({ slug: 'preview-published' })
    const url = (await newPreview('preview-published')).json().url as string
    assert.match((await get(path(url))).body, /Preview — published; this is how its page looks now\./)
  })
})

describe('read-only stays read-only', () => {
  test('after keyed reads and previews of a draft, the website, feeds, sitemap, llms.txt, search and MCP still hide it', async () => {
    await create({ slug: 'still-hidden', status: 'draft', title: 'Zanzibar ledger draft' })
    assert.equal((await get('/api/content/still-hidden?status=all', t.readToken)).statusCode, 200)
    const preview = (await t.request({ method: 'POST', url: '/api/content/still-hidden/preview' })).json().url as string
    assert.equal((await get(preview.slice(BASE_URL.length))).statusCode, 200)
    assert.equal((await get('/insights/strategy/still-hidden/')).statusCode, 404)
    assert.equal((await get('/api/content/still-hidden')).statusCode, 404)
    for (const doc of ['/sitemap.xml', '/feed.xml', '/feed.json', '/insights/llms.txt', '/insights/']) {
      const body = (await get(doc)).body
      assert.ok(!body.includes('still-hidden'), `${doc} does not list the draft`)
      assert.ok(!body.includes('/preview/'), `${doc} names no preview`)
    }
    const mcp = async (name: string, args: Record<string, unknown>) =>
      (
        await t.request({
          method: 'POST',
          url: '/mcp',
          token: null,
          headers: { 'mcp-protocol-version': '2025-06-18' },
          payload: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } },
        })
      ).json().result
    assert.equal((await mcp('get_article', { slug: 'still-hidden' })).isError, true)
    assert.ok(!JSON.stringify(await mcp('search_articles', { query: 'Zanzibar ledger' })).includes('still-hidden'))
    assert.ok(!JSON.stringify(await mcp('list_articles', { limit: 50 })).includes('still-hidden'))
  })
})
