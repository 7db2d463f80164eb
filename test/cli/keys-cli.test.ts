// `folio keys …` against the store a running server uses: a key added, rotated or retired with
// the CLI takes effect at the server's next request, with no restart.
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, test } from 'node:test'
import { promisify } from 'node:util'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../src/app.js'
import { loadConfig } from '../../src/config.js'
import { loadSite } from '../../src/content/site-definition.js'
import { articlePayload, TEST_SITE_DIR } from '../helpers/test-app.js'

const run = promisify(execFile)
const MAIN = new URL('../../src/main.ts', import.meta.url).pathname
let dataDir: string
let app: FastifyInstance

async function folio(...args: string[]) {
  const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', MAIN, ...args], {
    env: { ...process.env, FOLIO_DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
  })
  return { stdout, stderr, lastLine: stdout.trim().split('\n').at(-1)! }
}

before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'folio-cli-'))
  const config = loadConfig({ FOLIO_DATA_DIR: dataDir, FOLIO_PUBLIC_URL: 'https://folio.test', FOLIO_DEMO_CONTENT: '0' })
  ;({ app } = await buildApp(config, { site: loadSite(TEST_SITE_DIR), logger: false }))
  await app.ready()
})
after(async () => {
  await app.close()
  rmSync(dataDir, { recursive: true, force: true })
})

const publish = (token: string, slug: string) =>
  app.inject({ method: 'POST', url: '/api/content/', payload: articlePayload({ slug }), headers: { authorization: `Bearer ${token}` } })

test('keys add prints the token alone on the last line of stdout, and the running server accepts it', async () => {
  const { lastLine } = await folio('keys', 'add', '--name', 'cms', '--scope', 'write')
  assert.match(lastLine, /^folio_[A-Za-z0-9_-]{43}$/)
  assert.equal((await publish(lastLine, 'cli-1')).statusCode, 200)
})

test('keys list shows id, name, scope, created, retired and a prefix, never the token; --json too', async () => {
  const { lastLine: token } = await folio('keys', 'add', '--name', 'reader', '--scope', 'read')
  const table = (await folio('keys', 'list')).stdout
  assert.match(table, /ID\s+NAME\s+SCOPE\s+CREATED\s+RETIRED\s+TOKEN/)
  assert.match(table, /reader\s+read/)
  assert.ok(!table.includes(token))
  const json = JSON.parse((await folio('keys', 'list', '--json')).stdout)
  const reader = json.find((k: { name: string }) => k.name === 'reader')
  assert.deepEqual(Object.keys(reader).sort(), ['created_at', 'id', 'name', 'retired_at', 'scope', 'token_prefix'])
  assert.ok(token.startsWith(reader.token_prefix))
})

test('keys rotate issues a new key beside the old one; keys retire makes the old one answer 401 at the next request', async () => {
  const { lastLine: oldToken } = await folio('keys', 'add', '--name', 'rotating', '--scope', 'write')
  const rotated = await folio('keys', 'rotate', 'rotating')
  const newToken = rotated.lastLine
  assert.notEqual(newToken, oldToken)
  assert.equal((await publish(oldToken, 'cli-old')).statusCode, 200)
  assert.equal((await publish(newToken, 'cli-new')).statusCode, 200)
  const list = JSON.parse((await folio('keys', 'list', '--json')).stdout) as { id: string; name: string; token_prefix: string }[]
  const oldKey = list.find((k) => k.name === 'rotating' && oldToken.startsWith(k.token_prefix))!
  assert.match(rotated.stderr, new RegExp(`retire the old one with: folio keys retire ${oldKey.id}\\n`), 'the hint names the old key')
  await folio('keys', 'retire', oldKey.id)
  assert.equal((await publish(oldToken, 'cli-after-retire')).statusCode, 401)
  assert.equal((await publish(newToken, 'cli-new-after')).statusCode, 200)
})

test('bad CLI input exits 2 with a message', async () => {
  await assert.rejects(folio('keys', 'add', '--name', 'x', '--scope', 'admin'), (error: { code: number; stderr: string }) => {
    assert.equal(error.code, 2)
    assert.match(
      error.stderr,
      /^folio: option '--scope <scope>' argument 'admin' is invalid\. Allowed choices are read, write\.\nUsage: folio keys add /,
    )
    return true
  })
  await assert.rejects(folio('keys', 'add', '--name', '  ', '--scope', 'read'), (error: { code: number; stderr: string }) => {
    assert.equal(error.code, 2)
    assert.equal(error.stderr, 'folio: a key needs a --name\n')
    return true
  })
  await assert.rejects(folio('keys', 'retire', 'key_nope'), (error: { code: number }) => error.code === 2)
})

test('keys add refuses a name a live key has, and names the key and the rotation; a retired name is free again', async () => {
  const { lastLine: token } = await folio('keys', 'add', '--name', 'twice', '--scope', 'read')
  const [key] = (JSON.parse((await folio('keys', 'list', '--json')).stdout) as { id: string; name: string }[]).filter(
    (k) => k.name === 'twice',
  )
  await assert.rejects(folio('keys', 'add', '--name', 'twice', '--scope', 'write'), (error: { code: number; stderr: string }) => {
    assert.equal(error.code, 2)
    assert.equal(error.stderr, `folio: a live key is already named "twice" (${key!.id}); rotate it with: folio keys rotate twice\n`)
    return true
  })
  assert.equal(
    (JSON.parse((await folio('keys', 'list', '--json')).stdout) as { name: string }[]).filter((k) => k.name === 'twice').length,
    1,
  )
  await folio('keys', 'retire', key!.id)
  const again = await folio('keys', 'add', '--name', 'twice', '--scope', 'write')
  assert.notEqual(again.lastLine, token)
})
