// Idempotency-Key on POST /api/content/: replay, reuse with another body, in progress, what is never stored.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { buildApp } from '../../src/app.js'
import { issueKey } from '../../src/auth/api-keys.js'
import { loadSite } from '../../src/content/site-definition.js'
import { articlePayload, startTestApp, TEST_SITE_DIR, type TestApp } from '../helpers/test-app.js'

let t: TestApp
before(async () => {
  t = await startTestApp()
})
after(() => t.close())

const create = (payload: unknown, key: string | undefined, extra: { token?: string; url?: string } = {}) =>
  t.request({
    method: 'POST',
    url: extra.url ?? '/api/content/',
    payload: payload as object,
    token: extra.token,
    headers: key === undefined ? {} : { 'idempotency-key': key },
  })

describe('idempotency keys', () => {
  test('the same key with the same body replays the first answer with Idempotent-Replayed: true', async () => {
    const first = await create(articlePayload({ slug: 'idem-replay' }), 'key-replay')
    assert.equal(first.statusCode, 200, first.body)
    assert.equal(first.headers['idempotent-replayed'], undefined)
    const again = await create(articlePayload({ slug: 'idem-replay' }), 'key-replay')
    assert.equal(again.statusCode, 200, 'a replay, not 409 slug taken')
    assert.equal(again.headers['idempotent-replayed'], 'true')
    assert.equal(again.body, first.body)
    assert.equal(again.headers['content-type'], first.headers['content-type'])
    assert.equal(again.headers['x-content-api-version'], first.headers['x-content-api-version'])
  })

  test('key order and whitespace do not make another body; a quoted key is the bare key', async () => {
    const payload = articlePayload({ slug: 'idem-canonical' })
    assert.equal((await create(payload, 'key-canonical')).statusCode, 200)
    const reordered = Object.fromEntries(Object.entries(payload).reverse())
    const res = await t.request({
      method: 'POST',
      url: '/api/content/',
      payload: JSON.stringify(reordered, null, 2),
      headers: { 'content-type': 'application/json', 'idempotency-key': '"key-canonical"' },
    })
    assert.equal(res.statusCode, 200)
    assert.equal(res.headers['idempotent-replayed'], 'true')
  })

  test('the same key with a different body answers 422 idempotency_key_reused', async () => {
    assert.equal((await create(articlePayload({ slug: 'idem-reused' }), 'key-reused')).statusCode, 200)
    const res = await create(articlePayload({ slug: 'idem-reused-other' }), 'key-reused')
    assert.equal(res.statusCode, 422)
    assert.equal(res.json().code, 'idempotency_key_reused')
    assert.equal((await t.request({ method: 'GET', url: '/api/content/idem-reused-other', token: null })).statusCode, 404, 'nothing stored')
  })

  test('a 4xx answer is stored and replayed too', async () => {
    const bad = articlePayload({ slug: 'idem-bad', rubric: 'no-such-rubric' })
    const first = await create(bad, 'key-4xx')
    assert.equal(first.statusCode, 400)
    const again = await create(bad, 'key-4xx')
    assert.equal(again.headers['idempotent-replayed'], 'true')
    assert.equal(again.body, first.body)
  })

  test('a dry run is never stored', async () => {
    const payload = articlePayload({ slug: 'idem-dry' })
    const dry = await create(payload, 'key-dry', { url: '/api/content/?dry_run=1' })
    assert.equal(dry.statusCode, 200)
    assert.equal(dry.json().dry_run, true)
    const real = await create(payload, 'key-dry')
    assert.equal(real.statusCode, 200)
    assert.equal(real.headers['idempotent-replayed'], undefined)
    assert.equal(real.json().ok, true, 'the real create ran')
  })

  test('a body nested 10 000 levels deep gets the same answer with or without a key (unknown extra properties, however deep)', async () => {
    const deepBody = (slug: string) =>
      JSON.stringify(articlePayload({ slug })).slice(0, -1) + ',"extra":' + '{"x":'.repeat(10_000) + '[]' + '}'.repeat(10_000) + '}'
    const send = (slug: string, key?: string) =>
      t.request({
        method: 'POST',
        url: '/api/content/',
        payload: deepBody(slug),
        headers: { 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) },
      })
    const keyed = await send('idem-deep', 'key-deep')
    assert.equal(keyed.statusCode, 200, keyed.body)
    const replayed = await send('idem-deep', 'key-deep')
    assert.equal(replayed.statusCode, 200, replayed.body)
    assert.equal(replayed.headers['idempotent-replayed'], 'true')
    const bare = await send('idem-deep-bare')
    assert.equal(bare.statusCode, 200, bare.body)
  })

  test('a dry run asked for in the body is never stored either (flat, wrapped, or beside the wrapper)', async () => {
    const cases: [string, Record<string, unknown>, Record<string, unknown>][] = [
      ['flat', { ...articlePayload({ slug: 'idem-dry-body' }), dry_run: true }, articlePayload({ slug: 'idem-dry-body' })],
      [
        'wrapped',
        { article: { ...articlePayload({ slug: 'idem-dry-wrap' }), dry_run: true } },
        { article: articlePayload({ slug: 'idem-dry-wrap' }) },
      ],
      [
        'beside',
        { dry_run: true, data: articlePayload({ slug: 'idem-dry-beside' }) },
        { data: articlePayload({ slug: 'idem-dry-beside' }) },
      ],
    ]
    for (const [name, dryPayload, realPayload] of cases) {
      const dry = await create(dryPayload, `key-dry-${name}`)
      assert.equal(dry.statusCode, 200, dry.body)
      assert.equal(dry.json().dry_run, true)
      const again = await create(dryPayload, `key-dry-${name}`)
      assert.equal(again.headers['idempotent-replayed'], undefined, `${name}: a dry run is not replayed`)
      const real = await create(realPayload, `key-dry-${name}`)
      assert.equal(real.statusCode, 200, `${name}: ${real.body}`)
      assert.equal(real.headers['idempotent-replayed'], undefined)
      assert.equal(real.json().ok, true, `${name}: the real create ran`)
    }
  })

  test('keys are scoped to the API key: another client with the same key is not replayed', async () => {
    const other = await issueKey(t.store.keys, 'other-writer', 'write')
    assert.equal((await create(articlePayload({ slug: 'idem-scope' }), 'key-scope')).statusCode, 200)
    const res = await create(articlePayload({ slug: 'idem-scope' }), 'key-scope', { token: other.token })
    assert.equal(res.headers['idempotent-replayed'], undefined)
    assert.equal(res.statusCode, 409, 'the create ran for the other key and met the taken slug')
  })

  test('a key over 255 characters answers 400 naming the header', async () => {
    const res = await create(articlePayload({ slug: 'idem-long' }), 'k'.repeat(256))
    assert.equal(res.statusCode, 400)
    assert.equal(res.json().code, 'validation_failed')
    assert.equal(res.json().errors[0].field, 'Idempotency-Key')
    assert.equal((await create(articlePayload({ slug: 'idem-long' }), 'k'.repeat(255))).statusCode, 200)
    for (const key of ['a\u0000b', 'tab\there', 'del\u007f']) {
      const res = await create(articlePayload({ slug: 'idem-control' }), key)
      assert.equal(res.statusCode, 400, JSON.stringify(key))
      assert.equal(res.json().errors[0].field, 'Idempotency-Key')
    }
  })

  test('the same key while the first is still running answers 409 idempotency_in_progress with Retry-After', async () => {
    const scope = (await t.store.keys.list()).find((k) => k.name === 'test-writer')!.id
    // The first request holds the lock in the shared counters while it runs.
    assert.ok((await t.store.counters.acquire(`${scope}:key-busy`, 'first', 60_000, Date.now())).taken)
    const res = await create(articlePayload({ slug: 'idem-busy' }), 'key-busy')
    assert.equal(res.statusCode, 409)
    assert.equal(res.json().code, 'idempotency_in_progress')
    // The real wait: what is left of the holder's lease (a minute here), not a fixed second.
    assert.ok(['59', '60'].includes(String(res.headers['retry-after'])), `Retry-After ${res.headers['retry-after']}`)
    await t.store.counters.release(`${scope}:key-busy`, 'first')
    assert.equal(
      (await create(articlePayload({ slug: 'idem-busy' }), 'key-busy')).statusCode,
      200,
      'the lock is gone once the first finishes',
    )
  })

  test('two identical requests at once: one creates, the other is refused in progress or replayed, never a second create', async () => {
    const payload = articlePayload({ slug: 'idem-race' })
    const answers = await Promise.all([create(payload, 'key-race'), create(payload, 'key-race'), create(payload, 'key-race')])
    const created = answers.filter((r) => r.statusCode === 200 && r.headers['idempotent-replayed'] === undefined)
    assert.equal(created.length, 1)
    for (const r of answers)
      assert.ok(r.statusCode === 200 || (r.statusCode === 409 && r.json().code === 'idempotency_in_progress'), r.body)
  })

  test('a 5xx answer is not stored: its retry runs again', async () => {
    const scope = (await t.store.keys.list()).find((k) => k.name === 'test-writer')!.id
    const create5xx = t.store.articles.create.bind(t.store.articles)
    t.store.articles.create = async () => {
      throw Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' })
    }
    try {
      const res = await create(articlePayload({ slug: 'idem-5xx' }), 'key-5xx')
      assert.equal(res.statusCode, 503)
    } finally {
      t.store.articles.create = create5xx
    }
    assert.equal(await t.store.idempotency.find(scope, 'key-5xx', new Date()), undefined)
    const retry = await create(articlePayload({ slug: 'idem-5xx' }), 'key-5xx')
    assert.equal(retry.statusCode, 200)
    assert.equal(retry.headers['idempotent-replayed'], undefined)
  })
})

describe('the in-flight lock lease', () => {
  test('a running request renews its lease, so its key stays in progress however long it runs; then it is free', async () => {
    let now = Date.parse('2026-05-01T10:00:00Z')
    const leased = await startTestApp({ clock: () => new Date(now), idempotencyLease: { leaseMs: 5_000, renewEveryMs: 10 } })
    const create = leased.store.articles.create.bind(leased.store.articles)
    let finish!: () => void
    const held = new Promise<void>((resolve) => (finish = resolve))
    leased.store.articles.create = async (article) => {
      await held
      return create(article)
    }
    const send = () =>
      leased.request({
        method: 'POST',
        url: '/api/content/',
        payload: articlePayload({ slug: 'idem-long' }),
        headers: { 'idempotency-key': 'key-long' },
      })
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
    try {
      const first = send()
      // The first request runs for half a minute of the server's clock: six leases.
      for (let step = 0; step < 15; step++) {
        await sleep(60)
        now += 2_000
      }
      const meanwhile = await send()
      assert.equal(meanwhile.statusCode, 409, meanwhile.body)
      assert.equal(meanwhile.json().code, 'idempotency_in_progress')
      assert.ok(Number(meanwhile.headers['retry-after']) <= 5, `Retry-After ${meanwhile.headers['retry-after']} is within the lease`)
      finish()
      assert.equal((await first).statusCode, 200)
      const replay = await send()
      assert.equal(replay.statusCode, 200)
      assert.equal(replay.headers['idempotent-replayed'], 'true', 'the lock is freed and the answer replayed')
    } finally {
      finish()
      await leased.close()
    }
  })
})

describe('what a 500 says about the write', () => {
  test('a failure before the handler ran says nothing was written; one inside the handler keeps the warning', async () => {
    const find = t.store.idempotency.find.bind(t.store.idempotency)
    t.store.idempotency.find = async () => {
      throw new Error('a bug before the write')
    }
    try {
      const early = await create(articlePayload({ slug: 'idem-early-500' }), 'key-early-500')
      assert.equal(early.statusCode, 500)
      assert.equal(early.json().code, 'internal_error')
      assert.match(early.json().hint, /nothing was written/)
    } finally {
      t.store.idempotency.find = find
    }
    const write = t.store.articles.create.bind(t.store.articles)
    t.store.articles.create = async () => {
      throw new Error('a bug inside the write')
    }
    try {
      const late = await create(articlePayload({ slug: 'idem-late-500' }), undefined)
      assert.equal(late.statusCode, 500)
      assert.match(late.json().hint, /half done/)
    } finally {
      t.store.articles.create = write
    }
  })
})

describe('idempotency records in the store', () => {
  test('a replay works from a new instance on the same store (after a restart)', async () => {
    assert.equal((await create(articlePayload({ slug: 'idem-restart' }), 'key-restart')).statusCode, 200)
    const restarted = await buildApp(t.config, { store: t.store, site: loadSite(TEST_SITE_DIR), logger: false })
    try {
      const res = await restarted.app.inject({
        method: 'POST',
        url: '/api/content/',
        headers: { authorization: `Bearer ${t.writeToken}`, 'idempotency-key': 'key-restart' },
        payload: articlePayload({ slug: 'idem-restart' }),
      })
      assert.equal(res.statusCode, 200)
      assert.equal(res.headers['idempotent-replayed'], 'true')
    } finally {
      await restarted.app.close()
    }
  })

  test('records survive a restart and expire after 24 hours (expired ones are purged)', async () => {
    const records = t.store.idempotency
    const now = new Date('2026-05-01T00:00:00Z')
    const expires = new Date(now.getTime() + 24 * 3600_000)
    await records.save('scope-a', 'k1', { fingerprint: 'f', statusCode: 200, headers: {}, body: '{}' }, now, expires)
    assert.ok(await records.find('scope-a', 'k1', new Date(expires.getTime() - 1)))
    assert.equal(await records.find('scope-a', 'k1', expires), undefined)
    await records.save(
      'scope-a',
      'k2',
      { fingerprint: 'f', statusCode: 200, headers: {}, body: '{}' },
      new Date(expires.getTime() + 1),
      new Date(expires.getTime() + 3600_000),
    )
    const { db } = t.store as unknown as { db: import('kysely').Kysely<import('../../src/store/schema.js').Database> }
    const rows = await db.selectFrom('idempotency_records').select('idempotency_key').where('api_key_id', '=', 'scope-a').execute()
    assert.deepEqual(
      rows.map((r) => r.idempotency_key),
      ['k2'],
      'the expired record was purged',
    )
  })
})
