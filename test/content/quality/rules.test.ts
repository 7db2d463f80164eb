// Each rule on its own, the message details, and the checker's robustness on arbitrary input.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import fc from 'fast-check'
import { bodyQualityWarnings, type QualityInput } from '../../../src/content/quality/index.js'
import { BodyWarning } from '../../../src/contract/schemas.js'
import { fieldProblems } from '../../../src/contract/validator.js'

const base: QualityInput = {
  title: 'What is a pricing playbook?',
  body: '<p>A pricing playbook is the written set of rules for quoting prices.</p><h2>Who owns it?</h2><p>The commercial manager owns it.</p>',
  lang: 'en',
  content: {
    faq: [
      { q: 'How long?', a: 'Four weeks.' },
      { q: 'Who?', a: 'Sales and finance.' },
    ],
  },
  published_at: '2026-03-05T09:30:00Z',
}

test('a clean, well-sourced article gets no warning at all', () => {
  assert.deepEqual(bodyQualityWarnings(base), [])
})

test('relative-date carries phrase, where, section, excerpt and an absolute date from the publish year', () => {
  const [warning] = bodyQualityWarnings({
    ...base,
    body: base.body.replace('The commercial manager owns it.', 'Last year the commercial manager took it over.'),
  })
  assert.equal(warning?.rule, 'relative-date')
  assert.equal(warning?.phrase, 'Last year')
  assert.equal(warning?.where, 'body')
  assert.equal(warning?.section, 'Who owns it?')
  assert.match(warning!.excerpt!, /Last year the commercial manager/)
  assert.match(warning!.message, /in 2025/)
})

test('superlative: a link in the same paragraph or a named source quiets it', () => {
  const claim =
    '<p>A pricing playbook is the written set of rules for quoting prices.</p><h2>Why?</h2><p>Written rules are the best defence against discount creep.</p>'
  assert.equal(bodyQualityWarnings({ ...base, body: claim }).filter((w) => w.rule === 'superlative').length, 1)
  const linked = claim.replace('discount creep.', 'discount creep (<a href="https://example.org/study">study</a>).')
  assert.equal(bodyQualityWarnings({ ...base, body: linked }).filter((w) => w.rule === 'superlative').length, 0)
  const named = claim.replace('discount creep.', 'discount creep, according to the Pricing Institute.')
  assert.equal(
    bodyQualityWarnings({
      ...base,
      body: named,
      content: { ...base.content, sources: [{ title: 'Survey', publisher: 'Pricing Institute' }] },
    }).filter((w) => w.rule === 'superlative').length,
    0,
  )
})

test('questions counts FAQ items and question headings and reports the count', () => {
  const warnings = bodyQualityWarnings({ ...base, content: {} })
  const questions = warnings.find((w) => w.rule === 'questions')
  assert.equal(questions?.count, 1)
})

test('a body over 100000 characters gets the single unchecked warning', () => {
  const body = `<p>${'In today’s world the best answer is recent. '.repeat(2_500)}</p>`
  assert.ok(body.length > 100_000)
  const warnings = bodyQualityWarnings({ ...base, body })
  assert.deepEqual(
    warnings.map((w) => w.rule),
    ['unchecked'],
  )
})

test('a body of exactly 100000 characters is still checked', () => {
  const filler = '<p>' + 'x'.repeat(100_000 - 7) + '</p>'
  assert.equal(filler.length, 100_000)
  assert.ok(!bodyQualityWarnings({ ...base, body: filler }).some((w) => w.rule === 'unchecked'))
})

test('never throws on arbitrary HTML and every warning matches the BodyWarning schema', () => {
  fc.assert(
    fc.property(
      fc.string({ maxLength: 2_000 }),
      fc.string({ maxLength: 80 }),
      fc.array(fc.record({ q: fc.string(), a: fc.string() }), { maxLength: 4 }),
      (body, title, faq) => {
        const warnings = bodyQualityWarnings({ title, body, lang: 'en', content: { faq }, published_at: null })
        for (const w of warnings) assert.deepEqual(fieldProblems(BodyWarning, w), [])
      },
    ),
    { numRuns: 300 },
  )
})
