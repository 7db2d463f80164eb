// Configuration from the environment: defaults the README lists, and a clear error for a bad value.
import assert from 'node:assert/strict'
import { resolve } from 'node:path'
import { test } from 'node:test'
import { ConfigError, loadConfig } from '../src/config.js'
import { DEMO_SITE_DIR } from '../src/paths.js'

test('every variable is optional; the defaults are those the README lists', () => {
  const config = loadConfig({})
  assert.equal(config.port, 8080)
  assert.equal(config.host, '0.0.0.0')
  assert.equal(config.dataDir, resolve('./data'))
  assert.equal(config.publicUrl, 'http://localhost:8080')
  assert.equal(config.databaseUrl, undefined)
  assert.equal(config.redisUrl, undefined)
  assert.equal(config.redisPrefix, 'folio:')
  assert.deepEqual(config.rateLimits, { content: { requests: 30, windowSeconds: 60 }, mcp: { requests: 120, windowSeconds: 60 } })
  assert.equal(config.trustProxy, false)
  assert.equal(config.siteDir, DEMO_SITE_DIR)
  assert.equal(config.demoContent, true)
  assert.equal(config.logLevel, 'info')
  assert.equal(config.previewDays, 7)
  assert.deepEqual(config.revisions, { keep: 50, deletedDays: 30 })
})

test('preview lifetime and revision retention are read from their variables; 0 days purges at the delete', () => {
  const config = loadConfig({ FOLIO_PREVIEW_DAYS: '2', FOLIO_REVISIONS_KEEP: '5', FOLIO_REVISIONS_DAYS: '0' })
  assert.equal(config.previewDays, 2)
  assert.deepEqual(config.revisions, { keep: 5, deletedDays: 0 })
})

test('FOLIO_PUBLIC_URL follows PORT by default and loses a trailing slash', () => {
  assert.equal(loadConfig({ PORT: '9000' }).publicUrl, 'http://localhost:9000')
  assert.equal(loadConfig({ FOLIO_PUBLIC_URL: 'https://www.example.com/' }).publicUrl, 'https://www.example.com')
})

test('rate quotas, proxy trust and demo content are read from their variables', () => {
  const config = loadConfig({
    FOLIO_RATE_LIMIT_CONTENT: '5/10',
    FOLIO_RATE_LIMIT_MCP: '7/1',
    FOLIO_TRUST_PROXY: '1',
    FOLIO_DEMO_CONTENT: '0',
  })
  assert.deepEqual(config.rateLimits.content, { requests: 5, windowSeconds: 10 })
  assert.deepEqual(config.rateLimits.mcp, { requests: 7, windowSeconds: 1 })
  assert.equal(config.trustProxy, 1)
  assert.equal(config.demoContent, false)
  assert.equal(loadConfig({ FOLIO_REDIS_PREFIX: 'site-b:' }).redisPrefix, 'site-b:')
})

test('a malformed value stops the start with a message naming the variable', () => {
  const cases: [Record<string, string>, RegExp][] = [
    [{ PORT: 'eighty' }, /PORT/],
    [{ FOLIO_PUBLIC_URL: 'example.com/path' }, /FOLIO_PUBLIC_URL/],
    [{ FOLIO_DATABASE_URL: 'mysql://x' }, /FOLIO_DATABASE_URL/],
    [{ FOLIO_REDIS_URL: 'http://x' }, /FOLIO_REDIS_URL/],
    [{ FOLIO_REDIS_PREFIX: 'two words' }, /FOLIO_REDIS_PREFIX/],
    [{ FOLIO_RATE_LIMIT_CONTENT: '30 per minute' }, /FOLIO_RATE_LIMIT_CONTENT/],
    [{ FOLIO_RATE_LIMIT_MCP: '10/0' }, /FOLIO_RATE_LIMIT_MCP/],
    [{ FOLIO_PREVIEW_DAYS: '0' }, /FOLIO_PREVIEW_DAYS/],
    [{ FOLIO_REVISIONS_KEEP: 'all' }, /FOLIO_REVISIONS_KEEP/],
    [{ FOLIO_REVISIONS_DAYS: '-1' }, /FOLIO_REVISIONS_DAYS/],
  ]
  for (const [env, message] of cases)
    assert.throws(
      () => loadConfig(env),
      (e: unknown) => e instanceof ConfigError && message.test((e as Error).message),
    )
})
