// POST /api/content/ and GET /api/content/{slug}: create rules, field rules, defaults, dry run.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { RESERVED_SLUGS } from '../../src/contract/endpoints.js'
import { API_VERSION } from '../../src/contract/version.js'
import { articlePayload, BASE_URL, startTestApp, type TestApp } from '../helpers/test-app.js'

let t: TestApp
before(async () => {
  t = await startTestApp({ clock: () => new Date('2026-05-01T10:00:00.000Z') })
})
after(() => t.close())

const create = (payload: unknown, extra: { url?: string; headers?: Record<string, string> } = {}) =>
  t.request({ method: 'POST', url: extra.url ?? '/api/content/', payload: payload as object, headers: extra.headers })
const read = (slug: string) => t.request({ method: 'GET', url: `/api/content/${slug}`, token: null })

describe('create', () => {
  test('a valid create answers 200 with ok, slug, url, status and version', async () => {
    const res = await create(articlePayload({ slug: 'create-basic' }))
    assert.equal(res.statusCode, 200)
    const body = res.json()
    assert.equal(body.status, 'ok')
    assert.equal(body.version, API_VERSION)
    assert.equal(body.ok, true)
    assert.equal(body.slug, 'create-basic')
    assert.equal(body.url, `${BASE_URL}/insights/strategy/create-basic/`)
    assert.ok(Array.isArray(body.warnings))
    assert.equal(res.headers['x-content-api-version'], API_VERSION)
  })

  test('the stored article is read back in public with defaults applied', async () => {
    await create(articlePayload({ slug: 'create-defaults' }))
    const res = await read('create-defaults')
    assert.equal(res.statusCode, 200)
    const { article, status, version } = res.json()
    assert.equal(status, 'ok')
    assert.equal(version, API_VERSION)
    assert.equal(article.lang, 'en')
    assert.equal(article.status, 'published')
    assert.deepEqual(article.tags, ['strategy'], 'tags default to [<rubric slug>]')
    assert.equal(article.rubric, 'strategy')
    assert.equal(article.rubric_title, 'Strategy')
    assert.equal(article.published_at, '2026-05-01T10:00:00.000Z', 'published_at is set when first published')
    assert.equal(article.updated_at, '2026-05-01T10:00:00.000Z')
    assert.equal(article.translation_of, null)
    assert.match(article.excerpt, /^A pricing playbook is a written set of rules/, 'an excerpt is derived from the body')
    assert.deepEqual(article.content, {})
    assert.deepEqual(article.services, [])
    assert.equal(article.featured, false)
    assert.equal(article.url, `${BASE_URL}/insights/strategy/create-defaults/`)
  })

  test('rubric by title is stored as its slug; services by title or slug are stored as slugs', async () => {
    const res = await create(
      articlePayload({
        slug: 'create-by-title',
        rubric: 'People & Organisation',
        services: ['Pricing Strategy', 'cloud-migration', 'preisstrategie'],
      }),
    )
    assert.equal(res.statusCode, 200, res.body)
    const { article } = (await read('create-by-title')).json()
    assert.equal(article.rubric, 'people')
    assert.equal(article.rubric_title, 'People & Organisation')
    assert.deepEqual(article.services, ['pricing-strategy', 'cloud-migration'], 'duplicates collapse to one slug')
    assert.deepEqual(article.topics, ['People & Organisation', 'Pricing Strategy', 'Cloud Migration'])
  })

  test('every given field is stored as sent', async () => {
    const payload = articlePayload({
      slug: 'create-full',
      tags: ['pricing', 'margin', 'pricing'],
      excerpt: 'Three levers that move margin.',
      status: 'published',
      published_at: '2026-03-05T09:30:00+01:00',
      author: 'Jane Doe',
      author_slug: 'jane-doe',
      meta_title: 'Pricing playbook',
      featured: true,
      cover_image_url: 'https://cdn.example.com/cover.webp',
      content: {
        faq: [{ q: 'How fast?', a: 'Within one billing cycle.' }],
        key_takeaways: ['Write the rules down.'],
        sources: [
          { title: 'Pricing survey 2025', url: 'https://example.org/survey', publisher: 'Example Institute' },
          { title: 'Interview notes' },
        ],
      },
    })
    assert.equal((await create(payload)).statusCode, 200)
    const { article } = (await read('create-full')).json()
    assert.deepEqual(article.tags, ['pricing', 'margin'])
    assert.equal(article.excerpt, 'Three levers that move margin.')
    assert.equal(article.published_at, '2026-03-05T08:30:00.000Z')
    assert.equal(article.author, 'Jane Doe')
    assert.equal(article.author_slug, 'jane-doe')
    assert.equal(article.meta_title, 'Pricing playbook')
    assert.equal(article.featured, true)
    assert.equal(article.cover_image_url, 'https://cdn.example.com/cover.webp')
    assert.deepEqual(article.content, payload.content)
  })

  test('unknown extra properties are accepted', async () => {
    const res = await create(articlePayload({ slug: 'create-extra', seo_score: 97, custom: { any: 'thing' } }))
    assert.equal(res.statusCode, 200)
  })

  test('409 conflict when the slug exists, with errors [{ slug }] and a hint naming PUT', async () => {
    await create(articlePayload({ slug: 'create-twice' }))
    const res = await create(articlePayload({ slug: 'create-twice', title: 'Another' }))
    assert.equal(res.statusCode, 409)
    const body = res.json()
    assert.equal(body.status, 'error')
    assert.equal(body.code, 'conflict')
    assert.equal(body.errors[0].slug, 'create-twice')
    assert.match(body.hint, /PUT \/api\/content\/create-twice/)
    assert.equal(body.docs, `${BASE_URL}/developers/#error-conflict`)
    assert.equal((await read('create-twice')).json().article.title, 'What is a pricing playbook?', 'the first article is unchanged')
  })

  test('a draft answers 404 in public', async () => {
    await create(articlePayload({ slug: 'create-draft', status: 'draft' }))
    const res = await read('create-draft')
    assert.equal(res.statusCode, 404)
    assert.equal(res.json().code, 'not_found')
    const stored = await t.store.articles.get('create-draft')
    assert.equal(stored?.status, 'draft')
    assert.equal(stored?.published_at, null, 'a draft has no publish date until it is published')
  })

  test('an unknown slug answers 404 not_found in the error shape', async () => {
    const res = await read('no-such-article')
    assert.equal(res.statusCode, 404)
    const body = res.json()
    assert.deepEqual(Object.keys(body).sort(), ['code', 'docs', 'error', 'hint', 'message', 'status', 'version'])
  })
})

describe('validation', () => {
  test('every problem is one errors[] item { field, message }, nested fields by path', async () => {
    const res = await create({
      slug: 'Bad Slug!',
      title: 123,
      rubric: 'no-such-rubric',
      lang: 'fr',
      status: 'live',
      published_at: 'yesterday',
      meta_title: 'x'.repeat(42),
      featured: 'yes',
      services: ['a', 'b', 'c', 'd', 'e', 'f'],
      content: { faq: [{ q: 'ok', a: 'ok' }, { a: 'missing q' }], sources: [{ url: 'ftp://x' }], key_takeaways: [1] },
    })
    assert.equal(res.statusCode, 400)
    const body = res.json()
    assert.equal(body.code, 'validation_failed')
    const fields = body.errors.map((e: { field: string }) => e.field).sort()
    for (const field of [
      'slug',
      'title',
      'body',
      'lang',
      'status',
      'published_at',
      'meta_title',
      'featured',
      'services',
      'content.faq[1].q',
      'content.sources[0].title',
      'content.sources[0].url',
      'content.key_takeaways[0]',
    ]) {
      assert.ok(fields.includes(field), `errors[] names ${field}: ${JSON.stringify(body.errors)}`)
    }
    for (const item of body.errors) assert.equal(typeof item.message, 'string')
    assert.deepEqual(body.details, body.errors)
  })

  test('an unknown rubric and an unknown service are named with what is allowed', async () => {
    const res = await create(articlePayload({ slug: 'bad-refs', rubric: 'astrology', services: ['pricing-strategy', 'fortune-telling'] }))
    assert.equal(res.statusCode, 400)
    const errors = res.json().errors
    assert.match(errors.find((e: { field: string }) => e.field === 'rubric').message, /strategy, operations/)
    assert.ok(errors.find((e: { field: string }) => e.field === 'services[1]'))
  })

  test('slug: at most 80 characters; 80 is accepted', async () => {
    assert.equal((await create(articlePayload({ slug: 'a'.repeat(81) }))).statusCode, 400)
    assert.equal((await create(articlePayload({ slug: 'a'.repeat(80) }))).statusCode, 200)
  })

  test('meta_title: at most 41 characters; 41 is accepted', async () => {
    assert.equal((await create(articlePayload({ slug: 'meta-41', meta_title: 'm'.repeat(41) }))).statusCode, 200)
    const res = await create(articlePayload({ slug: 'meta-42', meta_title: 'm'.repeat(42) }))
    assert.equal(res.json().errors[0].field, 'meta_title')
  })

  test('services: at most 5 items', async () => {
    const five = ['pricing-strategy', 'market-entry', 'supply-chain', 'lean-operations', 'cloud-migration']
    assert.equal((await create(articlePayload({ slug: 'five-services', services: five }))).statusCode, 200)
    const res = await create(articlePayload({ slug: 'six-services', services: [...five, 'data-platforms'] }))
    assert.equal(res.statusCode, 400)
    assert.equal(res.json().errors[0].field, 'services')
  })

  test('a slug naming an API path is refused', async () => {
    const res = await create(articlePayload({ slug: 'catalog' }))
    assert.equal(res.statusCode, 400)
    assert.equal(res.json().errors[0].field, 'slug')
    // Derived from the endpoint table: every literal path beside /api/content/{slug}, and only those.
    assert.deepEqual([...RESERVED_SLUGS].sort(), ['catalog', 'images', 'tags', 'version'])
    for (const slug of RESERVED_SLUGS) assert.equal((await create(articlePayload({ slug }))).statusCode, 400, slug)
  })

  test('a body that is not JSON answers 400 invalid_json', async () => {
    for (const payload of ['{"slug": ', 'not json', '']) {
      const res = await t.request({ method: 'POST', url: '/api/content/', payload, headers: { 'content-type': 'application/json' } })
      assert.equal(res.statusCode, 400, payload)
      assert.equal(res.json().code, 'invalid_json')
    }
  })

  test('a body sent as another content type answers 400 invalid_json', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/content/',
      payload: 'slug=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    assert.equal(res.statusCode, 400)
    assert.equal(res.json().code, 'invalid_json')
  })

  test('JSON text sent as text/plain (or any media type but JSON) answers 400 invalid_json naming it, never 415', async () => {
    for (const type of ['text/plain', 'text/plain; charset=utf-8', 'application/xml', 'application/octet-stream']) {
      const res = await t.request({
        method: 'POST',
        url: '/api/content/',
        payload: JSON.stringify(articlePayload({ slug: 'as-text' })),
        headers: { 'content-type': type },
      })
      assert.equal(res.statusCode, 400, type)
      assert.equal(res.json().code, 'invalid_json', type)
      assert.ok(res.json().message.includes(type), res.json().message)
    }
    assert.equal(await t.store.articles.get('as-text'), undefined)
  })

  test('a stored text field holding U+0000 answers 400 validation_failed naming it, on every store; unknown extras may hold it', async () => {
    const res = await create(
      articlePayload({
        slug: 'with-nul',
        title: 'A\u0000B?',
        tags: ['ok', 'n\u0000l'],
        content: { faq: [{ q: 'Q\u0000?', a: 'A' }] },
      }),
    )
    assert.equal(res.statusCode, 400, res.body)
    assert.equal(res.json().code, 'validation_failed')
    assert.deepEqual(
      res.json().errors.map((e: { field: string }) => e.field),
      ['title', 'tags[1]', 'content.faq[0].q'],
    )
    assert.equal(await t.store.articles.get('with-nul'), undefined)
    const extra = await create({ ...articlePayload({ slug: 'with-nul-extra' }), 'x\u0000': 'y\u0000' })
    assert.equal(extra.statusCode, 200, extra.body)
  })

  test('JSON that is not an object answers 400 validation_failed', async () => {
    const res = await t.request({ method: 'POST', url: '/api/content/', payload: '[1,2]', headers: { 'content-type': 'application/json' } })
    assert.equal(res.statusCode, 400)
    assert.equal(res.json().code, 'validation_failed')
  })

  test('more than 12 MB answers 413 payload_too_large', async () => {
    const res = await create(articlePayload({ slug: 'too-large', body: `<p>${'x'.repeat(12 * 1024 * 1024)}</p>` }))
    assert.equal(res.statusCode, 413)
    assert.equal(res.json().code, 'payload_too_large')
    assert.equal(await t.store.articles.get('too-large'), undefined)
  })

  test('__proto__ keys never pollute and are not stored', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/content/',
      payload: JSON.stringify({ ...articlePayload({ slug: 'proto-test' }), __proto__: { polluted: true } }).replace(
        '"slug"',
        '"__proto__":{"polluted":true},"slug"',
      ),
      headers: { 'content-type': 'application/json' },
    })
    assert.equal(res.statusCode, 200)
    assert.equal(({} as Record<string, unknown>).polluted, undefined)
  })
})

describe('sanitising', () => {
  test('scripts, event handlers, javascript: URLs, iframes and inline styles are removed on write', async () => {
    const body = [
      '<h1>Heading</h1><p style="color:red" onclick="alert(1)">Text <a href="javascript:alert(1)">bad</a> <a href="https://example.com" target="_blank">good</a></p>',
      '<script>alert(1)</script><iframe src="https://evil.example"></iframe><img src=x onerror="alert(1)">',
      '<img src="data:image/png;base64,AAAA" alt="d"><img src="https://example.com/a.png" alt="A chart">',
      '<ul><li>one</li></ul><ol><li>two</li></ol><table><tr><th>h</th><td>d</td></tr></table>',
      '<figure><img src="/images/x/featured.webp" alt="x"><figcaption>c</figcaption></figure><blockquote>q</blockquote><pre><code class="language-ts">const a = 1</code></pre>',
    ].join('')
    await create(articlePayload({ slug: 'sanitised', body }))
    const stored = (await read('sanitised')).json().article.body as string
    for (const gone of ['<script', 'onclick', 'onerror', 'javascript:', '<iframe', 'style=', 'data:image', '<h1']) {
      assert.ok(!stored.includes(gone), `${gone} is removed: ${stored}`)
    }
    for (const kept of [
      '<h2>Heading</h2>',
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">good</a>',
      '<ul><li>one</li></ul>',
      '<ol>',
      '<table>',
      '<th>h</th>',
      '<figure>',
      '<figcaption>c</figcaption>',
      '<blockquote>q</blockquote>',
      '<pre><code class="language-ts">',
      'alt="A chart"',
    ]) {
      assert.ok(stored.includes(kept), `${kept} is kept: ${stored}`)
    }
  })

  test('a body with nothing left after sanitising is refused', async () => {
    const res = await create(articlePayload({ slug: 'empty-after', body: '<script>alert(1)</script>' }))
    assert.equal(res.statusCode, 400)
    assert.equal(res.json().errors[0].field, 'body')
  })

  test('cover_image_url is kept only when absolute https or a site path', async () => {
    const cases: [string, string][] = [
      ['https://cdn.example.com/a.jpg', 'https://cdn.example.com/a.jpg'],
      ['/images/cover-case-1/featured.webp', '/images/cover-case-1/featured.webp'],
      ['http://insecure.example.com/a.jpg', ''],
      ['javascript:alert(1)', ''],
      ['//evil.example.com/a.jpg', ''],
      ['relative/path.jpg', ''],
    ]
    for (const [i, [given, kept]] of cases.entries()) {
      const slug = `cover-case-${i}`
      assert.equal((await create(articlePayload({ slug, cover_image_url: given }))).statusCode, 200)
      assert.equal((await read(slug)).json().article.cover_image_url, kept, given)
    }
  })
})

describe('dry run', () => {
  test('?dry_run=1 validates and answers the dry-run shape; nothing is written', async () => {
    const before = await t.store.contentGeneration()
    const res = await create(articlePayload({ slug: 'dry-one', status: 'draft' }), { url: '/api/content/?dry_run=1' })
    assert.equal(res.statusCode, 200)
    const body = res.json()
    assert.equal(body.dry_run, true)
    assert.equal(body.persisted, false)
    assert.equal(body.slug, 'dry-one')
    assert.equal(body.url, `${BASE_URL}/insights/strategy/dry-one/`)
    assert.equal(body.status_after, 'draft')
    assert.equal(body.categories.length, 4)
    assert.deepEqual(Object.keys(body.categories[0]).sort(), ['count', 'description', 'slug', 'title', 'url'])
    assert.equal(body.services.length, 8)
    assert.deepEqual(body.services[0], {
      slug: 'pricing-strategy',
      group: 'Strategy',
      title: { en: 'Pricing Strategy', de: 'Preisstrategie' },
    })
    assert.equal(await t.store.articles.get('dry-one'), undefined)
    assert.equal(await t.store.contentGeneration(), before)
  })

  test('dry_run=true in the query or the payload works the same', async () => {
    for (const [url, payload] of [
      ['/api/content/?dry_run=true', articlePayload({ slug: 'dry-two' })],
      ['/api/content/', articlePayload({ slug: 'dry-two', dry_run: true })],
    ] as const) {
      const res = await create(payload, { url })
      assert.equal(res.json().dry_run, true)
      assert.equal(await t.store.articles.get('dry-two'), undefined)
    }
  })

  test('a dry run reports validation problems as a real create would', async () => {
    const res = await create({ slug: 'dry-bad', dry_run: true }, {})
    assert.equal(res.statusCode, 400)
    assert.equal(res.json().code, 'validation_failed')
  })
})

describe('connector-style payload', () => {
  test('{ article: … } with aliases content_html, meta_description, featured_image.url, faq[].question/answer', async () => {
    const res = await create({
      article: {
        slug: 'connector-article',
        title: 'Connector article',
        content_html: '<p>Connector body that answers the question directly.</p>',
        rubric: 'Operations',
        meta_description: 'From a connector.',
        featured_image: { url: 'https://cdn.example.com/c.png', alt: 'c' },
        faq: [{ question: 'Does it map?', answer: 'Yes.' }],
      },
    })
    assert.equal(res.statusCode, 200, res.body)
    const { article } = (await read('connector-article')).json()
    assert.equal(article.body, '<p>Connector body that answers the question directly.</p>')
    assert.equal(article.excerpt, 'From a connector.')
    assert.equal(article.cover_image_url, 'https://cdn.example.com/c.png')
    assert.deepEqual(article.content.faq, [{ q: 'Does it map?', a: 'Yes.' }])
    assert.equal(article.rubric, 'operations')
  })

  test('{ data: … } is accepted the same way, and its problems are named by field', async () => {
    assert.equal((await create({ data: articlePayload({ slug: 'connector-data' }) })).statusCode, 200)
    const res = await create({ data: { slug: 'connector-bad' } })
    assert.equal(res.statusCode, 400)
    assert.ok(res.json().errors.some((e: { field: string }) => e.field === 'title'))
  })
})

describe('reading', () => {
  test('GET answers a strong ETag; If-None-Match with it answers 304; a write changes it', async () => {
    await create(articlePayload({ slug: 'etag-article' }))
    const first = await read('etag-article')
    const etag = first.headers.etag as string
    assert.match(etag, /^"[\w-]+"$/)
    const again = await t.request({ method: 'GET', url: '/api/content/etag-article', token: null, headers: { 'if-none-match': etag } })
    assert.equal(again.statusCode, 304)
    assert.equal(again.body, '')
    await t.request({ method: 'PUT', url: '/api/content/etag-article', payload: { title: 'Changed title' } })
    const changed = await t.request({ method: 'GET', url: '/api/content/etag-article', token: null, headers: { 'if-none-match': etag } })
    assert.equal(changed.statusCode, 200)
    assert.equal(changed.json().article.title, 'Changed title')
  })

  test('a deleted article answers 404 at once, though its answer was cached', async () => {
    await create(articlePayload({ slug: 'cached-then-deleted' }))
    assert.equal((await read('cached-then-deleted')).statusCode, 200)
    await t.request({ method: 'DELETE', url: '/api/content/cached-then-deleted' })
    assert.equal((await read('cached-then-deleted')).statusCode, 404)
  })
})
