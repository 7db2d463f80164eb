// Crash safety of the real server: SIGKILL mid-stream of creates loses nothing acknowledged and leaves
// no half-written article; a cut-short create's retry answers 409 naming the stored article; the
// in-flight idempotency locks of a killed server free themselves within one lease;
// SIGTERM drains in-flight requests and closes the store cleanly.
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, test } from 'node:test'
import BetterSqlite3 from 'better-sqlite3'
import { issueKey } from '../../src/auth/api-keys.js'
import { STORE_DERIVATIONS } from '../../src/content/store-derivations.js'
import { LOCK_LEASE } from '../../src/http/idempotency.js'
import { openStore } from '../../src/store/open-store.js'
import { startFolioServer } from '../helpers/folio-server.js'
import { articlePayload } from '../helpers/test-app.js'

let dataDir: string
let token: string

before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'folio-crash-'))
  const store = await openStore({ dataDir, derivations: STORE_DERIVATIONS })
  token = (await issueKey(store.keys, 'crash-writer', 'write')).token
  await store.close()
})
after(() => rmSync(dataDir, { recursive: true, force: true }))

const startServer = () => startFolioServer({ FOLIO_DATA_DIR: dataDir, FOLIO_RATE_LIMIT_CONTENT: '100000/60' })

const post = (base: string, payload: object) =>
  fetch(`${base}/api/content/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  })

const sent = (i: number, slug = `crash-${i}`) =>
  articlePayload({
    slug,
    title: `Crash test article ${i}?`,
    tags: [`t${i}`, 'crash'],
    body: `<p>Article ${i} is complete when this body reads back whole.</p>`.repeat(20),
  })

test('SIGKILL mid-stream: every acknowledged create is readable and complete, none is half-written, the database is intact', async () => {
  const server = await startServer()
  const acknowledged = new Set<number>()
  const attempted = new Set<number>()
  let next = 0
  // Four writers stream creates until the server dies under them.
  const writer = async () => {
    for (;;) {
      const i = next++
      attempted.add(i)
      try {
        const res = await post(server.base, sent(i))
        if (res.status === 200) acknowledged.add(i)
      } catch {
        return
      }
    }
  }
  const writers = Promise.all([writer(), writer(), writer(), writer()])
  while (acknowledged.size < 25) await new Promise((resolve) => setTimeout(resolve, 5))
  server.child.kill('SIGKILL')
  await writers
  await server.exited

  const db = new BetterSqlite3(join(dataDir, 'folio.db'))
  assert.equal(db.pragma('integrity_check', { simple: true }), 'ok')
  db.close()

  const restarted = await startServer()
  try {
    for (const i of attempted) {
      const res = await fetch(`${restarted.base}/api/content/crash-${i}`)
      if (acknowledged.has(i)) assert.equal(res.status, 200, `acknowledged crash-${i} is readable`)
      if (res.status === 404) continue
      assert.equal(res.status, 200)
      const { article } = (await res.json()) as { article: Record<string, unknown> }
      const payload = sent(i)
      assert.equal(article.title, payload.title, `crash-${i} complete`)
      assert.deepEqual(article.tags, payload.tags, `crash-${i} tags complete`)
      assert.match(String(article.body), /reads back whole/)
      if (!acknowledged.has(i)) {
        // Cut short but stored: the retry answers 409 and names the stored article (create rule 5).
        const retry = await post(restarted.base, payload)
        assert.equal(retry.status, 409)
        const error = (await retry.json()) as { errors: { slug: string; url: string; status: string }[] }
        assert.equal(error.errors[0]!.slug, `crash-${i}`)
      }
    }
    const retried = [...attempted].find((i) => !acknowledged.has(i))!
    const again = await post(restarted.base, sent(retried))
    assert.ok(again.status === 200 || again.status === 409, 'a cut-short create can always be sent again')
  } finally {
    restarted.child.kill('SIGTERM')
    assert.equal(await restarted.exited, 0)
  }
})

test('SIGKILL with keyed creates in flight: no lock outlives the process by more than its lease; each retry then runs again and answers 200 or 409 naming the stored article', async () => {
  const leaseSeconds = LOCK_LEASE.leaseMs / 1000
  const keyed = (slug: string) => sent(0, slug)
  const postKeyed = (base: string, slug: string) =>
    fetch(`${base}/api/content/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': `key-${slug}` },
      body: JSON.stringify(keyed(slug)),
    })
  const unacknowledged: string[] = []
  let leftover: { name: string }[] = []
  // A kill lands while some keyed create holds its lock; should one round find none, stream again.
  for (let round = 0; round < 5 && leftover.length === 0; round++) {
    const server = await startServer()
    let acknowledged = 0
    let next = 0
    const writer = async () => {
      for (;;) {
        const slug = `keyed-${round}-${next++}`
        try {
          const res = await postKeyed(server.base, slug)
          if (res.status === 200) acknowledged++
          else unacknowledged.push(slug)
        } catch {
          unacknowledged.push(slug)
          return
        }
      }
    }
    const writers = Promise.all([writer(), writer(), writer(), writer()])
    while (acknowledged < 10) await new Promise((resolve) => setTimeout(resolve, 5))
    server.child.kill('SIGKILL')
    await writers
    await server.exited
    const db = new BetterSqlite3(join(dataDir, 'folio.db'), { readonly: true })
    leftover = db.prepare('select name from idempotency_locks').all() as { name: string }[]
    db.close()
  }
  assert.ok(leftover.length > 0, 'the kill left at least one in-flight lock behind')

  const restarted = await startServer()
  try {
    for (const slug of unacknowledged) {
      let waited = 0
      for (;;) {
        const res = await postKeyed(restarted.base, slug)
        const body = (await res.json()) as { code?: string; errors?: { slug: string }[] }
        if (res.status === 409 && body.code === 'idempotency_in_progress') {
          const retryAfter = Number(res.headers.get('retry-after'))
          assert.ok(retryAfter >= 1 && retryAfter <= leaseSeconds, `Retry-After ${retryAfter} tells the lease left`)
          waited += retryAfter
          assert.ok(waited <= leaseSeconds + 1, `${slug}: the dead holder's lock is free within one lease (waited ${waited} s)`)
          await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000))
          continue
        }
        if (res.status === 409) assert.equal(body.errors?.[0]?.slug, slug, `${slug}: the retry names the stored article`)
        else assert.equal(res.status, 200, `${slug}: ${JSON.stringify(body)}`)
        break
      }
    }
  } finally {
    restarted.child.kill('SIGTERM')
    assert.equal(await restarted.exited, 0)
  }
})

test('SIGTERM drains the in-flight request, answers it, then closes the store cleanly', async () => {
  const server = await startServer()
  const body = JSON.stringify(sent(1000))
  const url = new URL(`${server.base}/api/content/`)
  const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        let text = ''
        res.setEncoding('utf8').on('data', (c: string) => (text += c))
        res.on('end', () => resolve({ status: res.statusCode!, text }))
      },
    )
    req.on('error', reject)
    // Half the body now; the rest once the server has begun to drain.
    req.write(body.slice(0, 100))
    void server.waitFor(/draining in-flight requests/).then(() => req.end(body.slice(100)))
  })
  // In flight: the server has logged the request (its headers) and waits for the rest of its body.
  await server.waitFor(/incoming request/)
  server.child.kill('SIGTERM')
  const res = await answer
  assert.equal(res.status, 200, res.text)
  assert.equal(await server.exited, 0, 'a clean exit after draining')
  const db = new BetterSqlite3(join(dataDir, 'folio.db'), { readonly: true })
  try {
    assert.equal(db.pragma('integrity_check', { simple: true }), 'ok')
    assert.equal((db.prepare("select count(*) as n from articles where slug = 'crash-1000'").get() as { n: number }).n, 1)
  } finally {
    db.close()
  }
})
