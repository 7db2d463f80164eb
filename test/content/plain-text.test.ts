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
