// The tagger gives the same tokens for the same text whatever it tagged before, with each token's
// offsets in the text it was given.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { tagText } from '../../../src/content/quality/language.js'

const words = (text: string) => tagText(text).map((t) => t.text)

test('a clitic before punctuation does not change how later text is split', () => {
  const later = "Check next week's rota against the ratios."
  const before = words(later)
  assert.deepEqual(before.slice(0, 4), ['Check', 'next', 'week', "'s"])
  // wink caches "week's" whole when it first meets it before a full stop or a comma.
  for (const text of ["Compare each reading with last week's.", "Then last week's, and the firm’s; they're."]) tagText(text)
  assert.deepEqual(words(later), before)
})

test('offsets point into the text given, past the clitics it had to space', () => {
  const text = "Compare with last week's. The firm’s, and they're."
  for (const token of tagText(text)) assert.equal(text.slice(token.start, token.end), token.text)
  assert.deepEqual(words(text).slice(3, 6), ['week', "'s", '.'])
})
