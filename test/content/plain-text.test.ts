// The plain text of a body (excerpts and the search index): words of adjacent blocks stay apart,
// text that is not prose is left out, entities are decoded, whitespace is collapsed.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { deriveExcerpt } from '../../src/content/excerpt.js'
import { htmlToText } from '../../src/content/sanitize-body.js'

test('the end of a block, a list item, a cell or a line break separates words', () => {
  assert.equal(
    htmlToText('<h2>Title</h2><p>one</p><p>two<br>three</p><ul><li>four</li><li>five</li></ul>'),
    'Title one two three four five',
  )
  assert.equal(
    htmlToText('<table><tr><td>six</td></tr><tr><td>seven</td></tr></table><dl><dt>eight</dt><dd>nine</dd></dl>'),
    'six seven eight nine',
  )
  assert.equal(htmlToText('<p>in<strong>line</strong> <em>tags</em> stay joined</p>'), 'inline tags stay joined')
})

test('code blocks, figure captions and anything that is not prose are left out', () => {
  assert.equal(
    htmlToText('<p>before</p><pre>const x = 1</pre><figure><img src="/a.png"><figcaption>a caption</figcaption></figure><p>after</p>'),
    'before after',
  )
  assert.equal(htmlToText('<p>a</p><script>alert(1)</script><style>p{}</style><template><p>t</p></template><p>b</p>'), 'a b')
})

test('entities are decoded once, and whitespace (no-break spaces too) collapses', () => {
  assert.equal(htmlToText('<p>a &amp; b &lt;c&gt; &quot;d&quot; &#39;e&#39; caf&eacute; &amp;lt;</p>'), 'a & b <c> "d" \'e\' café &lt;')
  assert.equal(htmlToText('<p>  spaced\n\tout&nbsp;&nbsp;text  </p>'), 'spaced out text')
})

test('a derived excerpt ends on a sentence or a word within 200 characters', () => {
  const sentence = 'A sentence that is long enough to end the excerpt well past eighty characters in all. '
  const excerpt = deriveExcerpt(`<p>${sentence.repeat(4)}</p>`)
  assert.ok(excerpt.length <= 200 && excerpt.endsWith('all.'), excerpt)
  assert.equal(deriveExcerpt('<p>Short body.</p>'), 'Short body.')
})

test('the opening text read in slices is the start of the whole text, whatever a slice cuts', () => {
  // Entities, tags, hidden elements and whitespace runs at every offset, so some fall across the 2 KB slices.
  const blocks = Array.from(
    { length: 120 },
    (_, i) => `<p>Item ${i}: caf&eacute; &amp; b&nbsp;&lt;${i}&gt;   <strong>bold</strong></p><pre>hidden ${i}</pre><li>end ${i}</li>`,
  )
  const html = blocks.join('')
  const whole = htmlToText(html)
  for (const atLeast of [0, 200, 1_999, 2_500, 7_000, whole.length - 1, whole.length, whole.length + 10]) {
    const opening = htmlToText(html, atLeast)
    assert.ok(whole.startsWith(opening), `at least ${atLeast}: not the start of the whole text`)
    assert.ok(opening.length > atLeast || opening === whole, `at least ${atLeast}: ${opening.length} characters`)
  }
  assert.equal(htmlToText('<p>Short.</p>', 200), 'Short.')
})

test('an excerpt of a long body is the one its whole text gives', () => {
  const body = Array.from({ length: 60 }, (_, i) => `<p>Paragraph ${i} says one thing &amp; then another, at some length.</p>`).join('')
  const text = htmlToText(body)
  const window = text.slice(0, 200)
  const end = window.lastIndexOf('. ')
  assert.equal(deriveExcerpt(body), window.slice(0, end + 1))
})
