// The limits table: byte limits read as the spec writes them, and one slug rule in every form.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { ERROR_CATALOGUE } from '../../src/contract/errors.js'
import { ENDPOINTS } from '../../src/contract/endpoints.js'
import { LIMITS, megabytes, SLUG_PATTERN, SLUG_REGEX } from '../../src/contract/limits.js'

test('an article with its images stays under 12 MB; an image file is at most 10 MB (text made from LIMITS)', () => {
  assert.equal(megabytes(LIMITS.articleWithImagesBytes), '12 MB')
  assert.equal(megabytes(LIMITS.imageFileBytes), '10 MB')
  assert.equal(ERROR_CATALOGUE.payload_too_large.hint, 'An article with its images must stay under 12 MB; an image file at most 10 MB.')
  assert.match(ENDPOINTS.uploadImage.summary, /at most 10 MB\)$/)
})

test('a slug is lowercase ASCII letters, digits and hyphens, as pattern and as regular expression', () => {
  assert.equal(SLUG_REGEX.source, SLUG_PATTERN)
  for (const slug of ['pricing-playbook', 'a', '2026-outlook']) assert.ok(SLUG_REGEX.test(slug), slug)
  for (const slug of ['Pricing', 'a_b', 'a b', 'é', '']) assert.ok(!SLUG_REGEX.test(slug), slug)
})
