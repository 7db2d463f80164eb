// The move between stores, proven: a realistic store exported from SQLite and imported into
// PostgreSQL answers every public document byte for byte as before, and back again; keys exported
// with --with-keys still authenticate. Damaged exports are refused with the target unchanged, an
// export taken while writers create is whole, and a backup taken while writing opens.
import assert from 'node:assert/strict'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, test } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../src/app.js'
import { loadConfig } from '../../src/config.js'
import { loadSite } from '../../src/content/site-definition.js'
import { exportStore } from '../../src/cli/portability/export-store.js'
import { verifyExport } from '../../src/cli/portability/export-format.js'
import { assertEmpty, importStore } from '../../src/cli/portability/import-store.js'
import type { Store } from '../../src/store/store.js'
import { runFolio } from '../helpers/folio-cli.js'
import { multipart, png } from '../helpers/image-fixtures.js'
import { articlePayload, BASE_URL, startTestApp, TEST_SITE_DIR, type TestApp } from '../helpers/test-app.js'
import { openTestStore, TEST_DATABASE_URL } from '../helpers/test-store.js'

const work = mkdtempSync(join(tmpdir(), 'folio-portability-'))
let source: TestApp
after(async () => {
  await source?.close()
  rmSync(work, { recursive: true, force: true })
})

async function seed(t: TestApp) {
  const create = async (payload: Record<string, unknown>) => {
    const res = await t.request({ method: 'POST', url: '/api/content/', payload })
    assert.equal(res.statusCode, 200, res.body)
  }
  const upload = async (slug: string, variant: string, seedValue: number) => {
    const form = multipart([
      { name: 'file', value: png(seedValue), filename: 'x.png', type: 'image/png' },
      { name: 'slug', value: slug },
      { name: 'variant', value: variant },
    ])
    const res = await t.request({ method: 'POST', url: '/api/content/images', payload: form.payload, headers: form.headers })
    assert.equal(res.statusCode, 200, res.body)
    return res.json().image.url as string
  }
  const cover = await upload('pricing-rules', 'featured', 1)
  const inline = await upload('pricing-rules', 'chart', 2)
  await create(
    articlePayload({
      slug: 'pricing-rules',
      tags: ['pricing', 'Sales', 'zeta', 'a-b', 'ab'],
      services: ['pricing-strategy', 'market-entry'],
      cover_image_url: cover,
      body: `<p>A pricing playbook is a set of rules.</p><h2>Why?</h2><p><img src="${inline}" alt="chart"> Ladders help.</p>`,
      content: {
        faq: [{ q: 'Who owns it?', a: 'Sales.' }],
        key_takeaways: ['Write it down.'],
        sources: [{ title: 'Study', url: 'https://example.org/s', publisher: 'Example' }],
      },
      published_at: '2026-03-01T08:00:00Z',
      author: 'Ann Example',
      meta_title: 'Pricing rules',
    }),
  )
  await create(
    articlePayload({
      slug: 'preisregeln',
      lang: 'de',
      title: 'Preisregeln',
      translation_of: 'pricing-rules',
      published_at: '2026-03-02T08:00:00Z',
    }),
  )
  // Ties in publication time: the slug decides the order on both stores.
  for (const [slug, rubric] of [
    ['tie-b', 'operations'],
    ['tie-a', 'operations'],
    ['tie-a-b', 'technology'],
    ['tie-ab', 'people'],
  ])
    await create(articlePayload({ slug, rubric, title: `Tie ${slug}`, tags: ['ties', slug], published_at: '2026-04-01T00:00:00Z' }))
  await create(articlePayload({ slug: 'a-draft', status: 'draft', title: 'Not yet' }))
  await create(articlePayload({ slug: 'to-delete', title: 'Going away' }))
  assert.equal((await t.request({ method: 'PUT', url: '/api/content/tie-b', payload: { title: 'Tie B, retitled' } })).statusCode, 200)
  assert.equal((await t.request({ method: 'DELETE', url: '/api/content/to-delete' })).statusCode, 200)
}

/** Every public answer a reader or an agent can get, by URL, with its bytes. */
async function publicAnswers(app: FastifyInstance, store: Store, token: string): Promise<Map<string, string>> {
  const answers = new Map<string, string>()
  const get = async (url: string, headers: Record<string, string> = {}) => {
    const res = await app.inject({ method: 'GET', url, headers })
    assert.equal(res.statusCode, 200, `${url}: ${res.statusCode}`)
    answers.set(`${url} ${JSON.stringify(headers)}`, res.rawPayload.toString('base64'))
    return res
  }
  for (const path of [
    '/sitemap.xml',
    '/feed.xml',
    '/feed.json',
    '/llms.txt',
    '/insights/llms.txt',
    '/services/llms.txt',
    '/',
    '/insights/',
  ])
    await get(path)
  let cursor: string | null = ''
  const auth = { authorization: `Bearer ${token}` }
  while (cursor !== null) {
    const page: { articles: { slug: string; url: string; status: string }[]; next_cursor: string | null } = (
      await get(`/api/content/catalog?limit=3&status=all${cursor ? `&cursor=${cursor}` : ''}`, auth)
    ).json()
    for (const summary of page.articles as { slug: string; url: string; status: string }[]) {
      await get(`/api/content/${summary.slug}?status=all`, auth)
      if (summary.status === 'published') {
        await get(`/api/content/${summary.slug}`)
        await get(summary.url.slice(BASE_URL.length))
        await get(summary.url.slice(BASE_URL.length), { accept: 'text/markdown' })
      }
    }
    cursor = page.next_cursor
  }
  // Keys first, then the requests: the snapshot holds the store's connection while it reads.
  const keys = await store.snapshots.read(async (rows) => {
    const found: string[] = []
    for await (const image of rows.images()) found.push(image.key)
    return found
  })
  for (const key of keys) await get(`/images/${key}?status=all`, auth)
  return answers
}

async function appOn(store: Store) {
  const config = loadConfig({ FOLIO_DATA_DIR: work, FOLIO_PUBLIC_URL: BASE_URL, FOLIO_DEMO_CONTENT: '0', LOG_LEVEL: 'silent' })
  const built = await buildApp(config, { store, site: loadSite(TEST_SITE_DIR), logger: false })
  await built.app.ready()
  return built.app
}

async function move(from: Store, to: Store, name: string) {
  const dir = join(work, name)
  const manifest = await exportStore(from, dir, { withKeys: true, folioVersion: 'test' })
  await assertEmpty(to)
  await importStore(to, dir, await verifyExport(dir))
  return manifest
}

before(async () => {
  source = await startTestApp()
  await seed(source)
})

test(
  'SQLite → PostgreSQL → SQLite: every public answer is byte for byte the same, and the keys still work',
  { skip: !TEST_DATABASE_URL && 'FOLIO_TEST_DATABASE_URL is not set' },
  async () => {
    const expected = await publicAnswers(source.app, source.store, source.writeToken)
    assert.ok(expected.size > 30, `${expected.size} answers compared`)

    const postgres = await openTestStore(mkdtempSync(join(work, 'pg-')), 'postgres')
    const back = await openTestStore(mkdtempSync(join(work, 'sqlite-')), 'sqlite')
    try {
      const manifest = await move(source.store, postgres, 'to-postgres')
      assert.deepEqual(manifest.counts, { articles: 7, revisions: 2, images: 2, keys: 2 })
      const onPostgres = await appOn(postgres)
      assert.deepEqual(await publicAnswers(onPostgres, postgres, source.writeToken), expected)
      const written = await onPostgres.inject({
        method: 'POST',
        url: '/api/content/?dry_run=1',
        payload: articlePayload({ slug: 'check-key' }),
        headers: { authorization: `Bearer ${source.writeToken}` },
      })
      assert.equal(written.statusCode, 200, 'the exported write key authenticates on the imported store')
      const revisions = await onPostgres.inject({
        method: 'GET',
        url: '/api/content/tie-b/revisions',
        headers: { authorization: `Bearer ${source.readToken}` },
      })
      assert.equal(revisions.json().revisions.length, 1)
      await onPostgres.close()

      await move(postgres, back, 'to-sqlite')
      const onSqlite = await appOn(back)
      assert.deepEqual(await publicAnswers(onSqlite, back, source.writeToken), expected)
      await onSqlite.close()
    } finally {
      await postgres.close()
      await back.close()
    }
  },
)

test('a damaged export is refused naming what is wrong, and the target store stays empty', async () => {
  const dir = join(work, 'damaged-source')
  await exportStore(source.store, dir, { withKeys: false, folioVersion: 'test' })
  const target = mkdtempSync(join(work, 'target-'))
  const importing = async (path: string) => {
    try {
      await runFolio(target, ['import', path])
      assert.fail('the import succeeded')
    } catch (error) {
      const e = error as { code: number; stderr: string }
      assert.equal(e.code, 1)
      return e.stderr
    }
  }
  const archive = join(work, 'whole.tar.gz')
  await runFolio(source.dataDir, ['export', '--out', archive])

  const changed = join(work, 'one-byte')
  rmSync(changed, { recursive: true, force: true })
  await exportStore(source.store, changed, { withKeys: false, folioVersion: 'test' })
  const articles = readFileSync(join(changed, 'articles.ndjson'))
  articles[100] = articles[100]! ^ 1
  writeFileSync(join(changed, 'articles.ndjson'), articles)
  assert.match(
    await importing(changed),
    /^folio: nothing imported: articles\.ndjson does not match its sha256 in manifest\.json \(damaged\)\n$/,
  )

  const missing = join(work, 'missing')
  await exportStore(source.store, missing, { withKeys: false, folioVersion: 'test' })
  const manifest = JSON.parse(readFileSync(join(missing, 'manifest.json'), 'utf8'))
  const image = Object.keys(manifest.files).find((p) => p.startsWith('images/'))!
  rmSync(join(missing, image))
  assert.match(await importing(missing), new RegExp(`nothing imported: ${image.replace(/[.]/g, '\\.')} is missing`))

  const truncated = join(work, 'truncated.tar.gz')
  writeFileSync(truncated, readFileSync(archive).subarray(0, 300))
  assert.match(await importing(truncated), /nothing imported: .*truncated\.tar\.gz is not a readable \.tar\.gz/)

  const foreign = join(work, 'foreign')
  rmSync(foreign, { recursive: true, force: true })
  await exportStore(source.store, foreign, { withKeys: false, folioVersion: 'test' })
  writeFileSync(join(foreign, 'manifest.json'), JSON.stringify({ format: 'wordpress-wxr' }))
  assert.match(await importing(foreign), /nothing imported: not a Folio export/)

  const store = await openTestStore(target, 'sqlite')
  assert.deepEqual(await store.snapshots.holdings(), { articles: 0, images: 0, keys: 0 })
  assert.equal(existsSync(join(target, 'images')) ? (await store.images.listFor('pricing-rules')).length : 0, 0)
  await store.close()

  // The whole archive imports, and a second import into the now full store is refused.
  const ok = await runFolio(target, ['import', archive])
  assert.match(ok.stdout, /^imported 7 article\(s\), 2 revision\(s\), 2 image\(s\), no keys/)
  assert.match(
    await importing(archive),
    /nothing imported: the target store already holds 7 article\(s\), 2 image\(s\) and 0 key\(s\); import into an empty store/,
  )
})

test('an export taken while 20 writers keep creating matches its manifest, and every article in it is whole', async () => {
  const reader = await openTestStore(source.dataDir, 'sqlite')
  let writing = true
  let created = 0
  const writers = Array.from({ length: 20 }, async (_, w) => {
    for (let i = 0; writing; i++) {
      const res = await source.request({
        method: 'POST',
        url: '/api/content/',
        payload: articlePayload({ slug: `w${w}-${i}`, body: `<p>${'Whole text. '.repeat(200)}</p>` }),
      })
      assert.equal(res.statusCode, 200)
      created++
    }
  })
  try {
    while (created < 40) await new Promise((resolve) => setTimeout(resolve, 5))
    const dir = join(work, 'under-writes')
    const manifest = await exportStore(reader, dir, { withKeys: false, folioVersion: 'test' })
    writing = false
    await Promise.all(writers)
    assert.deepEqual(await verifyExport(dir), manifest)
    const lines = readFileSync(join(dir, 'articles.ndjson'), 'utf8').trim().split('\n')
    assert.equal(lines.length, manifest.counts.articles)
    for (const line of lines) {
      const row = JSON.parse(line) as { slug: string; body: string }
      if (row.slug.startsWith('w')) assert.equal(row.body, `<p>${'Whole text. '.repeat(200)}</p>`)
    }
    assert.ok(manifest.counts.articles < 7 + created, 'a snapshot: writes after it began are not in it')
  } finally {
    writing = false
    await Promise.all(writers)
    await reader.close()
  }
})

test('folio backup while the server writes gives a database that opens with every image', async () => {
  const out = join(work, 'backup')
  let writing = true
  const writer = (async () => {
    for (let i = 0; writing; i++)
      await source.request({ method: 'POST', url: '/api/content/', payload: articlePayload({ slug: `b-${i}` }) })
  })()
  const run = await runFolio(source.dataDir, ['backup', '--out', out])
  writing = false
  await writer
  assert.match(run.stdout, /^backed up the database \(\d+ bytes\) and 2 image file\(s\) to /)
  const restored = await openTestStore(out, 'sqlite')
  try {
    assert.ok((await restored.articles.count()) >= 7)
    assert.ok((await restored.images.bytes('pricing-rules/featured.png'))?.equals(png(1)))
  } finally {
    await restored.close()
  }
})
