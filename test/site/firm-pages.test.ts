// The firm's pages: About (the team, each linked to their author page), Contact (its own address),
// author pages and tag pages (paged like rubric pages, 404 past the end), search (ranked, marked
// snippets escaped, noindex, graceful with empty and overlong queries), each with its markdown
// twin, the sitemap entries, and the links into them from bylines, tag chips and service pages.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { LightMyRequestResponse } from 'fastify'
import { loadSite, SiteDefinitionError } from '../../src/content/site-definition.js'
import { RESERVED_RUBRIC_SLUGS } from '../../src/content/urls.js'
import { SEARCH_QUERY_MAX_LENGTH } from '../../src/site/firm-routes.js'
import { LISTING_PAGE_SIZE } from '../../src/site/pages/listing.js'
import { markedSnippet } from '../../src/site/pages/search.js'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { articlePayload, BASE_URL, startTestApp, TEST_SITE_DIR, type TestApp } from '../helpers/test-app.js'

let t: TestApp
const PAGED_TAG = 'cash & flow/2026'
const PAGED_TAG_PATH = `/insights/tags/${encodeURIComponent(PAGED_TAG)}/`
const PAGED_COUNT = LISTING_PAGE_SIZE + 1

async function publish(payload: Record<string, unknown>) {
  const res = await t.request({ method: 'POST', url: '/api/content/', payload })
  assert.equal(res.statusCode, 200, res.body)
}
function get(url: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return t.request({ method: 'GET', url, token: null, headers })
}
const MARKDOWN = { accept: 'text/markdown' }

before(async () => {
  t = await startTestApp()
  for (let i = 0; i < PAGED_COUNT; i++) {
    await publish(
      articlePayload({
        slug: `cash-note-${String(i).padStart(2, '0')}`,
        title: `Cash note ${i}`,
        author: 'Jane Doe',
        author_slug: 'jane-doe',
        tags: [PAGED_TAG, 'cash'],
        published_at: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
      }),
    )
  }
  await publish(
    articlePayload({
      slug: 'zebra-margins',
      title: 'Why do zebra margins <vanish>?',
      body: '<p>Zebra margins vanish when discounts pile up &amp; nobody owns them.</p>',
      author: 'Omar Haddad',
      author_slug: 'omar-haddad',
      tags: ['margin'],
      rubric: 'operations',
      published_at: '2026-02-01T09:00:00Z',
    }),
  )
  await publish(articlePayload({ slug: 'guest-post', title: 'A guest post', author: 'Guest Writer', author_slug: 'guest-writer' }))
  await publish(
    articlePayload({ slug: 'draft-only', title: 'Draft zebra', status: 'draft', tags: ['secret-tag'], author_slug: 'jane-doe' }),
  )
})
after(() => t.close())

describe('About and Contact', () => {
  test('About presents the firm and every person of the team, each linked to their author page', async () => {
    const res = await get('/about/')
    assert.equal(res.statusCode, 200)
    assert.match(res.body, /<h1>Test Partners<\/h1>/)
    assert.match(res.body, /href="\/authors\/jane-doe\/">Jane Doe<\/a>/)
    assert.match(res.body, /href="\/authors\/omar-haddad\/">Omar Haddad<\/a>/)
    assert.match(res.body, /Partner, Pricing/)
    assert.match(res.body, /<img class="portrait" src="\/images\/team\/omar.webp" alt="Portrait of Omar Haddad" width="96" height="96"/)
    assert.match(res.body, /<link rel="canonical" href="https?:\/\/[^"]+\/about\/"/)
    const md = await get('/about/', MARKDOWN)
    assert.match(String(md.headers['content-type']), /^text\/markdown/)
    assert.match(md.body, /\[Jane Doe\]\(http[^)]+\/authors\/jane-doe\/\)/)
  })

  test('Contact shows the firm\'s own address, never the API-access one; the footer and "Talk to us" lead there', async () => {
    const res = await get('/contact/')
    assert.equal(res.statusCode, 200)
    assert.match(res.body, /mailto:hello@test-partners.example.com/)
    assert.doesNotMatch(res.body, /api-access@/)
    assert.match(res.body, /<address>Test Partners<br>1 Test Street<br>London<\/address>/)
    const md = await get('/contact/', MARKDOWN)
    assert.match(md.body, /hello@test-partners.example.com/)
    for (const url of ['/', '/services/pricing-strategy/']) {
      const page = await get(url)
      assert.doesNotMatch(page.body, /mailto:api-access@/, url)
      assert.match(page.body, /<a href="\/contact\/">Contact<\/a>/, url)
    }
    const service = await get('/services/pricing-strategy/')
    assert.match(service.body, /<a class="button" href="\/contact\/">/)
  })

  test('a service page with detail says what it is, who it is for and how an engagement runs', async () => {
    const res = await get('/services/pricing-strategy/')
    for (const heading of ['What it is', 'Who it is for', 'How an engagement runs'])
      assert.match(res.body, new RegExp(`<h2[^>]*>${heading}</h2>`))
    assert.match(res.body, /We read your transactions\./)
    assert.match(res.body, /Insights on Pricing Strategy/)
  })
})

describe('author pages', () => {
  test("list the author's published articles newest first, paged, with rel next/prev and 404 past the end", async () => {
    const first = await get('/authors/jane-doe/')
    assert.equal(first.statusCode, 200)
    assert.match(first.body, /<h1>Jane Doe<\/h1>/)
    assert.match(first.body, /13 articles/)
    assert.match(first.body, /<link rel="next" href="https?:\/\/[^"]+\/authors\/jane-doe\/\?page=2"/)
    assert.doesNotMatch(first.body, /rel="prev"/)
    assert.equal((first.body.match(/class="card"/g) ?? []).length, LISTING_PAGE_SIZE)
    assert.ok(first.body.indexOf('Cash note 12') < first.body.indexOf('Cash note 11'), 'newest first')
    assert.doesNotMatch(first.body, /Draft zebra/)
    const second = await get('/authors/jane-doe/?page=2')
    assert.equal(second.statusCode, 200)
    assert.match(second.body, /Cash note 0</)
    assert.match(second.body, /<link rel="prev" href="https?:\/\/[^"]+\/authors\/jane-doe\/"/)
    assert.match(second.body, /Page 2 of 2/)
    assert.doesNotMatch(second.body, /rel="next"/)
    assert.equal((await get('/authors/jane-doe/?page=3')).statusCode, 404)
    assert.equal((await get('/authors/jane-doe/?page=0')).statusCode, 404)
    assert.equal((await get('/authors/jane-doe/?page=x')).statusCode, 404)
    const md = await get('/authors/jane-doe/?page=2', MARKDOWN)
    assert.match(String(md.headers['content-type']), /^text\/markdown/)
    assert.match(md.body, /Cash note 0/)
  })

  test('an unknown author, or an author_slug that names nobody of the team, answers 404', async () => {
    assert.equal((await get('/authors/nobody/')).statusCode, 404)
    assert.equal((await get('/authors/guest-writer/')).statusCode, 404)
  })

  test('bylines link to the author page when author_slug names a person of the team, else stay plain text', async () => {
    const linked = await get('/insights/strategy/cash-note-00/')
    assert.match(linked.body, /By <a href="\/authors\/jane-doe\/" rel="author">Jane Doe<\/a>/)
    const plain = await get('/insights/strategy/guest-post/')
    assert.match(plain.body, /<span class="author">By Guest Writer<\/span>/)
  })
})

describe('tag pages', () => {
  test('a tag page answers at the percent-encoded path, paged, linked from the tag chips', async () => {
    const first = await get(PAGED_TAG_PATH)
    assert.equal(first.statusCode, 200)
    assert.match(first.body, /Tagged “cash &amp; flow\/2026”/)
    assert.match(first.body, /13 articles/)
    assert.equal((first.body.match(/class="card"/g) ?? []).length, LISTING_PAGE_SIZE)
    assert.ok(first.body.includes(`rel="next" href="${BASE_URL}${PAGED_TAG_PATH}?page=2"`), first.body.slice(0, 2000))
    const second = await get(`${PAGED_TAG_PATH}?page=2`)
    assert.equal(second.statusCode, 200)
    assert.ok(second.body.includes(`rel="prev" href="${BASE_URL}${PAGED_TAG_PATH}"`))
    assert.equal((await get(`${PAGED_TAG_PATH}?page=3`)).statusCode, 404)
    const md = await get(PAGED_TAG_PATH, MARKDOWN)
    assert.match(String(md.headers['content-type']), /^text\/markdown/)
    assert.match(md.body, /Cash note 12/)
    const article = await get('/insights/strategy/cash-note-00/')
    assert.ok(article.body.includes(`<a href="${PAGED_TAG_PATH}">cash &amp; flow/2026</a>`))
  })

  test('a tag only drafts carry, and an unknown tag, answer 404', async () => {
    assert.equal((await get('/insights/tags/secret-tag/')).statusCode, 404)
    assert.equal((await get('/insights/tags/no-such-tag/')).statusCode, 404)
  })

  test('"tags" is a reserved rubric slug: a site definition with such a rubric does not load', () => {
    assert.ok(RESERVED_RUBRIC_SLUGS.has('tags'))
    const dir = mkdtempSync(join(tmpdir(), 'folio-site-'))
    try {
      const definition = JSON.parse(readFileSync(join(TEST_SITE_DIR, 'site.json'), 'utf8'))
      definition.rubrics.push({ slug: 'tags', title: 'Tags', description: 'Clashes with the tag pages.' })
      writeFileSync(join(dir, 'site.json'), JSON.stringify(definition))
      assert.throws(
        () => loadSite(dir),
        (error: Error) => error instanceof SiteDefinitionError && /"tags" is reserved/.test(error.message),
      )
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('search', () => {
  test('finds published articles with a marked snippet, noindex, no canonical; the markdown twin lists the hits', async () => {
    const res = await get('/search?q=zebra')
    assert.equal(res.statusCode, 200)
    assert.match(res.body, /<meta name="robots" content="noindex"/)
    assert.equal(res.headers['x-robots-tag'], 'noindex')
    assert.doesNotMatch(res.body, /rel="canonical"/)
    assert.match(res.body, /href="\/insights\/operations\/zebra-margins\/">Why do zebra margins &lt;vanish>\?<\/a>/)
    assert.match(res.body, /<mark>Zebra<\/mark>/i)
    assert.doesNotMatch(res.body, /Draft zebra/)
    assert.match(res.body, /value="zebra"/)
    const md = await get('/search?q=zebra', MARKDOWN)
    assert.match(String(md.headers['content-type']), /^text\/markdown/)
    assert.match(md.body, /zebra-margins/)
  })

  test('snippets are escaped before the hits are marked', () => {
    assert.equal(
      markedSnippet('a <b> & **hit** "q"'),
      'a &lt;b&gt; &amp; <mark>hit</mark> &#34;q&#34;'.replace(/&#34;/g, markedSnippet('"')),
    )
    assert.doesNotMatch(markedSnippet('**<script>**'), /<script>/)
  })

  test('an empty, a repeated, an unmatched and an overlong query answer 200 with a message, never a 500', async () => {
    const empty = await get('/search')
    assert.equal(empty.statusCode, 200)
    assert.match(empty.body, /Type a few words/)
    assert.equal((await get('/search?q=')).statusCode, 200)
    assert.equal((await get('/search?q=zebra&q=cash')).statusCode, 200)
    const none = await get('/search?q=quux')
    assert.equal(none.statusCode, 200)
    assert.match(none.body, /No insights found/)
    const long = await get(`/search?q=${'a'.repeat(SEARCH_QUERY_MAX_LENGTH + 1)}`)
    assert.equal(long.statusCode, 200)
    assert.match(long.body, /limited to 200 characters/)
    const symbols = await get(`/search?q=${encodeURIComponent('"* OR ( NEAR -')}`)
    assert.equal(symbols.statusCode, 200)
  })

  test('every page has the header search form with a label', async () => {
    const res = await get('/')
    assert.match(res.body, /<form class="header-search" action="\/search" method="get" role="search">/)
    assert.match(res.body, /<label class="visually-hidden" for="site-search-q">/)
  })
})

test('the sitemap lists about, contact, each author and each published tag; never search nor a draft-only tag', async () => {
  const res = await get('/sitemap.xml')
  assert.equal(res.statusCode, 200)
  for (const path of ['/about/', '/contact/', '/authors/jane-doe/', '/authors/omar-haddad/', PAGED_TAG_PATH, '/insights/tags/margin/']) {
    assert.ok(res.body.includes(`<loc>${BASE_URL}${path.replace(/&/g, '&amp;')}</loc>`), path)
  }
  assert.doesNotMatch(res.body, /\/search/)
  assert.doesNotMatch(res.body, /secret-tag/)
})
