// Revisions with undo: every update, delete and restore keeps the state it replaced, named by the
// key that made the change; a revision reads as it was and can become the article again (a
// deleted one too, listing the images it lost); retention by count and by days after a delete; a
// revision that cannot be written leaves nothing written. And the auth matrix of every new endpoint.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { issueKey } from '../../src/auth/api-keys.js'
import { API_VERSION } from '../../src/contract/version.js'
import type { KyselyStore } from '../../src/store/kysely-store.js'
import { multipart, png } from '../helpers/image-fixtures.js'
import { articlePayload, BASE_URL, startTestApp, type TestApp } from '../helpers/test-app.js'

let t: TestApp
let now = Date.parse('2026-05-01T10:00:00.000Z')
let editorToken = ''

before(async () => {
  t = await startTestApp({ clock: () => new Date((now += 60_000)) })
  editorToken = (await issueKey(t.store.keys, 'jane-editor', 'write')).token
})
after(() => t.close())

const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token?: string | null) =>
  t.request({ method, url, ...(payload ? { payload } : {}), ...(token !== undefined ? { token } : {}) })
const revisionsOf = async (slug: string, query = '') => {
  const res = await send('GET', `/api/content/${slug}/revisions${query}`, undefined, t.readToken)
  assert.equal(res.statusCode, 200, res.body)
  return res.json()
}

describe('revisions on update, delete and restore', () => {
  before(async () => {
    assert.equal((await send('POST', '/api/content/', articlePayload({ slug: 'history', title: 'First title?' }))).statusCode, 200)
    assert.equal((await send('PUT', '/api/content/history', { title: 'Second title?' }, editorToken)).statusCode, 200)
    assert.equal((await send('PUT', '/api/content/history', { title: 'Third title?', status: 'draft' })).statusCode, 200)
  })

  test('each update keeps the state it replaced, newest first, named by the key that made the change', async () => {
    const body = await revisionsOf('history')
    assert.equal(body.status, 'ok')
    assert.equal(body.slug, 'history')
    assert.equal(body.next_cursor, null)
    assert.deepEqual(
      body.revisions.map((r: Record<string, unknown>) => [r.revision, r.change, r.status, r.title, r.by]),
      [
        [2, 'update', 'published', 'Second title?', 'test-writer'],
        [1, 'update', 'published', 'First title?', 'jane-editor'],
      ],
    )
    const [newest] = body.revisions
    assert.match(newest.saved_at, /^2026-05-01T10:\d\d:00\.000Z$/)
    assert.ok(Number.isInteger(newest.size) && newest.size > 100)
    assert.ok(!JSON.stringify(body).includes(editorToken), 'a name, never a token')
  })

  test('a revision reads the article as it was', async () => {
    const res = await send('GET', '/api/content/history/revisions/1', undefined, t.readToken)
    assert.equal(res.statusCode, 200)
    const body = res.json()
    assert.equal(body.revision, 1)
    assert.equal(body.change, 'update')
    assert.equal(body.by, 'jane-editor')
    assert.equal(body.article.title, 'First title?')
    assert.equal(body.article.status, 'published')
    assert.equal(body.article.url, `${BASE_URL}/insights/strategy/history/`)
    assert.equal(res.headers['cache-control'], 'private, no-store')
    for (const missing of ['/api/content/history/revisions/3', '/api/content/history/revisions/0', '/api/content/history/revisions/x']) {
      assert.equal((await send('GET', missing, undefined, t.readToken)).statusCode, 404, missing)
    }
  })

  test('a dry-run restore checks and writes nothing; a restore makes the revision the article and keeps what it replaced', async () => {
    const before = await t.store.articles.get('history')
    const dry = await send('POST', '/api/content/history/revisions/1/restore?dry_run=1')
    assert.equal(dry.statusCode, 200, dry.body)
    assert.deepEqual(
      { ...(dry.json() as Record<string, unknown>), warnings: undefined },
      {
        status: 'ok',
        version: API_VERSION,
        dry_run: true,
        persisted: false,
        slug: 'history',
        url: `${BASE_URL}/insights/strategy/history/`,
        status_after: 'published',
        warnings: undefined,
        missing_images: [],
      },
    )
    assert.deepEqual(await t.store.articles.get('history'), before)

    const res = await send('POST', '/api/content/history/revisions/1/restore', undefined, editorToken)
    assert.equal(res.statusCode, 200, res.body)
    const body = res.json()
    assert.equal(body.ok, true)
    assert.equal(body.url, `${BASE_URL}/insights/strategy/history/`)
    assert.ok(Array.isArray(body.warnings))
    assert.deepEqual(body.missing_images, [])
    const restored = (await send('GET', '/api/content/history', undefined, null)).json().article
    assert.equal(restored.title, 'First title?')
    assert.equal(restored.status, 'published', 'public again, as it was')
    const [newest] = (await revisionsOf('history')).revisions
    assert.deepEqual(
      [newest.revision, newest.change, newest.title, newest.status, newest.by],
      [3, 'restore', 'Third title?', 'draft', 'jane-editor'],
    )
  })

  test('a delete shows in the history; the deleted article comes back from a revision, listing the images it lost', async () => {
    const form = multipart([
      { name: 'slug', value: 'comes-back' },
      { name: 'file', value: png(21), filename: 'x.png', type: 'image/png' },
    ])
    const image = (await t.request({ method: 'POST', url: '/api/content/images', payload: form.payload, headers: form.headers })).json()
      .image
    const payload = articlePayload({
      slug: 'comes-back',
      body: `<p>A pricing playbook is a written set of rules.</p><p><img src="${image.url}" alt="x"></p>`,
      cover_image_url: 'https://cdn.example.com/cover.png',
    })
    assert.equal((await send('POST', '/api/content/', payload)).statusCode, 200)
    assert.equal((await send('PUT', '/api/content/comes-back', { excerpt: 'Changed once.' })).statusCode, 200)
    assert.equal((await send('DELETE', '/api/content/comes-back', undefined, editorToken)).statusCode, 200)
    assert.equal((await send('GET', `/images/${image.key}`, undefined, null)).statusCode, 404, 'the delete removed its images')

    const history = await revisionsOf('comes-back')
    assert.deepEqual(
      history.revisions.map((r: Record<string, unknown>) => [r.revision, r.change, r.by]),
      [
        [2, 'delete', 'jane-editor'],
        [1, 'update', 'test-writer'],
      ],
    )
    const res = await send('POST', '/api/content/comes-back/revisions/2/restore')
    assert.equal(res.statusCode, 200, res.body)
    assert.deepEqual(res.json().missing_images, [image.url])
    const back = (await send('GET', '/api/content/comes-back', undefined, null)).json().article
    assert.equal(back.excerpt, 'Changed once.')
    assert.equal((await revisionsOf('comes-back')).revisions.length, 2, 'coming back replaced nothing')
  })

  test('when another article took the slug since the revision was saved, restore answers 409 conflict', async () => {
    assert.equal((await send('POST', '/api/content/', articlePayload({ slug: 'taken-again', title: 'Old one?' }))).statusCode, 200)
    assert.equal((await send('PUT', '/api/content/taken-again', { title: 'Old one, changed?' })).statusCode, 200)
    assert.equal((await send('DELETE', '/api/content/taken-again')).statusCode, 200)
    assert.equal((await send('POST', '/api/content/', articlePayload({ slug: 'taken-again', title: 'New one?' }))).statusCode, 200)
    for (const revision of [1, 2]) {
      const res = await send('POST', `/api/content/taken-again/revisions/${revision}/restore`)
      assert.equal(res.statusCode, 409, res.body)
      assert.equal(res.json().code, 'conflict')
      assert.equal(res.json().errors[0].slug, 'taken-again')
    }
    assert.equal((await send('GET', '/api/content/taken-again', undefined, null)).json().article.title, 'New one?')
    // The new article's own history restores as usual.
    assert.equal((await send('PUT', '/api/content/taken-again', { title: 'New one, changed?' })).statusCode, 200)
    assert.equal((await send('POST', '/api/content/taken-again/revisions/3/restore')).statusCode, 200)
    assert.equal((await send('GET', '/api/content/taken-again', undefined, null)).json().article.title, 'New one?')
  })

  test('a revision naming what the site no longer has is refused with every problem named', async () => {
    assert.equal((await send('POST', '/api/content/', articlePayload({ slug: 'site-changed' }))).statusCode, 200)
    assert.equal((await send('PUT', '/api/content/site-changed', { title: 'Changed title?' })).statusCode, 200)
    const store = t.store as KyselyStore
    const saved = (await store.revisions.get('site-changed', 1))!
    await store.db
      .updateTable('article_revisions')
      .set({ article: JSON.stringify({ ...saved.article, rubric: 'astrology', services: ['palm-reading'] }) })
      .where('slug', '=', 'site-changed')
      .execute()
    const res = await send('POST', '/api/content/site-changed/revisions/1/restore')
    assert.equal(res.statusCode, 400)
    assert.deepEqual(
      res.json().errors.map((e: { field: string }) => e.field),
      ['rubric', 'services[0]'],
    )
  })

  test('the list pages like the catalog: limit, next_cursor, Link; a cursor of another slug or a made-up one is 400', async () => {
    const first = await send('GET', '/api/content/history/revisions?limit=2', undefined, t.readToken)
    const body = first.json()
    assert.deepEqual(
      body.revisions.map((r: { revision: number }) => r.revision),
      [3, 2],
    )
    assert.equal(
      first.headers.link,
      `<${BASE_URL}/api/content/history/revisions?cursor=${encodeURIComponent(body.next_cursor)}&limit=2>; rel="next"`,
    )
    const second = (await revisionsOf('history', `?limit=2&cursor=${encodeURIComponent(body.next_cursor)}`)).revisions
    assert.deepEqual(
      second.map((r: { revision: number }) => r.revision),
      [1],
    )
    for (const [slug, cursor] of [
      ['comes-back', body.next_cursor],
      ['history', 'r1.made-up.value'],
    ]) {
      const res = await send('GET', `/api/content/${slug}/revisions?cursor=${encodeURIComponent(cursor)}`, undefined, t.readToken)
      assert.equal(res.statusCode, 400)
      assert.equal(res.json().errors[0].field, 'cursor')
    }
    assert.equal((await send('GET', '/api/content/history/revisions?limit=0', undefined, t.readToken)).statusCode, 400)
  })

  test('a slug never used has no revisions (404); an article never changed has an empty list', async () => {
    assert.equal((await send('GET', '/api/content/never-used/revisions', undefined, t.readToken)).statusCode, 404)
    assert.equal((await send('POST', '/api/content/', articlePayload({ slug: 'never-changed' }))).statusCode, 200)
    assert.deepEqual((await revisionsOf('never-changed')).revisions, [])
  })
})

describe('retention', () => {
  test('FOLIO_REVISIONS_KEEP keeps the newest N; FOLIO_REVISIONS_DAYS=0 purges a deleted article at its delete', async () => {
    const small = await startTestApp({ env: { FOLIO_REVISIONS_KEEP: '2', FOLIO_REVISIONS_DAYS: '0' } })
    try {
      await small.request({ method: 'POST', url: '/api/content/', payload: articlePayload({ slug: 'kept-few' }) })
      for (const title of ['One?', 'Two?', 'Three?', 'Four?']) {
        assert.equal((await small.request({ method: 'PUT', url: '/api/content/kept-few', payload: { title } })).statusCode, 200)
      }
      const list = (await small.request({ method: 'GET', url: '/api/content/kept-few/revisions' })).json().revisions
      assert.deepEqual(
        list.map((r: { revision: number }) => r.revision),
        [4, 3],
      )
      assert.equal((await small.request({ method: 'DELETE', url: '/api/content/kept-few' })).statusCode, 200)
      assert.equal((await small.request({ method: 'GET', url: '/api/content/kept-few/revisions' })).statusCode, 404)
      assert.equal((await small.request({ method: 'POST', url: '/api/content/kept-few/revisions/4/restore' })).statusCode, 404)
    } finally {
      await small.close()
    }
  })

  test('the revisions of a deleted article stay FOLIO_REVISIONS_DAYS days, then go', async () => {
    let clock = Date.parse('2026-06-01T00:00:00.000Z')
    const app = await startTestApp({ clock: () => new Date(clock), env: { FOLIO_REVISIONS_DAYS: '2' } })
    try {
      const write = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
        app.request({ method, url, ...(payload ? { payload } : {}) })
      await write('POST', '/api/content/', articlePayload({ slug: 'expires' }))
      await write('PUT', '/api/content/expires', { title: 'Changed?' })
      await write('DELETE', '/api/content/expires')
      await write('POST', '/api/content/', articlePayload({ slug: 'busy' }))
      clock += 2 * 86_400_000 - 1000
      await write('PUT', '/api/content/busy', { title: 'A day later?' })
      assert.equal((await app.request({ method: 'GET', url: '/api/content/expires/revisions' })).statusCode, 200, 'still kept')
      clock += 1000
      await write('PUT', '/api/content/busy', { title: 'Two days later?' })
      assert.equal((await app.request({ method: 'GET', url: '/api/content/expires/revisions' })).statusCode, 404, 'gone')
    } finally {
      await app.close()
    }
  })
})

describe('a slug created again', () => {
  test('continues the history of the deleted article, which then no longer expires', async () => {
    let clock = Date.parse('2026-06-01T00:00:00.000Z')
    const app = await startTestApp({ clock: () => new Date(clock), env: { FOLIO_REVISIONS_DAYS: '2' } })
    try {
      const write = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
        app.request({ method, url, ...(payload ? { payload } : {}) })
      await write('POST', '/api/content/', articlePayload({ slug: 'again' }))
      await write('PUT', '/api/content/again', { title: 'Changed?' })
      await write('DELETE', '/api/content/again')
      assert.equal((await write('POST', '/api/content/', articlePayload({ slug: 'again' }))).statusCode, 200)
      await write('POST', '/api/content/', articlePayload({ slug: 'busy' }))
      clock += 3 * 86_400_000
      await write('PUT', '/api/content/busy', { title: 'Three days later?' })
      const history = await app.request({ method: 'GET', url: '/api/content/again/revisions' })
      assert.equal(history.statusCode, 200, history.body)
      assert.equal(history.json().revisions.length, 2, 'the update and the delete are kept')
    } finally {
      await app.close()
    }
  })
})

describe('a revision that cannot be written', () => {
  test('update, delete and restore answer 503 with Retry-After and write nothing; the retry succeeds', async () => {
    assert.equal((await send('POST', '/api/content/', articlePayload({ slug: 'fault-line' }))).statusCode, 200)
    assert.equal((await send('PUT', '/api/content/fault-line', { title: 'Second?' })).statusCode, 200)
    const revisions = (t.store as KyselyStore).revisions
    const appendWithin = revisions.appendWithin
    const before = await t.store.articles.get('fault-line')
    const generation = await t.store.contentGeneration()
    revisions.appendWithin = async () => {
      throw Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' })
    }
    const answers = []
    try {
      answers.push(await send('PUT', '/api/content/fault-line', { title: 'Third?' }))
      answers.push(await send('DELETE', '/api/content/fault-line'))
      answers.push(await send('POST', '/api/content/fault-line/revisions/1/restore'))
    } finally {
      revisions.appendWithin = appendWithin
    }
    for (const res of answers) {
      assert.equal(res.statusCode, 503, res.body)
      assert.equal(res.json().code, 'unavailable')
      assert.match(String(res.headers['retry-after']), /^\d+$/)
    }
    assert.deepEqual(await t.store.articles.get('fault-line'), before)
    assert.equal(await t.store.contentGeneration(), generation)
    assert.equal((await revisionsOf('fault-line')).revisions.length, 1)
    assert.equal((await send('PUT', '/api/content/fault-line', { title: 'Third?' })).statusCode, 200)
    assert.equal((await revisionsOf('fault-line')).revisions.length, 2)
  })
})

describe('the auth matrix of every new endpoint', () => {
  before(async () => {
    assert.equal((await send('POST', '/api/content/', articlePayload({ slug: 'matrix', status: 'draft' }))).statusCode, 200)
    assert.equal((await send('PUT', '/api/content/matrix', { title: 'Matrix?' })).statusCode, 200)
  })

  const ENDPOINTS: { name: string; method: 'GET' | 'POST'; url: string; scope: 'read' | 'write' }[] = [
    { name: 'keyed draft read', method: 'GET', url: '/api/content/matrix?status=all', scope: 'read' },
    { name: 'catalog with drafts', method: 'GET', url: '/api/content/catalog?status=draft', scope: 'read' },
    { name: 'preview link', method: 'POST', url: '/api/content/matrix/preview', scope: 'write' },
    { name: 'revision list', method: 'GET', url: '/api/content/matrix/revisions', scope: 'read' },
    { name: 'one revision', method: 'GET', url: '/api/content/matrix/revisions/1', scope: 'read' },
    { name: 'restore', method: 'POST', url: '/api/content/matrix/revisions/1/restore?dry_run=1', scope: 'write' },
  ]
  for (const endpoint of ENDPOINTS) {
    test(`${endpoint.method} ${endpoint.url} (${endpoint.name}): none 401, bad key 401, read key ${endpoint.scope === 'read' ? '200' : '403'}, write key 200`, async () => {
      const none = await send(endpoint.method, endpoint.url, undefined, null)
      assert.equal(none.statusCode, 401)
      assert.equal(none.headers['www-authenticate'], 'Bearer realm="folio"')
      const bad = await send(endpoint.method, endpoint.url, undefined, 'folio_not-a-key')
      assert.equal(bad.statusCode, 401)
      assert.match(String(bad.headers['www-authenticate']), /error="invalid_token"/)
      const read = await send(endpoint.method, endpoint.url, undefined, t.readToken)
      if (endpoint.scope === 'read') assert.equal(read.statusCode, 200, read.body)
      else {
        assert.equal(read.statusCode, 403)
        assert.equal(read.headers['www-authenticate'], 'Bearer realm="folio", error="insufficient_scope", scope="write"')
      }
      const write = await send(endpoint.method, endpoint.url, undefined, t.writeToken)
      assert.equal(write.statusCode, 200, write.body)
      assert.equal(write.headers['access-control-allow-origin'], undefined, 'no CORS on keyed answers')
    })
  }

  test('the writes count under the content rate policy; the reads under none', async () => {
    for (const endpoint of ENDPOINTS) {
      const res = await send(endpoint.method, endpoint.url, undefined, t.writeToken)
      if (endpoint.method === 'POST') assert.match(String(res.headers.ratelimit), /^"content";r=\d+;t=\d+$/, endpoint.url)
      else assert.equal(res.headers.ratelimit, undefined, endpoint.url)
    }
  })
})
