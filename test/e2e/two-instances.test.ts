// Two real `folio serve` processes on one PostgreSQL and one Redis, as behind a load balancer:
// a write through one is read through the other at once, the content rate window is shared,
// an idempotent replay works across them, and a slug raced through both is created once.
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, test } from 'node:test'
import pg from 'pg'
import { issueKey } from '../../src/auth/api-keys.js'
import { STORE_DERIVATIONS } from '../../src/content/store-derivations.js'
import { openStore } from '../../src/store/open-store.js'
import { startFolioServer, type FolioServer } from '../helpers/folio-server.js'
import { articlePayload } from '../helpers/test-app.js'

const DATABASE_URL = process.env.FOLIO_TEST_DATABASE_URL
const REDIS_URL = process.env.FOLIO_TEST_REDIS_URL
const reason = !DATABASE_URL ? 'FOLIO_TEST_DATABASE_URL is not set' : !REDIS_URL ? 'FOLIO_TEST_REDIS_URL is not set' : false
if (reason && process.env.FOLIO_TEST_REQUIRE_BACKENDS === '1') throw new Error(`${reason} (FOLIO_TEST_REQUIRE_BACKENDS is set)`)
if (reason) console.log(`# skipping the two-instance test: ${reason}`)

const schema = `folio_two_${randomBytes(5).toString('hex')}`
let dataDir: string
let a: FolioServer
let b: FolioServer
let token: string

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: DATABASE_URL })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

before(async () => {
  if (reason) return
  dataDir = mkdtempSync(join(tmpdir(), 'folio-two-'))
  await admin(`create schema ${schema}`)
  const url = new URL(DATABASE_URL!)
  url.searchParams.set('options', `-c search_path=${schema}`)
  const env = {
    FOLIO_DATA_DIR: dataDir,
    FOLIO_DATABASE_URL: url.toString(),
    FOLIO_REDIS_URL: REDIS_URL!,
    // This run's own keys, so other runs on the same Redis cannot move its windows.
    FOLIO_REDIS_PREFIX: `folio-two-${randomBytes(5).toString('hex')}:`,
    // Each check below speaks for its own client address, so each has a rate window of its own.
    FOLIO_TRUST_PROXY: '1',
    // Both seed the demo articles into the one empty store at once: neither start may fail.
    FOLIO_DEMO_CONTENT: '1',
  }
  // Both start at once on an empty schema: the migration lock lets exactly one migrate.
  ;[a, b] = await Promise.all([startFolioServer(env), startFolioServer(env)])
  const store = await openStore({ dataDir, databaseUrl: url.toString(), poolMax: 1, derivations: STORE_DERIVATIONS })
  token = (await issueKey(store.keys, 'two-instances', 'write')).token
  await store.close()
})

after(async () => {
  if (reason) return
  await Promise.all([a?.stop(), b?.stop()])
  await admin(`drop schema if exists ${schema} cascade`)
  rmSync(dataDir, { recursive: true, force: true })
})

function send(server: FolioServer, method: string, path: string, client: string, payload?: object, headers: Record<string, string> = {}) {
  return fetch(server.base + path, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'x-forwarded-for': client,
      ...(payload ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    ...(payload ? { body: JSON.stringify(payload) } : {}),
  })
}

/** What `path` of `server` answers once `holds` accepts its body, asked again until it does, for at most `ms`. */
async function eventually(server: FolioServer, path: string, holds: (status: number, body: string) => boolean, ms = 1000) {
  const start = performance.now()
  for (;;) {
    const res = await fetch(server.base + path)
    const body = await res.text()
    if (holds(res.status, body)) return { status: res.status, body, ms: performance.now() - start }
    if (performance.now() - start > ms)
      assert.fail(`${path} on ${server.base} did not change within ${ms} ms: ${res.status} ${body.slice(0, 200)}`)
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

// The other instance learns of a write from PostgreSQL's notice of the new content generation, a
// few milliseconds after the commit: within a second is the promise (README, "Running several instances").
test('a write through one instance is read through the other within a second: create, update, delete', { skip: reason }, async () => {
  const client = '198.51.100.1'
  const created = await send(a, 'POST', '/api/content/', client, articlePayload({ slug: 'shared-article', title: 'Written through A' }))
  assert.equal(created.status, 200, await created.clone().text())
  const pagePath = new URL(((await created.json()) as { url: string }).url).pathname
  // The writing instance reads its own write at once.
  assert.match(await (await fetch(`${a.base}/api/content/shared-article`)).text(), /Written through A/)

  const read = await eventually(b, '/api/content/shared-article', (status) => status === 200)
  assert.equal((JSON.parse(read.body) as { article: { title: string } }).article.title, 'Written through A')
  // Pages and feeds render per content generation, and the generation lives in the shared store.
  const page = await fetch(b.base + pagePath)
  assert.equal(page.status, 200)
  assert.match(await page.text(), /<h1[^>]*>Written through A<\/h1>/)
  assert.match(await (await fetch(`${b.base}/feed.xml`)).text(), /Written through A/)
  assert.match(await (await fetch(`${b.base}/sitemap.xml`)).text(), new RegExp(pagePath))

  const catalog = await send(b, 'GET', '/api/content/catalog', client)
  const listed = (await catalog.json()) as { articles: { slug: string }[] }
  assert.ok(
    listed.articles.some((x) => x.slug === 'shared-article'),
    'the catalog of B lists it',
  )

  const updated = await send(b, 'PUT', '/api/content/shared-article', client, { title: 'Updated through B' })
  assert.equal(updated.status, 200)
  await eventually(a, '/api/content/shared-article', (_status, body) => body.includes('Updated through B'))
  assert.match(await (await fetch(a.base + pagePath)).text(), /<h1[^>]*>Updated through B<\/h1>/)
  assert.match(await (await fetch(`${a.base}/feed.json`)).text(), /Updated through B/)

  const deleted = await send(a, 'DELETE', '/api/content/shared-article', client)
  assert.equal(deleted.status, 200)
  await eventually(b, '/api/content/shared-article', (status) => status === 404)
  assert.equal((await fetch(b.base + pagePath)).status, 404)
  assert.doesNotMatch(await (await fetch(`${b.base}/feed.xml`)).text(), /Updated through B/)
})

test(
  'freshness: 100 writes through A each show on B within a second, and B never serves an older version after a newer one',
  { skip: reason },
  async () => {
    const client = '198.51.100.9'
    const slug = 'freshness-probe'
    const created = await send(a, 'POST', '/api/content/', client, articlePayload({ slug, title: 'Version 0' }))
    assert.equal(created.status, 200)
    const pagePath = new URL(((await created.json()) as { url: string }).url).pathname
    const versionOf = (body: string) => Number(/Version (\d+)/.exec(body)?.[1] ?? -1)
    const delays: number[] = []
    let newestSeen = -1
    for (let version = 1; version <= 100; version++) {
      // Spread over distinct clients: the content rate window allows 30 writes a minute per client.
      const written = await send(a, 'PUT', `/api/content/${slug}`, `198.51.100.${10 + Math.floor(version / 25)}`, {
        title: `Version ${version}`,
      })
      assert.equal(written.status, 200, await written.clone().text())
      const path = version % 2 === 0 ? `/api/content/${slug}` : pagePath
      const seen = await eventually(b, path, (_status, body) => {
        const shown = versionOf(body)
        assert.ok(shown >= newestSeen, `B served version ${shown} after version ${newestSeen}`)
        newestSeen = Math.max(newestSeen, shown)
        return shown === version
      })
      delays.push(seen.ms)
    }
    delays.sort((x, y) => x - y)
    console.log(
      `# freshness across instances, 100 writes: p50 ${delays[49]!.toFixed(1)} ms, p99 ${delays[98]!.toFixed(1)} ms, max ${delays[99]!.toFixed(1)} ms`,
    )
    assert.ok(delays[99]! < 1000)
  },
)

test('the 31st content write in a window is refused whichever instance receives it', { skip: reason }, async () => {
  // A burst that straddles a window boundary proves nothing: then it runs again from a fresh address.
  for (let attempt = 1; ; attempt++) {
    const client = `203.0.113.${attempt}`
    const answers: Response[] = []
    for (let i = 0; i < 32; i++) {
      const server = i % 2 === 0 ? a : b
      answers.push(await send(server, 'POST', '/api/content/?dry_run=1', client, articlePayload({ slug: `rate-${i}` })))
    }
    const resets = new Set(answers.map((r) => r.headers.get('x-ratelimit-reset')))
    if (resets.size > 1 && attempt < 3) continue
    assert.equal(resets.size, 1, 'one window')
    assert.deepEqual(
      answers.slice(0, 30).map((r) => r.status),
      Array(30).fill(200),
      'thirty writes pass, alternating between A and B',
    )
    assert.equal(answers[29]!.headers.get('x-ratelimit-remaining'), '0')
    const [refusedOnA, refusedOnB] = [answers[30]!, answers[31]!]
    for (const refused of [refusedOnA, refusedOnB]) {
      assert.equal(refused.status, 429)
      assert.equal(((await refused.json()) as { code: string }).code, 'rate_limited')
      assert.ok(Number(refused.headers.get('retry-after')) >= 1)
    }
    return
  }
})

test(
  'an idempotent create replays from the other instance, and a reused key with another body is refused there',
  { skip: reason },
  async () => {
    const client = '198.51.100.2'
    const key = { 'idempotency-key': `two-${randomBytes(4).toString('hex')}` }
    const payload = articlePayload({ slug: 'idempotent-shared' })
    const first = await send(a, 'POST', '/api/content/', client, payload, key)
    assert.equal(first.status, 200)
    const firstBody = await first.text()

    const replay = await send(b, 'POST', '/api/content/', client, payload, key)
    assert.equal(replay.status, 200)
    assert.equal(replay.headers.get('idempotent-replayed'), 'true')
    assert.equal(await replay.text(), firstBody, 'the first answer, byte for byte')

    const reused = await send(b, 'POST', '/api/content/', client, { ...payload, title: 'Another body' }, key)
    assert.equal(reused.status, 422)
    assert.equal(((await reused.json()) as { code: string }).code, 'idempotency_key_reused')
  },
)

test('concurrent creates of one slug through both instances yield exactly one 200 and one 409', { skip: reason }, async () => {
  const client = '198.51.100.3'
  for (let round = 0; round < 5; round++) {
    const payload = articlePayload({ slug: `raced-${round}` })
    const answers = await Promise.all([
      send(a, 'POST', '/api/content/', client, payload),
      send(b, 'POST', '/api/content/', client, payload),
    ])
    assert.deepEqual(answers.map((r) => r.status).sort(), [200, 409], `round ${round}`)
    const conflict = answers.find((r) => r.status === 409)!
    const error = (await conflict.json()) as { code: string; errors: { slug: string }[] }
    assert.equal(error.code, 'conflict')
    assert.equal(error.errors[0]!.slug, `raced-${round}`)
  }
})
