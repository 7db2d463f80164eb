// PUT and DELETE /api/content/{slug}: update rules 1–6, dry run, deletion.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { API_VERSION } from '../../src/contract/version.js'
import { articlePayload, startTestApp, type TestApp } from '../helpers/test-app.js'

let t: TestApp
let now = new Date('2026-05-01T10:00:00.000Z')
before(async () => {
  t = await startTestApp({ clock: () => now })
})
after(() => t.close())

const create = (payload: Record<string, unknown>) => t.request({ method: 'POST', url: '/api/content/', payload })
const update = (slug: string, payload: unknown, query = '') =>
  t.request({ method: 'PUT', url: `/api/content/${slug}${query}`, payload: payload as object })
const stored = async (slug: string) => (await t.store.articles.get(slug))!

const full = (slug: string) =>
  articlePayload({
    slug,
    tags: ['a', 'b'],
    excerpt: 'Given excerpt.',
    author: 'Jane Doe',
    services: ['pricing-strategy', 'market-entry'],
    content: { faq: [{ q: 'Q1', a: 'A1' }], key_takeaways: ['K1'], sources: [{ title: 'S1' }] },
  })

describe('update', () => {
  test('only the fields the payload carries change; updated_at moves', async () => {
    await create(full('upd-only'))
    const before = await stored('upd-only')
    now = new Date('2026-05-02T10:00:00.000Z')
    const res = await update('upd-only', { title: 'New title' })
    assert.equal(res.statusCode, 200)
    const body = res.json()
    assert.equal(body.ok, true)
    assert.equal(body.slug, 'upd-only')
    assert.equal(body.url, 'https://folio.test/insights/strategy/upd-only/')
    const after = await stored('upd-only')
    assert.equal(after.title, 'New title')
    assert.equal(after.updated_at, '2026-05-02T10:00:00.000Z')
    assert.deepEqual({ ...after, title: before.title, updated_at: before.updated_at }, before)
  })

  test('null equals leaving the field out', async () => {
    await create(full('upd-null'))
    const before = await stored('upd-null')
    const res = await update('upd-null', {
      title: null,
      body: null,
      tags: null,
      services: null,
      content: null,
      author: null,
      excerpt: null,
      featured: null,
      status: null,
    })
    assert.equal(res.statusCode, 200, res.body)
    const after = await stored('upd-null')
    assert.deepEqual({ ...after, updated_at: before.updated_at }, before)
  })

  test('slug in the payload is ignored: the path names the article', async () => {
    await create(full('upd-slug'))
    assert.equal((await update('upd-slug', { slug: 'other-slug', title: 'T2' })).statusCode, 200)
    assert.equal((await stored('upd-slug')).title, 'T2')
    assert.equal(await t.store.articles.get('other-slug'), undefined)
  })

  test('services: the list replaces the stored list; an empty list clears it', async () => {
    await create(full('upd-services'))
    await update('upd-services', { services: ['Cloud Migration'] })
    assert.deepEqual((await stored('upd-services')).services, ['cloud-migration'])
    await update('upd-services', { services: [] })
    assert.deepEqual((await stored('upd-services')).services, [])
  })

  test('content changes block by block: an empty list removes a block, a block not carried stays', async () => {
    await create(full('upd-content'))
    await update('upd-content', { content: { faq: [{ q: 'Q2', a: 'A2' }], key_takeaways: [] } })
    const after = await stored('upd-content')
    assert.deepEqual(after.content, { faq: [{ q: 'Q2', a: 'A2' }], sources: [{ title: 'S1' }] })
  })

  test('translation_of: null or an empty string clears the translation pair', async () => {
    await create(articlePayload({ slug: 'upd-twin-en' }))
    await create(articlePayload({ slug: 'upd-twin-de', lang: 'de', translation_of: 'upd-twin-en' }))
    assert.equal((await stored('upd-twin-de')).translation_of, 'upd-twin-en')
    await update('upd-twin-de', { translation_of: null })
    assert.equal((await stored('upd-twin-de')).translation_of, null)
    await update('upd-twin-de', { translation_of: 'upd-twin-en' })
    assert.equal((await stored('upd-twin-de')).translation_of, 'upd-twin-en')
    await update('upd-twin-de', { translation_of: '' })
    assert.equal((await stored('upd-twin-de')).translation_of, null)
  })

  test('translation_of must name a published article in another language', async () => {
    await create(articlePayload({ slug: 'twin-same-lang' }))
    const same = await create(articlePayload({ slug: 'twin-attempt', translation_of: 'twin-same-lang' }))
    assert.equal(same.statusCode, 400)
    assert.equal(same.json().errors[0].field, 'translation_of')
    const missing = await create(articlePayload({ slug: 'twin-attempt', lang: 'de', translation_of: 'no-such' }))
    assert.equal(missing.statusCode, 400)
  })

  test('status moves between published and draft; the first publish sets published_at', async () => {
    await create(articlePayload({ slug: 'upd-status', status: 'draft' }))
    assert.equal((await t.request({ method: 'GET', url: '/api/content/upd-status', token: null })).statusCode, 404)
    now = new Date('2026-06-01T00:00:00.000Z')
    await update('upd-status', { status: 'published' })
    const published = await stored('upd-status')
    assert.equal(published.published_at, '2026-06-01T00:00:00.000Z')
    assert.equal((await t.request({ method: 'GET', url: '/api/content/upd-status', token: null })).statusCode, 200)
    await update('upd-status', { status: 'draft' })
    assert.equal((await t.request({ method: 'GET', url: '/api/content/upd-status', token: null })).statusCode, 404)
  })

  test('a changed body re-derives a derived excerpt but keeps a given one', async () => {
    await create(articlePayload({ slug: 'upd-excerpt-derived' }))
    await update('upd-excerpt-derived', { body: '<p>Completely new opening text.</p>' })
    assert.equal((await stored('upd-excerpt-derived')).excerpt, 'Completely new opening text.')
    await create(full('upd-excerpt-given'))
    await update('upd-excerpt-given', { body: '<p>Other text.</p>' })
    assert.equal((await stored('upd-excerpt-given')).excerpt, 'Given excerpt.')
  })

  test('404 when the article does not exist', async () => {
    const res = await update('never-created', { title: 'x' })
    assert.equal(res.statusCode, 404)
    assert.equal(res.json().code, 'not_found')
  })

  test('validation problems are listed and nothing changes', async () => {
    await create(full('upd-invalid'))
    const before = await stored('upd-invalid')
    const res = await update('upd-invalid', { title: 5, meta_title: 'x'.repeat(50), rubric: 'nope', content: { faq: [{ q: 'only q' }] } })
    assert.equal(res.statusCode, 400)
    const fields = res
      .json()
      .errors.map((e: { field: string }) => e.field)
      .sort()
    assert.deepEqual(fields, ['content.faq[0].a', 'meta_title', 'rubric', 'title'])
    assert.deepEqual(await stored('upd-invalid'), before)
  })

  test('dry run: validated and merged, answered with status_after; nothing is written', async () => {
    await create(full('upd-dry'))
    const before = await stored('upd-dry')
    const generation = await t.store.contentGeneration()
    for (const [payload, query] of [
      [{ status: 'draft', title: 'Dry' }, '?dry_run=1'],
      [{ status: 'draft', dry_run: true }, ''],
    ] as const) {
      const res = await update('upd-dry', payload, query)
      assert.equal(res.statusCode, 200)
      const body = res.json()
      assert.equal(body.dry_run, true)
      assert.equal(body.persisted, false)
      assert.equal(body.slug, 'upd-dry')
      assert.equal(body.status_after, 'draft')
      assert.ok(body.url)
    }
    assert.deepEqual(await stored('upd-dry'), before)
    assert.equal(await t.store.contentGeneration(), generation)
  })
})

describe('delete', () => {
  test('DELETE answers { ok: true, deleted } and the article is gone', async () => {
    await create(full('del-me'))
    const res = await t.request({ method: 'DELETE', url: '/api/content/del-me' })
    assert.equal(res.statusCode, 200)
    const body = res.json()
    assert.equal(body.status, 'ok')
    assert.equal(body.version, API_VERSION)
    assert.equal(body.ok, true)
    assert.equal(body.deleted, 'del-me')
    assert.equal(await t.store.articles.get('del-me'), undefined)
    assert.equal((await t.request({ method: 'GET', url: '/api/content/del-me', token: null })).statusCode, 404)
  })

  test('deleting an unknown article answers 404', async () => {
    const res = await t.request({ method: 'DELETE', url: '/api/content/never-was' })
    assert.equal(res.statusCode, 404)
    assert.equal(res.json().code, 'not_found')
  })

  test('a path segment that cannot be a slug (U+0000, capitals, 81 characters) answers 404 on GET, PUT and DELETE, on every store', async () => {
    for (const segment of ['%00', 'a%00b', 'UPPER', 'a'.repeat(81), 'caf%C3%A9']) {
      for (const method of ['GET', 'PUT', 'DELETE'] as const) {
        const res = await t.request({ method, url: `/api/content/${segment}`, ...(method === 'PUT' ? { payload: { title: 'T?' } } : {}) })
        assert.equal(res.statusCode, 404, `${method} ${segment}: ${res.body}`)
        assert.equal(res.json().code, 'not_found')
      }
    }
  })

  test('the 404 of a DELETE names the slug and does not send the reader to drafts (a key-holder deletes drafts too)', async () => {
    await create({ ...full('del-draft'), status: 'draft' })
    assert.equal(
      (await t.request({ method: 'DELETE', url: '/api/content/del-draft' })).statusCode,
      200,
      'a draft is deleted like any article',
    )
    const res = await t.request({ method: 'DELETE', url: '/api/content/del-draft' })
    assert.equal(res.statusCode, 404)
    assert.match(res.json().message, /del-draft/)
    assert.doesNotMatch(res.json().hint, /draft/i)
    assert.match(res.json().hint, /nothing was deleted/i)
  })
})
