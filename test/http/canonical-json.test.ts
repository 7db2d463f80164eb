// The "same body" of an idempotent request: canonical JSON (keys sorted, no whitespace) of any depth.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { bodyFingerprint, canonicalJson } from '../../src/http/canonical-json.js'

test('canonical JSON sorts object keys at every level and keeps array order', () => {
  assert.equal(
    canonicalJson({ b: [3, { z: 1, a: null }], a: 'x', c: { y: true, x: 1.5 } }),
    '{"a":"x","b":[3,{"a":null,"z":1}],"c":{"x":1.5,"y":true}}',
  )
  assert.equal(canonicalJson([]), '[]')
  assert.equal(canonicalJson({}), '{}')
  assert.equal(canonicalJson('\u2028"'), JSON.stringify('\u2028"'))
  assert.equal(canonicalJson(null), 'null')
})

test('a value nested 100 000 levels deep is fingerprinted without running out of stack', () => {
  const text = '{"x":['.repeat(100_000) + '1' + ']}'.repeat(100_000)
  const value = JSON.parse(text) as unknown
  assert.equal(canonicalJson(value), text)
  assert.equal(bodyFingerprint(value), bodyFingerprint(JSON.parse(text)))
})

test('key order and formatting do not change the fingerprint; another value does', () => {
  assert.equal(bodyFingerprint(JSON.parse('{"a":1,"b":[1,2]}')), bodyFingerprint(JSON.parse('{ "b": [1, 2], "a": 1 }')))
  assert.notEqual(bodyFingerprint({ a: 1, b: [1, 2] }), bodyFingerprint({ a: 1, b: [2, 1] }))
})
