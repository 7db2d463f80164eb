// Authentication: Bearer keys, 401 challenges, 403 insufficient_scope, rotation and retirement.
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { issueKey, retireKey, rotateKey } from '../../src/auth/api-keys.js'
import { articlePayload, startTestApp, type TestApp } from '../helpers/test-app.js'

let t: TestApp
before(async () => {
  t = await startTestApp()
})
after(() => t.close())

const post = (token: string | null, slug = 'auth-article', headers: Record<string, string> = {}) =>
  t.request({ method: 'POST', url: '/api/content/', payload: articlePayload({ slug }), token, headers })

test('a missing token answers 401 unauthorized with a Bearer challenge without error code', async () => {
  const res = await post(null)
  assert.equal(res.statusCode, 401)
  assert.equal(res.json().code, 'unauthorized')
  assert.equal(res.headers['www-authenticate'], 'Bearer realm="folio"')
  assert.equal(await t.store.articles.get('auth-article'), undefined)
})

test('a credential of another scheme (Basic, Token) is a credential sent: 401 with error="invalid_token"', async () => {
  for (const authorization of ['Basic dXNlcjpwYXNz', `Token ${t.writeToken}`, 'Bearer', 'Bearer a b']) {
    const res = await post(null, 'auth-article', { authorization })
    assert.equal(res.statusCode, 401, authorization)
    assert.equal(res.json().code, 'unauthorized')
    assert.match(String(res.headers['www-authenticate']), /^Bearer realm="folio", error="invalid_token"/, authorization)
  }
  assert.equal(await t.store.articles.get('auth-article'), undefined)
})

test('an unknown token answers 401 with error="invalid_token"', async () => {
  const res = await post('folio_not-a-real-token')
  assert.equal(res.statusCode, 401)
  assert.match(String(res.headers['www-authenticate']), /^Bearer realm="folio", error="invalid_token"/)
})

test('a read key on a write endpoint answers 403 forbidden with insufficient_scope and scope="write"', async () => {
  const res = await post(t.readToken)
  assert.equal(res.statusCode, 403)
  assert.equal(res.json().code, 'forbidden')
  assert.equal(res.headers['www-authenticate'], 'Bearer realm="folio", error="insufficient_scope", scope="write"')
})

test('the scheme name is case-insensitive', async () => {
  const res = await post(null, 'auth-lowercase', { authorization: `bearer ${t.writeToken}` })
  assert.equal(res.statusCode, 200)
})

test('PUT and DELETE need a write key too; GET of an article needs none', async () => {
  await post(t.writeToken, 'auth-rw')
  assert.equal((await t.request({ method: 'PUT', url: '/api/content/auth-rw', payload: { title: 'x' }, token: null })).statusCode, 401)
  assert.equal((await t.request({ method: 'DELETE', url: '/api/content/auth-rw', token: t.readToken })).statusCode, 403)
  assert.equal((await t.request({ method: 'GET', url: '/api/content/auth-rw', token: null })).statusCode, 200)
})

test('rotation: the new key works beside the old one until the old one is retired, then the old one answers 401', async () => {
  const first = await issueKey(t.store.keys, 'connector', 'write')
  const second = await rotateKey(t.store.keys, 'connector')
  assert.equal(second.key.scope, 'write')
  assert.equal((await post(first.token, 'rot-1')).statusCode, 200)
  assert.equal((await post(second.token, 'rot-2')).statusCode, 200)
  await retireKey(t.store.keys, first.key.id)
  const retired = await post(first.token, 'rot-3')
  assert.equal(retired.statusCode, 401)
  assert.match(String(retired.headers['www-authenticate']), /error="invalid_token"/)
  assert.equal((await post(second.token, 'rot-4')).statusCode, 200)
})

test('keys are stored hashed, never in clear', async () => {
  const { token, key } = await issueKey(t.store.keys, 'hash-check', 'read')
  const row = await t.store.keys.findByHash((await import('../../src/auth/api-keys.js')).hashToken(token))
  assert.equal(row?.id, key.id)
  assert.notEqual(row?.token_hash, token)
  assert.ok(!JSON.stringify(await t.store.keys.list()).includes(token))
})

test('authenticated answers send no CORS header', async () => {
  const res = await post(t.writeToken, 'auth-cors', { origin: 'https://elsewhere.example' })
  assert.equal(res.headers['access-control-allow-origin'], undefined)
})
