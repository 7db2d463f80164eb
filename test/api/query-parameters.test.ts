// How every endpoint reads its query string, pinned before the routes took their query schemas from
// the endpoint table: a flag is on for 1 or true only (any other value is no flag, never a 400), the
// last of a repeated parameter counts, an unknown parameter is ignored, and a bad value of a
// checked parameter is a 400 that names it.
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { articlePayload, startTestApp, type TestApp } from '../helpers/test-app.js'

let t: TestApp
before(async () => {
  t = await startTestApp()
})
after(() => t.close())

const post = (query: string, slug: string) =>
  t.request({ method: 'POST', url: `/api/content/${query}`, payload: articlePayload({ slug, title: `Query probe ${slug}` }) })
const stored = async (slug: string) => (await t.request({ method: 'GET', url: `/api/content/${slug}`, token: null })).statusCode === 200

test('dry_run is on for 1 and true only; yes, 0, an empty value or none writes', async () => {
  for (const [query, dry] of [
    ['?dry_run=1', true],
    ['?dry_run=true', true],
    ['?dry_run=yes', false],
    ['?dry_run=0', false],
    ['?dry_run=', false],
    ['?dry_run', false],
    ['?DRY_RUN=1', false],
  ] as const) {
    const slug = `q-dry-${Buffer.from(query).toString('hex').slice(0, 20)}`
    const res = await post(query, slug)
    assert.equal(res.statusCode, 200, `${query}: ${res.body}`)
    assert.equal(res.json().dry_run === true, dry, query)
    assert.equal(await stored(slug), !dry, `${query} ${dry ? 'stores nothing' : 'stores the article'}`)
  }
})

test('the last of a repeated parameter counts', async () => {
  assert.equal((await post('?dry_run=1&dry_run=0', 'q-repeat-writes')).json().dry_run, undefined)
  assert.equal(await stored('q-repeat-writes'), true)
  assert.equal((await post('?dry_run=0&dry_run=1', 'q-repeat-checks')).json().dry_run, true)
  assert.equal(await stored('q-repeat-checks'), false)
  const catalog = await t.request({ method: 'GET', url: '/api/content/catalog?limit=50&limit=1' })
  assert.equal(catalog.statusCode, 200)
  assert.equal(catalog.json().articles.length, 1)
  // A bad value that a later one replaces is not read at all.
  assert.equal((await t.request({ method: 'GET', url: '/api/content/catalog?status=nope&status=all' })).statusCode, 200)
})

test('an unknown parameter is ignored, also beside known ones', async () => {
  const res = await post('?utm_source=newsletter&dry_run=1&x[y]=z', 'q-unknown')
  assert.equal(res.statusCode, 200, res.body)
  assert.equal(res.json().dry_run, true)
  const catalog = await t.request({ method: 'GET', url: '/api/content/catalog?foo=bar&limit=1' })
  assert.equal(catalog.statusCode, 200)
  assert.equal(catalog.json().articles.length, 1)
})

test('a bad value of a checked parameter is a 400 validation_failed naming the parameter', async () => {
  for (const [url, field] of [
    ['/api/content/catalog?limit=0', 'limit'],
    ['/api/content/catalog?limit=ten', 'limit'],
    ['/api/content/catalog?limit=1.5', 'limit'],
    ['/api/content/catalog?status=archived', 'status'],
    ['/api/content/catalog?cursor=not-a-cursor', 'cursor'],
    ['/api/content/q-repeat-writes?status=every', 'status'],
  ] as const) {
    const res = await t.request({ method: 'GET', url })
    assert.equal(res.statusCode, 400, url)
    assert.equal(res.json().code, 'validation_failed', url)
    assert.deepEqual(
      res.json().errors.map((e: { field: string }) => e.field),
      [field],
      url,
    )
  }
  // Above the maximum is read as the maximum, not refused.
  assert.equal((await t.request({ method: 'GET', url: '/api/content/catalog?limit=100000' })).statusCode, 200)
})
