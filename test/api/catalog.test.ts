// GET /api/content/catalog and /api/content/tags, POST /api/content/catalog: counts, categories,
// keyset paging (cursor, limit, Link header), drafts hidden, and the rebuild of derived rows.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { ArticleRecord } from '../../src/store/article-record.js'
import { encodeCursor } from '../../src/content/cursor.js'
import { record } from '../helpers/article-record.js'
import { BASE_URL, startTestApp, type TestApp } from '../helpers/test-app.js'

let t: TestApp
before(async () => {
  t = await startTestApp()
})
after(() => t.close())

// The catalog tests read excerpts and services of their own, so the shared record is narrowed here.
const article = (slug: string, overrides: Partial<ArticleRecord> = {}): ArticleRecord =>
  record(slug, { excerpt: `Excerpt ${slug}`, content: {}, services: [], topics: [], ...overrides })

const at = (day: number) => new Date(Date.UTC(2026, 0, day)).toISOString()
const get = (url: string, token?: string) => t.request({ method: 'GET', url, ...(token ? { token } : {}) })

async function allPages(limit: number, between?: (page: number) => Promise<void>): Promise<string[]> {
  const slugs: string[] = []
  let url = `/api/content/catalog?limit=${limit}`
  for (let page = 0; page < 1000; page++) {
    const res = await get(url)
    assert.equal(res.statusCode, 200, res.body)
    const body = res.json()
    slugs.push(...body.articles.map((a: { slug: string }) => a.slug))
    if (body.next_cursor === null) return slugs
    url = `/api/content/catalog?cursor=${encodeURIComponent(body.next_cursor)}&limit=${limit}`
    if (between) await between(page)
  }
  throw new Error('paging did not end')
}

describe('catalog', () => {
  before(async () => {
    // 12 published in two rubrics (two share a published_at so the slug decides), one draft.
    for (let i = 1; i <= 10; i++)
      await t.store.articles.create(article(`s-${String(i).padStart(2, '0')}`, { published_at: at(i), tags: ['alpha', `t${i % 3}`] }))
    await t.store.articles.create(article('o-same-a', { rubric: 'operations', published_at: at(5), tags: ['ops'] }))
    await t.store.articles.create(article('o-same-b', { rubric: 'operations', published_at: at(5), tags: ['ops'] }))
    await t.store.articles.create(article('d-draft', { status: 'draft', published_at: null, tags: ['secret-draft-tag'] }))
  })

  test('answers count, every rubric with its published count and URL, tags, services and one page newest first', async () => {
    const res = await get('/api/content/catalog', t.readToken)
    assert.equal(res.statusCode, 200, res.body)
    const body = res.json()
    assert.equal(body.status, 'ok')
    assert.equal(typeof body.version, 'string')
    assert.equal(body.count, 12)
    assert.deepEqual(
      body.categories.map((c: { slug: string; count: number }) => [c.slug, c.count]),
      [
        ['strategy', 10],
        ['operations', 2],
        ['technology', 0],
        ['people', 0],
      ],
    )
    assert.deepEqual(body.categories[0], {
      slug: 'strategy',
      title: 'Strategy',
      description: 'Where to play and how to win.',
      count: 10,
      url: `${BASE_URL}/insights/strategy/`,
    })
    assert.deepEqual(body.tags, ['alpha', 'ops', 't0', 't1', 't2'])
    assert.equal(body.services.length, 8)
    assert.deepEqual(body.services[0], {
      slug: 'pricing-strategy',
      group: 'Strategy',
      title: { en: 'Pricing Strategy', de: 'Preisstrategie' },
    })
    assert.equal(body.next_cursor, null)
    assert.equal(res.headers.link, undefined)
    const order = body.articles.map((a: { slug: string }) => a.slug)
    assert.deepEqual(order, ['s-10', 's-09', 's-08', 's-07', 's-06', 'o-same-a', 'o-same-b', 's-05', 's-04', 's-03', 's-02', 's-01'])
    assert.deepEqual(body.articles[0], {
      slug: 's-10',
      title: 'Title s-10',
      rubric: 'strategy',
      rubric_title: 'Strategy',
      lang: 'en',
      excerpt: 'Excerpt s-10',
      tags: ['alpha', 't1'],
      status: 'published',
      published_at: at(10),
      updated_at: '2026-01-01T00:00:00.000Z',
      url: `${BASE_URL}/insights/strategy/s-10/`,
    })
  })

  test('drafts never appear: not in articles, counts or tags', async () => {
    const body = (await get('/api/content/catalog?limit=500')).json()
    assert.ok(!body.articles.some((a: { slug: string }) => a.slug === 'd-draft'))
    assert.ok(!body.tags.includes('secret-draft-tag'))
    assert.deepEqual((await get('/api/content/tags', t.readToken)).json().tags, ['alpha', 'ops', 't0', 't1', 't2'])
  })

  test('GET /api/content/tags answers the sorted unique tags of published articles', async () => {
    const res = await get('/api/content/tags')
    assert.equal(res.statusCode, 200)
    assert.deepEqual(res.json(), { status: 'ok', version: res.json().version, tags: ['alpha', 'ops', 't0', 't1', 't2'] })
  })

  test('catalog and tags need a Bearer key', async () => {
    for (const url of ['/api/content/catalog', '/api/content/tags']) {
      const res = await t.request({ method: 'GET', url, token: null })
      assert.equal(res.statusCode, 401)
    }
  })

  test('Link header byte-for-byte: cursor URL-encoded, limit echoed only when the request sent one', async () => {
    const first = await get('/api/content/catalog?limit=5')
    const cursor = first.json().next_cursor as string
    assert.equal(typeof cursor, 'string')
    assert.equal(first.headers.link, `<https://folio.test/api/content/catalog?cursor=${encodeURIComponent(cursor)}&limit=5>; rel="next"`)

    // Without limit, the default page (100) holds everything: no Link; a cursor page without limit keeps it out.
    const second = await get(`/api/content/catalog?cursor=${encodeURIComponent(cursor)}`)
    assert.equal(second.json().next_cursor, null)
    assert.equal(second.headers.link, undefined)
    assert.equal(second.json().articles.length, 7)
  })

  test('the Link URL followed as given answers the next page', async () => {
    const first = await get('/api/content/catalog?limit=4')
    const link = first.headers.link as string
    const target = /^<([^>]+)>; rel="next"$/.exec(link)![1]!
    const next = await get(target.slice(BASE_URL.length))
    assert.deepEqual(
      next.json().articles.map((a: { slug: string }) => a.slug),
      ['s-06', 'o-same-a', 'o-same-b', 's-05'],
    )
    assert.match(next.headers.link as string, /&limit=4>; rel="next"$/)
  })

  test('paging with every limit lists each published article exactly once, in order', async () => {
    const full = (await get('/api/content/catalog?limit=500')).json().articles.map((a: { slug: string }) => a.slug)
    for (const limit of [1, 2, 3, 5, 7, 11, 12, 13]) assert.deepEqual(await allPages(limit), full, `limit ${limit}`)
  })

  test('limit: above 500 is read as 500; below 1 or not an integer answers 400 validation_failed', async () => {
    const big = await get('/api/content/catalog?limit=100000')
    assert.equal(big.statusCode, 200)
    assert.equal(big.json().articles.length, 12)
    for (const bad of ['0', '-1', '1.5', 'abc', '', '1e2', ' 5']) {
      const res = await get(`/api/content/catalog?limit=${encodeURIComponent(bad)}`)
      assert.equal(res.statusCode, 400, `limit=${bad}`)
      assert.equal(res.json().code, 'validation_failed')
      assert.equal(res.json().errors[0].field, 'limit')
    }
  })

  test('a cursor not in the shape the service issues answers 400', async () => {
    const good = (await get('/api/content/catalog?limit=2')).json().next_cursor as string
    const [version, payload, check] = good.split('.') as [string, string, string]
    const forged = Buffer.from(JSON.stringify(['2026-01-03T00:00:00.000Z', 's-03'])).toString('base64url')
    const bad = [
      'garbage',
      '',
      `${version}.${forged}.${check}`,
      `c9.${payload}.${check}`,
      `${good}x`,
      good.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
      Buffer.from('{"o":100}').toString('base64url'),
    ]
    for (const cursor of bad) {
      const res = await get(`/api/content/catalog?cursor=${encodeURIComponent(cursor)}`)
      assert.equal(res.statusCode, 400, `cursor ${cursor}`)
      assert.equal(res.json().code, 'validation_failed')
      assert.equal(res.json().errors[0].field, 'cursor')
    }
  })

  test('paging while articles are created and deleted never repeats or skips an article that existed throughout', async () => {
    const existing = (await get('/api/content/catalog?limit=500')).json().articles.map((a: { slug: string }) => a.slug) as string[]
    await t.store.articles.create(article('gone-1', { published_at: at(2) }))
    await t.store.articles.create(article('gone-2', { published_at: at(9) }))
    let n = 0
    const seen = await allPages(3, async (page) => {
      // Newer, older and same-instant articles appear; two that existed at the start disappear.
      await t.store.articles.create(article(`new-${n++}`, { published_at: at(20 + page) }))
      await t.store.articles.create(article(`new-${n++}`, { published_at: at(1) }))
      await t.store.articles.create(article(`new-${n++}`, { published_at: at(5) }))
      if (page === 0) await t.store.articles.delete('gone-1')
      if (page === 1) await t.store.articles.delete('gone-2')
    })
    for (const slug of existing) assert.equal(seen.filter((s) => s === slug).length, 1, slug)
    assert.equal(new Set(seen).size, seen.length, 'no article twice')
    for (let i = 0; i < n; i++) await t.store.articles.delete(`new-${i}`)
  })

  test('a published page is rendered once per content generation: a write shows at once; the answer is private and revalidates', async () => {
    const first = await get('/api/content/catalog?limit=2')
    assert.equal(first.headers['cache-control'], 'private, no-cache')
    const etag = first.headers.etag as string
    assert.match(etag, /^"/)
    const again = await t.request({ method: 'GET', url: '/api/content/catalog?limit=2', headers: { 'if-none-match': etag } })
    assert.equal(again.statusCode, 304)
    await t.store.articles.create(article('a-newest', { published_at: at(28) }))
    const after = await get('/api/content/catalog?limit=2')
    assert.equal(after.json().articles[0].slug, 'a-newest')
    assert.equal(after.json().count, first.json().count + 1)
    assert.notEqual(after.headers.etag, etag)
    const anonymous = await t.request({ method: 'GET', url: '/api/content/catalog?limit=2', token: null })
    assert.equal(anonymous.statusCode, 401, 'the kept rendering still needs a key')
    await t.store.articles.delete('a-newest')
  })

  test('a cursor for an article deleted since still pages on from its place', async () => {
    await t.store.articles.create(article('a-vanishing', { published_at: at(7) }))
    const cursor = encodeCursor({ published_at: at(7), slug: 'a-vanishing' })
    await t.store.articles.delete('a-vanishing')
    const body = (await get(`/api/content/catalog?cursor=${encodeURIComponent(cursor)}&limit=500`)).json()
    assert.deepEqual(body.articles.map((a: { slug: string }) => a.slug).slice(0, 2), ['s-07', 's-06'])
  })
})
