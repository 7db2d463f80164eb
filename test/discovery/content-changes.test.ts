// Documents change the moment an article is published, updated or deleted; drafts never appear
// anywhere; feed reader libraries read both feeds and find the full text of a new article.
import { extractFromJson, extractFromXml } from '@extractus/feed-extractor'
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import RssParser from 'rss-parser'
import { DISCOVERY_DOCUMENTS } from '../../src/contract/discovery-documents.js'
import { articlePayload, BASE_URL, startTestApp, type TestApp } from '../helpers/test-app.js'

let t: TestApp
// Each write happens a minute after the last, so dates (sitemap lastmod, feed dates) move visibly.
let now = Date.parse('2026-05-01T10:00:00.000Z')
const tick = () => {
  now += 60_000
}
before(async () => {
  t = await startTestApp({ clock: () => new Date(now) })
})
after(() => t.close())

const get = (url: string) => t.request({ method: 'GET', url, token: null })
const CONTENT_PATHS = ['/sitemap.xml', '/llms.txt', '/insights/llms.txt', '/feed.xml', '/feed.json']
const ALL_PATHS = DISCOVERY_DOCUMENTS.flatMap((d) => d.paths)

async function snapshotOf(paths: string[]) {
  const answers = await Promise.all(paths.map(get))
  return new Map(paths.map((p, i) => [p, { etag: String(answers[i]!.headers.etag), body: answers[i]!.body }]))
}

describe('documents follow the content at once', () => {
  test('publish, update and delete each change every content document (ETag and body)', async () => {
    const before = await snapshotOf(CONTENT_PATHS)
    const created = await t.request({
      method: 'POST',
      url: '/api/content/',
      payload: articlePayload({ slug: 'fresh-take', title: 'A fresh take on pricing', excerpt: 'Fresh excerpt.' }),
    })
    assert.equal(created.statusCode, 200)
    const url = `${BASE_URL}/insights/strategy/fresh-take/`
    const published = await snapshotOf(CONTENT_PATHS)
    for (const path of CONTENT_PATHS) {
      assert.notEqual(published.get(path)!.etag, before.get(path)!.etag, `${path} changed on publish`)
      assert.ok(
        published.get(path)!.body.includes(path === '/llms.txt' ? `${BASE_URL}/insights/strategy/` : url),
        `${path} shows the new article`,
      )
    }
    // A client holding the old ETag gets the new document, not a 304.
    const revalidated = await t.request({
      method: 'GET',
      url: '/feed.xml',
      token: null,
      headers: { 'if-none-match': before.get('/feed.xml')!.etag },
    })
    assert.equal(revalidated.statusCode, 200)

    tick()
    const updated = await t.request({ method: 'PUT', url: '/api/content/fresh-take', payload: { title: 'Pricing, revisited' } })
    assert.equal(updated.statusCode, 200)
    const afterUpdate = await snapshotOf(['/insights/llms.txt', '/feed.xml', '/feed.json', '/sitemap.xml'])
    for (const [path, doc] of afterUpdate) assert.notEqual(doc.etag, published.get(path)!.etag, `${path} changed on update`)
    assert.match(afterUpdate.get('/feed.json')!.body, /Pricing, revisited/)
    assert.match(afterUpdate.get('/insights/llms.txt')!.body, /Pricing, revisited/)

    tick()
    const deleted = await t.request({ method: 'DELETE', url: '/api/content/fresh-take' })
    assert.equal(deleted.statusCode, 200)
    const afterDelete = await snapshotOf(CONTENT_PATHS)
    for (const path of CONTENT_PATHS) {
      assert.notEqual(afterDelete.get(path)!.etag, afterUpdate.get(path)?.etag ?? published.get(path)!.etag, `${path} changed on delete`)
      assert.ok(!afterDelete.get(path)!.body.includes('fresh-take'), `${path} no longer lists the deleted article`)
    }
  })

  test('Last-Modified of a content document moves forward with a new generation, never back', async () => {
    const first = await get('/feed.json')
    tick()
    await t.request({ method: 'POST', url: '/api/content/', payload: articlePayload({ slug: 'dated-later' }) })
    const second = await get('/feed.json')
    assert.ok(Date.parse(String(second.headers['last-modified'])) > Date.parse(String(first.headers['last-modified'])))
    // Deleting the newest article makes the newest remaining one older; the document date does not go back.
    tick()
    await t.request({ method: 'DELETE', url: '/api/content/dated-later' })
    const third = await get('/feed.json')
    assert.ok(Date.parse(String(third.headers['last-modified'])) >= Date.parse(String(second.headers['last-modified'])))
    const conditional = await t.request({
      method: 'GET',
      url: '/feed.json',
      token: null,
      headers: { 'if-none-match': String(second.headers.etag) },
    })
    assert.equal(conditional.statusCode, 200)
  })
})

describe('drafts never appear', () => {
  test('a draft (and a published article turned draft) is in no discovery document', async () => {
    await t.request({
      method: 'POST',
      url: '/api/content/',
      payload: articlePayload({ slug: 'secret-draft', title: 'Secret draft title', status: 'draft', excerpt: 'Draft excerpt' }),
    })
    await t.request({ method: 'POST', url: '/api/content/', payload: articlePayload({ slug: 'soon-hidden', title: 'Soon hidden title' }) })
    assert.match((await get('/feed.xml')).body, /soon-hidden/)
    await t.request({ method: 'PUT', url: '/api/content/soon-hidden', payload: { status: 'draft' } })
    for (const path of ALL_PATHS) {
      const body = (await get(path)).body
      for (const secret of ['secret-draft', 'Secret draft title', 'Draft excerpt', 'soon-hidden', 'Soon hidden title']) {
        assert.ok(!body.includes(secret), `${path} does not show "${secret}"`)
      }
    }
  })
})

describe('feed readers find the full text of a just-published article', () => {
  const body =
    '<p>Full text of the feed test. <a href="/services/pricing-strategy/">Our pricing work</a>.</p><h2>What changes?</h2><p>The second paragraph is here too.</p>'
  before(async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/content/',
      payload: articlePayload({
        slug: 'feed-reader-test',
        title: 'Feed reader test',
        body,
        excerpt: 'Short summary.',
        author: 'Ada Example',
      }),
    })
    assert.equal(res.statusCode, 200)
  })

  test('rss-parser reads /feed.xml: newest first, full text in content:encoded, links absolute', async () => {
    const feed = await new RssParser().parseString((await get('/feed.xml')).body)
    assert.equal(feed.feedUrl, `${BASE_URL}/feed.xml`)
    const item = feed.items[0]!
    assert.equal(item.link, `${BASE_URL}/insights/strategy/feed-reader-test/`)
    assert.equal(item.title, 'Feed reader test')
    assert.equal(item.creator, 'Ada Example')
    assert.match(String(item['content:encoded']), /The second paragraph is here too\./)
    assert.match(String(item['content:encoded']), new RegExp(`href="${BASE_URL}/services/pricing-strategy/"`))
    const dates = feed.items.map((i) => Date.parse(String(i.isoDate)))
    assert.deepEqual(
      dates,
      [...dates].sort((a, b) => b - a),
      'newest first',
    )
  })

  test('@extractus/feed-extractor reads both feeds and finds the same full text', async () => {
    const options = {
      descriptionMaxLen: 0,
      getExtraEntryFields: (entry: Record<string, unknown>) => ({ full: entry['content:encoded'] ?? entry.content_html }),
    }
    const rss = extractFromXml((await get('/feed.xml')).body, options)
    const json = extractFromJson((await get('/feed.json')).json(), options)
    for (const feed of [rss, json]) {
      const entry = feed.entries?.find((e) => e.link === `${BASE_URL}/insights/strategy/feed-reader-test/`) as { full?: string } | undefined
      assert.ok(entry, 'the new article is in the feed')
      assert.match(String(entry.full), /Full text of the feed test\.[\s\S]*The second paragraph is here too\./)
    }
    assert.equal(json.language, 'en')
  })

  test('/feed.json is JSON Feed 1.1 with content_html, feed_url, home_page_url, language and authors', async () => {
    const feed = (await get('/feed.json')).json()
    assert.equal(feed.version, 'https://jsonfeed.org/version/1.1')
    assert.equal(feed.feed_url, `${BASE_URL}/feed.json`)
    assert.equal(feed.home_page_url, `${BASE_URL}/insights/`)
    assert.equal(feed.language, 'en')
    assert.ok(Array.isArray(feed.authors) && feed.authors[0].name)
    for (const item of feed.items) {
      assert.equal(typeof item.id, 'string')
      assert.equal(typeof item.content_html, 'string')
      assert.ok(!Number.isNaN(Date.parse(item.date_published)))
      assert.equal(item.author, undefined, 'the 1.0 singular author is not used')
    }
    assert.equal(feed.items[0].url, `${BASE_URL}/insights/strategy/feed-reader-test/`)
    assert.deepEqual(feed.items[0].authors, [{ name: 'Ada Example' }])
  })
})
