// POST /api/content/catalog: a dry run reports the changes a rebuild would make and the catalog it
// would leave, writing nothing; apply=1 repairs corrupted derived rows in one write.
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { sql } from 'kysely'
import type { KyselyStore } from '../../src/store/kysely-store.js'
import { articlePayload, startTestApp, type TestApp } from '../helpers/test-app.js'

let t: TestApp
before(async () => {
  t = await startTestApp()
  for (const [slug, rubric, tags, status] of [
    ['r-one', 'strategy', ['alpha', 'beta'], 'published'],
    ['r-two', 'operations', ['beta'], 'published'],
    ['r-draft', 'strategy', ['hidden'], 'draft'],
  ] as const) {
    const res = await t.request({ method: 'POST', url: '/api/content/', payload: articlePayload({ slug, rubric, tags, status }) })
    assert.equal(res.statusCode, 200, res.body)
  }
})
after(() => t.close())

const rebuild = (query = '') => t.request({ method: 'POST', url: `/api/content/catalog${query}` })
const db = () => (t.store as KyselyStore).db

test('on a consistent store the dry run reports no changes', async () => {
  const res = await rebuild()
  assert.equal(res.statusCode, 200, res.body)
  assert.equal(res.json().applied, false)
  assert.deepEqual(res.json().changes, [])
})

test('a corrupted derived state: the dry run reports each change and the catalog it would leave, and writes nothing; apply=1 repairs it', async () => {
  await db().deleteFrom('article_tags').where('slug', '=', 'r-one').where('tag', '=', 'beta').execute()
  await db().insertInto('article_tags').values({ slug: 'r-ghost', tag: 'ghost' }).execute()
  await db().updateTable('rubric_stats').set({ published_count: 7 }).where('rubric', '=', 'strategy').execute()
  await db().deleteFrom('rubric_stats').where('rubric', '=', 'operations').execute()
  await db().insertInto('tag_stats').values({ tag: 'stale', published_count: 3 }).execute()
  await db().updateTable('tag_stats').set({ published_count: 1 }).where('tag', '=', 'beta').execute()
  const generation = await t.store.contentGeneration()

  const corrupted = (await t.request({ method: 'GET', url: '/api/content/catalog' })).json()
  assert.deepEqual(corrupted.categories.find((c: { slug: string }) => c.slug === 'strategy').count, 7)
  assert.ok(corrupted.tags.includes('stale'))

  const dry = await rebuild()
  assert.equal(dry.statusCode, 200)
  const body = dry.json()
  assert.equal(body.applied, false)
  assert.deepEqual(body.changes, [
    { kind: 'article_tags', target: 'r-ghost', before: ['ghost'], after: [] },
    { kind: 'article_tags', target: 'r-one', before: ['alpha'], after: ['alpha', 'beta'] },
    { kind: 'rubric_count', target: 'operations', before: 0, after: 1 },
    { kind: 'rubric_count', target: 'strategy', before: 7, after: 1 },
    { kind: 'tag_count', target: 'beta', before: 1, after: 2 },
    { kind: 'tag_count', target: 'stale', before: 3, after: 0 },
  ])
  assert.equal(body.count, 2)
  assert.deepEqual(
    body.categories.map((c: { slug: string; count: number }) => [c.slug, c.count]),
    [
      ['strategy', 1],
      ['operations', 1],
      ['technology', 0],
      ['people', 0],
    ],
  )
  assert.deepEqual(body.tags, ['alpha', 'beta'])
  assert.deepEqual(body.articles.map((a: { slug: string }) => a.slug).sort(), ['r-one', 'r-two'])
  assert.equal(await t.store.contentGeneration(), generation, 'the dry run wrote nothing')
  assert.equal((await rebuild()).json().changes.length, 6, 'still corrupted after the dry run')

  const applied = await rebuild('?apply=1')
  assert.equal(applied.statusCode, 200)
  assert.equal(applied.json().applied, true)
  assert.deepEqual(applied.json().changes, body.changes)
  assert.ok((await t.store.contentGeneration()) > generation, 'the rebuild moves the content generation')
  assert.deepEqual((await rebuild()).json().changes, [])
  const repaired = (await t.request({ method: 'GET', url: '/api/content/catalog' })).json()
  assert.deepEqual(
    repaired.categories.map((c: { count: number }) => c.count),
    [1, 1, 0, 0],
  )
  assert.deepEqual(repaired.tags, ['alpha', 'beta'])
  const ghost = await sql<{ n: number }>`select count(*) as n from article_tags where slug = 'r-ghost'`.execute(db())
  assert.equal(Number(ghost.rows[0]!.n), 0)
})

test('the rebuild lists every published article, not one page', async () => {
  for (let i = 0; i < 3; i++) await t.request({ method: 'POST', url: '/api/content/', payload: articlePayload({ slug: `r-more-${i}` }) })
  const body = (await rebuild()).json()
  assert.equal(body.articles.length, 5)
  assert.equal(body.next_cursor, undefined)
})

test('the rebuild needs the write scope', async () => {
  const res = await t.request({ method: 'POST', url: '/api/content/catalog', token: t.readToken })
  assert.equal(res.statusCode, 403)
})
