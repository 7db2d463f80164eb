// The five read-only MCP tools through POST /mcp: what each answers, that structuredContent
// fits its outputSchema, that drafts never show, and that search follows every write at once.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { MCP_TOOLS } from '../../src/contract/mcp-tools.js'
import { fieldProblems } from '../../src/contract/validator.js'
import { StoreUnavailableError } from '../../src/store/store-errors.js'
import type { Store } from '../../src/store/store.js'
import { articlePayload, BASE_URL, startTestApp, type TestApp } from '../helpers/test-app.js'

let t: TestApp
let clockMs = Date.parse('2026-03-01T09:00:00.000Z')

before(async () => {
  // Each write a minute later, so "newest first" is well defined.
  t = await startTestApp({ clock: () => new Date((clockMs += 60_000)) })
  const articles = [
    articlePayload({
      slug: 'pricing-playbook',
      title: 'What belongs in a pricing playbook?',
      tags: ['pricing', 'sales'],
      body: '<p>A pricing playbook is the written set of rules that tells sales which price to quote.</p><h2>Discounts</h2><p>Every discount needs an owner and a <strong>floor</strong>.</p>',
      content: {
        faq: [{ q: 'Who owns the playbook?', a: 'The commercial director.' }],
        key_takeaways: ['Write the discount rules down.'],
        sources: [
          { title: 'Pricing survey', url: 'https://example.org/survey', publisher: 'Example Institute' },
          { title: 'Interview notes' },
        ],
      },
      services: ['pricing-strategy'],
      author: 'Jane Doe',
    }),
    articlePayload({
      slug: 'warehouse-slotting',
      title: 'Warehouse slotting in practice',
      rubric: 'operations',
      tags: ['inventory'],
      body: '<p>Slotting puts fast movers near the dock so picking routes shrink.</p>',
    }),
    articlePayload({
      slug: 'cycle-counting',
      title: 'Cycle counting without tears',
      rubric: 'operations',
      tags: ['inventory'],
      body: '<p>Count a few locations every day instead of closing the warehouse once a year.</p>',
    }),
    articlePayload({
      slug: 'cloud-costs',
      title: 'Cutting cloud costs',
      rubric: 'technology',
      tags: ['cloud'],
      body: '<p>Rightsizing instances and buying commitments cut the bill.</p>',
    }),
    articlePayload({
      slug: 'draft-pricing-secrets',
      title: 'Pricing secrets (draft)',
      status: 'draft',
      tags: ['pricing'],
      body: '<p>Unpublished pricing playbook notes about the warehouse.</p>',
    }),
  ]
  for (const payload of articles) {
    const res = await t.request({ method: 'POST', url: '/api/content/', payload })
    assert.equal(res.statusCode, 200, res.body)
  }
})
after(() => t.close())

type ToolAnswer = { isError: boolean; content: { type: string; text: string }[]; structuredContent?: Record<string, unknown> }

let nextId = 1
async function call(name: string, args: Record<string, unknown> = {}): Promise<ToolAnswer> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/mcp',
    payload: { jsonrpc: '2.0', id: nextId++, method: 'tools/call', params: { name, arguments: args } },
  })
  assert.equal(res.statusCode, 200, res.body)
  const body = res.json()
  assert.ok(body.result, res.body)
  const result = body.result as ToolAnswer
  if (!result.isError) {
    const tool = MCP_TOOLS.find((tl) => tl.name === name)!
    assert.deepEqual(fieldProblems(tool.outputSchema, result.structuredContent), [], `${name} structuredContent fits its outputSchema`)
    assert.deepEqual(JSON.parse(result.content[0]!.text), result.structuredContent, 'the text content carries the same JSON')
  }
  return result
}
const slugsOf = (list: unknown) => (list as { slug: string }[]).map((item) => item.slug)

describe('search_articles', () => {
  test('a query for a phrase in one article ranks it first, with url, excerpt and a bold snippet', async () => {
    const result = await call('search_articles', { query: 'fast movers near the dock' })
    const hits = result.structuredContent!.results as { slug: string; url: string; snippet: string; excerpt: string; score: number }[]
    assert.equal(hits[0]?.slug, 'warehouse-slotting')
    assert.equal(hits[0]?.url, `${BASE_URL}/insights/operations/warehouse-slotting/`)
    assert.match(hits[0]!.snippet, /\*\*/)
    assert.equal(result.structuredContent!.query, 'fast movers near the dock')
  })

  test('a draft never appears', async () => {
    const hits = (await call('search_articles', { query: 'unpublished pricing playbook notes' })).structuredContent!.results
    assert.ok(!slugsOf(hits).includes('draft-pricing-secrets'))
  })

  test('rubric and limit narrow the results; an unknown rubric is a tool error', async () => {
    const ops = (await call('search_articles', { query: 'warehouse', rubric: 'operations' })).structuredContent!.results as {
      rubric: string
    }[]
    assert.ok(ops.length >= 1 && ops.every((hit) => hit.rubric === 'operations'))
    assert.equal(((await call('search_articles', { query: 'warehouse', limit: 1 })).structuredContent!.results as unknown[]).length, 1)
    const unknown = await call('search_articles', { query: 'warehouse', rubric: 'astrology' })
    assert.equal(unknown.isError, true)
    assert.match(unknown.content[0]!.text, /astrology/)
  })

  test('a query of only punctuation or query syntax answers an empty list, never a 500', async () => {
    for (const query of ['"', '***', '()', '-', 'NEAR(', '";--']) {
      const result = await call('search_articles', { query })
      assert.equal(result.isError, false, query)
      assert.ok(Array.isArray(result.structuredContent!.results))
    }
  })

  test('a published article is found at once; a deleted one disappears at once; unpublishing hides it', async () => {
    const slug = 'zeppelin-logistics'
    const query = 'zeppelin airship freight'
    assert.equal(((await call('search_articles', { query })).structuredContent!.results as unknown[]).length, 0)
    await t.request({
      method: 'POST',
      url: '/api/content/',
      payload: articlePayload({ slug, title: 'Zeppelin logistics', body: '<p>Airship freight for remote sites.</p>' }),
    })
    assert.deepEqual(slugsOf((await call('search_articles', { query })).structuredContent!.results), [slug])
    await t.request({ method: 'PUT', url: `/api/content/${slug}`, payload: { status: 'draft' } })
    assert.equal(((await call('search_articles', { query })).structuredContent!.results as unknown[]).length, 0)
    await t.request({ method: 'PUT', url: `/api/content/${slug}`, payload: { status: 'published' } })
    assert.deepEqual(slugsOf((await call('search_articles', { query })).structuredContent!.results), [slug])
    assert.equal((await t.request({ method: 'DELETE', url: `/api/content/${slug}` })).statusCode, 200)
    assert.equal(((await call('search_articles', { query })).structuredContent!.results as unknown[]).length, 0)
  })
})

describe('get_article', () => {
  test('answers the article as markdown with its AEO blocks, url and metadata', async () => {
    const { article } = (await call('get_article', { slug: 'pricing-playbook' })).structuredContent as { article: Record<string, unknown> }
    assert.equal(article.slug, 'pricing-playbook')
    assert.equal(article.url, `${BASE_URL}/insights/strategy/pricing-playbook/`)
    assert.equal(article.rubric_title, 'Strategy')
    assert.equal(article.author, 'Jane Doe')
    assert.deepEqual(article.services, ['pricing-strategy'])
    assert.match(String(article.markdown), /^A pricing playbook is the written set of rules/)
    assert.match(String(article.markdown), /## Discounts/)
    assert.match(String(article.markdown), /\*\*floor\*\*/)
    assert.doesNotMatch(String(article.markdown), /<p>/)
    assert.deepEqual(article.faq, [{ q: 'Who owns the playbook?', a: 'The commercial director.' }])
    assert.deepEqual(article.key_takeaways, ['Write the discount rules down.'])
    assert.deepEqual(article.sources, [
      { title: 'Pricing survey', url: 'https://example.org/survey', publisher: 'Example Institute' },
      { title: 'Interview notes' },
    ])
  })

  test('an article without AEO blocks answers empty lists', async () => {
    const { article } = (await call('get_article', { slug: 'cloud-costs' })).structuredContent as { article: Record<string, unknown> }
    assert.deepEqual([article.faq, article.key_takeaways, article.sources], [[], [], []])
  })

  test('an unknown slug and a draft are both a tool result with isError: true', async () => {
    for (const slug of ['no-such-article', 'draft-pricing-secrets']) {
      const result = await call('get_article', { slug })
      assert.equal(result.isError, true, slug)
      assert.match(result.content[0]!.text, new RegExp(slug))
      assert.equal(result.structuredContent, undefined)
    }
  })

  test('a slug that breaks the slug rules is a tool error naming the argument', async () => {
    const result = await call('get_article', { slug: 'Not A Slug' })
    assert.equal(result.isError, true)
    assert.match(result.content[0]!.text, /arguments\.slug/)
  })
})

describe('list_articles', () => {
  test('published articles newest first, never a draft', async () => {
    const articles = (await call('list_articles')).structuredContent!.articles as { slug: string; rubric_title: string; url: string }[]
    assert.deepEqual(slugsOf(articles), ['cloud-costs', 'cycle-counting', 'warehouse-slotting', 'pricing-playbook'])
    assert.equal(articles[0]!.url, `${BASE_URL}/insights/technology/cloud-costs/`)
    assert.equal(articles[0]!.rubric_title, 'Technology')
  })

  test('pages follow next_cursor to the end, each article once', async () => {
    const seen: string[] = []
    let cursor: string | null | undefined
    do {
      const page = (await call('list_articles', { limit: 3, ...(cursor ? { cursor } : {}) })).structuredContent as {
        articles: unknown[]
        next_cursor: string | null
      }
      seen.push(...slugsOf(page.articles))
      cursor = page.next_cursor
    } while (cursor)
    assert.deepEqual(seen, ['cloud-costs', 'cycle-counting', 'warehouse-slotting', 'pricing-playbook'])
  })

  test('rubric and tag filter the list', async () => {
    assert.deepEqual(slugsOf((await call('list_articles', { rubric: 'operations' })).structuredContent!.articles), [
      'cycle-counting',
      'warehouse-slotting',
    ])
    assert.deepEqual(slugsOf((await call('list_articles', { tag: 'pricing' })).structuredContent!.articles), ['pricing-playbook'])
    assert.deepEqual(slugsOf((await call('list_articles', { tag: 'no-such-tag' })).structuredContent!.articles), [])
  })

  test('a cursor the tool did not issue and an unknown rubric are tool errors', async () => {
    assert.equal((await call('list_articles', { cursor: 'not-a-cursor!' })).isError, true)
    assert.equal((await call('list_articles', { cursor: Buffer.from('{"a":1}').toString('base64url') })).isError, true)
    assert.equal((await call('list_articles', { rubric: 'astrology' })).isError, true)
  })

  test('limit outside 1..100 is a tool error', async () => {
    assert.equal((await call('list_articles', { limit: 0 })).isError, true)
    assert.equal((await call('list_articles', { limit: 101 })).isError, true)
  })
})

describe('list_rubrics and list_services', () => {
  test('list_rubrics answers every rubric with its published count and page URL', async () => {
    const rubrics = (await call('list_rubrics')).structuredContent!.rubrics as {
      slug: string
      count: number
      url: string
      description: string
    }[]
    assert.deepEqual(slugsOf(rubrics), ['strategy', 'operations', 'technology', 'people'])
    assert.deepEqual(
      rubrics.map((r) => r.count),
      [1, 2, 1, 0],
      'the draft is not counted',
    )
    assert.equal(rubrics[1]!.url, `${BASE_URL}/insights/operations/`)
    assert.equal(rubrics[1]!.description, 'Making the work flow.')
  })

  test('list_rubrics takes no arguments', async () => {
    assert.equal((await call('list_rubrics', { extra: 1 })).isError, true)
  })

  test('list_services answers every service, or one group (any case), with title, summary and URL', async () => {
    const all = (await call('list_services')).structuredContent!.services as { slug: string }[]
    assert.equal(all.length, 8)
    const strategy = (await call('list_services', { group: 'strategy' })).structuredContent!.services as Record<string, string>[]
    assert.deepEqual(slugsOf(strategy), ['pricing-strategy', 'market-entry'])
    assert.deepEqual(strategy[0], {
      slug: 'pricing-strategy',
      group: 'Strategy',
      title: 'Pricing Strategy',
      summary: 'Prices that reflect value.',
      url: `${BASE_URL}/services/pricing-strategy/`,
    })
  })

  test('an unknown service group is a tool error listing the groups', async () => {
    const result = await call('list_services', { group: 'Astrology' })
    assert.equal(result.isError, true)
    assert.match(result.content[0]!.text, /Strategy, Operations, Technology, People/)
  })
})

describe('when the store fails', () => {
  test('a store refusal is a tool result with isError (retry later); any other failure is -32603 with HTTP 500', async () => {
    let failure: Error = new StoreUnavailableError('SQLITE_BUSY', new Error('busy'))
    const failing = await startTestApp({
      store: (store) => Object.assign(Object.create(store) as Store, { search: { search: async () => Promise.reject(failure) } }),
    })
    try {
      const payload = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search_articles', arguments: { query: 'pricing' } } }
      const refused = await failing.app.inject({ method: 'POST', url: '/mcp', payload })
      assert.equal(refused.statusCode, 200)
      assert.equal(refused.json().result.isError, true)
      assert.match(refused.json().result.content[0].text, /unavailable/)
      failure = new Error('disk on fire')
      const broken = await failing.app.inject({ method: 'POST', url: '/mcp', payload })
      assert.equal(broken.statusCode, 500)
      assert.equal(broken.json().error.code, -32603)
      assert.equal(broken.json().id, 1)
      assert.doesNotMatch(broken.body, /disk on fire/, 'internal details stay in the log')
    } finally {
      await failing.close()
    }
  })
})
