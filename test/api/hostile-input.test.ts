// Hostile input, property-based with bounded runs: a fuzz over every write endpoint (create,
// update, delete, image upload), the catalog (hostile cursors, the rebuild) and POST /mcp in both
// protocol eras (never a 5xx, every /api error in the one shape checked against the contract's
// schema, every JSON-RPC answer well formed); and at create and update, nothing stored changes on
// a 4xx. `npm run fuzz -- --runs N` runs the same fuzz for longer and prints its figures.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import fc from 'fast-check'
import type { LightMyRequestResponse } from 'fastify'
import { answerProblems, ARTICLE_FIELDS, describeRequest, HOSTILE_TARGETS, sendHostile } from '../helpers/hostile-requests.js'
import { articlePayload, startTestApp, type TestApp } from '../helpers/test-app.js'

let t: TestApp
before(async () => {
  t = await startTestApp()
  assert.equal((await t.request({ method: 'POST', url: '/api/content/', payload: articlePayload({ slug: 'target' }) })).statusCode, 200)
})
after(() => t.close())

const RUNS = { numRuns: 60, seed: 20260501 }
let counter = 0

/** Sends and checks the invariants; returns the answer. */
async function sendChecked(method: 'POST' | 'PUT', payload: string, contentType = 'application/json'): Promise<LightMyRequestResponse> {
  const generation = await t.store.contentGeneration()
  const target = await t.store.articles.get('target')
  const res = await t.request({
    method,
    url: method === 'POST' ? '/api/content/' : '/api/content/target',
    payload,
    headers: { 'content-type': contentType },
  })
  assert.ok(res.statusCode < 500, `${res.statusCode} for ${payload.slice(0, 200)}: ${res.body.slice(0, 300)}`)
  if (res.statusCode >= 400) {
    const body = res.json() as Record<string, unknown>
    for (const field of ['status', 'code', 'message', 'hint', 'docs'])
      assert.ok(typeof body[field] === 'string', `error field ${field} in ${res.body.slice(0, 300)}`)
    assert.equal(body.status, 'error')
    assert.equal(await t.store.contentGeneration(), generation, 'a 4xx writes nothing')
    assert.deepEqual(await t.store.articles.get('target'), target)
  }
  return res
}

const jsonValue = fc.jsonValue({ maxDepth: 4 })
const fields = ARTICLE_FIELDS
const oddString = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.string({ unit: 'binary', maxLength: 50 }),
  fc.constantFrom('\u0000', '\ud800', '\u202e', 'A\u0301', '🏳️‍🌈', '<script>x</script>', '../../etc/passwd', '__proto__', 'constructor'),
)

describe('hostile input', () => {
  test('create: arbitrary JSON values as the whole payload', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(jsonValue, fc.dictionary(fc.constantFrom(...fields, '__proto__', 'constructor'), jsonValue)),
        async (value) => {
          await sendChecked('POST', JSON.stringify(value))
        },
      ),
      RUNS,
    )
  })

  test('create and update: a valid payload with one field of a wrong type or odd string', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...fields), fc.oneof(jsonValue, oddString), fc.boolean(), async (field, value, update) => {
        const payload = { ...articlePayload({ slug: `hostile-${counter++}` }), [field]: value }
        if (update) delete (payload as Record<string, unknown>).slug
        await sendChecked(update ? 'PUT' : 'POST', JSON.stringify(payload))
      }),
      RUNS,
    )
  })

  test('broken JSON, duplicate keys and __proto__ / constructor keys', async () => {
    const raw = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.constantFrom('{', '{"slug":', '{"slug":"a",}', 'null', '[]', '"text"', '1e999', '{"a":NaN}', '\ufeff{}', ''),
      fc.constant(`{"slug":"dup-key","slug":"dup-key-2","title":"T?","body":"<p>b</p>","rubric":"strategy"}`),
      fc.constant(`{"__proto__":{"status":"draft","polluted":true},"slug":"proto-key","title":"T?","body":"<p>b</p>","rubric":"strategy"}`),
      fc.constant(`{"constructor":{"prototype":{"polluted":true}},"title":"T?"}`),
    )
    await fc.assert(
      fc.asyncProperty(raw, fc.boolean(), async (text, update) => {
        await sendChecked(update ? 'PUT' : 'POST', text)
      }),
      RUNS,
    )
    assert.equal(({} as Record<string, unknown>).polluted, undefined, 'no prototype pollution')
  })

  test('deep nesting, huge strings and wrong content types', async () => {
    await sendChecked('POST', '['.repeat(100_000) + ']'.repeat(100_000))
    await sendChecked(
      'POST',
      JSON.stringify(articlePayload({ slug: 'deep', content: JSON.parse('{"faq":' + '['.repeat(2000) + ']'.repeat(2000) + '}') })),
    )
    await sendChecked('PUT', JSON.stringify({ title: 'x'.repeat(1_000_000) }))
    await sendChecked(
      'POST',
      JSON.stringify(articlePayload({ slug: 'huge-tags', tags: Array.from({ length: 50_000 }, (_, i) => `tag-${i}`) })),
    )
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/xml',
      'application/json; charset=latin1',
    ]) {
      const res = await sendChecked('POST', JSON.stringify(articlePayload({ slug: `ctype-${counter++}` })), type)
      if (!type.startsWith('application/json')) assert.ok(res.statusCode >= 400, type)
    }
  })

  test('a body over the size limit answers 413 payload_too_large', async () => {
    const res = await sendChecked(
      'POST',
      JSON.stringify(articlePayload({ slug: 'too-large', body: `<p>${'x'.repeat(13 * 1024 * 1024)}</p>` })),
    )
    assert.equal(res.statusCode, 413)
    assert.equal(res.json().code, 'payload_too_large')
  })
})

describe('property fuzz: every write endpoint, the catalog and POST /mcp in both eras', () => {
  // A store of its own: the 50 000-tag article above would make every catalog answer a large one.
  let fuzzed: TestApp
  before(async () => {
    fuzzed = await startTestApp()
    assert.equal(
      (await fuzzed.request({ method: 'POST', url: '/api/content/', payload: articlePayload({ slug: 'target' }) })).statusCode,
      200,
    )
  })
  after(() => fuzzed.close())
  // Some 1 800 requests in all: well under a minute in CI (npm run fuzz runs longer).
  const FUZZ_RUNS = { numRuns: 300, seed: 20261124 }
  for (const [target, requests] of Object.entries(HOSTILE_TARGETS)) {
    test(`${target}: no 5xx, every /api error in the one shape, every JSON-RPC answer well formed`, async () => {
      await fc.assert(
        fc.asyncProperty(requests, async (request) => {
          const res = await sendHostile(fuzzed.app, { write: fuzzed.writeToken, read: fuzzed.readToken }, request)
          assert.deepEqual(answerProblems(request, res), [], describeRequest(request))
        }),
        FUZZ_RUNS,
      )
    })
  }
})
