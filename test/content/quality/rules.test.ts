// Each rule on its own, the message details, and the checker's robustness on arbitrary input.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import fc from 'fast-check'
import { bodyQualityWarnings, type QualityInput } from '../../../src/content/quality/index.js'
import { taggerLoaded } from '../../../src/content/quality/language.js'
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

// First in the file, so that no other check has loaded the model yet.
test('the tagger loads at the first check that needs it, not when the checker is imported', () => {
  assert.equal(taggerLoaded(), false)
  bodyQualityWarnings({ ...base, body: `${base.body}<p>It is the best option.</p>` })
  assert.equal(taggerLoaded(), true)
})

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

// Random HTML rarely holds the words the rules read; these bodies are built from them, in every
// element the extractor knows, so that an opener alone in a cell or a list item, a superlative at a
// sentence's end or a heading of one word are all tried.
const WORDS = [
  'It',
  'They',
  'These',
  'Both',
  'This',
  'Those',
  'Such',
  'He',
  'IT',
  'the',
  'former',
  'latter',
  'best',
  'largest',
  'most',
  'the most',
  'leading',
  'always',
  'the only',
  'last year',
  'currently',
  'next month',
  'the past three months',
  'in 12 months',
  'soon',
  'as mentioned above',
  'below',
  'see',
  'is',
  'are',
  'was',
  'of',
  'and',
  'to',
  'a',
  'costs',
  'staff',
  'every',
  'Monday',
  'yes',
  'not',
  'why',
  'how',
  'should',
  '£5',
  '20%',
  '2026',
  ',',
  '.',
  ':',
  '?',
  '-',
  '',
]
const TAGS = ['p', 'li', 'td', 'th', 'dt', 'dd', 'summary', 'h2', 'h3', 'blockquote', 'strong']
const sentence = fc.array(fc.constantFrom(...WORDS), { maxLength: 9 }).map((words) => words.join(' '))
const block = fc
  .tuple(fc.constantFrom(...TAGS), sentence)
  .map(([tag, text]) =>
    tag === 'li'
      ? `<ul><li>${text}</li></ul>`
      : tag === 'td' || tag === 'th'
        ? `<table><tr><${tag}>${text}</${tag}></tr></table>`
        : `<${tag}>${text}</${tag}>`,
  )

test('never throws on bodies built from the words the rules read, in any element', () => {
  fc.assert(
    fc.property(fc.array(block, { maxLength: 12 }), sentence, fc.array(sentence, { maxLength: 3 }), (blocks, title, takeaways) => {
      const warnings = bodyQualityWarnings({
        title,
        body: blocks.join(''),
        lang: 'en',
        content: { faq: takeaways.map((a) => ({ q: title, a })), key_takeaways: takeaways },
        published_at: '2026-03-05T09:30:00Z',
      })
      for (const w of warnings) assert.deepEqual(fieldProblems(BodyWarning, w), [])
    }),
    { numRuns: 400 },
  )
})

const rulesOf = (body: string, extra: Partial<QualityInput> = {}) => bodyQualityWarnings({ ...base, body, ...extra })
const lead = '<p>A pricing playbook is the written set of rules for quoting prices.</p>'

test('relative-date: a duration complement is not a date, a time adverbial anchored to now is', () => {
  const phrases = (text: string) =>
    rulesOf(`${lead}<h2>Who owns it?</h2><p>${text}</p>`)
      .filter((w) => w.rule === 'relative-date')
      .map((w) => w.phrase)
  assert.deepEqual(phrases('The playbook pays back in 12 months and the rollout finished in five weeks.'), [])
  // The phrase is named as an editor rewrites it: with its preposition, and its "time".
  assert.deepEqual(phrases('Prices will rise again in two years’ time.'), ['in two years’ time'])
  assert.deepEqual(phrases('Most firms have raised prices over the past two years.'), ['over the past two years'])
  assert.deepEqual(phrases('Expect discounts to shrink in the coming months.'), ['in the coming months'])
  assert.deepEqual(phrases('At the time of writing, discounts average 12%.'), ['At the time of writing'])
  assert.deepEqual(phrases('The levy rises from next April.'), ['next April'])
  assert.deepEqual(phrases('Budgets for the coming financial year are tighter.'), ['for the coming financial year'])
  assert.deepEqual(phrases('Compare this week’s orders with the same week last year.'), [])
  assert.deepEqual(phrases('Pickup counts the rooms booked since yesterday’s report for each future date.'), [])
  assert.deepEqual(phrases('Use the last two years of invoices.'), [])
  assert.deepEqual(phrases('From March 2026 the team met weekly, and in the next month it cut discounts.'), [])
  assert.deepEqual(phrases('Send the quote as soon as the call ends; sooner or later every client asks.'), [])
})

test('superlative: a ranking claim warns, a term, a quantity or a selection does not', () => {
  const phrases = (text: string) =>
    rulesOf(`${lead}<h2>Who owns it?</h2><p>${text}</p>`)
      .filter((w) => w.rule === 'superlative')
      .map((w) => w.phrase)
  assert.deepEqual(phrases('Small firms are the fastest-growing segment.'), ['fastest-growing'])
  assert.deepEqual(phrases('Leading indicators and best practice favour a top-down plan.'), [])
  assert.deepEqual(phrases('Most of the cost is labour.'), [])
  assert.deepEqual(phrases('Call the ten largest customers first.'), [])
  assert.deepEqual(phrases('We are a leading advisor.'), ['leading'])
  assert.deepEqual(phrases('Escape of water is the biggest source of lost margin.'), ['biggest'])
  assert.deepEqual(phrases('A farmer who owns the verge along the only road can hold up the build.'), [])
  // A named body reporting the ranking attributes it; an unnamed group does not.
  assert.deepEqual(phrases('Ofwat has described leakage as one of the largest sources of lost water.'), [])
  assert.deepEqual(phrases('Brokers describe one of our clients as a leading provider.'), ['leading'])
  assert.deepEqual(phrases('Gartner ranks the vendor as the strongest in its quadrant.'), [])
  assert.deepEqual(phrases('Call for best and final offers, waive the fee for best-sellers and drop the hardest-to-route journeys.'), [])
  assert.deepEqual(phrases('Cube storage is the most space-efficient option on the market, which matters if space is short.'), [
    'the most space-efficient',
  ])
  assert.deepEqual(phrases('The swiftest route to lower rates is an electronic referral.'), ['swiftest'])
  assert.deepEqual(phrases('Opt-out referral is the most effective intervention a council can fund.'), ['the most effective'])
  assert.deepEqual(
    phrases('The most mature platforms on the market price within 10% of one another, so the licence is rarely where budgets go.'),
    ['The most mature'],
  )
  assert.deepEqual(phrases('Our clients always see savings within a year.'), ['always'])
  assert.deepEqual(phrases('For most mid-sized firms, a hybrid model works best.'), [])
  assert.deepEqual(phrases('Even the smallest delay costs money, and the nearest depot is 40 miles away.'), [])
})

test("questions: a heading asks with its question mark or a question's word order, not with a question word alone", () => {
  const count = (headings: string[]) =>
    rulesOf(`${lead}${headings.map((h) => `<h2>${h}</h2><p>Sales and finance share it.</p>`).join('')}`, { content: {} }).find(
      (w) => w.rule === 'questions',
    )?.count ?? 3
  assert.equal(count(['Who owns it?', 'How long does a review take', 'Should sales set prices']), 3)
  assert.equal(count(['What the role covers', 'How to choose the members', 'What helps']), 0)
})

test('back-reference: "IT" and "the former CFO" lean on nothing; "It" and "the latter" do', () => {
  const phrases = (section: string) =>
    rulesOf(`${lead}<h2>Owners</h2><p>Sales and finance share it.</p><h2>Ways of working</h2><p>${section}</p>`)
      .filter((w) => w.rule === 'back-reference')
      .map((w) => w.phrase)
  assert.deepEqual(phrases('IT hosts the price list.'), [])
  assert.deepEqual(phrases('The former CFO wrote the first version.'), [])
  assert.deepEqual(phrases('The former managing partner wrote the first version.'), [])
  assert.deepEqual(phrases('It takes a new hire about two weeks to learn the price list.'), [])
  assert.deepEqual(phrases('Such savings are rare.'), ['Such'])
  assert.deepEqual(phrases('Sales sets prices, as set out earlier, and uses the figures quoted earlier.'), [
    'as set out earlier',
    'quoted earlier',
  ])
  assert.deepEqual(
    rulesOf(`${lead}<h2>Owners</h2><p>Sales sets it.</p><h2>Sales and finance</h2><p>They share it.</p>`)
      .filter((w) => w.rule === 'back-reference')
      .map((w) => w.phrase),
    [],
    'a heading that names two things names a They',
  )
  assert.deepEqual(phrases('As discussed in the introduction, sales sets prices (see the section on owners).'), [
    'As discussed',
    'see the section on',
  ])
  assert.deepEqual(phrases('It needs a named owner.'), ['It'])
  assert.deepEqual(phrases('Sales sets prices and finance checks them; the latter signs off.'), ['the latter'])
})

test('answer-first: a short or verbless answer is an answer, a restated question is not', () => {
  const answerFirstOf = (opening: string) =>
    rulesOf(`<p>${opening}</p><h2>Who owns it?</h2><p>Sales.</p>`).some((w) => w.rule === 'answer-first')
  assert.equal(answerFirstOf('Usually not. Most firms quote from a price list that sales can override within set bands.'), false)
  assert.equal(answerFirstOf('Between four and six weeks.'), false)
  assert.equal(answerFirstOf('Many sales directors ask what a pricing playbook is.'), true)
  // "Over", "about", "within" open an answer only with a figure after them.
  assert.equal(answerFirstOf('Over 40 pages of rules, kept by the pricing manager.'), false)
  assert.equal(answerFirstOf('Over the past decade, sales teams have changed how they quote.'), true)
  // An opening that calls the title a question, or puts the answer off, answers nothing.
  assert.equal(answerFirstOf('A pricing playbook is a question many boards return to every few years.'), true)
  assert.equal(answerFirstOf('A pricing playbook is a question of discipline: written rules that sales follow.'), false)
  assert.equal(answerFirstOf('Before we answer, it helps to see how a pricing playbook is used.'), true)
  // A frequency is no figure for "how much".
  const howMuch = (opening: string) =>
    rulesOf(`<p>${opening}</p><h2>Who owns it?</h2><p>Sales.</p>`, { title: 'How much does a pricing playbook cost?' }).some(
      (w) => w.rule === 'answer-first',
    )
  assert.equal(howMuch('A pricing playbook matters more every season, and most firms put it off.'), true)
  assert.equal(howMuch('About £20,000 for a pricing playbook, written in six weeks.'), false)
  // A yes-or-no title wants a verdict, not a scene.
  const whether = (opening: string, title = 'Should a retailer write a pricing playbook?') =>
    rulesOf(`<p>${opening}</p><h2>Who owns it?</h2><p>Sales.</p>`, { title }).some((w) => w.rule === 'answer-first')
  assert.equal(whether('Pricing playbooks sit at the heart of retail, and boards discuss them at length every year.'), true)
  assert.equal(whether('Usually, once it has more than five sales staff quoting prices.'), false)
  assert.equal(whether('For retailers above £50m of sales, yes: a pricing playbook stops discounts drifting.'), false)
  assert.equal(
    whether('Buy, in almost every case: a bought playbook costs less.', 'Should a retailer build or buy a pricing playbook?'),
    false,
  )
})

test('every message names the fix in one sentence', () => {
  const warnings = [
    ...rulesOf('<p>In today’s market, this is the best playbook, as mentioned above.</p><h2>Scope</h2><p>It changed last year.</p>', {
      content: {},
    }),
    ...rulesOf(`<p>${'word '.repeat(20_001)}</p>`),
  ]
  assert.ok(warnings.length >= 5)
  for (const { message } of warnings) {
    const outsideQuotes = message.replace(/"[^"]*"/g, '""').replaceAll('e.g.', 'eg')
    assert.match(outsideQuotes, /^[^.!?]*\.$/, message)
  }
})

/** The phrases one rule reports on a body. */
const phrasesOf = (rule: string, body: string) =>
  rulesOf(body)
    .filter((w) => w.rule === rule)
    .map((w) => w.phrase)

test('superlative: a ranking in the subject or after its noun warns; a possessive, a relative clause or a term picks out', () => {
  const phrases = (text: string) => phrasesOf('superlative', `${lead}<h2>Who owns it?</h2><p>${text}</p>`)
  assert.deepEqual(phrases('The biggest savings come from renegotiating freight.'), ['biggest'])
  assert.deepEqual(phrases('The largest customers come to the office twice a year.'), [])
  assert.deepEqual(phrases('Pricing is the lever most often ignored by boards.'), ['most often'])
  assert.deepEqual(phrases('The accounts most likely to churn get a call.'), [])
  assert.deepEqual(phrases('A rushed rollout spreads its best people across three sites.'), [])
  assert.deepEqual(phrases('Staff who know the customers best should set the bands.'), [])
  assert.deepEqual(phrases('Acme is a leading payroll outsourcing provider.'), ['leading'])
  assert.deepEqual(phrases('The leading cause of delay is missing data.'), ['leading'])
  assert.deepEqual(phrases('Their leading product sells in 40 countries.'), [])
  assert.deepEqual(phrases('Leading indicators move before revenue does.'), [])
  assert.deepEqual(phrases('Those who sell the most are paid monthly.'), [])
})

test('back-reference: a verb pointing "below" or "above" leans on other text; a neighbouring table or a preposition does not', () => {
  const phrases = (text: string) => phrasesOf('back-reference', `${lead}<h2>Owners</h2><p>${text}</p>`)
  assert.deepEqual(phrases('The options are set out below.'), ['below'])
  assert.deepEqual(phrases('The answer depends on three factors, which we discuss below in turn.'), ['below'])
  assert.deepEqual(phrases('The table below shows the split.</p><table><tr><td>Owners</td><td>60%</td></tr></table><p>Next.'), [])
  // With no table below it in its section, "the table below" points at another part of the page.
  assert.deepEqual(phrases('The table below shows the split.'), ['below'])
  assert.deepEqual(phrases('Margins fell below the target and stayed above 5%.'), [])
  assert.deepEqual(phrases('The three options are listed below:'), [])
})

test('back-reference: an FAQ answer is quoted alone, and a question heading names its subject unless it leans back itself', () => {
  const faq = rulesOf(lead, { content: { faq: [{ q: 'Who signs?', a: 'As mentioned above, the finance director.' }] } }).filter(
    (w) => w.rule === 'back-reference',
  )
  assert.deepEqual(
    faq.map((w) => [w.phrase, w.where, w.section]),
    [['As mentioned above', 'faq', 'Who signs?']],
  )
  const openers = (heading: string, text: string) =>
    phrasesOf('back-reference', `${lead}<h2>Owners</h2><p>Sales and finance share it.</p><h2>${heading}</h2><p>${text}</p>`)
  assert.deepEqual(openers('What should they track?', 'They track discounts by rep.'), ['They'])
  assert.deepEqual(openers('Why do price lists go stale?', 'They go stale when nobody owns them.'), [])
  assert.deepEqual(openers('What about reps in the field?', 'They quote from the same list.'), [])
})

test('answer-first: a question put to someone ("ask us whether") is restated; a year or a decade is no figure for "how much"', () => {
  const answerFirstOf = (opening: string, title = base.title) =>
    rulesOf(`<p>${opening}</p><h2>Who owns it?</h2><p>Sales.</p>`, { title }).some((w) => w.rule === 'answer-first')
  assert.equal(answerFirstOf('Many sales directors ask us whether a pricing playbook is worth writing.'), true)
  assert.equal(answerFirstOf('Finance teams often ask their auditors how a playbook is reviewed.'), true)
  const title = 'How much should a firm spend on its pricing playbook?'
  assert.equal(answerFirstOf('Pricing playbooks spread in the 1990s, and by 2010 most firms had one of some kind.', title), true)
  assert.equal(answerFirstOf('About £20,000 for a firm of 200 staff, most of it workshop time.', title), false)
})

test('relative-date: a participle after its noun is no tense, a named yearly period counts from now, and an instruction\'s "today" is the reader\'s', () => {
  const phrases = (text: string) => phrasesOf('relative-date', `${lead}<h2>Who owns it?</h2><p>${text}</p>`)
  assert.deepEqual(phrases('Runway is cash divided by the average burn of the past three months.'), [])
  assert.deepEqual(phrases('Costs fell and margins rose over the past two years.'), ['over the past two years'])
  assert.deepEqual(phrases('Sales were lower last Christmas.'), ['last Christmas'])
  assert.deepEqual(phrases('The last Christmas of the lease fell on a Monday.'), [])
  assert.deepEqual(phrases('List the tools you use today and compare them.'), [])
  assert.deepEqual(phrases('Prices are higher today than in 2020.'), ['today'])
})

test('superlative: a source label cites only where a citation starts; a condition, an enumerated instruction and a list after a colon claim nothing', () => {
  const phrases = (text: string) => phrasesOf('superlative', `${lead}<h2>Who owns it?</h2><p>${text}</p>`)
  assert.deepEqual(phrases('A firm earns from three sources: fees, interest and trading. Fees are the most valuable of the three.'), [
    'the most valuable',
  ])
  assert.deepEqual(phrases('Fees are the largest line (source: ONS).'), [])
  assert.deepEqual(phrases('Unless the discount is the only one offered, hold the price.'), [])
  assert.deepEqual(phrases('This is the only way to protect margin.'), ['the only'])
  assert.deepEqual(phrases('Second, list the suppliers and call the largest ones.'), [])
  assert.deepEqual(phrases('It depends on what is nearby: the nearest branch, a post office and a hub.'), [])
})

test('answer-first: a frame that states the question ("A question we often hear is whether…") is no answer', () => {
  const answerFirstOf = (opening: string) =>
    rulesOf(`<p>${opening}</p><h2>Who owns it?</h2><p>Sales.</p>`).some((w) => w.rule === 'answer-first')
  assert.equal(answerFirstOf('A question we often hear from sales directors is whether a pricing playbook is worth writing.'), true)
  assert.equal(
    answerFirstOf(
      'A pricing playbook is the written set of rules that sales follow when they quote, and the question it settles is who may discount.',
    ),
    false,
  )
})

test(
  'a word of 45 000 letters in a candidate sentence, or of a million in the title, is read as one word, at once',
  { timeout: 20_000 },
  () => {
    const long = 'x'.repeat(45_000)
    const warnings = bodyQualityWarnings({
      ...base,
      title: `How ${'y'.repeat(1_000_000)} cut costs`,
      body: `<p>We are the best ${long} firm.</p><h2>Costs</h2><p>Recently ${long} fell.</p>`,
    })
    assert.deepEqual(
      warnings.filter((w) => w.rule === 'superlative' || w.rule === 'relative-date').map((w) => w.phrase),
      ['Recently', 'best'],
    )
  },
)
