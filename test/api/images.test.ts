// POST /api/content/images and GET /images/<key>: type from the bytes, 10 MB limit, fixed and
// content-hashed keys, dry run, serving with ETag/304 and caching, traversal refused, the cascade.
import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { LIMITS } from '../../src/contract/limits.js'
import { avif, gif, jpeg, multipart, png, webp } from '../helpers/image-fixtures.js'
import { articlePayload, startTestApp, type TestApp } from '../helpers/test-app.js'

let t: TestApp
before(async () => {
  t = await startTestApp()
})
after(() => t.close())

type Part = { name: string; value: Buffer | string; filename?: string; type?: string }
function upload(parts: Part[], options: { token?: string | null; query?: string } = {}) {
  const { payload, headers } = multipart(parts)
  return t.request({
    method: 'POST',
    url: `/api/content/images${options.query ?? ''}`,
    payload,
    headers,
    ...(options.token !== undefined ? { token: options.token } : {}),
  })
}
const file = (bytes: Buffer, filename = 'upload.bin', type = 'application/octet-stream'): Part => ({
  name: 'file',
  value: bytes,
  filename,
  type,
})
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')
const onDisk = () => t.store.dialect === 'sqlite'
/** Images are public with their published article. */
async function publishArticle(slug: string) {
  const res = await t.request({ method: 'POST', url: '/api/content/', payload: articlePayload({ slug }) })
  assert.equal(res.statusCode, 200, res.body)
}

describe('upload', () => {
  test('each of the five types is read from the bytes and stored under <slug>/featured.<ext> by default', async () => {
    const cases = [
      [webp(), 'image/webp', 'webp'],
      [jpeg(), 'image/jpeg', 'jpg'],
      [png(), 'image/png', 'png'],
      [gif(), 'image/gif', 'gif'],
      [avif(), 'image/avif', 'avif'],
    ] as const
    for (const [bytes, type, ext] of cases) {
      const slug = `img-type-${ext}`
      const res = await upload([file(bytes, 'no-extension', 'text/plain'), { name: 'slug', value: slug }])
      assert.equal(res.statusCode, 200, res.body)
      const body = res.json()
      assert.equal(body.status, 'ok')
      assert.equal(body.ok, true)
      assert.equal(body.dry_run, undefined)
      assert.deepEqual(body.image, { key: `${slug}/featured.${ext}`, url: `/images/${slug}/featured.${ext}`, type, size: bytes.length })
      await publishArticle(slug)
      const served = await t.app.inject({ method: 'GET', url: body.image.url })
      assert.equal(served.statusCode, 200)
      assert.equal(served.headers['content-type'], type)
      assert.equal(served.headers['content-length'], String(bytes.length))
      assert.deepEqual(served.rawPayload, bytes)
    }
  })

  test('a renamed non-image (image.png holding text) answers 400 validation_failed naming file', async () => {
    const res = await upload([
      file(Buffer.from('this is not an image at all, only text'), 'image.png', 'image/png'),
      { name: 'slug', value: 'img-fake' },
    ])
    assert.equal(res.statusCode, 400)
    assert.equal(res.json().code, 'validation_failed')
    assert.equal(res.json().errors[0].field, 'file')
  })

  test('a recognised but unaccepted type (PDF) answers 400 naming file', async () => {
    const res = await upload([
      file(Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n'), 'x.webp'),
      { name: 'slug', value: 'img-pdf' },
    ])
    assert.equal(res.statusCode, 400)
    assert.equal(res.json().errors[0].field, 'file')
  })

  test('missing file, missing slug and a bad slug answer 400 validation_failed naming the part', async () => {
    const noFile = await upload([{ name: 'slug', value: 'img-nofile' }])
    assert.equal(noFile.statusCode, 400)
    assert.deepEqual(
      noFile.json().errors.map((e: { field: string }) => e.field),
      ['file'],
    )
    const noSlug = await upload([file(png())])
    assert.equal(noSlug.statusCode, 400)
    assert.deepEqual(
      noSlug.json().errors.map((e: { field: string }) => e.field),
      ['slug'],
    )
    for (const slug of ['Bad Slug', '../etc', 'a'.repeat(81), 'x/y']) {
      const res = await upload([file(png()), { name: 'slug', value: slug }])
      assert.equal(res.statusCode, 400, slug)
      assert.equal(res.json().code, 'validation_failed')
      assert.deepEqual(
        res.json().errors.map((e: { field: string }) => e.field),
        ['slug'],
      )
    }
  })

  test('a non-multipart content type answers a clear 400 and JSON parsing elsewhere is unchanged', async () => {
    const json = await t.request({ method: 'POST', url: '/api/content/images', payload: { slug: 'x' } })
    assert.equal(json.statusCode, 400)
    assert.match(json.json().message, /multipart\/form-data/)
    const none = await t.request({ method: 'POST', url: '/api/content/images' })
    assert.equal(none.statusCode, 400)
    assert.match(none.json().message, /multipart\/form-data/)
    const article = await t.request({ method: 'POST', url: '/api/content/', payload: articlePayload({ slug: 'img-json-still-works' }) })
    assert.equal(article.statusCode, 200, article.body)
    const badJson = await t.request({
      method: 'POST',
      url: '/api/content/',
      payload: '{nope',
      headers: { 'content-type': 'application/json' },
    })
    assert.equal(badJson.json().code, 'invalid_json')
  })

  test('a malformed or empty Content-Type answers 400 bad_request (a multipart endpoint: never invalid_json)', async () => {
    for (const contentType of [';', '', ' ', '/', 'multipart/form-data;;boundary']) {
      const res = await t.request({ method: 'POST', url: '/api/content/images', payload: 'x', headers: { 'content-type': contentType } })
      assert.equal(res.statusCode, 400, `${JSON.stringify(contentType)}: ${res.body}`)
      assert.equal(res.json().code, 'bad_request', JSON.stringify(contentType))
      assert.match(res.json().message, /Content-Type|multipart/)
    }
  })

  test('a malformed multipart body answers 400 bad_request, never a 500', async () => {
    for (const [payload, contentType] of [
      ['abc', 'multipart/form-data'],
      ['--x\r\nbroken', 'multipart/form-data; boundary=x'],
      ['--x\r\nContent-Disposition: form-data; name="slug"\r\n\r\nabc', 'multipart/form-data; boundary=x'],
    ]) {
      const res = await t.request({ method: 'POST', url: '/api/content/images', payload, headers: { 'content-type': contentType } })
      assert.equal(res.statusCode, 400, `${contentType}: ${res.body}`)
      assert.equal(res.json().code, 'bad_request')
    }
  })

  test('HEAD /images/<key> answers the headers without the bytes', async () => {
    await upload([file(png()), { name: 'slug', value: 'img-head' }])
    await publishArticle('img-head')
    const res = await t.app.inject({ method: 'HEAD', url: '/images/img-head/featured.png' })
    assert.equal(res.statusCode, 200)
    assert.equal(res.headers['content-type'], 'image/png')
    assert.equal(res.headers['content-length'], String(png().length))
    assert.equal(res.body, '')
  })

  test('a file of 10 MB is accepted; 10 MB + 1 byte answers 413 payload_too_large', async () => {
    const exact = Buffer.concat([png(), Buffer.alloc(LIMITS.imageFileBytes - png().length)])
    const ok = await upload([{ name: 'slug', value: 'img-big' }, file(exact), { name: 'dry_run', value: '1' }])
    assert.equal(ok.statusCode, 200, ok.body)
    assert.equal(ok.json().image.size, LIMITS.imageFileBytes)
    const over = await upload([{ name: 'slug', value: 'img-big' }, file(Buffer.concat([exact, Buffer.from([0])]))])
    assert.equal(over.statusCode, 413)
    assert.equal(over.json().code, 'payload_too_large')
    assert.equal((await t.store.images.listFor('img-big')).length, 0)
  })

  test('dry_run checks and writes nothing; the answer carries dry_run and persisted false', async () => {
    const res = await upload([file(png()), { name: 'slug', value: 'img-dry' }, { name: 'dry_run', value: 'true' }])
    assert.equal(res.statusCode, 200)
    assert.equal(res.json().dry_run, true)
    assert.equal(res.json().persisted, false)
    assert.equal(res.json().image.key, 'img-dry/featured.png')
    assert.equal((await t.store.images.listFor('img-dry')).length, 0)
    assert.equal((await t.app.inject({ method: 'GET', url: '/images/img-dry/featured.png' })).statusCode, 404)
    assert.equal((await upload([file(png()), { name: 'slug', value: 'img-dry' }], { query: '?dry_run=1' })).json().persisted, false)
    assert.equal((await t.store.images.listFor('img-dry')).length, 0)
  })

  test('a fixed variant keeps one key per article: a new upload replaces the previous one, even of another type', async () => {
    await publishArticle('img-fixed')
    const first = await upload([file(png(1)), { name: 'slug', value: 'img-fixed' }, { name: 'variant', value: 'og' }])
    assert.equal(first.json().image.key, 'img-fixed/og.png')
    const second = await upload([file(png(2)), { name: 'slug', value: 'img-fixed' }, { name: 'variant', value: 'og' }])
    assert.equal(second.json().image.key, 'img-fixed/og.png')
    assert.deepEqual((await t.app.inject({ method: 'GET', url: '/images/img-fixed/og.png' })).rawPayload, png(2))
    const third = await upload([file(gif()), { name: 'slug', value: 'img-fixed' }, { name: 'variant', value: 'og' }])
    assert.equal(third.json().image.key, 'img-fixed/og.gif')
    assert.deepEqual(
      (await t.store.images.listFor('img-fixed')).map((r) => r.key),
      ['img-fixed/og.gif'],
    )
    assert.equal((await t.app.inject({ method: 'GET', url: '/images/img-fixed/og.png' })).statusCode, 404)
    if (onDisk()) assert.ok(!existsSync(join(t.dataDir, 'images', 'img-fixed', 'og.png')), 'the replaced file is gone')
    for (const variant of ['square', 'thumbnail', 'featured']) {
      assert.equal(
        (await upload([file(png()), { name: 'slug', value: 'img-fixed' }, { name: 'variant', value: variant }])).json().image.key,
        `img-fixed/${variant}.png`,
      )
    }
  })

  test('any other variant name is stored under its content hash, beside the others', async () => {
    const a = png(10)
    const b = png(11)
    const ra = await upload([file(a), { name: 'slug', value: 'img-hash' }, { name: 'variant', value: 'gallery' }])
    const rb = await upload([file(b), { name: 'slug', value: 'img-hash' }, { name: 'variant', value: 'gallery' }])
    assert.equal(ra.json().image.key, `img-hash/${sha(a)}.png`)
    assert.equal(rb.json().image.key, `img-hash/${sha(b)}.png`)
    assert.equal((await t.store.images.listFor('img-hash')).length, 2)
    const bad = await upload([file(a), { name: 'slug', value: 'img-hash' }, { name: 'variant', value: '../../x' }])
    assert.equal(bad.statusCode, 400)
    assert.equal(bad.json().errors[0].field, 'variant')
  })

  test('upload needs a Bearer key with the write scope', async () => {
    assert.equal((await upload([file(png()), { name: 'slug', value: 'img-auth' }], { token: null })).statusCode, 401)
    assert.equal((await upload([file(png()), { name: 'slug', value: 'img-auth' }], { token: t.readToken })).statusCode, 403)
  })
})

describe('serving', () => {
  test('fixed-variant keys revalidate; hashed keys are immutable; strong ETag and 304 on If-None-Match', async () => {
    const bytes = png(42)
    await publishArticle('img-serve')
    await upload([file(bytes), { name: 'slug', value: 'img-serve' }])
    const hashed = (await upload([file(bytes), { name: 'slug', value: 'img-serve' }, { name: 'variant', value: 'inline' }])).json().image
    const fixed = await t.app.inject({ method: 'GET', url: '/images/img-serve/featured.png' })
    assert.equal(fixed.statusCode, 200)
    const etag = fixed.headers.etag as string
    assert.match(etag, /^"[A-Za-z0-9_-]+"$/, 'strong ETag')
    assert.equal(fixed.headers['cache-control'], 'public, no-cache')
    const immutable = await t.app.inject({ method: 'GET', url: hashed.url })
    assert.equal(immutable.headers['cache-control'], 'public, max-age=31536000, immutable')
    assert.equal(immutable.headers.etag, etag, 'same bytes, same ETag')
    const revalidated = await t.app.inject({ method: 'GET', url: '/images/img-serve/featured.png', headers: { 'if-none-match': etag } })
    assert.equal(revalidated.statusCode, 304)
    assert.equal(revalidated.body, '')
    assert.equal(
      (await t.app.inject({ method: 'GET', url: '/images/img-serve/featured.png', headers: { 'if-none-match': '"other"' } })).statusCode,
      200,
    )
    await upload([file(png(43)), { name: 'slug', value: 'img-serve' }])
    const changed = await t.app.inject({ method: 'GET', url: '/images/img-serve/featured.png', headers: { 'if-none-match': etag } })
    assert.equal(changed.statusCode, 200, 'a replaced fixed image no longer matches the old ETag')
  })

  test('keys can never escape the images folder', async () => {
    await upload([file(png()), { name: 'slug', value: 'img-trav' }])
    await publishArticle('img-trav')
    const attempts = [
      '/images/../folio.db',
      '/images/img-trav/../../folio.db',
      '/images/%2e%2e/folio.db',
      '/images/%2E%2E%2Ffolio.db',
      '/images/img-trav/%2e%2e/%2e%2e/folio.db',
      '/images/..%5c..%5cfolio.db',
      '/images/img-trav\\..\\..\\folio.db',
      '/images//etc/passwd',
      '/images/%2Fetc%2Fpasswd',
      '/images/img-trav/featured.png%00.png',
      '/images/folio.db',
      '/images/',
    ]
    for (const url of attempts) {
      const res = await t.app.inject({ method: 'GET', url })
      assert.ok(res.statusCode === 404 || res.statusCode === 400, `${url} answered ${res.statusCode}`)
      assert.ok(!res.rawPayload.includes(Buffer.from('SQLite format')), url)
    }
    assert.equal((await t.app.inject({ method: 'GET', url: '/images/img-trav/featured.png' })).statusCode, 200)
  })
})

describe('visibility', () => {
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers })
  const setStatus = async (slug: string, status: string) =>
    assert.equal((await t.request({ method: 'PUT', url: `/api/content/${slug}`, payload: { status } })).statusCode, 200)

  test('images of a draft, or of a slug with no article, answer 404 with Cache-Control: no-store; they become public on publish', async () => {
    const bytes = png(77)
    const hashed = (await upload([file(bytes), { name: 'slug', value: 'img-draft' }, { name: 'variant', value: 'inline' }])).json().image
    await upload([file(bytes), { name: 'slug', value: 'img-draft' }])
    const urls = ['/images/img-draft/featured.png', hashed.url as string]
    const hidden = async (what: string) => {
      for (const url of urls) {
        for (const method of ['GET', 'HEAD'] as const) {
          const res = await t.app.inject({ method, url })
          assert.equal(res.statusCode, 404, `${what}: ${method} ${url}`)
          assert.equal(res.headers['cache-control'], 'no-store', `${what}: ${method} ${url}`)
        }
      }
    }
    await hidden('no article yet')
    const draft = await t.request({ method: 'POST', url: '/api/content/', payload: articlePayload({ slug: 'img-draft', status: 'draft' }) })
    assert.equal(draft.statusCode, 200, draft.body)
    await hidden('a draft')
    await setStatus('img-draft', 'published')
    const shown = await get(urls[0]!)
    assert.equal(shown.statusCode, 200, 'public once published')
    assert.deepEqual(shown.rawPayload, bytes)
    assert.equal((await get(urls[1]!)).statusCode, 200)
    await setStatus('img-draft', 'draft')
    await hidden('back to draft (nothing kept the published answer)')
    const etag = String(shown.headers.etag)
    const conditional = await get(urls[0]!, { 'if-none-match': etag })
    assert.equal(conditional.statusCode, 404, 'a revalidation of a hidden image is 404, not 304')
    const unknown = await get('/images/img-draft/og.png')
    assert.equal(unknown.statusCode, 404)
    assert.deepEqual(
      Object.keys(unknown.json()).sort(),
      Object.keys((await get(urls[0]!)).json()).sort(),
      'a hidden image looks like no image',
    )
  })
})

describe('deletion cascade and the 12 MB limit', () => {
  test('deleting an article removes its images, records and bytes, in the same operation', async () => {
    await t.request({ method: 'POST', url: '/api/content/', payload: articlePayload({ slug: 'img-cascade' }) })
    await upload([file(png()), { name: 'slug', value: 'img-cascade' }])
    const hashed = (await upload([file(gif()), { name: 'slug', value: 'img-cascade' }, { name: 'variant', value: 'body-1' }])).json().image
    await upload([file(png()), { name: 'slug', value: 'img-cascade-other' }])
    assert.equal((await t.store.images.listFor('img-cascade')).length, 2)
    assert.equal((await t.request({ method: 'DELETE', url: '/api/content/img-cascade' })).statusCode, 200)
    assert.deepEqual(await t.store.images.listFor('img-cascade'), [])
    assert.equal((await t.app.inject({ method: 'GET', url: '/images/img-cascade/featured.png' })).statusCode, 404)
    assert.equal((await t.app.inject({ method: 'GET', url: hashed.url })).statusCode, 404)
    assert.equal(await t.store.images.bytes(hashed.key), undefined)
    if (onDisk()) assert.ok(!existsSync(join(t.dataDir, 'images', 'img-cascade')))
    assert.equal((await t.store.images.listFor('img-cascade-other')).length, 1, 'other slugs keep theirs')
  })

  test('an image uploaded for a slug that is not an article yet is kept, and counts once the article is created', async () => {
    await upload([file(png()), { name: 'slug', value: 'img-later' }])
    assert.equal((await t.store.images.listFor('img-later')).length, 1)
    assert.equal(
      (await t.request({ method: 'POST', url: '/api/content/', payload: articlePayload({ slug: 'img-later' }) })).statusCode,
      200,
    )
    assert.equal((await t.store.images.listFor('img-later')).length, 1)
  })

  test('DELETE of a slug that never became an article answers 404 and removes the images uploaded for it', async () => {
    await upload([file(png()), { name: 'slug', value: 'img-never' }])
    const res = await t.request({ method: 'DELETE', url: '/api/content/img-never' })
    assert.equal(res.statusCode, 404)
    assert.deepEqual(await t.store.images.listFor('img-never'), [])
  })

  test('an article with its images at 12 MB or more answers 413 on create and update (dry run too)', async () => {
    const big = Buffer.concat([png(), Buffer.alloc(9 * 1024 * 1024)])
    assert.equal((await upload([file(big), { name: 'slug', value: 'img-heavy' }])).statusCode, 200)
    const padding = 'x'.repeat(3 * 1024 * 1024)
    const create = await t.request({
      method: 'POST',
      url: '/api/content/',
      payload: articlePayload({ slug: 'img-heavy', excerpt: padding }),
    })
    assert.equal(create.statusCode, 413, create.body)
    assert.equal(create.json().code, 'payload_too_large')
    const dry = await t.request({
      method: 'POST',
      url: '/api/content/?dry_run=1',
      payload: articlePayload({ slug: 'img-heavy', excerpt: padding }),
    })
    assert.equal(dry.statusCode, 413)
    assert.equal(
      (await t.request({ method: 'POST', url: '/api/content/', payload: articlePayload({ slug: 'img-heavy' }) })).statusCode,
      200,
    )
    const update = await t.request({ method: 'PUT', url: '/api/content/img-heavy', payload: { excerpt: padding } })
    assert.equal(update.statusCode, 413)
    assert.equal((await t.store.articles.get('img-heavy'))!.excerpt.length < 1000, true, 'nothing written')
    // An upload that would take the article over the limit is refused too.
    const second = await upload([
      file(Buffer.concat([gif(), Buffer.alloc(3 * 1024 * 1024)])),
      { name: 'slug', value: 'img-heavy' },
      { name: 'variant', value: 'extra' },
    ])
    assert.equal(second.statusCode, 413)
  })
})
