// The article file of `folio publish` and `folio pull`: its keys come from the create payload's
// schema, a stray key fails the file with a message naming it, and the format reads back what it writes.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { formatArticleFile, FRONT_MATTER_KEYS, parseArticleFile } from '../../src/cli/publishing/article-file.js'
import { ArticleCreate } from '../../src/contract/schemas.js'

const WRITTEN_ELSEWHERE = ['body', 'body_markdown', 'content', 'cover_image_url', 'dry_run']

test('every field of the create payload is a front-matter key, except those a file writes another way', () => {
  const fields = Object.keys(ArticleCreate.properties)
  for (const field of fields) {
    if (WRITTEN_ELSEWHERE.includes(field)) {
      assert.throws(() => parseArticleFile(`---\n${field}: x\n---\nText.\n`, 'a'), new RegExp(`"${field}" is not written here: `))
    } else {
      assert.ok(FRONT_MATTER_KEYS.has(field), field)
      assert.doesNotThrow(() => parseArticleFile(`---\n${field}: x\n---\nText.\n`, 'a'), field)
    }
  }
  for (const extra of ['slug', 'cover_image', 'faq', 'key_takeaways', 'sources']) assert.ok(FRONT_MATTER_KEYS.has(extra), extra)
})

test('an unknown key fails the file naming it, with the key it most likely meant', () => {
  assert.throws(
    () => parseArticleFile('---\ntitle: T\nrubirc: strategy\n---\nText.\n', 'a'),
    /unknown front matter key "rubirc" \(did you mean "rubric"\?\)/,
  )
  assert.throws(() => parseArticleFile('---\ntitle: T\nsummary: S\n---\nText.\n', 'a'), /unknown front matter key "summary"; known keys: /)
})

test('a file without front matter, with broken YAML or a repeated key fails with one line', () => {
  for (const [text, message] of [
    ['Just text.\n', /no front matter/],
    ['---\ntitle: [unclosed\n---\nText.\n', /front matter is not valid YAML: /],
    ['---\ntitle: A\ntitle: B\n---\nText.\n', /front matter is not valid YAML: .*[Mm]ap keys must be unique/],
    ['---\n- a list\n---\nText.\n', /front matter must be a set of "key: value" lines/],
  ] as const) {
    assert.throws(
      () => parseArticleFile(text, 'a'),
      (error: Error) => message.test(error.message) && !error.message.includes('\n'),
    )
  }
})

test('the slug defaults to the file name; cover_image and the body are taken apart from the fields', () => {
  const file = parseArticleFile('\uFEFF---\r\ntitle: T\r\ncover_image: ./img/c.png\r\n---\r\n\r\nBody **text**.\r\n', 'my-file')
  assert.equal(file.slug, 'my-file')
  assert.equal(file.coverImage, './img/c.png')
  assert.deepEqual(file.fields, { title: 'T' })
  assert.equal(file.markdown, 'Body **text**.')
  assert.equal(parseArticleFile('---\nslug: other\n---\nB\n', 'my-file').slug, 'other')
})

test('what formatArticleFile writes, parseArticleFile reads back the same', () => {
  const front = {
    tags: ['a', 'b'],
    title: 'What is: a colon "quoted" title?',
    rubric: 'strategy',
    faq: [{ q: 'Q?', a: 'A: yes.' }],
    sources: [{ title: 'S', url: 'https://example.org/s' }],
    cover_image: '/images/x/featured.png',
    slug: 'x',
  }
  const text = formatArticleFile(front, 'Body with | pipes and --- dashes.\n\n---\n\nafter a rule.')
  assert.match(text, /^---\nslug: x\ntitle: /)
  const back = parseArticleFile(text, 'ignored')
  const { slug, cover_image, ...fields } = front
  assert.equal(back.slug, slug)
  assert.equal(back.coverImage, cover_image)
  assert.deepEqual(back.fields, fields)
  assert.equal(back.markdown, 'Body with | pipes and --- dashes.\n\n---\n\nafter a rule.')
})
