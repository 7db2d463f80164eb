// body_markdown (and the connector's content_markdown): CommonMark + GFM turned into HTML, then
// sanitised and checked exactly like an HTML body; `body` wins when both come.
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { articlePayload, startTestApp, type TestApp } from '../helpers/test-app.js'

let t: TestApp
before(async () => {
  t = await startTestApp()
})
after(() => t.close())

const MARKDOWN = `A **pricing playbook** is the _written_ set of rules that tells sales which price to quote; see [the study](https://example.org/study).

## Which rules go in it?

- list prices per segment
- the discount ladder
- ~~verbal promises~~ nothing agreed by phone

| Deal size | Discount |
|---|---:|
| under 10k | 0% |
| over 100k | 8% |

Questions go to www.example.com or <script>alert(1)</script> nowhere.
`

function withoutMarkdown(paylod: Record<string, unknown>): Record<string, unknown> {
  const { body: _body, ...rest } = paylod
  return rest
}

test('a markdown body is stored and returned as sanitised HTML: emphasis, links, lists, strikethrough, tables, autolinks', async () => {
  const created = await t.request({
    method: 'POST',
    url: '/api/content/',
    payload: withoutMarkdown(articlePayload({ slug: 'md-playbook', body_markdown: MARKDOWN })),
  })
  assert.equal(created.statusCode, 200, created.body)
  const article = (await t.request({ method: 'GET', url: '/api/content/md-playbook' })).json().article
  const body = article.body as string
  assert.match(body, /<strong>pricing playbook<\/strong>/)
  assert.match(body, /<em>written<\/em>/)
  assert.match(body, /<a href="https:\/\/example\.org\/study"[^>]*>the study<\/a>/)
  assert.match(body, /<h2[^>]*>Which rules go in it\?<\/h2>/)
  assert.match(body, /<ul>\s*<li>list prices per segment<\/li>/)
  assert.match(body, /<s>verbal promises<\/s>/)
  assert.match(body, /<table>[\s\S]*<th[^>]*>Deal size<\/th>[\s\S]*<td[^>]*>8%<\/td>[\s\S]*<\/table>/)
  assert.match(body, /<a href="http:\/\/www\.example\.com"[^>]*>www\.example\.com<\/a>/)
  assert.doesNotMatch(body, /<script|alert\(1\)|\*\*|~~|\|---/)
  assert.equal(article.body_markdown, undefined, 'stored as HTML only')
})

test('the plain text of a markdown body feeds the excerpt, the description and the JSON-LD; the page shows HTML', async () => {
  const article = (await t.request({ method: 'GET', url: '/api/content/md-playbook' })).json().article
  assert.match(article.excerpt, /^A pricing playbook is the written set of rules/)
  assert.doesNotMatch(article.excerpt, /[*_[\]]/)
  const page = await t.request({ method: 'GET', url: article.url.replace('https://folio.test', ''), token: null })
  assert.equal(page.statusCode, 200)
  assert.match(page.body, /<meta name="description" content="A pricing playbook is the written set of rules/)
  assert.match(page.body, /<strong>pricing playbook<\/strong>/)
  assert.match(page.body, /<table>/)
  const jsonLd = [...page.body.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => m[1]!).join('\n')
  assert.match(jsonLd, /"description":"A pricing playbook is the written set of rules/)
  assert.doesNotMatch(jsonLd, /\*\*|~~/)
})

test('body wins when both come, and the markdown is then not read at all', async () => {
  const res = await t.request({
    method: 'POST',
    url: '/api/content/',
    payload: articlePayload({ slug: 'md-both', body: '<p>The HTML body wins over anything else sent.</p>', body_markdown: 42 }),
  })
  assert.equal(res.statusCode, 200, res.body)
  assert.equal(
    (await t.request({ method: 'GET', url: '/api/content/md-both' })).json().article.body,
    '<p>The HTML body wins over anything else sent.</p>',
  )
})

test('an empty or unsafe-only markdown body, or no body at all, is a 400 naming the field the client sent', async () => {
  const cases: [Record<string, unknown>, string, RegExp][] = [
    [{ body_markdown: '' }, 'body_markdown', /must not be empty/],
    [{ body_markdown: '<script>alert(1)</script>' }, 'body_markdown', /no content left/],
    [{ body_markdown: 5 }, 'body_markdown', /string/],
    [{}, 'body', /is required \(or body_markdown\)/],
  ]
  for (const [extra, field, message] of cases) {
    const res = await t.request({
      method: 'POST',
      url: '/api/content/',
      payload: { ...withoutMarkdown(articlePayload({ slug: 'md-bad' })), ...extra },
    })
    assert.equal(res.statusCode, 400, JSON.stringify(extra))
    const errors = res.json().errors as { field: string; message: string }[]
    assert.deepEqual(
      errors.map((e) => e.field),
      [field],
      JSON.stringify(extra),
    )
    assert.match(errors[0]!.message, message)
  }
  assert.equal((await t.request({ method: 'GET', url: '/api/content/md-bad' })).statusCode, 404, 'nothing stored')
})

test('an update takes body_markdown too, and the connector payload maps content_markdown', async () => {
  const updated = await t.request({
    method: 'PUT',
    url: '/api/content/md-playbook',
    payload: { body_markdown: 'Now **shorter**: three rules.' },
  })
  assert.equal(updated.statusCode, 200, updated.body)
  assert.equal(
    (await t.request({ method: 'GET', url: '/api/content/md-playbook' })).json().article.body,
    '<p>Now <strong>shorter</strong>: three rules.</p>',
  )

  const connector = await t.request({
    method: 'POST',
    url: '/api/content/',
    payload: {
      article: {
        slug: 'md-connector',
        title: 'Connector markdown',
        rubric: 'strategy',
        content_markdown: '# Heading\n\nText with `code`.',
      },
    },
  })
  assert.equal(connector.statusCode, 200, connector.body)
  assert.match(
    (await t.request({ method: 'GET', url: '/api/content/md-connector' })).json().article.body,
    /<p>Text with <code>code<\/code>\.<\/p>/,
  )
})
