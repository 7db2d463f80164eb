// Body warnings on create, update and dry-run answers: advice only, never an error.
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { articlePayload, startTestApp, type TestApp } from '../helpers/test-app.js'

let t: TestApp
before(async () => {
  t = await startTestApp()
})
after(() => t.close())

const weakBody =
  '<p>In today’s fast-moving world, pricing is hard.</p><h2>Rules</h2><p>This is the best approach, and it worked last year.</p>'

test('a create, a dry run and an update with a weak body answer 200 with warnings naming each rule', async () => {
  const dry = await t.request({ method: 'POST', url: '/api/content/?dry_run=1', payload: articlePayload({ slug: 'weak', body: weakBody }) })
  assert.equal(dry.statusCode, 200)
  const rules = (dry.json().warnings as { rule: string }[]).map((w) => w.rule)
  for (const rule of ['answer-first', 'superlative', 'back-reference', 'relative-date', 'questions']) assert.ok(rules.includes(rule), rule)

  const created = await t.request({ method: 'POST', url: '/api/content/', payload: articlePayload({ slug: 'weak', body: weakBody }) })
  assert.equal(created.statusCode, 200)
  assert.ok(created.json().warnings.length >= 5)

  const updated = await t.request({ method: 'PUT', url: '/api/content/weak', payload: { title: 'Pricing rules' } })
  assert.equal(updated.statusCode, 200)
  assert.ok(updated.json().warnings.length >= 5)
})

test('a clean article answers an empty warnings list', async () => {
  const res = await t.request({
    method: 'POST',
    url: '/api/content/',
    payload: articlePayload({
      slug: 'clean',
      title: 'What is a pricing playbook?',
      body: '<p>A pricing playbook is the written set of rules that tells sales which price to quote.</p><h2>Who owns a pricing playbook?</h2><p>The commercial manager owns the playbook.</p>',
      content: {
        faq: [
          { q: 'How long does it take?', a: 'Four weeks.' },
          { q: 'Who approves exceptions?', a: 'The commercial director.' },
        ],
      },
    }),
  })
  assert.equal(res.statusCode, 200)
  assert.deepEqual(res.json().warnings, [])
})
