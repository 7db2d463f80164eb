// Related articles at the end of an article: published ones in its language that share its rubric
// or tags, the most shared first, newest first among equals; never itself, a draft or another
// language; in the markdown twin too.
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { articlePayload, startTestApp, type TestApp } from '../helpers/test-app.js'

let t: TestApp
before(async () => {
  t = await startTestApp()
  const create = async (slug: string, fields: Record<string, unknown>) => {
    const res = await t.request({
      method: 'POST',
      url: '/api/content/',
      payload: articlePayload({ slug, title: `Article ${slug}`, ...fields }),
    })
    assert.equal(res.statusCode, 200, res.body)
  }
  await create('subject', { rubric: 'strategy', tags: ['pricing', 'sales'], published_at: '2026-05-01T00:00:00Z' })
  await create('same-rubric-and-tags', { rubric: 'strategy', tags: ['pricing', 'sales'], published_at: '2026-01-01T00:00:00Z' })
  await create('same-tag-other-rubric', { rubric: 'operations', tags: ['pricing'], published_at: '2026-04-01T00:00:00Z' })
  await create('same-rubric-newer', { rubric: 'strategy', tags: ['growth'], published_at: '2026-04-20T00:00:00Z' })
  await create('same-rubric-older', { rubric: 'strategy', tags: ['growth'], published_at: '2026-02-01T00:00:00Z' })
  await create('unrelated', { rubric: 'people', tags: ['hiring'], published_at: '2026-04-25T00:00:00Z' })
  await create('draft-twin', { rubric: 'strategy', tags: ['pricing', 'sales'], status: 'draft' })
  await create('german-twin', { rubric: 'strategy', tags: ['pricing', 'sales'], lang: 'de', published_at: '2026-04-30T00:00:00Z' })
})
after(() => t.close())

test('the article page ends with the three most related articles, the most shared first, newest first among equals', async () => {
  const page = await t.request({ method: 'GET', url: '/insights/strategy/subject/', token: null })
  assert.equal(page.statusCode, 200)
  const section = /<section class="related-articles"[\s\S]*?<\/section>/.exec(page.body)?.[0] ?? ''
  assert.match(section, /<h2 id="related-title">Related insights<\/h2>/)
  const slugs = [...section.matchAll(/href="\/insights\/[a-z-]+\/([a-z-]+)\/"/g)].map((m) => m[1])
  assert.deepEqual(slugs, ['same-rubric-and-tags', 'same-rubric-newer', 'same-tag-other-rubric'])
})

test('the markdown twin lists them too, and an article with nothing related shows no section', async () => {
  const twin = await t.request({ method: 'GET', url: '/insights/strategy/subject/', token: null, headers: { accept: 'text/markdown' } })
  assert.match(
    twin.body,
    /## Related insights\n\n- \[Article same-rubric-and-tags\]\(https:\/\/folio\.test\/insights\/strategy\/same-rubric-and-tags\/\)/,
  )
  await t.request({
    method: 'POST',
    url: '/api/content/',
    payload: articlePayload({ slug: 'lonely', rubric: 'technology', tags: ['quantum'] }),
  })
  const lonely = await t.request({ method: 'GET', url: '/insights/technology/lonely/', token: null })
  assert.doesNotMatch(lonely.body, /related-articles/)
})

test('a card shows its article cover in a fixed box, lazily, with the cover alt text (the title when none)', async () => {
  const res = await t.request({
    method: 'POST',
    url: '/api/content/',
    payload: articlePayload({
      slug: 'with-cover',
      rubric: 'people',
      cover_image_url: '/images/with-cover/featured.png',
      cover_image_alt: 'A chart of team sizes',
    }),
  })
  assert.equal(res.statusCode, 200, res.body)
  const listing = await t.request({ method: 'GET', url: '/insights/people/', token: null })
  assert.match(
    listing.body,
    /<img class="card-cover" src="\/images\/with-cover\/featured\.png" alt="A chart of team sizes" width="1200" height="630" loading="lazy" decoding="async"\/>/,
  )
  assert.doesNotMatch(listing.body, /card-cover[^>]*unrelated/, 'an article without a cover has no image')
})
