// The README's first session with curl, as a new user runs it against `npm start` (the demo site with
// its demo articles): the article it publishes is new to the demo and draws no quality warning.
import assert from 'node:assert/strict'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'node:test'
import { buildApp } from '../../src/app.js'
import { issueKey } from '../../src/auth/api-keys.js'
import { loadConfig } from '../../src/config.js'
import { seedDemoContent } from '../../src/site/seed-demo.js'

const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8')

/** The JSON the walkthrough's create sends: the `-d '…'` of its first `POST "$API/"`. */
function walkthroughPayload(): Record<string, unknown> {
  const section = README.slice(README.indexOf('## A first session with curl'))
  const match = /curl -s -X POST "\$API\/" [^\n]*-d '(\{[\s\S]*?\n\})'/.exec(section)
  assert.ok(match, 'the walkthrough creates an article with curl')
  return JSON.parse(match[1]!) as Record<string, unknown>
}

test('the curl walkthrough publishes a new article that draws no warning on the demo site', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'folio-readme-'))
  const config = loadConfig({ FOLIO_DATA_DIR: dataDir, FOLIO_PUBLIC_URL: 'http://localhost:8080', LOG_LEVEL: 'silent' })
  const { app, deps } = await buildApp(config, { logger: false })
  try {
    assert.ok((await seedDemoContent(deps.store, deps.site, deps.articles)) > 0)
    const { token } = await issueKey(deps.store.keys, 'demo', 'write')
    const payload = walkthroughPayload()
    const catalog = await app.inject({ url: '/api/content/catalog?limit=50', headers: { authorization: `Bearer ${token}` } })
    assert.equal(catalog.statusCode, 200, catalog.body)
    const demo = catalog.json() as { articles: { slug: string }[] }
    assert.ok(!demo.articles.some((a) => a.slug === payload.slug), `${String(payload.slug)} is not a demo article`)

    const created = await app.inject({
      method: 'POST',
      url: '/api/content/',
      headers: { authorization: `Bearer ${token}` },
      payload,
    })
    assert.equal(created.statusCode, 200, created.body)
    assert.deepEqual(created.json().warnings, [])
    const stored = (await app.inject({ url: `/api/content/${String(payload.slug)}` })).json() as { article: { body: string } }
    assert.match(stored.article.body, /<ul>\s*<li>/, 'body_markdown became HTML')
  } finally {
    await app.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
})
