// Every page kind passes html-validate with no errors, and hostile text in any article field is
// escaped on every page that shows it; JSON-LD cannot close its <script> element.
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { Parser } from 'htmlparser2'
import { HtmlValidate } from 'html-validate'
import MarkdownIt from 'markdown-it'
import { jsonLdScriptText } from '../../src/site/structured-data.js'
import { articlePayload, startTestApp, type TestApp } from '../helpers/test-app.js'

const HOSTILE = '<script>alert(1)</script><img src=x onerror=alert(2)>"\'&'
const validator = new HtmlValidate({
  extends: ['html-validate:recommended'],
  rules: {
    // Style only: kitajs writes void elements as <meta/>, the sanitiser keeps what authors sent;
    // both forms are valid HTML5 and browsers read them the same.
    'void-style': 'off',
    // An article title is the author's; meta_title (at most 41 characters) is the short form, and
    // a long headline is still a valid document.
    'long-title': 'off',
  },
})

/** What a browser would run in the document: script elements, on* attributes, javascript: URLs. */
function liveScriptIn(html: string) {
  const found = { scripts: [] as string[], handlers: [] as string[], scriptUrls: [] as string[] }
  const parser = new Parser({
    onopentag(name, attributes) {
      if (name === 'script') found.scripts.push(attributes.type ?? '(classic)')
      for (const [attribute, value] of Object.entries(attributes)) {
        if (attribute.startsWith('on')) found.handlers.push(`${name} ${attribute}`)
        if (/^\s*javascript:/i.test(value)) found.scriptUrls.push(`${name} ${attribute}`)
      }
    },
  })
  parser.write(html)
  parser.end()
  return found
}

let t: TestApp
/** The path of a preview link of a draft, made before the tests run. */
let previewPath = ''
before(async () => {
  t = await startTestApp()
  const payloads = [
    articlePayload({
      slug: 'hostile',
      title: `Title ${HOSTILE}`,
      meta_title: '</title><script>x</script>',
      excerpt: `Excerpt ${HOSTILE}`,
      author: `Author ${HOSTILE}`,
      tags: [`tag ${HOSTILE}`],
      cover_image_url: '/images/hostile/featured.webp',
      services: ['pricing-strategy'],
      body: `<p>Body answer first.</p><img src="x" onerror="alert(3)"><script>alert(4)</script><a href="javascript:alert(5)">link</a>`,
      content: {
        faq: [{ q: `Question ${HOSTILE}`, a: `Answer ${HOSTILE}` }],
        key_takeaways: [`Takeaway ${HOSTILE}`],
        sources: [{ title: `Source ${HOSTILE}`, url: 'https://example.org/a?b=1&c=2', publisher: `Publisher ${HOSTILE}` }],
      },
    }),
    articlePayload({ slug: 'hostile-de', title: `Titel ${HOSTILE}`, lang: 'de', translation_of: 'hostile' }),
    articlePayload({ slug: 'hostile-draft', status: 'draft', title: `Draft ${HOSTILE}`, excerpt: `Excerpt ${HOSTILE}` }),
  ]
  for (const payload of payloads) {
    const res = await t.request({ method: 'POST', url: '/api/content/', payload })
    assert.equal(res.statusCode, 200, res.body)
  }
  const preview = await t.request({ method: 'POST', url: '/api/content/hostile-draft/preview' })
  previewPath = new URL(preview.json().url as string).pathname
})
after(() => t.close())

const PAGE_KINDS = {
  home: '/',
  insights: '/insights/',
  rubric: '/insights/strategy/',
  article: '/insights/strategy/hostile/',
  translation: '/insights/strategy/hostile-de/',
  services: '/services/',
  service: '/services/pricing-strategy/',
  developers: '/developers/',
  about: '/about/',
  contact: '/contact/',
  author: '/authors/jane-doe/',
  tag: `/insights/tags/${encodeURIComponent(`tag ${HOSTILE}`)}/`,
  search: '/search?q=body%20answer',
  'not found': '/no-such-page/',
  // A preview link's path is only known once it is made: this stands for it.
  preview: '(preview link)',
}
const pathOf = (url: string) => (url === PAGE_KINDS.preview ? previewPath : url)

for (const [kind, url] of Object.entries(PAGE_KINDS)) {
  test(`the ${kind} page passes html-validate (recommended) with no errors`, async () => {
    const res = await t.request({ method: 'GET', url: pathOf(url), token: null })
    assert.equal(res.statusCode, kind === 'not found' ? 404 : 200)
    const report = await validator.validateString(res.body)
    const problems = report.results.flatMap((r) => r.messages.map((m) => `${m.ruleId}: ${m.message} (${m.selector})`))
    assert.deepEqual(problems, [], url)
  })
}

test('hostile text in an article is escaped on every page kind that shows it; the only script is JSON-LD', async () => {
  for (const [kind, url] of Object.entries(PAGE_KINDS)) {
    const html = (await t.request({ method: 'GET', url: pathOf(url), token: null })).body
    const { scripts, handlers, scriptUrls } = liveScriptIn(html)
    assert.deepEqual(scripts, ['application/ld+json'], `${kind}: the only script element is JSON-LD`)
    assert.deepEqual(handlers, [], `${kind}: no event handler attribute`)
    assert.deepEqual(scriptUrls, [], `${kind}: no javascript: URL`)
  }
  const article = (await t.request({ method: 'GET', url: '/insights/strategy/hostile/', token: null })).body
  for (const field of ['Title', 'Excerpt', 'Author', 'Question', 'Answer', 'Takeaway', 'Source', 'Publisher']) {
    assert.ok(
      article.includes(`${field} &lt;script>alert(1)&lt;/script>&lt;img src=x onerror=alert(2)>&#34;&#39;&amp;`),
      `${field} is shown as text`,
    )
  }
  assert.ok(article.includes('<title>&lt;/title>&lt;script>x&lt;/script> | Test Partners</title>'))
  const ld = JSON.parse(article.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/)![1]!)
  const headline = ld['@graph'].find((n: { '@type': string }) => n['@type'] === 'Article').headline
  assert.equal(headline, `Title ${HOSTILE}`, 'JSON-LD carries the title intact and stays inside its element')
})

test('JSON-LD escapes < (and >, &, U+2028/9) so no value can close the script element, and parses back to the same data', () => {
  const node = { name: '</script><script>alert(1)</script> & \u2028' }
  const text = jsonLdScriptText([node])
  assert.ok(!text.includes('<') && !text.includes('>') && !text.includes('&'))
  assert.ok(text.includes('\\u003c/script\\u003e'))
  assert.deepEqual(JSON.parse(text)['@graph'][0], node)
})

test('the markdown twin shows every text field as text: a CommonMark renderer with HTML enabled runs nothing from it', async () => {
  const payload = articlePayload({
    slug: 'hostile-markdown',
    title: `Title ${HOSTILE} [x](javascript:alert(6))`,
    excerpt: `Excerpt ${HOSTILE}`,
    author: `Author ${HOSTILE}`,
    tags: [`tag ${HOSTILE}`],
    body: '<p>Body &lt;img src=x onerror=alert(7)&gt; and &amp;lt;b&amp;gt; as text.</p>',
    content: {
      faq: [{ q: `Question ${HOSTILE}`, a: `Answer ${HOSTILE}\n\n<img src=x onerror=alert(8)>\n- [y](javascript:alert(9))` }],
      key_takeaways: [`Takeaway ${HOSTILE}`, '- <b>nested</b>'],
      sources: [
        { title: `Source ${HOSTILE} ](javascript:alert(10))`, url: 'https://example.org/a_(b)?c=d)e', publisher: `Publisher ${HOSTILE}` },
      ],
    },
  })
  const created = await t.request({ method: 'POST', url: '/api/content/', payload })
  assert.equal(created.statusCode, 200, created.body)
  const twin = (
    await t.request({ method: 'GET', url: '/insights/strategy/hostile-markdown/', token: null, headers: { accept: 'text/markdown' } })
  ).body
  const rendered = new MarkdownIt({ html: true, linkify: true }).render(twin)
  const { scripts, handlers, scriptUrls } = liveScriptIn(rendered)
  assert.deepEqual(scripts, [], 'no script element')
  assert.deepEqual(handlers, [], 'no event handler attribute')
  assert.deepEqual(scriptUrls, [], 'no javascript: URL')
  assert.ok(!/<(img|b)\b/.test(rendered), `no element made of a text field: ${rendered}`)
  const text = rendered.replace(/<[^>]*>/g, '')
  for (const field of ['Title', 'Question', 'Answer', 'Takeaway', 'Source', 'Publisher'])
    assert.ok(
      text.includes(`${field} &lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;`),
      `${field} is shown as text`,
    )
  assert.ok(text.includes('Body &lt;img src=x onerror=alert(7)&gt; and &amp;lt;b&amp;gt; as text.'), "the body's text stays text")
  assert.ok(rendered.includes('href="https://example.org/a_%28b%29?c=d%29e"'), 'the source link keeps its whole URL')
})

test("ids in a body never repeat the page's own or each other; in-body #anchor links follow them; the API keeps the body as written", async () => {
  const body =
    '<p id="main">First.</p><h2 id="faq-title">Why?</h2><p id="dup">One</p><p id="dup">Two</p>' +
    '<p><a href="#dup">to dup</a> <a href="#main">to main</a> <a href="#faq-title">to why</a> <a href="#elsewhere">away</a> <a title="x id=y" href="#dup">t</a></p>'
  const payload = articlePayload({ slug: 'body-ids', body, content: { faq: [{ q: 'Is this a question?', a: 'Yes.' }] } })
  const created = await t.request({ method: 'POST', url: '/api/content/', payload })
  assert.equal(created.statusCode, 200, created.body)
  const html = (await t.request({ method: 'GET', url: '/insights/strategy/body-ids/', token: null })).body
  const report = await validator.validateString(html)
  assert.deepEqual(
    report.results.flatMap((r) => r.messages.map((m) => `${m.ruleId}: ${m.message}`)),
    [],
  )
  const ids = [...html.matchAll(/\sid="([^"]*)"/g)].map((m) => m[1]!)
  assert.equal(new Set(ids).size, ids.length, `every id on the page is unique: ${ids.join(' ')}`)
  assert.ok(ids.includes('main') && ids.includes('faq-title'), 'the page keeps its own ids')
  for (const id of ['body-main', 'body-faq-title', 'body-dup', 'body-dup-2']) assert.ok(ids.includes(id), id)
  for (const [text, target] of [
    ['to dup', 'body-dup'],
    ['to main', 'body-main'],
    ['to why', 'body-faq-title'],
    ['away', 'elsewhere'],
  ])
    assert.ok(html.includes(`<a href="#${target}">${text}</a>`), `${text} → #${target}`)
  assert.ok(html.includes('<a title="x id=y" href="#body-dup">t</a>'), 'an id= inside another attribute is left alone')
  const stored = (await t.request({ method: 'GET', url: '/api/content/body-ids', token: null })).json().article.body
  assert.match(stored, /<p id="dup">One<\/p><p id="dup">Two<\/p>/, 'the API answers the body as written')
})
