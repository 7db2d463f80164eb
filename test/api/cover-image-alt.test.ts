// cover_image_alt: accepted on create and update (trimmed, length-limited by the contract),
// returned in the article's representation, kept by the store (run under FOLIO_TEST_BACKEND=postgres
// too), and used as the cover's alt text on the article page, with the title only as the fallback.
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { LIMITS } from '../../src/contract/limits.js'
import { articlePayload, startTestApp, type TestApp } from '../helpers/test-app.js'

let t: TestApp
before(async () => {
  t = await startTestApp()
})
after(() => t.close())

const COVER = '/images/pricing-playbook/cover.webp'
const stored = async (slug: string) =>
  (JSON.parse((await t.request({ method: 'GET', url: `/api/content/${slug}` })).body) as { article: Record<string, unknown> }).article
const pageOf = async (slug: string) => (await t.request({ method: 'GET', url: `/insights/strategy/${slug}/`, token: null })).body

test('the alt text goes in with the article, comes back from the API and is the image alt on the page', async () => {
  const alt = 'A price ladder drawn on a whiteboard, three steps marked in teal'
  const res = await t.request({
    method: 'POST',
    url: '/api/content/',
    payload: articlePayload({ slug: 'with-alt', cover_image_url: COVER, cover_image_alt: `  ${alt} ` }),
  })
  assert.equal(res.statusCode, 200, res.body)
  assert.equal((await stored('with-alt')).cover_image_alt, alt)
  assert.match(await pageOf('with-alt'), new RegExp(`<img src="${COVER}" alt="${alt}"`))

  const updated = await t.request({
    method: 'PUT',
    url: '/api/content/with-alt',
    payload: { cover_image_alt: 'Three steps & a margin line' },
  })
  assert.equal(updated.statusCode, 200, updated.body)
  assert.equal((await stored('with-alt')).cover_image_alt, 'Three steps & a margin line')
  assert.match(await pageOf('with-alt'), /alt="Three steps &amp; a margin line"/)

  const untouched = await t.request({ method: 'PUT', url: '/api/content/with-alt', payload: { title: 'A new title' } })
  assert.equal(untouched.statusCode, 200, untouched.body)
  assert.equal((await stored('with-alt')).cover_image_alt, 'Three steps & a margin line', 'an update without the field keeps it')
})

test('without alt text the representation carries an empty string and the page falls back to the title', async () => {
  const res = await t.request({ method: 'POST', url: '/api/content/', payload: articlePayload({ slug: 'no-alt', cover_image_url: COVER }) })
  assert.equal(res.statusCode, 200, res.body)
  assert.equal((await stored('no-alt')).cover_image_alt, '')
  assert.match(await pageOf('no-alt'), /<img src="[^"]+" alt="What is a pricing playbook\?"/)
})

test('alt text longer than the limit, or not a string, is the one validation error and nothing is written', async () => {
  for (const cover_image_alt of ['x'.repeat(LIMITS.coverImageAltMaxLength + 1), 42]) {
    const res = await t.request({ method: 'POST', url: '/api/content/', payload: articlePayload({ slug: 'too-long', cover_image_alt }) })
    assert.equal(res.statusCode, 400, res.body)
    assert.equal((JSON.parse(res.body) as { code: string }).code, 'validation_failed')
    assert.match(res.body, /cover_image_alt/)
  }
  assert.equal((await t.request({ method: 'GET', url: '/api/content/too-long' })).statusCode, 404)
})
