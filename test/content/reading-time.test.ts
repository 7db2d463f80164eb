// Reading time: words of the body without its markup, at 220 a minute, at least one minute.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { readingMinutes, wordCount } from '../../src/content/reading-time.js'

test('words are counted in the text, not in tags, attributes or entities', () => {
  assert.equal(wordCount('<p class="lede">Cash &amp; margin, week-by-week: <a href="/x/y">the CFO’s view</a>.</p>'), 6)
  assert.equal(wordCount('<h2 id="a">Ein Überblick</h2><p>2026 Zahlen</p>'), 4)
  assert.equal(wordCount(''), 0)
})

test('220 words take a minute; a short note still takes one; longer texts round to the nearest minute', () => {
  const words = (n: number) => `<p>${Array.from({ length: n }, () => 'word').join(' ')}</p>`
  assert.equal(readingMinutes(words(5)), 1)
  assert.equal(readingMinutes(words(220)), 1)
  assert.equal(readingMinutes(words(1100)), 5)
  assert.equal(readingMinutes(words(1200)), 5)
  assert.equal(readingMinutes(words(1320)), 6)
})
