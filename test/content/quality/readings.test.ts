// Readings that blind sets showed the rules needed: how far a named source reaches, which headings
// a "These" can stand for, verbs the tagger takes for nouns, where a verdict counts, and "one".
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { bodyQualityWarnings, type QualityInput } from '../../../src/content/quality/index.js'

const base: QualityInput = {
  title: 'What is a pricing playbook?',
  body: '',
  lang: 'en',
  content: {
    faq: [
      { q: 'How long?', a: 'Four weeks.' },
      { q: 'Who?', a: 'Sales and finance.' },
      { q: 'Why?', a: 'Margin.' },
    ],
  },
  published_at: '2026-03-05T09:30:00Z',
}
const lead = '<p>A pricing playbook is the written set of rules for quoting prices.</p>'
const phrasesOf = (rule: string, body: string, extra: Partial<QualityInput> = {}) =>
  bodyQualityWarnings({ ...base, body, ...extra })
    .filter((w) => w.rule === rule)
    .map((w) => w.phrase)
/** Whether an opening paragraph gets answer-first for the title. */
const opensWithoutAnAnswer = (title: string, opening: string) =>
  bodyQualityWarnings({ ...base, title, body: `<p>${opening}</p><h2>Costs</h2><p>Sales.</p>` }).some((w) => w.rule === 'answer-first')

test('superlative: a named source backs its own sentence and a neighbour about the same thing, not a claim beside it', () => {
  const sources = {
    content: { ...base.content, sources: [{ title: 'Warehouse Labour Survey 2025', publisher: 'UK Warehousing Association' }] },
  }
  const phrases = (text: string) => phrasesOf('superlative', `${lead}<h2>Costs</h2><p>${text}</p>`, sources)
  // The survey is about pickers; the claim is about storage.
  assert.deepEqual(
    phrases(
      'Cube storage is the most space-efficient option on the market. The UK Warehousing Association found that pickers were hard to hire.',
    ),
    ['the most space-efficient'],
  )
  assert.deepEqual(phrases('The UK Warehousing Association found pickers scarce. Cube storage is the most compact option.'), [
    'the most compact',
  ])
  // The same noun, or a demonstrative that goes on about what the source says.
  assert.deepEqual(phrases('The UK Warehousing Association measured picker vacancies. Picker vacancies are the highest of any role.'), [])
  assert.deepEqual(phrases('The UK Warehousing Association measured vacancies by role. That makes picking the hardest role to fill.'), [])
  assert.deepEqual(phrases('Cube storage is the most compact option, according to the UK Warehousing Association.'), [])
  // A report goes on in the past; the writer's own view, in the present, is not the source's.
  assert.deepEqual(phrases('According to the ONS, unemployment rose to 5.1%. Young workers were hit hardest.'), [])
  assert.deepEqual(phrases('According to the ONS, unemployment rose to 5.1%. The biggest risk is a second rise.'), ['biggest'])
  // A link reaches as a named source does: its sentence and a neighbour about the same thing; a
  // citation label still covers its whole paragraph.
  assert.deepEqual(phrases('Cube storage is the most compact option. Pickers are scarce (<a href="https://example.org/s">survey</a>).'), [
    'the most compact',
  ])
  assert.deepEqual(phrases('Cube storage is the most compact option (<a href="https://example.org/s">survey</a>).'), [])
  assert.deepEqual(
    phrases('Cube storage is the most compact option. Cube storage fits 40% more (<a href="https://example.org/s">survey</a>).'),
    [],
  )
  assert.deepEqual(phrases('Cube storage is the most compact option. Source: UK Warehousing Association.'), [])
})

test('back-reference: a "These" takes a heading that names one plural class, not a list of two nor a further section', () => {
  const openers = (heading: string, text: string) =>
    phrasesOf('back-reference', `${lead}<h2>Savings</h2><p>Sales and finance share the savings.</p><h2>${heading}</h2><p>${text}</p>`)
  // The tagger reads "give" as a noun; after "These" it is the verb.
  assert.deepEqual(openers('Personal travel budgets', 'These give families a sum to arrange their own transport.'), [])
  assert.deepEqual(openers('Drafting assistants', 'These tools draft a reply from the incoming letter.'), [])
  assert.deepEqual(openers('HACCP and prerequisites', 'These are where most of the time goes.'), ['These'])
  assert.deepEqual(openers('Risks', 'Those savings depend on filling driver posts.'), ['Those'])
  assert.deepEqual(openers('Risks', 'These savings depend on filling driver posts.'), ['These'])
})

test('superlative: a verb the tagger takes for a noun after a plural subject still makes a claim', () => {
  const phrases = (text: string) => phrasesOf('superlative', `${lead}<h2>Fees and value</h2><p>${text}</p>`)
  assert.deepEqual(phrases('Mid-tier firms offer the best value for money for owner-managed groups.'), ['best'])
  assert.deepEqual(phrases('Larger firms charge the highest fees.'), ['highest'])
})

test('answer-first: a verdict word counts in the first sentence or one about the title, and "one" alone is no figure', () => {
  const answerFirstOf = (opening: string, title: string) =>
    bodyQualityWarnings({ ...base, title, body: `<p>${opening}</p><h2>Costs</h2><p>Sales.</p>` }).some((w) => w.rule === 'answer-first')
  const yesOrNo = 'Should an equity manager launch an ETF share class?'
  assert.equal(
    answerFirstOf(
      '“Distribution is the product,” one chief executive told us. Committees across the industry keep returning to exchange-traded wrappers, usually after a competitor announces one.',
      yesOrNo,
    ),
    true,
  )
  assert.equal(answerFirstOf('Usually not, unless the fund has capacity.', yesOrNo), false)
  assert.equal(answerFirstOf('Platforms decide where money flows. An ETF share class usually pays off above £500m.', yesOrNo), false)
  const howMuch = 'How much does a smart meter installation cost a supplier?'
  assert.equal(answerFirstOf('Suppliers rarely know the true figure. The meter itself is only one line of the cost.', howMuch), true)
  assert.equal(answerFirstOf('About one third of a typical install budget goes on the meter.', howMuch), false)
  assert.equal(answerFirstOf('One in five visits fails, and each costs the supplier a day.', howMuch), false)
})

test('superlative: what a named body owns reports for it, a band of things is no ranking, and "the hardest part" has its noun', () => {
  const phrases = (text: string) => phrasesOf('superlative', `${lead}<h2>Evidence</h2><p>${text}</p>`)
  assert.deepEqual(phrases("The Law Society's survey of in-house lawyers found that cost was the most important factor."), [])
  assert.deepEqual(
    phrases("The Confederation of School Trusts' 2025 report on trust growth identifies capacity as the biggest constraint."),
    [],
  )
  assert.deepEqual(phrases("Christie & Co's 2025 dental market review reports that private practices achieved the highest values."), [])
  assert.deepEqual(phrases("Drapers' 2025 survey of shoppers found that it was the fastest-growing payment option."), [])
  assert.deepEqual(phrases("The lang cat's 2025 advice market report found that re-papering is the most time-consuming part."), [])
  // Owned by no name, a survey reports nothing for anyone.
  assert.deepEqual(phrases('A recent survey found that cost was the most important factor.'), ['the most important'])
  assert.deepEqual(phrases('It pays back quickly on best-selling basics and the lowest-paid care workers.'), [])
  assert.deepEqual(phrases('Our coat is the best-selling coat in Britain.'), ['best-selling'])
  assert.deepEqual(phrases('The hardest part is not the technology but keeping the night shift staffed.'), ['hardest'])
  // A plural opening a sentence is its subject, not an instruction.
  assert.deepEqual(phrases('Brands that pair the option with a world-class returns service keep more of the sale.'), ['world-class'])
})

test('back-reference: "Both" takes a heading that names two things; "As set out in the previous section" is one pointer', () => {
  const openers = (heading: string, text: string) =>
    phrasesOf('back-reference', `${lead}<h2>Stock</h2><p>Apples and pears keep well.</p><h2>${heading}</h2><p>${text}</p>`)
  assert.deepEqual(openers('Salads and soft fruit', 'Both are grown under cover for much of the season.'), [])
  assert.deepEqual(openers('Fit tools and size advice', 'Both cut bracketing when customers trust them.'), [])
  assert.deepEqual(openers('Soft fruit', 'Both are grown under cover for much of the season.'), ['Both'])
  assert.deepEqual(openers('Cloud audit logs', 'They are easy to overlook because the provider holds them.'), [])
  assert.deepEqual(openers('Setting targets by grade', 'These figures hide a wide spread.'), ['These'])
  assert.deepEqual(openers('What joining changes', 'These pressures ease once a school joins.'), ['These'])
  assert.deepEqual(openers('Plan', 'As set out in the previous section, the size of the gap decides the timetable.'), [
    'As set out in the previous section',
  ])
})

test("questions: a heading asks in a question's word order, not as a topic with its subject before the verb", () => {
  const count = (headings: string[]) =>
    bodyQualityWarnings({
      ...base,
      content: {},
      body: `${lead}${headings.map((h) => `<h2>${h}</h2><p>Text.</p>`).join('')}`,
    }).find((w) => w.rule === 'questions')?.count ?? 3
  assert.equal(count(['What trustees should check', 'How long the process takes', 'What the budget should cover']), 0)
  assert.equal(count(['What budget should a council set', 'How many staff does a trust need', 'How long does a review take']), 3)
})

test('answer-first: a scene or a vague number is no answer to how long or how much', () => {
  const answerFirstOf = (opening: string, title: string) =>
    bodyQualityWarnings({ ...base, title, body: `<p>${opening}</p><h2>Costs</h2><p>Sales.</p>` }).some((w) => w.rule === 'answer-first')
  const howLong = 'How long does a scripted TV drama take from commission to delivery?'
  assert.equal(
    answerFirstOf('On a grey morning in Cardiff, a second-unit crew waits for the rain to ease, a fortnight behind.', howLong),
    true,
  )
  assert.equal(answerFirstOf('On a typical day a crew shoots five pages, so a six-part drama takes 18 to 24 months.', howLong), false)
  const howMuch = 'How much working capital does a recruitment agency need?'
  assert.equal(answerFirstOf('Enough to carry several weeks of payroll before the first invoice is settled.', howMuch), true)
  assert.equal(answerFirstOf('Seven to nine weeks of gross payroll, £2.2m for an agency billing £20m.', howMuch), false)
})

test('superlative: a kind after "a", a relative clause the tagger misreads, an instruction after a fronted phrase or with its object read as a verb, and a scene claim nothing', () => {
  const phrases = (text: string) => phrasesOf('superlative', `${lead}<h2>Practice</h2><p>${text}</p>`)
  assert.deepEqual(phrases('The actuary sets assumptions on a best-estimate basis plus a margin.'), [])
  assert.deepEqual(phrases('Rail is the lowest-cost option for bulk liquids.'), ['lowest-cost'])
  assert.deepEqual(phrases('Drop the dishes that travel worst, which generate most of the complaints.'), [])
  assert.deepEqual(phrases('For the first campaign, start with the turbines that have the highest stoppage counts.'), [])
  assert.deepEqual(phrases('For the first campaign, the turbines with poor access are the biggest risk.'), ['biggest'])
  assert.deepEqual(phrases('Keep offset for adopted course texts and the strongest sellers in each series.'), [])
  assert.deepEqual(phrases('Report highest-priority critically important antibiotics separately.'), [])
  assert.deepEqual(phrases('On a wet Tuesday in February the lounges are locked and the only sound is a mower.'), [])
})

test('relative-date: a condition before the instruction keeps its own time, and "Measure it" instructs', () => {
  const phrases = (text: string) => phrasesOf('relative-date', `${lead}<h2>Practice</h2><p>${text}</p>`)
  assert.deepEqual(phrases('If your programme starts in the coming months, ask the contractor to order early.'), ['in the coming months'])
  assert.deepEqual(phrases('Measure it on realisation, defined as fees billed divided by time recorded over the past 12 months.'), [])
})

test('blind-l readings: a long "It takes … to", "the last section", a context or common knowledge as an opening, "the single most", a bare superlative after a preposition, the acronym IT', () => {
  const openers = (text: string) => phrasesOf('back-reference', `${lead}<h2>Owners</h2><p>Sales.</p><h2>Training</h2><p>${text}</p>`)
  assert.deepEqual(openers('It takes a technician with good ceramic skills about three weeks of daily use to design a crown.'), [])
  assert.deepEqual(openers('Using the signals from the last section, ring the member within 14 days.'), ['the last section'])
  assert.deepEqual(openers('If the former IT manager still holds administrator accounts, move them.'), [])
  const superlatives = (text: string) => phrasesOf('superlative', `${lead}<h2>Controls</h2><p>${text}</p>`)
  assert.deepEqual(superlatives('Continuous data logging is the single most effective control a wholesaler can buy.'), [
    'the single most effective',
  ])
  assert.deepEqual(superlatives('Awards should go to the families in greatest need.'), [])
  assert.deepEqual(
    superlatives('Transport for Greater Manchester has described depot acquisition as the single most important decision.'),
    [],
  )
  const answerFirstOf = (opening: string, title: string) =>
    bodyQualityWarnings({ ...base, title, body: `<p>${opening}</p><h2>Costs</h2><p>Sales.</p>` }).some((w) => w.rule === 'answer-first')
  assert.equal(
    answerFirstOf(
      'In a sector where wages make up the bulk of every invoice, pricing is part judgement.',
      'How to price a cleaning contract',
    ),
    true,
  )
  assert.equal(
    answerFirstOf('Every garden centre manager knows the first warm Saturday of spring.', 'How much stock should a garden centre buy?'),
    true,
  )
  assert.equal(
    answerFirstOf('In a contract of 40 hours a week, price at £18 an hour plus 12% margin.', 'How to price a cleaning contract'),
    false,
  )
})

test('blind-k readings: "has cut" is perfect, a date in a later clause anchors nothing, a present "when" conditions, both ends of a range rank nothing, "Bureaux that…" is a subject', () => {
  const dates = (text: string) => phrasesOf('relative-date', `${lead}<h2>Timing</h2><p>${text}</p>`)
  assert.deepEqual(dates('The review has cut approval times sharply over the last 18 months.'), ['over the last 18 months'])
  assert.deepEqual(
    dates('The review has cut approval times over the last 18 months, and the rules that take effect on 28 April 2026 go further.'),
    ['over the last 18 months'],
  )
  assert.deepEqual(dates('Approval times fell in the six months to June 2026.'), [])
  const superlatives = (text: string) => phrasesOf('superlative', `${lead}<h2>Timing</h2><p>${text}</p>`)
  assert.deepEqual(superlatives('A spa pays when the hotel is the only five-star property in a resort town.'), [])
  assert.deepEqual(superlatives('When we opened, ours was the only five-star property in town.'), ['the only'])
  assert.deepEqual(superlatives('The fastest quarter of sites opened in under 110 days; the slowest took more than 280.'), [])
  assert.deepEqual(superlatives('Our sites open the fastest.'), ['fastest'])
  assert.deepEqual(superlatives('Bureaux that bundle pensions administration earn the strongest margins.'), ['strongest'])
})

test('blind-m readings: no verdict in an embedded question or a sentence about the article, a generic "soon", "for" without "to" is a preposition', () => {
  const answerFirstOf = (opening: string) =>
    bodyQualityWarnings({
      ...base,
      title: 'Can a commercial landlord recover the cost of a new roof through the service charge?',
      body: `<p>${opening}</p><h2>Costs</h2><p>Sales.</p>`,
    }).some((w) => w.rule === 'answer-first')
  assert.equal(answerFirstOf('Landlords and tenants often argue over who should pay for a new roof on a shared building.'), true)
  assert.equal(answerFirstOf('Before turning to roofs, it is worth setting out how a service charge clause is built.'), true)
  assert.equal(answerFirstOf('Usually not: a new roof is an improvement unless the lease says otherwise.'), false)
  const dates = (text: string) => phrasesOf('relative-date', `${lead}<h2>Cover</h2><p>${text}</p>`)
  assert.deepEqual(dates('A chronic problem such as diabetes soon falls outside cover.'), [])
  assert.deepEqual(dates('A mechanism waived for one customer is soon waived for all of them.'), [])
  assert.deepEqual(dates('A new rule comes into force soon.'), ['soon'])
  assert.deepEqual(dates('The plant soon reaches capacity.'), ['soon'])
  const openers = (text: string) =>
    phrasesOf(
      'back-reference',
      `${lead}<h2>Surcharges</h2><p>Fuel is a third of cost.</p><h2>What freight customers can negotiate</h2><p>${text}</p>`,
    )
  assert.deepEqual(openers('It can be capped for hauliers on annual contracts.'), ['It'])
  assert.deepEqual(openers('It is hard for smaller hauliers to absorb the cost.'), [])
  assert.deepEqual(openers('It takes two days on site for a typical fleet.'), [])
})

test('blind-n readings: a table in another section, a fronted frequency, headings with irregular participles and unknown plurals, a topic title, a date the window does not follow', () => {
  const pointers = (body: string) => phrasesOf('back-reference', `${lead}${body}`)
  assert.deepEqual(pointers('<h2>Costs</h2><table><tr><td>1</td></tr></table><p>The table above shows it.</p>'), [])
  assert.deepEqual(pointers('<h2>Costs</h2><table><tr><td>1</td></tr></table><h2>Plan</h2><p>Bring the evidence table above.</p>'), [
    'above',
  ])
  const openers = (heading: string, text: string) =>
    phrasesOf('back-reference', `${lead}<h2>Demand</h2><p>Airlines want more.</p><h2>${heading}</h2><p>${text}</p>`)
  assert.deepEqual(openers('Postgraduate taught programmes', 'They carry most of the risk.'), [])
  assert.deepEqual(openers('Cobot palletisers', 'They suit slower lines.'), [])
  assert.deepEqual(openers('How allocation works', 'It follows the Worldwide Airport Slot Guidelines.'), [])
  assert.deepEqual(openers('Buy-in and buy-out', 'Both transfer longevity risk to an insurer.'), [])
  const dates = (text: string) => phrasesOf('relative-date', `${lead}<h2>Timing</h2><p>${text}</p>`)
  assert.deepEqual(dates('Each month, compare this month&#39;s spend with the profile and report any scheme that has slipped.'), [])
  assert.deepEqual(
    dates('ERIC for 2023/24 put the total at £13.8 billion. The high-risk element has grown faster in the last four years.'),
    ['in the last four years'],
  )
  assert.deepEqual(dates('From March 2026 the plant fixed its volume. In the next month, it cut stock.'), [])
  assert.deepEqual(dates('Several boards will review their contracts in the months ahead.'), ['in the months ahead'])
  const superlatives = (text: string, sources = [{ title: 'Full expensing', publisher: 'HMRC' }]) =>
    phrasesOf('superlative', `${lead}<h2>Payback</h2><p>${text}</p>`, { content: { ...base.content, sources } })
  assert.deepEqual(superlatives('Done properly, palletising guarantees a payback within three years, and full expensing shortens it.'), [
    'guarantees',
  ])
  assert.deepEqual(superlatives('In practice, scrap quality is the single largest threat to the business case.'), ['largest'])
  const answerFirstOf = (opening: string) =>
    bodyQualityWarnings({ ...base, title: 'Airport slots: how they work', body: `<p>${opening}</p><h2>Costs</h2><p>Sales.</p>` }).some(
      (w) => w.rule === 'answer-first',
    )
  assert.equal(answerFirstOf('At ten past six on a wet February morning, the first arrivals are stacked over the Home Counties.'), true)
})

test('blind-p readings: advice to expect is a forecast, a window in a definition keeps its own conjunct, "along the shortest route" selects, an activity heading names no "They"', () => {
  const dates = (text: string) => phrasesOf('relative-date', `${lead}<h2>Energy</h2><p>${text}</p>`)
  assert.deepEqual(dates('Brewers should expect the thresholds to change in the coming months.'), ['in the coming months'])
  assert.deepEqual(dates('A board should see the burn forecast for the next 12 months beside the actual burn.'), [])
  assert.deepEqual(
    dates(
      'The farm measures intensity as the electricity used over the past four weeks divided by the kilos, and the figure has stayed below 9.5 kWh.',
    ),
    [],
  )
  assert.deepEqual(
    phrasesOf('superlative', `${lead}<h2>Rules</h2><p>Distances are measured along the shortest safe walking route.</p>`),
    [],
  )
  const openers = (heading: string) =>
    phrasesOf(
      'back-reference',
      `${lead}<h2>Depots</h2><p>Managers kept their machines.</p><h2>${heading}</h2><p>They resisted the idea at first.</p>`,
    )
  assert.deepEqual(openers('Moving machines between depots'), ['They'])
  assert.deepEqual(openers('Depot managers'), [])
})

test('blind-o readings: what a named body\'s document does it states; "250 miles work best" says how', () => {
  const superlatives = (text: string) => phrasesOf('superlative', `${lead}<h2>Prices</h2><p>${text}</p>`)
  assert.deepEqual(superlatives("DESNZ's allocation framework for the sixth round gave tidal stream the highest strike price."), [])
  assert.deepEqual(superlatives("Tesco's share is the largest in the market."), ['largest'])
  assert.deepEqual(superlatives('Saloons with a range above 250 miles work best for rental.'), [])
})

test('blind-q and blind-r readings: a modal\'s verb is the phrase\'s own, an instruction after "And", a superlative after "a" names a kind, "always" in a relative clause defines, negated "the only", "guarantees footfall", advice in another conjunct', () => {
  const superlatives = (text: string) => phrasesOf('superlative', `${lead}<h2>Fleet</h2><p>${text}</p>`)
  assert.deepEqual(superlatives('None of the 55 buses has needed a stack, but the oldest will reach the warranty limit in 2027.'), [])
  assert.deepEqual(superlatives('And replace the oldest diesels on the longest duties first.'), [])
  assert.deepEqual(superlatives('Most policies apply a lowest logical fare rule.'), [])
  assert.deepEqual(superlatives('The policy lists the few things that always need approval.'), [])
  assert.deepEqual(superlatives('Our engineers always deliver on time.'), ['always'])
  assert.deepEqual(superlatives('It should not be the only connection on a farm.'), [])
  assert.deepEqual(superlatives('A concourse unit guarantees footfall that no landlord can match.'), ['guarantees'])
  assert.deepEqual(superlatives('Bank guarantees covering the deposit are common.'), [])
  assert.deepEqual(superlatives('A company can claim 100% first-year relief on plant.'), [])
  assert.deepEqual(superlatives('The grid connection is the biggest risk in any depot programme, and operators should apply early.'), [
    'biggest',
  ])
  assert.deepEqual(superlatives('Pay strike benefit through the longest dispute the union can foresee.'), [])
  const openers = (heading: string, text: string) =>
    phrasesOf('back-reference', `${lead}<h2>Funding</h2><p>Grants cover most of it.</p><h2>${heading}</h2><p>${text}</p>`)
  assert.deepEqual(openers('What happens if the scheme cannot raise its share?', 'It is delayed or split into phases.'), [])
  assert.deepEqual(openers('What happens to their share?', 'It is delayed or split into phases.'), ['It'])
})

test('blind-s and blind-t readings: advice after a window advises nothing, "Once …, compare" instructs, "£5 works best", the reader\'s own data cites nothing, both ends of a range', () => {
  const dates = (text: string) => phrasesOf('relative-date', `${lead}<h2>Costs</h2><p>${text}</p>`)
  assert.deepEqual(
    dates(
      'Prices have fallen by a third over the past four years, which has brought the upgrade within reach of venues that could not justify it.',
    ),
    ['over the past four years'],
  )
  assert.deepEqual(dates('Once the first screen is converted, compare this month&#39;s admissions with the same month last year.'), [])
  const superlatives = (text: string) => phrasesOf('superlative', `${lead}<h2>Costs</h2><p>${text}</p>`)
  assert.deepEqual(superlatives('A charge of £3 to £5 works best for one-off requests.'), [])
  assert.deepEqual(
    superlatives('Honest figures are the surest way to win trust. Use data from your own patient records, not a vendor&#39;s estimates.'),
    ['surest'],
  )
  assert.deepEqual(superlatives('Honest figures are the surest way to win trust, according to data from the HFEA.'), [])
  assert.deepEqual(superlatives('The busiest shop made a surplus of £96,000 and the quietest lost £38,000.'), [])
})

test('the reader\'s own present and the object of an ordinary verb: "you currently send" in an instruction, "takes the largest schemes out"', () => {
  const dates = (text: string) => phrasesOf('relative-date', `${lead}<h2>Costs</h2><p>${text}</p>`)
  assert.deepEqual(
    dates('Start with the part families you currently send to subcontractors, and price the machine against that spend.'),
    [],
  )
  assert.deepEqual(dates('If you currently pay by invoice, ask for the card rate.'), [])
  assert.deepEqual(dates('You currently need a licence for each site.'), ['currently'])
  assert.deepEqual(dates('Suppliers currently charge a premium for short runs.'), ['currently'])
  const superlatives = (text: string) => phrasesOf('superlative', `${lead}<h2>Costs</h2><p>${text}</p>`)
  assert.deepEqual(superlatives('The route takes the largest schemes out of the capital peak.'), [])
  assert.deepEqual(superlatives('In-house teams achieve the highest completion rates.'), ['highest'])
  assert.deepEqual(superlatives('Bureaux that bundle payroll and pensions earn the strongest margins.'), ['strongest'])
  assert.deepEqual(superlatives('We always pick the best system for each client.').includes('best'), true)
})

test('blind-u and blind-x readings: a routine that introduces a list or names the title, negative instructions, "Check that…", "the former suits companies", "These pay assumptions", "In a period when…"', () => {
  const dates = (body: string, title = base.title) => phrasesOf('relative-date', `${lead}${body}`, { title })
  const routine =
    '<h2>Weekly routine</h2><p>Each Friday, the pharmacist should:</p><ul><li>check that this week&#39;s receipts are entered;</li></ul>'
  assert.deepEqual(dates(routine), [])
  assert.deepEqual(dates('<h2>Stock</h2><p>The pharmacist found:</p><ul><li>the receipts were late this week.</li></ul>'), ['this week'])
  const briefing =
    '<h2>What the briefing covers</h2><ol><li>Today&#39;s lifts and hot works.</li><li>Changes since yesterday&#39;s briefing.</li></ol>'
  assert.deepEqual(dates(briefing, 'How to run a daily pre-start briefing'), [])
  assert.deepEqual(dates(briefing, 'What a pre-start briefing covers'), ['Today', 'yesterday'])
  // A title's rate ("each year") is no routine for "next year".
  assert.deepEqual(
    dates('<h2>Plans</h2><p>Two networks intend to double their programmes next year.</p>', 'What does dialysis cost each year?'),
    ['next year'],
  )
  const superlatives = (text: string) => phrasesOf('superlative', `${lead}<h2>Rates</h2><p>${text}</p>`)
  assert.deepEqual(superlatives('Do not price below the lowest rate in your comp set unless an event explains it.'), [])
  assert.deepEqual(superlatives('Our rate is the lowest rate in the city.'), ['lowest'])
  const backs = (heading: string, text: string) =>
    phrasesOf('back-reference', `${lead}<h2>Staffing assumptions</h2><p>Check the pay awards assumed.</p><h2>${heading}</h2><p>${text}</p>`)
  assert.deepEqual(backs('Insurance', 'Hire cover is simpler; the former suits companies that already hold a policy.'), ['the former'])
  assert.deepEqual(backs('Pupil numbers', 'These pay assumptions only make sense alongside the funding forecast.'), ['These'])
  assert.deepEqual(backs('Pupil numbers', 'These numbers drive most of the funding.'), [])
  assert.deepEqual(backs('Personal travel budgets', 'These give families a budget to spend.'), [])
  assert.equal(
    opensWithoutAnAnswer(
      'How much does an unstaffed library cost?',
      'In a period when councils have closed hundreds of branches, opening hours matter.',
    ),
    true,
  )
  assert.equal(
    opensWithoutAnAnswer('How to set a van replacement cycle', 'Every fleet manager has a view on how long a van should be kept.'),
    true,
  )
})

test('blind-w readings: "below" after a verb of position is a preposition, a form in -ing with no auxiliary is no reporting verb, "These" under a class with a prepositional phrase', () => {
  const backs = (heading: string, text: string) =>
    phrasesOf('back-reference', `${lead}<h2>Surveyors</h2><p>Visits were booked.</p><h2>${heading}</h2><p>${text}</p>`)
  assert.deepEqual(backs('Rates', 'Each hotel got a minimum rate the software could not go below.'), [])
  assert.deepEqual(backs('Rates', 'The three options, which we set out below, each have a cost.'), ['below'])
  assert.deepEqual(backs('Letters to tenants', 'These set out the date of each visit.'), [])
  assert.deepEqual(backs('Setting targets by grade', 'These figures come from the survey.'), ['These'])
  const superlatives = (text: string) => phrasesOf('superlative', `${lead}<h2>Reporting</h2><p>${text}</p>`)
  assert.deepEqual(superlatives('Digital reporting is the single most effective fix for a pathology backlog.'), [
    'the single most effective',
  ])
  assert.deepEqual(superlatives('Ofwat is reporting that leakage is the largest source of loss.'), [])
})

test('blind-v readings: a part of the ranked set, an embedded question, a superlative subject of "have", "one of the best-run", a bare plural in a generic statement', () => {
  const superlatives = (text: string) => phrasesOf('superlative', `${lead}<h2>Waits</h2><p>${text}</p>`)
  assert.deepEqual(superlatives('Children account for more than half of the longest waits.'), [])
  assert.deepEqual(superlatives('Children account for one of the longest waits in the service.'), ['longest'])
  assert.deepEqual(superlatives('This report looks at which services have the longest queues.'), [])
  assert.deepEqual(superlatives('The largest firms in the sample had adviser caseloads no higher than the median.'), [])
  assert.deepEqual(superlatives('The largest firms have the lowest caseloads.'), ['lowest'])
  assert.deepEqual(superlatives('Harbour Lane Care, one of the best-run groups in the country, keeps agency use low.'), ['best-run'])
  assert.deepEqual(superlatives('The lowest-paid care workers gain most.'), [])
  const dates = (text: string) => phrasesOf('relative-date', `${lead}<h2>Charges</h2><p>${text}</p>`)
  assert.deepEqual(dates('Owners who drop below the minimum to save cash soon find the surcharge eats the saving.'), [])
  assert.deepEqual(dates('The wholesaler will soon raise its minimum order.'), ['soon'])
})

test('blind-z, blind-aa and blind-ab readings: a verdict word in a relative clause, "In a trade where…", definitions and formulas, a routine the heading names, a ranking across a country', () => {
  const shipping = 'Will ammonia become the main fuel for shipping?'
  assert.equal(
    opensWithoutAnAnswer(shipping, 'Every owner bets on a market that does not exist at scale, and boards treat it as strategy.'),
    true,
  )
  assert.equal(opensWithoutAnAnswer(shipping, 'Not before 2040, and perhaps never.'), false)
  assert.equal(opensWithoutAnAnswer(shipping, 'Ammonia will not become the main fuel before 2040, in our view.'), false)
  assert.equal(
    opensWithoutAnAnswer(shipping, 'In a trade where a ship ordered in 2026 still sails in the 2050s, every engine is a bet.'),
    true,
  )
  const dates = (heading: string, text: string) => phrasesOf('relative-date', `${lead}<h2>${heading}</h2><p>${text}</p>`)
  assert.deepEqual(dates('The core measure', 'Turnover is defined as leavers over the past 12 months divided by average headcount.'), [])
  assert.deepEqual(dates('The core measure', 'Leavers rose sharply over the past 12 months.'), ['over the past 12 months'])
  const step = 'The manager compares this month&#39;s figures with the same month last year.'
  assert.deepEqual(dates('The monthly routine', step), [])
  assert.deepEqual(dates('Monthly figures', step), ['this month', 'last year'])
  const superlatives = (text: string) => phrasesOf('superlative', `${lead}<h2>Results</h2><p>${text}</p>`)
  assert.deepEqual(superlatives('Marches Connect ran the most reliable rural network in England.'), ['the most reliable'])
  assert.deepEqual(superlatives('The depot ran the oldest buses on the quietest routes.'), [])
})

test('readings of the articles once left out of the corpus: a question\'s subject between its auxiliary and participle, "the latter cost roughly…"', () => {
  const backs = (heading: string, text: string) =>
    phrasesOf('back-reference', `${lead}<h2>Tenders</h2><p>Lots are re-let in autumn.</p><h2>${heading}</h2><p>${text}</p>`)
  assert.deepEqual(backs('How are bids scored?', 'They are scored on quality and price.'), [])
  assert.deepEqual(backs('Layouts', 'Depots choose plug-in chargers or pantographs; the latter cost roughly twice as much per bay.'), [
    'the latter',
  ])
  assert.deepEqual(backs('Layouts', 'The former chair of a hospice, who led the talks, described it bluntly.'), [])
})

test('blind-ae readings: "the coming months" beside a date, a question a reader asks, an elaboration after an instruction\'s colon, "Those teaching…", a cost title wants money', () => {
  const dates = (body: string) => phrasesOf('relative-date', `${lead}${body}`)
  assert.deepEqual(
    dates(
      '<h2>Rules</h2><p>The regulation has applied since 13 December 2024, and further changes will be phased in over the coming months.</p>',
    ),
    ['over the coming months'],
  )
  assert.deepEqual(dates('<h2>Plant</h2><p>From March 2026 the plant fixed its volume, and in the next month it added a cap.</p>'), [])
  assert.deepEqual(dates('<h2>Questions</h2><dl><dt>How many franchisees have left in the last five years?</dt><dd>A few.</dd></dl>'), [])
  assert.deepEqual(dates('<h2>Questions</h2><p>Has demand fallen in the last five years? It has.</p>'), ['in the last five years'])
  assert.deepEqual(
    dates('<h2>Reports</h2><p>Show the forward view as well: the share of hours already booked for the coming eight weeks.</p>'),
    [],
  )
  const backs = (heading: string, text: string) =>
    phrasesOf('back-reference', `${lead}<h2>Fees</h2><p>Fees rose.</p><h2>${heading}</h2><p>${text}</p>`)
  assert.deepEqual(backs('Schools that can do without it', 'Those teaching evening classes can drop accreditation.'), [])
  assert.deepEqual(backs('Schools that can do without it', 'Those schools can drop accreditation.'), ['Those'])
  const anecdote =
    'When Gareth started fitting panels he assumed the paperwork would take a weekend. Eight months later he was still waiting.'
  assert.equal(opensWithoutAnAnswer('How much does MCS certification cost a small installer?', anecdote), true)
  assert.equal(
    opensWithoutAnAnswer('How much does MCS certification cost a small installer?', 'Usually £2,000 to £3,500 in the first year.'),
    false,
  )
  assert.equal(opensWithoutAnAnswer('How long does MCS certification take?', 'Eight months, for most small installers.'), false)
})

test('blind-ac, blind-af and blind-ad readings: a formula with ÷, cycles and terms as units, names built with "of", "Both" under two named bodies, ends of a range, subordinators, "rather than guaranteed", "It takes … for … to", a plural opening the sentence', () => {
  const dates = (text: string) => phrasesOf('relative-date', `${lead}<h2>Planning</h2><p>${text}</p>`)
  assert.deepEqual(dates('Credits per hour: credits cleaned ÷ paid hours over the past four weeks.'), [])
  assert.deepEqual(dates('Over the past three cycles, most universities have seen calls fall by a fifth.'), ['Over the past three cycles'])
  const backs = (heading: string, text: string) =>
    phrasesOf('back-reference', `${lead}<h2>Fees</h2><p>Fees rose.</p><h2>${heading}</h2><p>${text}</p>`)
  assert.deepEqual(backs('Attachment of earnings orders', 'They let a council take payments from wages.'), [])
  assert.deepEqual(backs('The pension committee and the local pension board', 'Both keep their statutory roles.'), [])
  assert.deepEqual(
    backs('Break-even scale', 'It takes about 60 practices buying £15 million a year for the savings to cover the costs.'),
    [],
  )
  const superlatives = (text: string) => phrasesOf('superlative', `${lead}<h2>Market</h2><p>${text}</p>`)
  assert.deepEqual(superlatives('The spread between the quickest and the slowest lenders was wide.'), [])
  assert.deepEqual(superlatives('Demand levelled off once the longest waits began to fall.'), [])
  assert.deepEqual(superlatives('Volumes are set by the boards rather than guaranteed centrally.'), [])
  assert.deepEqual(superlatives('Returns are guaranteed for five years.'), ['guaranteed'])
  const paragraph = 'Parasiticides offer the largest saving, because they are bought in large volumes.'
  assert.deepEqual(superlatives(`Groups buy centrally. ${paragraph}`), ['largest'])
})

test('answer-first: a verdict in the first words of a long sentence, and money in pence or a share of each pound', () => {
  // Naming what the answer turns on answers once a condition or a figure follows (blind-hq to
  // blind-hv: alone, "It depends on…" hedges).
  assert.equal(
    opensWithoutAnAnswer(
      'Is a spa worth it?',
      'It depends on how many nights guests stay and whether the spa rooms can be let to local members in the week. If guests stay two nights or more, a spa pays back.',
    ),
    false,
  )
  assert.equal(
    opensWithoutAnAnswer(
      'How much should a charity spend on fundraising?',
      'Roughly 20p in every pound it raises, once the first year is over.',
    ),
    false,
  )
})

test('wave of blind-ag to blind-ak: a denied rank, "next" in a story told in the past, a scene at a clock time, a comparison\'s "as described", an owner\'s superlative after "of", "This is the stage where…", answers by degree or by the title\'s modal', () => {
  const superlatives = (text: string) => phrasesOf('superlative', `${lead}<h2>Market</h2><p>${text}</p>`)
  assert.deepEqual(superlatives('The lowest headline price is not always the lowest total cost.'), [])
  assert.deepEqual(superlatives('A framework is not the cheapest route.'), [])
  assert.deepEqual(superlatives('Supply interruptions, not the vehicles, are the single greatest risk.'), ['greatest'])
  assert.deepEqual(superlatives('The hardest part is not the technology but the data.'), ['hardest'])
  assert.deepEqual(superlatives('The federation appointed the former practice manager of its largest member.'), [])
  assert.deepEqual(superlatives('The former bursar of the group&#39;s largest school led the migration.'), [])
  assert.deepEqual(superlatives('Shippers should treat the routing question as the biggest risk to any forecast.'), ['biggest'])
  assert.deepEqual(superlatives('Mostly lagging indicators, with one or two leading ones.'), [])
  const dates = (text: string) => phrasesOf('relative-date', `${lead}<h2>Example</h2><p>${text}</p>`)
  assert.deepEqual(dates('The shop cut its bids in May 2025. Over the next three months spend fell to 9% of revenue.'), [])
  assert.deepEqual(dates('Spend will fall over the next three months.'), ['over the next three months'])
  assert.deepEqual(dates('A ticket that costs more than it did yesterday generates complaints.'), [])
  assert.deepEqual(dates('The ticket cost more than it did yesterday.'), ['yesterday'])
  const backs = (heading: string, text: string) =>
    phrasesOf('back-reference', `${lead}<h2>Offers</h2><p>Offers fall through.</p><h2>${heading}</h2><p>${text}</p>`)
  assert.deepEqual(backs('Checks', 'A chain was never as firm as described, or a deposit fell away.'), [])
  assert.deepEqual(backs('Sales progression', 'This is the stage where most branches lose control.'), [])
  assert.deepEqual(backs('Sales progression', 'This is why most branches lose control.'), ['This'])
  assert.deepEqual(backs('Pay and incentives', 'They are often paid less than negotiators.'), ['They'])
  assert.deepEqual(backs('Negotiators and progressors', 'They are often paid less than agents.'), [])
  assert.deepEqual(backs('Great British Railways', 'It will bring track and train together.'), [])
  assert.deepEqual(backs('Leading indicators to track', 'These are the connection rate and the energy per call.'), [])
  assert.deepEqual(backs('Costs', 'The running costs set out below are netted off.'), ['below'])
  assert.equal(
    opensWithoutAnAnswer('Will cyber premiums fall in 2026?', 'Modestly, for well-controlled firms: renewals came in 5% below last year.'),
    false,
  )
  assert.equal(
    opensWithoutAnAnswer('Can music venues survive without a levy?', 'Some can, but most cannot on the economics of 2025.'),
    false,
  )
  assert.equal(
    opensWithoutAnAnswer('Is a spa worth it for a hotel?', 'A spa is a large investment for any hotel, and the rooms cost money to heat.'),
    true,
  )
  assert.equal(
    opensWithoutAnAnswer('How to cut failed appointments', 'It is 8.40 on a wet Tuesday morning in a practice in Leicester.'),
    true,
  )
  assert.equal(
    opensWithoutAnAnswer('Should homes use agency nights?', 'Managers ask us time and again whether agency cover is worth its premium.'),
    true,
  )
})

test('a review\'s findings: months need their capital, a demonstrative "term" or "cycle", whole-word source names, datelines and bylines, time titles, codes and sums, a link opening a sentence, a fronted condition, causes and comparisons that are no forecast, roads and months in headings', () => {
  const dates = (text: string) => phrasesOf('relative-date', `${lead}<h2>Timing</h2><p>${text}</p>`)
  assert.deepEqual(
    dates('This may take three weeks. This term protects the buyer, and this cycle repeats. We offer next day delivery.'),
    [],
  )
  assert.deepEqual(dates('Sales rose this May.'), ['this May'])
  assert.deepEqual(dates('Wholesale prices fell in six months due to new supply. Margins rose in two years, faster than expected.'), [])
  assert.deepEqual(dates('Fees rose from £1500 to £2000 over the past two years.'), ['over the past two years'])
  assert.deepEqual(
    dates(
      'The council bought vans in 2024. <a href="https://example.org">The fleet plan</a> says every van will be replaced over the next three years.',
    ),
    ['over the next three years'],
  )
  const sourced = { content: { ...base.content, sources: [{ title: 'Labour market statistics', publisher: 'ONS' }] } }
  const superlatives = (text: string) => phrasesOf('superlative', `${lead}<h2>Market</h2><p>${text}</p>`, sourced)
  assert.deepEqual(superlatives('Our consultants are the best in the sector.'), ['best'])
  assert.deepEqual(superlatives('The ONS says wages rose fastest in London.'), [])
  assert.deepEqual(superlatives('Finance teams that pull data from five systems have the slowest close in the sector.'), ['slowest'])
  assert.deepEqual(superlatives('Whether a council leases or buys, electric vans are the cheapest option over eight years.'), ['cheapest'])
  assert.equal(opensWithoutAnAnswer('How long does a payroll audit take?', '12 weeks.'), false)
  assert.equal(opensWithoutAnAnswer('How long does a subject access request take?', 'By law, within one month of receipt.'), false)
  assert.equal(
    opensWithoutAnAnswer('How much time does invoice automation save?', 'Automation saves a typical team 12 hours a week.'),
    false,
  )
  assert.equal(opensWithoutAnAnswer('How many calls does a centre take?', 'Between 1500 and 2000 calls a month.'), false)
  assert.equal(opensWithoutAnAnswer('How long does certification take?', 'ISO 27001 takes longer than most firms expect.'), true)
  assert.equal(
    opensWithoutAnAnswer(
      'Why do ERP implementations overrun?',
      'Generally speaking, there is no single answer, and every project differs.',
    ),
    true,
  )
  assert.equal(
    opensWithoutAnAnswer(
      'Does dynamic pricing work for theatres?',
      'It does: regional theatres that price dynamically sell 8% more seats.',
    ),
    false,
  )
  assert.equal(
    opensWithoutAnAnswer('Can small charities afford a CRM?', 'Most small charities can afford a CRM if they pick a hosted one.'),
    false,
  )
  const report = (body: string) => bodyQualityWarnings({ ...base, body, content: {} })
  const roads = report(`${lead}<h2>Works</h2><p>Work on the next section of the A66 starts in May 2027.</p>`)
  assert.equal(roads.filter((w) => w.rule === 'back-reference').length, 0)
  const headings = report(`${lead}<h2>Must-have clauses</h2><p>A.</p><h2>May 2026 changes</h2><p>B.</p><h2>Should you bid?</h2><p>C.</p>`)
  assert.equal(headings.find((w) => w.rule === 'questions')?.count, 1)
})

test('wave of blind-al to blind-ap: "the current" in a fronted frame or a forecast, the rest of the year, "since February", advice in a clause of its own, a publication cited after a preposition, a kind defined by its relative clause, a table above in another section', () => {
  const dates = (text: string) => phrasesOf('relative-date', `${lead}<h2>Outlook</h2><p>${text}</p>`)
  assert.deepEqual(dates('At current prices, the sorter will pay for itself in about 19 months.'), ['At current prices'])
  assert.deepEqual(dates('Cost each job type at current contract rates.'), [])
  assert.deepEqual(dates('Plates for the next job were checked while the current job ran.'), [])
  assert.deepEqual(dates('We expect beef margins to stay under pressure for the rest of the year.'), ['for the rest of the year'])
  assert.deepEqual(dates('Paid visits were no lower in the rest of the month.'), [])
  assert.deepEqual(dates('No member has complained since February.'), ['since February'])
  assert.deepEqual(dates('No member has complained since February 2025.'), [])
  const superlatives = (text: string) => phrasesOf('superlative', `${lead}<h2>Costs</h2><p>${text}</p>`)
  assert.deepEqual(
    superlatives('Depots are the biggest hidden cost in most business cases, because an authority that does not own them must buy sites.'),
    ['biggest'],
  )
  assert.deepEqual(superlatives('Mackerel is the single most valuable species to the UK fleet, on the MMO&#39;s figures.'), [])
  assert.deepEqual(superlatives('A broker whose founders hold the largest client relationships is worth less.'), [])
  assert.deepEqual(superlatives('Merchants load extra margin onto the scarcest wines.'), [])
  const body = `${lead}<h2>Multiples</h2><table><tr><th>Size</th><th>Multiple</th></tr><tr><td>Small</td><td>8x</td></tr></table><h2>Earn-outs</h2><p>The headline multiples in the table above rarely arrive in full.</p>`
  assert.deepEqual(phrasesOf('back-reference', body), ['above'])
  assert.equal(
    opensWithoutAnAnswer(
      'How did a cider maker cut waste?',
      'At six o&#39;clock on a wet October morning, the bottling line stopped again.',
    ),
    true,
  )
})

test('wave of blind-aq to blind-au: an intensifier is no preposition, a limit, a comparison the text sets out, an adverb before the preposition, "coming" in a story, a routine\'s window, policies that guarantee, "had always", gerund and "two" headings', () => {
  const superlatives = (text: string) => phrasesOf('superlative', `${lead}<h2>Prices</h2><p>${text}</p>`)
  assert.deepEqual(superlatives('ERIS is by far the most generous relief open to a small company.'), ['the most generous'])
  assert.deepEqual(superlatives('A minimum order value is the smallest order, measured in pounds, that a wholesaler will accept.'), [])
  assert.deepEqual(superlatives('The 72-seat turboprop has the lowest break-even load factor of the four.'), [])
  assert.deepEqual(superlatives('The capacity market is the most valuable of the three for lenders.'), ['the most valuable'])
  assert.deepEqual(superlatives('The premium is largest on out-of-hours care.'), [])
  assert.deepEqual(superlatives('Members add visits at exactly the busiest times.'), [])
  assert.deepEqual(superlatives('The university guarantees a room to every first-year undergraduate.'), [])
  assert.deepEqual(superlatives('The scheme guarantees a 12% saving against the current tariff.'), ['guarantees'])
  assert.deepEqual(superlatives('The reception team had always worked a fixed pattern.'), [])
  assert.deepEqual(superlatives('The trustees chose the second-lowest of four quotes.'), [])
  assert.deepEqual(superlatives('Marlow is the fastest-growing independent builders’ merchant in the East Midlands.'), ['fastest-growing'])
  assert.deepEqual(superlatives('Harlow Precision is one of the UK&#39;s leading makers of valves.'), ['leading'])
  assert.deepEqual(superlatives('Own label is priced below the category&#39;s leading brand.'), [])
  assert.deepEqual(superlatives('Every train needs equipment, and fitment is the single biggest risk to any programme.'), ['biggest'])
  const dates = (text: string) => phrasesOf('relative-date', `${lead}<h2>Bookings</h2><p>${text}</p>`)
  assert.deepEqual(dates('She had 31 weddings booked for the coming year, much as before.'), [])
  assert.deepEqual(dates('Venues will see fewer bookings in the coming year.'), ['in the coming year'])
  assert.deepEqual(dates('Each Monday, managers adjust the rota for the coming week.'), [])
  const backs = (heading: string, text: string) =>
    phrasesOf('back-reference', `${lead}<h2>Fuel</h2><p>Fuel sells.</p><h2>${heading}</h2><p>${text}</p>`)
  assert.deepEqual(backs('Running it yourself', 'It gives you the whole margin.'), [])
  assert.deepEqual(backs('How the two compare', 'Both routes can work.'), [])
  assert.deepEqual(backs('Sale-or-return terms', 'These cap your risk.'), [])
  assert.equal(
    opensWithoutAnAnswer('Has consolidation pushed up vet prices?', 'In part. Group-owned practices charge 16% more for routine care.'),
    false,
  )
  assert.equal(
    superlatives('At the start of each shift, have supervisors review the hand-search rates and pair the highest with a colleague.').length,
    0,
  )
})

test('wave of blind-av to blind-az: British lemmas, a capitalised gerund is no instruction, "Be wary of…", a supposition, quoted words, a rank within the text\'s own data or a cited table, "see the checklist below", headings that ask nothing or say "That depends", one question asked twice', () => {
  const superlatives = (text: string) => phrasesOf('superlative', `${lead}<h2>Funding</h2><p>${text}</p>`)
  assert.deepEqual(superlatives('Closing a branch saves money, but the branch network is the cheapest source of stable funding it has.'), [
    'cheapest',
  ])
  assert.deepEqual(superlatives('Be wary of any broker that guarantees a saving before it has seen your data.'), [])
  assert.deepEqual(superlatives('The REF grades outputs from 4*, “world-leading”, to unclassified.'), [])
  assert.deepEqual(superlatives('Occupancy reached 89%, the highest quarterly figure in our data since 2020.'), [])
  assert.deepEqual(superlatives('The North East has the lowest fees and the lowest vacancy rates in the panel.'), [])
  const cited = `${lead}<h2>Fees</h2><p>Fees are set per tonne.</p><table><tr><th>Material</th><th>Fee</th></tr><tr><td>Glass</td><td>192</td></tr></table><p>Source: PackUK, base fees for 2025/26.</p><p>Glass carries the lowest fee because the material has value.</p>`
  assert.deepEqual(phrasesOf('superlative', cited), [])
  const dates = (text: string) => phrasesOf('relative-date', `${lead}<h2>Succession</h2><p>${text}</p>`)
  assert.deepEqual(dates('Plan for the worst case: if the owner fell ill tomorrow, who would price the next contract?'), [])
  assert.deepEqual(dates('If the delivery arrives tomorrow, the line restarts on Monday.'), ['tomorrow'])
  const backs = (heading: string, text: string) =>
    phrasesOf('back-reference', `${lead}<h2>Licences</h2><p>Three are needed.</p><h2>${heading}</h2><p>${text}</p>`)
  assert.deepEqual(backs('Distiller&#39;s licence', 'It is issued by HMRC once the stills have been approved.'), [])
  assert.deepEqual(backs('Premises licence', 'This is the licence that lets a shop sell alcohol.'), [])
  assert.deepEqual(backs('Where co-living works', 'It works in city centres with many young professionals.'), [])
  assert.deepEqual(backs('Who checks the dry goods?', 'That depends on the contract.'), [])
  assert.deepEqual(backs('Costs', 'The ingredients are priced above a lease (see the comparison below).'), ['see the comparison below'])
  const questions = (body: string, faq: { q: string; a: string }[]) =>
    bodyQualityWarnings({ ...base, body: `${lead}${body}`, content: { faq } }).find((w) => w.rule === 'questions')?.count
  assert.equal(questions('<h2>Who was involved</h2><p>A.</p><h2>What was done</h2><p>B.</p>', [{ q: 'Did it work?', a: 'Yes.' }]), 1)
  assert.equal(
    questions('<h2>Is litres per hour ever the right figure?</h2><p>A.</p>', [
      { q: 'Is litres per hour ever the right figure to use?', a: 'Rarely.' },
      { q: 'How many sites should a benchmark cover?', a: 'Ten.' },
    ]),
    2,
  )
})

test('a measure ranked beside its figures reads the data; one ranked across a market, or a judgement, claims', () => {
  const superlatives = (body: string) => phrasesOf('superlative', `${lead}${body}`)
  const table =
    '<table><tr><th>Region</th><th>Fee</th></tr><tr><td>North</td><td>£780</td></tr><tr><td>South</td><td>£1,020</td></tr></table>'
  assert.deepEqual(superlatives(`<h2>Fees</h2>${table}<p>The North has the lowest fees, and its margins sit below the median.</p>`), [])
  assert.deepEqual(superlatives('<h2>Fees</h2><p>The North has the lowest fees.</p>'), ['lowest'])
  assert.deepEqual(superlatives('<h2>Growth</h2><p>Online grocery has the fastest growth of any channel, at 12% a year.</p>'), ['fastest'])
  assert.deepEqual(superlatives(`<h2>Fees</h2>${table}<p>The North is the best value for money.</p>`), ['best'])
})

test('wave of blind-ba to blind-be: a degree at its clause\'s end, fractions and definitions, "the best" after its article, an -ed verb read as an adjective, the firm\'s own research, a policy with "always", "the former owners typically", a routine\'s own month, "coming" in an instruction, a forecast\'s "current levels"', () => {
  const superlatives = (text: string) => phrasesOf('superlative', `${lead}<h2>Rates</h2><p>${text}</p>`)
  assert.deepEqual(superlatives('Collectors pay less in the south-west, where haulage distances are longest.'), [])
  assert.deepEqual(superlatives('The club defined off-peak as the quietest third of its tee times.'), [])
  assert.deepEqual(superlatives('Shared ownership is the fastest-growing part of building society lending.'), ['fastest-growing'])
  assert.deepEqual(superlatives('Domestic builders still offer the best whole-life value on the market.'), ['best'])
  assert.deepEqual(superlatives('Decisions took 13 to 26 weeks, and the slowest cases involved HGV access conditions.'), [])
  assert.deepEqual(superlatives('Our survey found the longest waiting lists in ESOL.'), [])
  assert.deepEqual(superlatives('A recent survey found the longest waiting lists in ESOL.'), ['longest'])
  assert.deepEqual(superlatives('Applicants are always accompanied by a member of staff.'), [])
  assert.deepEqual(superlatives('In our sample, boutique shops returned the highest margins, at 24% of sales.'), [])
  const backs = (heading: string, text: string) =>
    phrasesOf('back-reference', `${lead}<h2>Owners</h2><p>Owners sell.</p><h2>${heading}</h2><p>${text}</p>`)
  assert.deepEqual(backs('Consolidation', 'The former owners typically stay on for a two-year earn-out.'), [])
  assert.deepEqual(backs('The rating itself', 'It is one of four overall ratings.'), [])
  const dates = (body: string, title = base.title) => phrasesOf('relative-date', `${lead}${body}`, { title })
  assert.deepEqual(
    dates('<h2>The agenda</h2><p>The teacher timetable for the coming month: 15 minutes.</p>', 'How to run a monthly review'),
    [],
  )
  assert.deepEqual(dates('<h2>Topics</h2><p>HSE will focus on dust in the coming months.</p>', 'How to run a daily pre-start briefing'), [
    'in the coming months',
  ])
  assert.deepEqual(dates('<h2>Next</h2><p>Get quotes from at least three licensed collectors over the coming weeks.</p>'), [
    'over the coming weeks',
  ])
  assert.deepEqual(dates('<h2>Outlook</h2><p>We expect cream prices to stay within 10% of current levels through the season.</p>'), [
    'of current levels',
  ])
  assert.deepEqual(dates('<h2>Outlook</h2><p>Pennine plans to add a press in the coming months if revenue passes £9m in 2026.</p>'), [
    'in the coming months',
  ])
})

test('wave of blind-bf to blind-bh: "each afternoon" is a routine, "leading" after its noun is a participle, "The former parcels offices … offer", "On the same figures" goes on with a named body\'s report', () => {
  const dates = (text: string) => phrasesOf('relative-date', `${lead}<h2>Feeds</h2><p>${text}</p>`)
  assert.deepEqual(dates('Each afternoon the head lad made up tomorrow morning&#39;s feeds.'), [])
  const superlatives = (text: string) => phrasesOf('superlative', `${lead}<h2>Rooms</h2><p>${text}</p>`)
  assert.deepEqual(superlatives('With a qualified teacher leading pre-school at 1:13, that room needs two.'), [])
  assert.deepEqual(superlatives('Acme is a leading maker of valves.'), ['leading'])
  assert.deepEqual(
    superlatives(
      'Lambert Rowe&#39;s figures show the East Midlands had the highest take-up. On the same figures, London had the tightest markets.',
    ),
    [],
  )
  assert.deepEqual(superlatives('Demand grew. On the same figures, London had the tightest markets.'), ['tightest'])
  const backs = (heading: string, text: string) =>
    phrasesOf('back-reference', `${lead}<h2>Kiosks</h2><p>Kiosks sell.</p><h2>${heading}</h2><p>${text}</p>`)
  assert.deepEqual(backs('Fit-out', 'The former parcels offices and booking halls offer larger spaces.'), [])
  assert.deepEqual(backs('Cover', 'Hire cover is simpler; the former suits companies that already hold a policy.'), ['the former'])
})

test('wave of blind-bi to blind-bm: a figure title wants a measure, an opening that announces the article, a case told in the present, "worth" with another step, a coordinated subject, a former/latter pair, "other than", "the past" after a dated sentence, a title\'s year, a heading\'s modifier', () => {
  assert.equal(
    opensWithoutAnAnswer(
      'What is a good debtor days figure for a furniture maker?',
      'Debtor days comes up at every board meeting. Two manufacturers with the same customers can report different numbers.',
    ),
    true,
  )
  assert.equal(
    opensWithoutAnAnswer('What is a good debtor days figure for a furniture maker?', 'Between 45 and 55 days for contract work.'),
    false,
  )
  assert.equal(
    opensWithoutAnAnswer(
      'What should a monthly KPI pack include?',
      'Every month, managers sit down with a stack of spreadsheets. In this article we look at why packs fail.',
    ),
    true,
  )
  assert.equal(opensWithoutAnAnswer('When should a practice raise its fees?', 'Once a year on a fixed date, such as 1 April.'), false)
  assert.equal(
    opensWithoutAnAnswer('How Westmarch Police answered 92% of calls in 10 seconds', 'Emergency control rooms are under pressure.'),
    true,
  )
  assert.equal(
    opensWithoutAnAnswer(
      'How did a marine insurer halve its settlement time?',
      'Harcourt Marine, an insurer of workboats, cut its settlement time from 47 days to 22.',
    ),
    false,
  )
  assert.equal(
    opensWithoutAnAnswer(
      'Should we use reverse auctions for indirect spend?',
      'Procurement teams are under pressure to show savings. Before deciding, it is worth stepping back to look at what an auction does.',
    ),
    true,
  )
  assert.equal(
    opensWithoutAnAnswer('Is your business ready for the switch-off?', 'Probably not, if it runs more than a handful of sites.'),
    false,
  )
  const dates = (text: string, title = base.title) => phrasesOf('relative-date', `${lead}<h2>Costs</h2><p>${text}</p>`, { title })
  assert.deepEqual(dates('Damp and mould cases logged by our clients have roughly tripled over the past five years.'), [
    'over the past five years',
  ])
  assert.deepEqual(
    dates('The Environment Act 2021 placed new duties on companies. Over the past five years, companies have reported slippage.'),
    ['Over the past five years'],
  )
  assert.deepEqual(dates('Anyone who has not worked since January should be processed as a leaver.', 'Closing the 2025/26 tax year'), [])
  assert.deepEqual(dates('Anyone who has not worked since January should be processed as a leaver.'), ['since January'])
  assert.deepEqual(dates('EU directives were most recently transposed as the Public Contracts Regulations 2015.'), [])
  const superlatives = (text: string) => phrasesOf('superlative', `${lead}<h2>Awards</h2><p>${text}</p>`)
  assert.deepEqual(superlatives('An award to someone other than the lowest compliant bidder loses credibility.'), [])
  assert.deepEqual(superlatives('We offer the lowest fees of any broker.'), ['lowest'])
  const backs = (heading: string, text: string) =>
    phrasesOf('back-reference', `${lead}<h2>Accounts</h2><p>Accounts churn.</p><h2>${heading}</h2><p>${text}</p>`)
  assert.deepEqual(backs('Brief account managers', 'These high-risk accounts are where the program succeeds.'), ['These'])
  assert.deepEqual(backs('Key accounts', 'These accounts are where the program succeeds.'), [])
  assert.deepEqual(backs('Controls and pumps', 'Two investments showed up. The former cut energy by 14%; the latter cut gas use by 31%.'), [
    'The former',
    'the latter',
  ])
})

test('wave of blind-bn to blind-br: a study reads its own data, a story told after "When" or at a moment, a "how long" title wants a span, a hedge of no single answer, a gerund after a preposition, a name with "Today" in it, the only fact measured, a heading\'s thing named apart', () => {
  const study = '<p>A survey answer: 12 weeks. We surveyed 212 CFOs in January.</p>'
  const superlatives = (text: string, intro = study) => phrasesOf('superlative', `${intro}<h2>Findings</h2><p>${text}</p>`)
  assert.deepEqual(superlatives('Senior managers have the lowest median award, at 3.0%.'), [])
  assert.deepEqual(superlatives('In our survey, staff costs remain the largest line in the IT operating budget, at 31%.'), [])
  assert.deepEqual(superlatives('International recruitment is the pressure most often cited in the survey.'), [])
  assert.deepEqual(superlatives('Senior managers have the lowest median award, at 3.0%.', lead), ['lowest'])
  assert.deepEqual(superlatives('Working capital is the biggest lever most manufacturers are ignoring.'), ['biggest'])
  assert.deepEqual(superlatives('Cyber security is the fastest-growing risk facing councils, and security spending rose by 11%.'), [
    'fastest-growing',
  ])
  assert.deepEqual(superlatives('Parasiticides offer the largest saving, at 10% to 14%.'), ['largest'])
  assert.deepEqual(superlatives('Operators who want world-class service should focus on what the survey links to retention.'), [
    'world-class',
  ])
  assert.deepEqual(superlatives('Skerry Air runs the most reliable turboprop fleet in northern Europe, at 99.2%.'), ['the most reliable'])
  assert.deepEqual(superlatives('The biggest risk with full outsourcing is that audit becomes a product.', lead), ['biggest'])
  assert.deepEqual(superlatives('The only new spend was £84,000 a year on couriers.', lead), [])
  assert.equal(
    opensWithoutAnAnswer('How long is the wait for an allotment?', 'When Margaret Ellis put her name down in 2019, she was told a year.'),
    true,
  )
  assert.equal(opensWithoutAnAnswer('When does an employer pay the levy?', 'When its annual pay bill is more than £3 million.'), false)
  assert.equal(opensWithoutAnAnswer('Restructuring a forwarder', 'The call came on a Friday afternoon in February 2023.'), true)
  assert.equal(
    opensWithoutAnAnswer(
      'How long does a payroll migration take for a retailer?',
      'Payroll is a system every employee notices: get it wrong and two thousand people notice on the same Friday.',
    ),
    true,
  )
  assert.equal(opensWithoutAnAnswer('How long does a payroll migration take?', 'Six to nine months for a retailer.'), false)
  assert.equal(
    opensWithoutAnAnswer(
      'Which HR system should a council choose?',
      'There is no single right answer to this question, and councils differ.',
    ),
    true,
  )
  const dates = (text: string) => phrasesOf('relative-date', `${lead}<h2>Evidence</h2><p>${text}</p>`)
  assert.deepEqual(dates('A 2024 analysis in Drug Discovery Today found success rates of 80%.'), [])
  assert.deepEqual(dates('Divisional partners help divisions forecast the rest of the year.'), [])
  const backs = (heading: string, text: string) =>
    phrasesOf('back-reference', `${lead}<h2>Income</h2><p>Income moves.</p><h2>${heading}</h2><p>${text}</p>`)
  assert.deepEqual(backs('Cash flows', 'These changes also reach the statement of cash flows.'), ['These'])
})

test('wave of blind-bs to blind-bw: a study of trusts "we reviewed", a means or a kind ranked across everyone, a counted set, a colon that names the data, an owner past an ordinal, a source named as someone\'s thing, "This review" names the article, hedges that talk about the answer, a story told in the past', () => {
  const reviewed = '<p>A review answer: 12 weeks. Across the 31 trusts we reviewed, rates varied.</p>'
  const superlatives = (text: string, intro = reviewed) => phrasesOf('superlative', `${intro}<h2>Rates</h2><p>${text}</p>`)
  assert.deepEqual(superlatives('5% was the most common rate, with a low of 2.5% and a high of 6%.'), [])
  assert.deepEqual(superlatives('Mobile is the most cost-effective channel a bank runs, at a few pence per transaction.'), [
    'the most cost-effective',
  ])
  assert.deepEqual(superlatives('Branded residences are the most reliable way to fund a repositioning, at 45 to 80 per cent.'), [
    'the most reliable',
  ])
  assert.deepEqual(superlatives('Locum cover is the largest element: a typical vacancy in our sample lasted 14 weeks.'), [])
  assert.deepEqual(superlatives('Rework was the most frequent gap in the eight audits we ran in 2025.', lead), [])
  assert.deepEqual(superlatives('The shortfall followed the loss of the agency&#39;s second-largest client.', lead), [])
  const sourced = { content: { ...base.content, sources: [{ title: 'Global Standard for Food Safety', publisher: 'BRCGS' }] } }
  assert.deepEqual(
    phrasesOf(
      'superlative',
      `${lead}<h2>Delays</h2><p>The biggest cause of delay is the technical audit. Buyers want to see your BRCGS audit reports.</p>`,
      sourced,
    ),
    ['biggest'],
  )
  const backs = (heading: string, text: string) =>
    phrasesOf('back-reference', `${lead}<h2>Deals</h2><p>Deals rose.</p><h2>${heading}</h2><p>${text}</p>`)
  assert.deepEqual(backs('About the data', 'This review covers every transaction our teams completed in 2025.'), [])
  assert.equal(
    opensWithoutAnAnswer('Would customers switch bank for a better app?', 'It depends on who you ask, and how you ask them.'),
    true,
  )
  assert.equal(
    opensWithoutAnAnswer(
      'Is RPA still worth it for council finance?',
      'The answer depends on what you want to automate and how stable the systems are.',
    ),
    true,
  )
  assert.equal(
    opensWithoutAnAnswer(
      'ICB mergers will not cut costs unless commissioning changes',
      'The slide showed two logos merging into one, a new name in a shade of NHS blue, and a line of savings climbing neatly to the right.',
    ),
    true,
  )
  assert.equal(
    opensWithoutAnAnswer(
      'Why did an egg producer go free range?',
      'Because the egg producer&#39;s two largest customers told it in 2021 that they would stop buying caged eggs.',
    ),
    false,
  )
})

test('wave of blind-bx to blind-cb: an index and its editions, "the only" and "since" in a study, a sign before a figure, a negated guarantee, a kind defined before "the only", a market named after "of", claims side by side, a routine in the title, an instruction that answers, the writer\'s own story, a compound after "most"', () => {
  const index = '<p>An index answer: 12 weeks. Respondents scored their confidence in January.</p>'
  const superlatives = (text: string, intro = index) => phrasesOf('superlative', `${intro}<h2>Readings</h2><p>${text}</p>`)
  assert.deepEqual(superlatives('Confidence fell to +6, the lowest reading since Q2 2023.'), [])
  assert.deepEqual(superlatives('It is the lowest reading since Q2 2023.'), [])
  assert.deepEqual(superlatives('Ease of contact is the only dimension to go backwards, at 61 points.'), [])
  assert.deepEqual(superlatives('Fixed fees are the only way to pass gains on, at 12% lower cost.'), ['the only'])
  assert.deepEqual(superlatives('Packaging is also the fastest-growing part of UK printing, at 4% a year.'), ['fastest-growing'])
  assert.deepEqual(superlatives('Neither number is guaranteed in every business.', lead), [])
  assert.deepEqual(superlatives('An owner who is the only contact for the main clients.', lead), [])
  assert.deepEqual(superlatives('Contract hire is always the most expensive route over a vehicle&#39;s life.', lead), [
    'always the most expensive',
  ])
  assert.deepEqual(superlatives('Cloud security is the most in-demand skill in the Dutch market.', lead), ['the most in-demand'])
  const dates = (text: string, title: string) => phrasesOf('relative-date', `${lead}<h2>Checks</h2><p>${text}</p>`, { title })
  const monday = 'What should a warehouse manager check every Monday morning?'
  assert.deepEqual(dates('Compare this week&#39;s bookings with last week&#39;s despatches.', monday), [])
  assert.deepEqual(dates('Carriers were short of drivers last autumn.', monday), ['last autumn'])
  assert.deepEqual(dates('Expect buyers to ask how many clients left in each of the last three years.', base.title), [])
  assert.equal(
    opensWithoutAnAnswer(
      'How to write a board paper that gets a decision',
      'Put the decision you want on the first page. This guide is written for managers who draft papers.',
    ),
    false,
  )
  assert.equal(
    opensWithoutAnAnswer(
      'Scope 3 in commercial property: lease differently',
      'In February 2026 I spent an afternoon in a boardroom in Leeds.',
    ),
    true,
  )
})

test('wave of blind-cc to blind-cg: a condition\'s window, "on the last day" of a series, "the oldest of them", "The latter cost us", "The best retailers we know…", a rank for everyone who has one, "of the market"', () => {
  const dates = (text: string) => phrasesOf('relative-date', `${lead}<h2>Rules</h2><p>${text}</p>`)
  assert.deepEqual(dates('A business must register if it expects to exceed £90,000 in the next 30 days alone.'), [])
  assert.deepEqual(dates('Installs took two or three days, with commissioning on the last day.'), [])
  assert.deepEqual(dates('Turnover has risen in the last week.'), ['in the last week'])
  const superlatives = (text: string, intro = lead) => phrasesOf('superlative', `${intro}<h2>Queue</h2><p>${text}</p>`)
  assert.deepEqual(superlatives('By May the queue stood at 9,200 items, the oldest of them 11 weeks old.'), [])
  assert.deepEqual(superlatives('The best retailers we know run their trading from a single page.'), ['best'])
  const study = '<p>A survey answer: 12 weeks. We surveyed 200 plants.</p>'
  assert.deepEqual(superlatives('With paybacks of two to four years, they are the quickest win available to most plants.', study), [
    'quickest',
  ])
  assert.deepEqual(superlatives('At 31.0, the cost outlook is still the weakest component by a wide margin.', study), [])
  assert.deepEqual(superlatives('Pharmaceutical storage is the fastest-growing segment of the market, at 9% a year.', study), [
    'fastest-growing',
  ])
  const backs = (heading: string, text: string) =>
    phrasesOf('back-reference', `${lead}<h2>Fields</h2><p>Fields multiplied.</p><h2>${heading}</h2><p>${text}</p>`)
  assert.deepEqual(backs('Custom fields', 'The old system held 140 fields and 12 teams. The latter cost us six weeks on its own.'), [
    'The latter',
  ])
})

test('wave of blind-ch to blind-cl: a plan and a reported forecast, an instruction with "everyone", "this holiday season", a ranking measured after its colon or in pence, a past result, "in any" place, "The latter cost £14", a bare "as described", a list of another noun, a "Why" title without a reason, a supposed scene', () => {
  const dates = (text: string) => phrasesOf('relative-date', `${lead}<h2>Plans</h2><p>${text}</p>`)
  assert.deepEqual(dates('We want to double the membership over the next two seasons.'), ['over the next two seasons'])
  assert.deepEqual(dates('Most owners told us they would cut prices in the coming months.'), ['in the coming months'])
  assert.deepEqual(dates('In 2023 the venue had 40 concerts booked for the coming year.'), [])
  assert.deepEqual(dates('Count everyone who left in the last 12 months and divide by headcount.'), [])
  assert.deepEqual(dates('Stores will add staff for the peak this holiday season.'), ['this holiday season'])
  const study = '<p>A benchmark answer: 41p. We benchmarked 30 laundries.</p>'
  const superlatives = (text: string, intro = study) => phrasesOf('superlative', `${intro}<h2>Prices</h2><p>${text}</p>`)
  assert.deepEqual(superlatives('Coastal yards were fullest: 92% of them turned boats away, against 68% inland.'), [])
  assert.deepEqual(superlatives('Hire contracts showed the widest range, from 34p to 63p.'), [])
  assert.deepEqual(superlatives('Hire contracts offer the widest range of prices.'), ['widest'])
  assert.deepEqual(superlatives('Late cancellations are the biggest source of lost capacity in any clinic.'), ['biggest'])
  assert.deepEqual(superlatives('Pools are the most energy-intensive buildings most councils own: water is held at 29°C.'), [
    'the most energy-intensive',
  ])
  const backs = (heading: string, text: string) =>
    phrasesOf('back-reference', `${lead}<h2>Options</h2><p>Vans or couriers.</p><h2>${heading}</h2><p>${text}</p>`)
  assert.deepEqual(backs('Costs', 'Stock or a courier? The latter cost £14 a delivery and added an hour.'), ['The latter'])
  assert.deepEqual(backs('Audit', 'The auditor tests whether the controls operated as described.'), [])
  assert.deepEqual(backs('Audit', 'As described, the auditor tests the controls.'), ['As described'])
  assert.deepEqual(backs('What do buyers ask for?', 'These questionnaires ask for three things:'), ['These'])
  assert.deepEqual(backs('What do buyers ask for?', 'These three things come up every time:'), [])
  assert.equal(
    opensWithoutAnAnswer(
      'Why a contractor’s BIM rollout stalled',
      'Modelling has been required on public projects since 2016, and most contractors own the tools.',
    ),
    true,
  )
  assert.equal(opensWithoutAnAnswer('Why do ERP projects overrun?', 'ERP projects overrun because scope grows after sign-off.'), false)
  assert.equal(
    opensWithoutAnAnswer(
      'Why review safety stock each quarter?',
      'Reviewing safety stock each quarter keeps stock in line with lead times.',
    ),
    false,
  )
  assert.equal(
    opensWithoutAnAnswer('How to set up recycling in a school', 'Ask any pupil what should change and the bins come up within minutes.'),
    true,
  )
  assert.equal(opensWithoutAnAnswer('How to cost a menu', 'Cost each dish from its recipe card, set a margin and publish the list.'), false)
  assert.equal(
    opensWithoutAnAnswer(
      'Officers stopped driving back: a digital chief on mobile working',
      'When the force moved its forms onto phones, officers made 1.4 fewer trips back per shift.',
    ),
    false,
  )
})

test('wave of blind-cm to blind-cq: a routine in another conjunct, a study named with two words or as a mystery shop, "this case study", "of any role we track", a figure in words, a table cell of the study, a relative clause after the ranking\'s noun, "earlier in the same call", an anecdote with the writer in it, the main verb of a "Why" title', () => {
  const faq = (q: string, a: string) =>
    bodyQualityWarnings({ ...base, body: lead, content: { faq: [...base.content.faq!, { q, a }] } })
      .filter((w) => w.rule === 'relative-date')
      .map((w) => w.phrase)
  assert.deepEqual(
    faq('Is winter busier?', 'Last winter one client saw demand double, and covered it by adding a pharmacist on Mondays.'),
    ['Last winter'],
  )
  assert.deepEqual(faq('Is winter busier?', 'Each Monday the pharmacist compares last week&#39;s consultations with the rota.'), [])
  const superlatives = (intro: string, text: string) => phrasesOf('superlative', `${intro}<h2>Findings</h2><p>${text}</p>`)
  const shop = '<p>A study answer: six days. Our broker mystery-shopping study placed 180 requests.</p>'
  assert.deepEqual(superlatives(shop, 'National brokers were fastest (four working days).'), [])
  assert.deepEqual(superlatives(shop, 'Line K scored 91 and was the only line to state the fee.'), [])
  assert.deepEqual(superlatives(shop, 'CFO pay grew 1.8%, the smallest increase of any role we track.'), [])
  // Within the study when its clause gives the study's figure (as writers of cc07, ec09 and eh03 read
  // "of any attribute, at 8.3", "of any contract type", "of any town, at 11.4%"); without one it ranks.
  assert.deepEqual(superlatives(shop, 'CFO pay grew 1.8%, the smallest increase of any role.'), [])
  assert.deepEqual(superlatives(shop, 'CFO pay saw the smallest increase of any role.'), ['smallest'])
  assert.deepEqual(superlatives(shop, 'Scheduling is the single biggest lever operators still control, worth two points of sales.'), [
    'biggest',
  ])
  const story = '<p>A case answer: 14 months. This case study follows one dairy.</p>'
  assert.deepEqual(superlatives(story, 'The biggest obstacle was the data.'), ['biggest'])
  assert.deepEqual(
    phrasesOf('superlative', `${shop}<h2>Errors</h2><table><tr><td>Leading error by value</td><td>Means evidence</td></tr></table>`),
    [],
  )
  const backs = (text: string) => phrasesOf('back-reference', `${lead}<h2>Prices</h2><p>${text}</p>`)
  assert.deepEqual(backs('The final price was higher than the total quoted earlier in the same call.'), [])
  assert.deepEqual(backs('The final price was higher than the total quoted earlier in this article.'), ['quoted earlier'])
  assert.equal(
    opensWithoutAnAnswer(
      'When should an agency replace its tracking system?',
      'The managing director of a 40-desk agency once showed us a spreadsheet with 212 tabs.',
    ),
    true,
  )
  assert.equal(
    opensWithoutAnAnswer(
      'When should an agency replace its tracking system?',
      'An agency should replace its tracking system when its workarounds cost more than a day a week.',
    ),
    false,
  )
  assert.equal(
    opensWithoutAnAnswer(
      'Why do garden centre loyalty schemes fail?',
      'Garden centres have run loyalty schemes since the paper stamp card.',
    ),
    true,
  )
  assert.equal(
    opensWithoutAnAnswer(
      'Why do garden centre loyalty schemes fail?',
      'Most schemes fail in their second year, when the discounts outgrow the extra visits.',
    ),
    false,
  )
})

test('wave of blind-cr to blind-cv: "As we said above", "The latter trade higher certainty", "Table 1 above", a scene at a clock time, an opening about the article itself, a number inside a compound, "our interviews", a named body\'s data, a definition in a cell', () => {
  const backs = (heading: string, text: string, more = '') =>
    phrasesOf('back-reference', `${lead}<h2>Options</h2><p>Direct let or nominations.</p>${more}<h2>${heading}</h2><p>${text}</p>`)
  assert.deepEqual(backs('Can the interim stay?', 'Yes. As we said above, every interim is referenced.'), ['As we said above'])
  assert.deepEqual(backs('Rents', 'Investors choose. The latter trade higher certainty for lower rent growth.'), ['The latter'])
  assert.deepEqual(backs('Rents', 'The former trade union leader joined the board.'), [])
  assert.deepEqual(
    backs('The gap', 'Against the programme in Table 1 above, the run-rate falls short.', '<table><tr><td>1</td></tr></table>'),
    ['above'],
  )
  assert.deepEqual(backs('Costs', 'A figure above £30 points to poor door discipline.'), [])
  assert.equal(
    opensWithoutAnAnswer(
      'Our approach to finance transformation',
      'It is 10.40pm on working day four, and the controller is still reconciling.',
    ),
    true,
  )
  assert.equal(
    opensWithoutAnAnswer(
      'The state of school finances: margins have halved',
      'This is the third edition of our review of school finances, written for governors.',
    ),
    true,
  )
  assert.equal(
    opensWithoutAnAnswer(
      'The state of school finances: margins have halved',
      'This is the third edition of our review: margins fell from 6.8% to 3.1%.',
    ),
    false,
  )
  const superlatives = (intro: string, text: string) => phrasesOf('superlative', `${intro}<h2>Findings</h2><p>${text}</p>`)
  const study = '<p>A study answer: four years. We surveyed 40 warehouses.</p>'
  assert.deepEqual(superlatives(study, 'Over a 15-year asset life, vendor lock-in is the biggest long-term risk.'), ['biggest'])
  const interviews = '<p>An answer: 18 months. We spoke to 34 people; our interviews ran from May.</p>'
  assert.deepEqual(
    superlatives(interviews, 'Land access was the most frequently cited cause of delay in our interviews: 22 of 34 raised it.'),
    [],
  )
  assert.deepEqual(
    superlatives(lead, 'The evening bank was the tightest point in ACL&#39;s hourly request data, at 45% above capacity.'),
    [],
  )
  assert.deepEqual(
    phrasesOf(
      'relative-date',
      `${lead}<h2>Measures</h2><table><tr><td>TSM</td><td>The share of tenants satisfied in the past 12 months, as defined by the regulator.</td></tr></table>`,
    ),
    [],
  )
})

test('wave of blind-cw to blind-db: "data" as a topic, a trade as the market, a rate per unit, a guarantee named inside a phrase, "guarantees that hand…", an order of work, a kind defined by a window, "of 2026", a deadline in advice, a negation of something else, a history after the opening, "Case study: how … cut", a link\'s reach', () => {
  const superlatives = (intro: string, text: string) => phrasesOf('superlative', `${intro}<h2>Findings</h2><p>${text}</p>`)
  const review = '<p>An answer: partly. In one migration we reviewed, 3% of accounts failed.</p>'
  assert.deepEqual(superlatives(review, 'The biggest risk is not the platform but the data moving onto it.'), ['biggest'])
  const benchmark = '<p>An answer: £12.71. We benchmarked 200 shops.</p>'
  assert.deepEqual(superlatives(benchmark, 'Pay is the single biggest cost pressure on independent retail, ahead of energy.'), ['biggest'])
  const table = '<table><tr><td>Print-on-demand</td><td>£4.60</td></tr><tr><td>Offset</td><td>£5.60</td></tr></table>'
  assert.deepEqual(superlatives(lead, `${table}</p><p>At 250 copies, print-on-demand is the cheapest option per copy sold.`), [])
  assert.deepEqual(superlatives(lead, 'The union&#39;s claim for a guaranteed ten days off needed 74 extra crew.'), [])
  assert.deepEqual(superlatives(lead, 'We offer a guaranteed 20% saving.'), ['guaranteed'])
  assert.deepEqual(superlatives(lead, 'Watch for occupancy guarantees that hand void risk back to the university.'), [])
  assert.deepEqual(superlatives(lead, 'Run allergen-free products first and the heaviest allergen loads last.'), [])
  assert.deepEqual(
    superlatives(
      lead,
      'Turnover was 8.3%, according to <a href="https://example.org/sfc">Skills for Care</a>. So flexible rotas are the only way to compete for staff.',
    ),
    ['the only'],
  )
  assert.deepEqual(
    superlatives(
      lead,
      'Norway&#39;s experience is the clearest guide. According to the <a href="https://example.org/r">review</a>, Norway runs 80 electric ferries.',
    ),
    [],
  )
  const dates = (text: string) => phrasesOf('relative-date', `${lead}<h2>Timing</h2><p>${text}</p>`)
  assert.deepEqual(dates('An active borrower is a library member who has borrowed an item in the last 12 months.'), [])
  assert.deepEqual(dates('Prepare for ETIAS in the last quarter of 2026.'), [])
  assert.deepEqual(dates('Start the price list this autumn, before the rules apply.'), ['this autumn'])
  assert.deepEqual(dates('Compare this week&#39;s orders with the same week last year.'), [])
  assert.equal(
    opensWithoutAnAnswer(
      'Will automated gates cut truck turnaround times at a regional port?',
      'Gate automation is not new. Regional ports came to it later, usually when an upgrade made it possible.',
    ),
    true,
  )
  assert.equal(
    opensWithoutAnAnswer(
      'Does a practice need a dedicated BIM manager?',
      'Modelling is now a contract requirement. Small practices do not need a dedicated manager: a lead with a ring-fenced day is enough.',
    ),
    false,
  )
  assert.equal(
    opensWithoutAnAnswer(
      'Case study: how a trust cut supply-teacher spend by £1.1 million',
      'Supply cover is a budget line that business leaders approach with a sigh.',
    ),
    true,
  )
})

test('wave of blind-dc to blind-dh: what a thing means for someone, "the answer is that it depends", a "When" title\'s time, "What went wrong", an adjective a "Why" title claims, a routine\'s own period, a hyphen in a ranked noun, a county, a named body of several words', () => {
  const means = 'What does the Cunliffe review mean for water companies?'
  assert.equal(opensWithoutAnAnswer(means, 'Water regulation has been argued over since the industry was privatised in 1989.'), true)
  assert.equal(
    opensWithoutAnAnswer(means, 'The Cunliffe review ends the price controls water companies have planned around since 1989.'),
    false,
  )
  assert.equal(opensWithoutAnAnswer(means, 'For water companies, it means a new regulator and a longer planning cycle.'), false)
  assert.equal(opensWithoutAnAnswer(means, 'Less than the headline suggests. The review keeps most of the water price controls.'), false)
  assert.equal(
    opensWithoutAnAnswer(
      'What does a late frost mean for a vineyard?',
      'Growers ask us after every frost night, and the honest answer is that it depends.',
    ),
    true,
  )
  const when = 'When should a shipyard bring in a second shift?'
  assert.equal(opensWithoutAnAnswer(when, 'Shipyards live with an awkward mix of long projects and lumpy demand.'), true)
  assert.equal(opensWithoutAnAnswer(when, 'A shipyard should add a second shift once its order book runs a year ahead.'), false)
  assert.equal(
    opensWithoutAnAnswer(
      'What went wrong when a retailer centralised its allocation?',
      'Few questions in fashion cause as much argument as who decides the stock.',
    ),
    true,
  )
  assert.equal(
    opensWithoutAnAnswer('Why the score is overrated in dental groups', 'The score has travelled a long way from its origins in 2003.'),
    true,
  )
  const dates = (title: string, text: string) => phrasesOf('relative-date', `${lead}<h2>Checks</h2><p>${text}</p>`, { title })
  const monthly = 'A monthly fleet maintenance checklist'
  assert.deepEqual(dates(monthly, 'Last year a contractor we advise added the check after two prohibitions.'), ['Last year'])
  assert.deepEqual(dates(monthly, 'Compare last month&#39;s defects with this month&#39;s.'), [])
  assert.deepEqual(dates(monthly, 'The manager compares this month&#39;s figures with the same month last year.'), [])
  const superlatives = (text: string) => phrasesOf('superlative', `${lead}<h2>Results</h2><p>${text}</p>`)
  assert.deepEqual(superlatives('The insurer now runs the fastest glass-claims process in the UK market.'), ['fastest'])
  assert.deepEqual(superlatives('The group now has the best staff retention in the county.'), ['best'])
  assert.deepEqual(superlatives('Construction had the highest count of any industry in the Insolvency Service&#39;s breakdown.'), [])
})

test('wave of blind-di to blind-dn: a belief reported, a past result under its table, a numbered pointer before a list of another noun, "the latter lift people", a character\'s past, the writer\'s own visit, a question after the colon, "compared"', () => {
  const superlatives = (intro: string, text: string) => phrasesOf('superlative', `${intro}<h2>Results</h2><p>${text}</p>`)
  assert.deepEqual(superlatives(lead, 'Federations assumed the clinical session was the only cost.'), [])
  const survey = '<p>A survey answer: 2.6%. We surveyed 80 caterers.</p>'
  assert.deepEqual(
    phrasesOf(
      'superlative',
      `${survey}<h2>Margins</h2><table><tr><td>Schools</td><td>2.4%</td></tr></table><p>State schools earned the lowest.</p>`,
    ),
    [],
  )
  const backs = (heading: string, text: string) =>
    phrasesOf('back-reference', `${lead}<h2>Firms</h2><p>Nine firms grew.</p><h2>${heading}</h2><p>${text}</p>`)
  assert.deepEqual(backs('Three habits', 'These nine firms shared three habits:'), ['These'])
  assert.deepEqual(backs('Running the audit', 'These six steps cover one audit cycle:'), [])
  assert.deepEqual(
    backs('Scope', 'Forklifts and order pickers sit side by side, but the latter lift people, so they need six-monthly checks.'),
    ['the latter'],
  )
  const how = 'How long does it take to launch a language app in a new market?'
  assert.equal(opensWithoutAnAnswer(how, 'The product lead at a Lisbon language app had promised her board a launch in 14 weeks.'), true)
  assert.equal(opensWithoutAnAnswer(how, 'Six to nine months for a new market, most of it spent rewriting the course.'), false)
  assert.equal(
    opensWithoutAnAnswer(
      'How much runway do seed start-ups have?',
      'In November 2025 we sat with the founder of a 14-person company as she rebuilt her forecast.',
    ),
    true,
  )
  assert.equal(
    opensWithoutAnAnswer(
      'UK cruise ports compared: berths and shore power',
      'Cruise has come back strongly. In this overview we look at five UK ports and their berths.',
    ),
    true,
  )
})

test('wave of blind-do to blind-dt: a guaranteed minimum, a time kept whole ("11am"), a number before a modifier, a plan reported ("said they planned to"), "That the provider…" under a question, "the tracker", a definite morning of a story, a gerund in a "What went wrong" title', () => {
  const superlatives = (intro: string, text: string) => phrasesOf('superlative', `${intro}<h2>Findings</h2><p>${text}</p>`)
  assert.deepEqual(superlatives(lead, 'The builder pays the agent and sometimes guarantees a minimum sale price.'), [])
  assert.deepEqual(superlatives(lead, 'Our scheme guarantees a 20% saving.'), ['guarantees'])
  const labs = '<p>A benchmark answer: 6.2 days. We benchmarked 64 labs.</p>'
  assert.deepEqual(superlatives(labs, 'Labs publish a daily cut-off (11am was the commonest).'), [])
  assert.deepEqual(superlatives(labs, 'The quickest quartile returned crowns in four working days or fewer.'), [])
  const tracker = '<p>An answer: 7.4%. The tracker collects quotes from a panel of 118 operators.</p>'
  assert.deepEqual(superlatives(tracker, 'Scotland recorded the steepest rise, 8.8%.'), [])
  const dates = (text: string) => phrasesOf('relative-date', `${lead}<h2>Fees</h2><p>${text}</p>`)
  assert.deepEqual(
    phrasesOf(
      'relative-date',
      `<p>An answer: £1,400. We surveyed 200 nurseries.</p><h2>Fees</h2><p>Forty-one per cent said they planned to raise fees again in the coming months.</p>`,
    ),
    ['in the coming months'],
  )
  assert.deepEqual(dates('In 2023 the owners said they planned to hire for the coming year.'), [])
  assert.deepEqual(
    phrasesOf(
      'back-reference',
      `${lead}<h2>Plans</h2><p>Plans vary.</p><h2>What should a buyer check?</h2><ul><li>That the provider appears on the register.</li></ul>`,
    ),
    [],
  )
  assert.equal(
    opensWithoutAnAnswer(
      'What the student levy means for mid-sized universities',
      'The finance committee of a university met on the morning after the Budget.',
    ),
    true,
  )
  assert.equal(
    opensWithoutAnAnswer(
      'How long does a conveyancing firm take to exchange?',
      'A firm cuts its time by ordering searches on the day of instruction: 11 weeks.',
    ),
    false,
  )
  assert.equal(
    opensWithoutAnAnswer(
      'What went wrong when a fintech automated its customer onboarding',
      'Onboarding sits where growth and compliance meet.',
    ),
    true,
  )
})

test('wave of blind-du to blind-dz: a clock time on a busy day, a history in the present perfect, a verdict word told in the past, the writer\'s own client, a fronted phrase before "every owner knows", a window as data, a forward window of an instruction, a place above, a list announced after a duration, a heading\'s verb in -s, an initialism, a zero relative, a row beside its figure, the study\'s own set, a consequence after ", so"', () => {
  // answer-first
  const kitchen = 'What should a commercial kitchen’s closing checklist include?'
  assert.equal(opensWithoutAnAnswer(kitchen, 'At 11.40pm on a busy Saturday, the last plates have gone out.'), true)
  assert.equal(opensWithoutAnAnswer('What should a film crew plan for?', 'On a busy day a crew shoots five pages.'), false)
  const pubs = 'What the 2026 business rates revaluation means for independent pubs'
  assert.equal(opensWithoutAnAnswer(pubs, 'Pubs have been rated on their trade for as long as the rating system has existed.'), true)
  assert.equal(opensWithoutAnAnswer(pubs, 'For most independent pubs the revaluation means a lower bill from April 2026.'), false)
  const cars = 'Can a small driving school afford to switch to electric cars?'
  assert.equal(
    opensWithoutAnAnswer(
      cars,
      'Driving schools have taught in petrol hatchbacks for decades, and for most of that time the choice came down to fuel.',
    ),
    true,
  )
  assert.equal(opensWithoutAnAnswer(cars, 'Most can, and most schools that switched saved money within two years.'), false)
  const chairs = 'A quick guide for salon owners renting out chairs'
  assert.equal(opensWithoutAnAnswer(chairs, 'Three of the six stylists at a salon we advised in Harrogate rented their chairs.'), true)
  assert.equal(
    opensWithoutAnAnswer('How a hotel group cut its energy bill', 'A hotel group we advised cut its energy bill by 18% in a year.'),
    false,
  )
  const quickly = 'How quickly do escape rooms answer a booking enquiry?'
  assert.equal(
    opensWithoutAnAnswer(
      quickly,
      'In a business built on beating the clock, every escape room owner knows that speed sells. The median was six hours.',
    ),
    true,
  )
  // relative-date
  const dates = (text: string) => phrasesOf('relative-date', `${lead}<h2>Records</h2><p>${text}</p>`)
  assert.deepEqual(dates('An inspector will usually ask to see the last three months.'), [])
  assert.deepEqual(dates('Most agencies want one issued within the last three years.'), [])
  assert.deepEqual(dates('Revenue fell in the last three months.'), ['in the last three months'])
  assert.deepEqual(dates('Auditors fill their diaries early, so contact yours in the next few weeks and agree a date.'), [
    'in the next few weeks',
  ])
  assert.deepEqual(dates('Plan the rota for the next six weeks.'), [])
  assert.deepEqual(dates('Start with customers whose contracts come up in the next six months.'), [])
  // back-reference
  const pointers = (body: string) => phrasesOf('back-reference', `${lead}${body}`)
  assert.deepEqual(pointers('<h2>Bins</h2><p>Put a laminated chart above each bench’s bins.</p>'), [])
  assert.deepEqual(pointers('<h2>Bins</h2><p>Check the chart above that the team uses.</p>'), ['above'])
  assert.deepEqual(pointers('<h2>A fix</h2><p>These three steps cost little and take about four weeks:</p><ul><li>One.</li></ul>'), [])
  assert.deepEqual(
    pointers('<h2>Importers</h2><p>Stockholders import most plate.</p><h2>Where the cost lands</h2><p>They will pass it on.</p>'),
    ['They'],
  )
  assert.deepEqual(
    pointers('<h2>Checks</h2><p>Checks vary.</p><h2>The DBS Update Service</h2><p>It lets you keep a certificate up to date.</p>'),
    [],
  )
  assert.deepEqual(
    pointers('<h2>Lines</h2><p>Lines vary.</p><h2>The problems line</h2><p>This is the line most shops leave blank.</p>'),
    [],
  )
  // superlative
  const ranks = (body: string) => phrasesOf('superlative', `${lead}${body}`)
  const quarters =
    '<table><tr><th>Quarter</th><th>Use</th></tr><tr><td>January–March</td><td>58%</td></tr><tr><td>July–September</td><td>81%</td></tr></table>'
  assert.deepEqual(ranks(`<h2>Use</h2>${quarters}<p>The lowest quarter, at 58%, was January to March.</p>`), [])
  assert.deepEqual(ranks(`<h2>Use</h2>${quarters}<p>Nest removal has the widest spread, from £60 to £150.</p>`), [])
  const survey = '<p>An answer: 46%. We surveyed 52 roasters in January 2026.</p>'
  assert.deepEqual(
    phrasesOf('superlative', `${survey}<h2>Costs</h2><p>Green coffee was the largest cost line for every respondent, at a median 46%.</p>`),
    [],
  )
  assert.deepEqual(ranks('<h2>Costs</h2><p>Self-storage remains the most resilient corner of UK property, so an owner should act.</p>'), [
    'the most resilient',
  ])
})

test('superlative: a source beside a promise backs the facts around it, not the promise', () => {
  const sources = { content: { ...base.content, sources: [{ title: 'Approved mileage rates', publisher: 'HMRC' }] } }
  const ranks = (text: string) => phrasesOf('superlative', `${lead}<h2>Travel</h2><p>${text}</p>`, sources)
  const rate = 'HMRC sets an approved mileage rate of 45p a mile for the first 10,000 miles.'
  assert.deepEqual(ranks(`${rate} The only way to protect your income on long journeys is to charge 60p a mile.`), ['The only'])
  assert.deepEqual(ranks(`${rate} That makes it the only way most sole traders price a journey.`), [])
  assert.deepEqual(ranks(`${rate} The mileage charge is the only part of the bill a sole trader can discount.`), [])
})

test('wave of blind-ea to blind-ef: a compound in a guarantee, a frequency adverb after a compound subject, advice after ", so", a zero relative of a kind, a claim and its superlative named as one, "most" counting a plural, a day a story runs to, the questions after "ask … :", a duty of a defined class, a share counted out of the study, "They also", a month under a daily routine, a history a decade old', () => {
  const ranks = (text: string, intro = lead) => phrasesOf('superlative', `${intro}<h2>Buying</h2><p>${text}</p>`)
  assert.deepEqual(ranks('Buying new with a dealer service plan guarantees a trouble-free first three years.'), ['guarantees'])
  assert.deepEqual(ranks('Cover crops always pay for their seed in reduced soil loss.'), ['always'])
  assert.deepEqual(ranks('Office cleaning is always the first budget to be cut, so contractors should expect pressure on hours.'), [
    'always',
  ])
  assert.deepEqual(ranks('Help desk responsiveness is the single biggest reason small businesses switch IT provider.'), ['biggest'])
  assert.deepEqual(ranks('Delivering the gain on site is always the cheapest route for a small scheme.'), ['always the cheapest'])
  assert.deepEqual(ranks('Ten minutes is the figure most local authority early years teams expect to see.'), [])
  const review = '<p>An answer: 31 of 52. In our review of 52 car park charging tenders, we counted each contract type.</p>'
  assert.deepEqual(ranks('Concession contracts took 31 of the 52, the largest share of any contract type.', review), [])
  const dates = (text: string, title = base.title) => phrasesOf('relative-date', `${lead}<h2>Records</h2><p>${text}</p>`, { title })
  assert.deepEqual(dates('The owners added a bonus of £100 for everyone who stayed to the last day.'), [])
  assert.deepEqual(dates('Ask the same questions every month: how many enquiries did we answer within a day last month?'), [])
  assert.deepEqual(
    dates(
      'Authorities that expect to spend more than £100 million a year must publish a notice of the contracts they intend to advertise in the next 18 months.',
    ),
    [],
  )
  assert.deepEqual(
    dates(
      'Trial the sheet for six weeks, then bring the whole fleet onto it by next April.',
      'How to run the daily tyre checks at a bus depot',
    ),
    ['next April'],
  )
  const pointers = (body: string) => phrasesOf('back-reference', `${lead}${body}`)
  const licences = '<h2>Changes</h2><p>Most licences let the operator move your pitch.</p>'
  assert.deepEqual(pointers(`${licences}<h2>Utilities and waste</h2><p>They also set who pays for electricity and water.</p>`), ['They'])
  assert.deepEqual(pointers(`${licences}<h2>Laser projectors</h2><p>They also hold brightness better over their life.</p>`), [])
  const coop = 'Before and after: how a housing co-operative cleared its repairs backlog'
  assert.equal(opensWithoutAnAnswer(coop, 'The co-operative was founded in 1979, when fourteen households bought a terrace.'), true)
  const council = 'How a council cut its bin costs'
  assert.equal(opensWithoutAnAnswer(council, 'In 2012 the council outsourced its bin rounds, and by 2025 costs had fallen by 40%.'), false)
  const centres = 'Twenty shared-service centre launches: what separates the ones that pay back on time'
  assert.equal(opensWithoutAnAnswer(centres, 'Of the 20 centres we helped launch between 2014 and 2025, 13 paid back on time.'), false)
})

test('wave of blind-eg to blind-el: a market named after "of the", a count of respondents is no source, the subject of a question heading, the writer\'s own beginning, decades of a history, an indefinite object after "the latter", a segment a window defines', () => {
  const index = '<p>An answer: £310 a desk. Our index records the published rates of 60 coworking spaces.</p>'
  const ranks = (text: string) => phrasesOf('superlative', `${index}<h2>Demand</h2><p>${text}</p>`)
  assert.deepEqual(
    ranks(
      'Flexible workspace is the fastest-growing part of the UK office market. Occupancy, reported by 41 of the spaces, averaged 78% of desks.',
    ),
    ['fastest-growing'],
  )
  const pointers = (body: string) => phrasesOf('back-reference', `${lead}${body}`)
  assert.deepEqual(
    pointers('<h2>Costs</h2><p>Costs vary.</p><h2>What does cloud ticketing do better?</h2><p>It puts every sale in one pool.</p>'),
    [],
  )
  assert.deepEqual(pointers('<h2>Options</h2><p>Gyms choose between plastic fobs and QR codes; the latter cost nothing to issue.</p>'), [
    'the latter',
  ])
  const index4 = 'Market-town hotel rate index: fourth edition'
  assert.equal(
    opensWithoutAnAnswer(index4, 'We first priced hotel rooms in Ludlow in the autumn of 2022, with a spreadsheet of 40 towns.'),
    true,
  )
  const sia = 'New rules on SIA business registration take effect on 1 April 2026: what security firms must do'
  assert.equal(
    opensWithoutAnAnswer(
      sia,
      'The Act set up the Authority to license officers, and for two decades the firms needed no licence of their own.',
    ),
    true,
  )
  const dates = (text: string) => phrasesOf('relative-date', `${lead}<h2>Segments</h2><ul><li>${text}</li></ul>`)
  assert.deepEqual(dates('Segments for mailings, such as lapsed donors who gave in the last 24 months but not in the last 12.'), [])
  assert.deepEqual(dates('Customers who left in the last year cost us £2m.'), ['in the last year'])
})

test('wave of blind-em to blind-er: a publication a name in capitals heads cites the ranking read off it', () => {
  const ranks = (text: string) => phrasesOf('superlative', `${lead}<h2>Fleet</h2><p>${text}</p>`)
  assert.deepEqual(ranks('London has the highest density of licensed vehicles in the DfT table, at 10.9 per 1,000 residents.'), [])
  assert.deepEqual(ranks('London has the highest parent fees in the NDNA table.'), [])
  assert.deepEqual(ranks('London has the highest density of licensed vehicles in the country.'), ['highest'])
})

test('answer-first: a portrait in the present of someone the title does not name sets a scene; what they say can answer', () => {
  const interview = 'Interview: a library director on cutting journal spend'
  assert.equal(opensWithoutAnAnswer(interview, 'Dr Helen Marsh keeps one printed journal on her desk, a 1987 issue.'), true)
  assert.equal(
    opensWithoutAnAnswer(interview, "Rachel Obi's office at the training centre looks onto the machine shop, where she works."),
    true,
  )
  assert.equal(opensWithoutAnAnswer(interview, 'Mark Ellery, the library manager, starts each day with his journal spend log.'), true)
  assert.equal(
    opensWithoutAnAnswer(interview, 'Helen Marsh, the library director, says cutting journal spend by a fifth is possible in one year.'),
    false,
  )
  assert.equal(opensWithoutAnAnswer('Helen Marsh on cutting journal spend', 'Helen Marsh keeps one printed journal on her desk.'), false)
})

test('answer-first: a case title after any label; the scene its main clause sets in the present; a result measured in the present', () => {
  const reseller = 'How a software reseller moved from licence margin to managed services'
  assert.equal(opensWithoutAnAnswer(reseller, 'The software reseller channel is not what it was.'), true)
  assert.equal(opensWithoutAnAnswer(reseller, 'Penwith Systems moved 60% of its revenue to managed services in three years.'), false)
  const repairs = 'Before and after: how a repairs team raised its first-time fix rate'
  assert.equal(opensWithoutAnAnswer(repairs, 'Housing repairs teams up and down the country are stretched.'), true)
  assert.equal(
    opensWithoutAnAnswer(
      repairs,
      'A repairs team in Walsall now fixes 81% of repairs on the first visit, up from 62%, and rose by a fifth.',
    ),
    false,
  )
})

test('answer-first: "What is driving…?" asks why; a cause, the title verb in any form or the agent of a passive answers', () => {
  const hospices = 'What is driving hospice running costs in 2026?'
  assert.equal(
    opensWithoutAnAnswer(
      hospices,
      'Hospices in England and Wales support around 300,000 people a year through beds, day services and care at home.',
    ),
    true,
  )
  assert.equal(opensWithoutAnAnswer(hospices, 'Three things drive hospice running costs in 2026: pay, energy and drugs.'), false)
  assert.equal(opensWithoutAnAnswer(hospices, 'Hospice running costs in 2026 are being pushed up by nurses’ pay and energy.'), false)
})

test('wave of blind-es, blind-eu to blind-ex: zero relatives, a profile’s He and She, a school term, a choice named by "when to"', () => {
  const ranks = (text: string) => phrasesOf('superlative', `${lead}<h2>Staff</h2><p>${text}</p>`)
  assert.deepEqual(ranks('The biggest mistake trustees make in a merger is to treat consultation as a formality.'), ['biggest'])
  assert.deepEqual(ranks('The largest firms we surveyed in the region pay 30 days late.'), [])
  assert.deepEqual(ranks('Choosing when to fix is the most important decision an energy buyer makes.'), ['the most important'])
  assert.deepEqual(ranks('Buy when it is the cheapest option.'), [])
  const dates = (text: string, heading = 'Routine') => phrasesOf('relative-date', `${lead}<h2>${heading}</h2><p>${text}</p>`)
  assert.deepEqual(dates('If nobody has mapped the call points, do it before the end of this term.'), ['the end of this term'])
  assert.deepEqual(dates('This term protects the buyer.'), [])
  assert.deepEqual(dates('Check next week’s rota against the required ratios.'), [])
  assert.deepEqual(dates('Travel time is harder to advertise, but carers soon work out what they earn.'), [])
  const pointers = (title: string, body: string) => phrasesOf('back-reference', body, { title })
  const profile = '<p>Dale Morgan runs a plumbing firm of 14 engineers in Newport.</p><h2>The first years</h2><p>Jobs came by phone.</p>'
  assert.deepEqual(
    pointers('How did Dale Morgan grow a plumbing firm?', `${profile}<h2>What would he change?</h2><p>He would hire sooner.</p>`),
    [],
  )
  assert.deepEqual(pointers('How does a plumbing firm grow?', `${profile}<h2>What would he change?</h2><p>He would hire sooner.</p>`), [
    'He',
  ])
  assert.deepEqual(
    pointers('How does a plumbing firm grow?', `${profile}<h2>Dale's advice to owners</h2><p>She also advises care.</p>`),
    [],
  )
  assert.deepEqual(
    pointers(
      'What is the law?',
      `${lead}<h2>Limits</h2><p>Act in 24 hours.</p><h2>Enforcement</h2><p>These time limits bind every landlord.</p>`,
    ),
    ['These'],
  )
  assert.equal(
    opensWithoutAnAnswer(
      'When can a business switch water retailer?',
      'In England, at any time. Any business can move to a different water retailer.',
    ),
    false,
  )
  const bnpl = 'What does buy-now-pay-later regulation mean for online retailers?'
  assert.equal(
    opensWithoutAnAnswer(bnpl, 'Buy now, pay later arrived at British online checkouts in the mid-2010s, as lenders signed up sites.'),
    true,
  )
})

test('wave of blind-et: a country’s own ranking claims; a measure of a counted set and the only one in a defining clause read the study', () => {
  const ranks = (text: string) => phrasesOf('superlative', `${lead}<h2>Ports</h2><p>${text}</p>`)
  assert.deepEqual(ranks('Felixstowe, the UK’s busiest container port, sat on the average at 4.8 days.'), ['busiest'])
  assert.deepEqual(ranks('London remains Europe’s most visited city.'), ['Europe’s most visited'])
  assert.deepEqual(ranks('The group’s most profitable school grew.'), [])
  assert.deepEqual(ranks('Southampton was the slowest of the six for chilled goods.'), [])
  assert.deepEqual(ranks('Lockdown is the hardest of the four procedures.'), ['hardest'])
  const study = '<p>Covers fell 2.2% across the 410 venues in our index.</p>'
  const found = (text: string) => phrasesOf('superlative', `${study}<h2>Regions</h2><p>${text}</p>`)
  assert.deepEqual(found('Scotland was the only nation or region where covers grew, by 1.4%, and Wales fell.'), [])
  assert.deepEqual(found('Scotland is the only nation where pubs matter.'), ['the only'])
})

test('superlative: a key takeaway of a study that restates the body’s ranking reads the study', () => {
  const body =
    '<p>Prices rose 6% across the 120 operators in our tracker.</p><h2>Regions</h2><p>Scotland recorded the steepest rise, 8.8%.</p>'
  const takeaways = (takeaway: string, text = body) =>
    phrasesOf('superlative', text, { content: { ...base.content, key_takeaways: [takeaway] } })
  assert.deepEqual(takeaways('Scotland saw the steepest rise.'), [])
  assert.deepEqual(takeaways('Scotland is the biggest market for coaches.'), ['biggest'])
})

test('wave of blind-ey to blind-fd: promises in clauses and by "we", sources named with "of" or "&", a bare degree among parts, a fronted purpose', () => {
  const ranks = (text: string) => phrasesOf('superlative', `${lead}<h2>Fees</h2><p>${text}</p>`)
  assert.deepEqual(ranks('We guarantee a saving of at least 8% of addressable spend.'), ['guarantee'])
  assert.deepEqual(ranks('We cannot guarantee a saving.'), [])
  assert.deepEqual(ranks('Put the terms on every invoice, and a clear credit policy guarantees you will be paid on time.'), ['guarantees'])
  assert.deepEqual(ranks('The non-compete is the most misunderstood clause in any employment contract.'), ['the most misunderstood'])
  assert.deepEqual(ranks('In the Bank of England’s quarterly table, construction had the weakest net lending of any sector.'), [])
  assert.deepEqual(ranks('Buyers remain the largest group of purchasers in the Strutt & Parker buyer table, at 60%.'), [])
  assert.deepEqual(ranks('The knock-through week is the hardest, with dust and no kitchen.'), [])
  assert.deepEqual(ranks('Our service is the best, by far.'), ['best'])
  const dates = (text: string) => phrasesOf('relative-date', `${lead}<h2>Payment</h2><p>${text}</p>`)
  assert.deepEqual(dates('To see where you stand, count every invoice you were paid in the last 12 months.'), [])
  assert.deepEqual(dates('Over the next four months the close fell from twelve days to seven.'), [])
  assert.deepEqual(dates('The offence is the biggest change to the law in a decade, and it will reach beyond large firms.'), [])
  assert.deepEqual(dates('The offence will take effect in a year.'), ['in a year'])
  const pointers = (body: string) => phrasesOf('back-reference', `${lead}${body}`)
  assert.deepEqual(
    pointers('<h2>Probing or CMM?</h2><p>We compared probing and CMM checks. The former caught drift while the part could be saved.</p>'),
    ['The former'],
  )
  assert.deepEqual(pointers('<h2>Leadership</h2><p>The former elected mayor resigned in May.</p>'), [])
  const why = 'Why do charity trustees step down within two years?'
  assert.equal(
    opensWithoutAnAnswer(
      why,
      'Mostly because the role turned out to be bigger than they were told. Charity trustees who left cite the hours.',
    ),
    false,
  )
})

test('wave of blind-fe to blind-fi: openings by "Because", a colon’s list, advice, a history under "When…?", a portrait where someone is', () => {
  assert.equal(
    opensWithoutAnAnswer(
      'Why do failed deliveries rise in December?',
      'Because volumes roughly double on routes planned for lighter loads.',
    ),
    false,
  )
  const close = 'How to close the books at month-end in five working days'
  assert.equal(
    opensWithoutAnAnswer(
      close,
      'Close the books in five working days by fixing the timetable: bank on day 1, and the pack issued on day 5.',
    ),
    false,
  )
  const leaver = 'What should HR and IT do when an employee leaves?'
  assert.equal(
    opensWithoutAnAnswer(leaver, 'HR should confirm the leaving date, and IT should switch off every account at an agreed time.'),
    false,
  )
  const regulator = 'When do housing associations have to meet the consumer standards?'
  assert.equal(
    opensWithoutAnAnswer(
      regulator,
      'The Regulator of Social Housing became a standalone body in October 2018, when it left Homes England.',
    ),
    true,
  )
  assert.equal(opensWithoutAnAnswer(regulator, 'Housing associations have had to meet the consumer standards since 1 April 2024.'), false)
  const bus = 'When must a bus operator register a timetable change?'
  assert.equal(opensWithoutAnAnswer(bus, 'Bus registration has its roots in the Transport Act 1985, which deregulated bus services.'), true)
  const cyber = 'Why does Cyber Essentials certification have to be renewed every year?'
  assert.equal(
    opensWithoutAnAnswer(cyber, 'Cyber Essentials was launched by the UK government in June 2014, after a consultation with industry.'),
    true,
  )
  const report = 'What does the report card mean for small primary schools?'
  assert.equal(
    opensWithoutAnAnswer(report, 'Helen Marsh is on the playground at 8.20am, counting in the 63 pupils of her small primary school.'),
    true,
  )
})

test('wave of blind-fe to blind-fi: superlatives, dates and pointers', () => {
  const ranks = (text: string) => phrasesOf('superlative', `${lead}<h2>Audit</h2><p>${text}</p>`)
  assert.deepEqual(ranks('Even so, the biggest risk facing section 151 officers is not the disclaimer itself but its effect.'), ['biggest'])
  assert.deepEqual(ranks('Patel built a bank of carers and guaranteed each bank carer at least eight hours a week.'), [])
  assert.deepEqual(ranks('Staff cleared a backlog of unmatched invoices.'), [])
  assert.deepEqual(ranks('We offer unmatched service.'), ['unmatched'])
  assert.deepEqual(
    phrasesOf('relative-date', `${lead}<h2>Accuracy</h2><p>To measure it, count every mis-pick in the last 12 weeks.</p>`),
    [],
  )
  const pointers = (body: string) => phrasesOf('back-reference', `${lead}${body}`)
  assert.deepEqual(
    pointers(
      '<h2>Schemes</h2><p>Firms choose between standard and cash accounting. The latter suits businesses whose customers pay slowly.</p>',
    ),
    ['The latter'],
  )
})

test('wave of blind-fk to blind-fp: verbs read among nouns, a month’s end as a deadline, promises to someone, pairs and kinds', () => {
  const dates = (text: string) => phrasesOf('relative-date', `${lead}<h2>Orders</h2><p>${text}</p>`)
  assert.deepEqual(dates('We rebuilt the pack. Over the next three months two approved candidates made offers.'), [])
  assert.deepEqual(dates('Place your top-up orders by the end of this September.'), ['this September'])
  const ranks = (text: string) => phrasesOf('superlative', `${lead}<h2>Bills</h2><p>${text}</p>`)
  assert.deepEqual(ranks('A well-designed scheme on a heat pump tariff guarantees tenants a 30% cut in heating costs.'), ['guarantees'])
  assert.deepEqual(ranks('Companies where a director is the only employee paid above £5,000 a year.'), [])
  assert.deepEqual(ranks('Pay mid-level staff more. That is the level where the premium is widest and where most moves happen.'), [])
  const why = 'Why rail freight is losing ground to road'
  assert.equal(
    opensWithoutAnAnswer(why, 'Rail freight in Britain was privatised in the mid-1990s, when the freight businesses were sold.'),
    true,
  )
  const both = (title: string) =>
    phrasesOf('back-reference', '<p>Two charities merged.</p><h2>Why merge?</h2><p>Both charities lost their chief executives.</p>', {
      title,
    })
  assert.deepEqual(both('What we learned from merging two community transport charities'), [])
  assert.deepEqual(both('What we learned from a merger'), ['Both'])
})

test('wave of blind-fq to blind-fv: a routine of every quarter, an infinitive inside a subject, a table named in the plural', () => {
  const dates = (text: string) => phrasesOf('relative-date', `${lead}<h2>Reviews</h2><p>${text}</p>`)
  assert.deepEqual(dates('Every quarter, we review last quarter’s cases with you.'), [])
  assert.deepEqual(
    dates('The society piloted the changes. Over the next six weeks, the average time to offer on their cases fell to 12 days.'),
    [],
  )
  const ranks = (text: string) => phrasesOf('superlative', `${lead}<h2>Waits</h2><p>${text}</p>`)
  assert.deepEqual(ranks('Trauma and orthopaedics has the largest specialty list in NHS England’s RTT tables, at 815,400 pathways.'), [])
})

test('superlative: a ranked phrase that runs to the end of a table cell with no stop is read, not a crash', () => {
  const study =
    '<p>We surveyed 9,400 tenants of 31 housing associations.</p><h2>Drivers</h2><table><tr><th>Measure</th><th>Share</th></tr>' +
    '<tr><td>Time taken to complete the most recent repair</td><td>24%</td></tr></table>'
  assert.deepEqual(phrasesOf('superlative', study), [])
})

test('wave of blind-fw to blind-gb: comparisons, a figure beside a ranked row, own findings, neighbours, routines, current prices, outlooks, profiles', () => {
  const study = '<p>We surveyed 120 firms.</p>'
  const ranks = (text: string, intro = lead) => phrasesOf('superlative', `${intro}<h2>Findings</h2><p>${text}</p>`)
  const table = '<table><tr><th>Rating</th><th>Uplift</th></tr><tr><td>Excellent</td><td>2.3%</td></tr></table>'
  // A ranked row with its figure beside it, under its table.
  assert.deepEqual(ranks(`${table}</p><p>The highest uplift, 4.1%, was on a speculative office.`), [])
  assert.deepEqual(ranks('The highest uplift, 4.1%, was on a speculative office.'), ['highest'])
  // The writer's own finding, named as one; how widespread a means is, counted.
  assert.deepEqual(ranks('Pool covers were the cheapest measure we found.', study), [])
  assert.deepEqual(ranks('Pool covers are the cheapest measure on the market.', study), ['cheapest'])
  assert.deepEqual(ranks('Past matter data was the most common method, used by 52% of firms.', study), [])
  assert.deepEqual(ranks('Fixed fees are the most common way to win work.', study), ['the most common'])
  // A bare degree that the next sentence measures from the data it names; not a kind ranked beyond it.
  const next = 'Across the 143 hotels in the index, chef de partie vacancies stayed open for a median of 47 days.'
  assert.deepEqual(ranks(`Chefs de partie were the hardest to fill. ${next}`, study), [])
  assert.deepEqual(ranks(`Chef de partie cover is the biggest risk facing hotels. ${next}`, study), ['biggest'])
  // A linked neighbour backs what the claim ranks, not a noun of its reason or of a compound.
  const link = 'Exported power earns a <a href="https://www.ofgem.gov.uk/seg">Smart Export Guarantee</a> tariff for each site.'
  assert.deepEqual(ranks(`${link} Self-consumption is the biggest saving in any solar case, which is why sites with storage do better.`), [
    'biggest',
  ])
  const certificates = 'Its Display Energy Certificates improved, as <a href="https://www.hesa.ac.uk/">HESA</a> reports.'
  assert.deepEqual(ranks(`${certificates} Pennine Hill is now one of the most energy-efficient campuses in the UK.`), [
    'the most energy-efficient',
  ])

  const dates = (text: string, title = base.title) => phrasesOf('relative-date', `${lead}<h2>Costs</h2><p>${text}</p>`, { title })
  assert.deepEqual(dates('A business-grade laptop costs about £700 to £900 at current prices.'), ['at current prices'])
  assert.deepEqual(dates('Open-market rent reviews are included at the current rent and remeasured when a review is settled.'), [])
  assert.deepEqual(dates('Any line that has moved in the last 30 days, or shows a negative balance, is counted within a week.'), [])
  assert.deepEqual(
    dates('We suggest averaging payroll hours over the last 12 months in case an inspector asks how you reached your figure.'),
    [],
  )

  // A verb in the comparison after "than" tells no story; a routine advised, with what it brings.
  const survey = 'What drives tenant satisfaction? Findings from our 2025 survey'
  assert.equal(
    opensWithoutAnAnswer(survey, 'Repairs, more than anything else we measured. Tenants rated repair times above every other factor.'),
    false,
  )
  assert.equal(opensWithoutAnAnswer(survey, 'Our fieldwork team arrived at the first estate in October.'), true)
  const routine = 'A monthly VAT routine for Making Tax Digital'
  assert.equal(
    opensWithoutAnAnswer(routine, 'Spend one short session a week on VAT and the quarterly return becomes a 30-minute job.'),
    false,
  )
  assert.equal(opensWithoutAnAnswer(routine, 'Ask any bookkeeper about VAT and the complaints come within minutes.'), true)
  // A definite day of a story, fronted.
  const clashes = 'How a university cut timetable clashes from 9% to 2% of students'
  assert.equal(
    opensWithoutAnAnswer(clashes, 'On the first Monday of the autumn term in 2023, a queue of students stretched into the car park.'),
    true,
  )
  // An outlook wants the forecast.
  const outlook = 'Craft brewing outlook for 2026: volumes, duty and packaging costs'
  assert.equal(opensWithoutAnAnswer(outlook, 'Brewing in Britain is a trade of thin margins and long memories.'), true)
  assert.equal(opensWithoutAnAnswer(outlook, 'Small brewers will sell about 3% less beer in 2026 than in 2025.'), false)
  assert.equal(
    opensWithoutAnAnswer(outlook, 'We expect a flat year for small brewers, with duty and packaging costs eating into margins.'),
    false,
  )
  // The title's own person, and what he did.
  const profile = 'Profile: how Tomasz Wierzbicki built a 40-person post-production house in Salford'
  const grew = 'Tomasz Wierzbicki grew Northlight Post into a 40-person business by pre-selling grading time.'
  assert.equal(opensWithoutAnAnswer(profile, `He sold the hours before he bought the kit. ${grew}`), false)
})

test('wave of blind-gc to blind-gh: routines of a year, the current week, tasks, definitions, appositions, prevalence, bands in a market', () => {
  const dates = (text: string, title = base.title) => phrasesOf('relative-date', `${lead}<h2>Plan</h2><p>${text}</p>`, { title })
  assert.deepEqual(dates('Each year, we compare your withdrawal rate with last year’s returns and update the plan.'), [])
  assert.deepEqual(dates('We compared your withdrawal rate with last year’s returns.'), ['last year'])
  assert.deepEqual(dates('Pin the current week’s sheet by the pass, review it at the Monday briefing.'), [])
  assert.deepEqual(dates('Forecast the fee using the tonnage you placed on the market in the last 12 months.'), [])
  assert.deepEqual(dates('Expect rates to rise in the last 12 months of the contract.'), [])
  assert.deepEqual(dates('Expect payback in 14 to 22 months if rotas change after go-live.'), [])
  assert.deepEqual(dates('We asked the team to pull every item with no stock movement in the last 12 months.'), [])
  assert.deepEqual(dates('Minutes from check-out to the alarm being set, taken as the median over the last four weeks.'), [])
  assert.deepEqual(dates('At current annuity rates, a 65-year-old can secure a guaranteed income of £7,000 for every £100,000 spent.'), [
    'At current annuity',
  ])
  assert.deepEqual(dates('Our 2019 edition found a gap of 31%. In the coming months, attractions will set budgets.'), [
    'In the coming months',
  ])
  assert.deepEqual(dates('Check every lab case due back in the coming seven days.', 'A weekly routine for a dental practice manager'), [])

  const ranks = (text: string, intro = lead) => phrasesOf('superlative', `${intro}<h2>Results</h2><p>${text}</p>`)
  const shop = '<p>Our shoppers made 150 visits.</p><h2>How we tested the shops</h2><p>Each shopper asked for a handset.</p>'
  // An apposition that ranks a name in a market; a capital "A" is no article of an instruction.
  assert.deepEqual(ranks('Network A, the most trusted name on the high street, scored highest at 84%.', shop), ['the most trusted'])
  // How often the study met a thing, counted; a heading that sets out the writer's method.
  assert.deepEqual(ranks('The most common error was quoting the monthly price, which happened on 31 visits.', shop), [])
  assert.deepEqual(ranks('The most common error was quoting the monthly price, which happened on 31 visits.'), ['The most common'])
  assert.deepEqual(ranks('Packing paid back fastest across all sub-sectors, at a median of 2.6 years.', shop), [])
  assert.deepEqual(ranks('In our survey it was the most underestimated cost of all, typically running 40% over budget.', shop), [])
  // A band ranked across a market still ranks, unless a measure names it.
  assert.deepEqual(ranks('Chilled ready meals are the fastest-growing categories in UK grocery.'), ['fastest-growing'])
  assert.deepEqual(ranks('Drivers are among the lowest-paid roles in the sector.'), [])
  // A gerund subject is no instruction.
  assert.deepEqual(ranks('Building the cost of volunteer support into every grant bid is the only way to stop the cuts.'), ['the only'])

  const backs = (text: string) => phrasesOf('back-reference', `${lead}<h2>Habits</h2><p>${text}</p><ul><li>One.</li></ul>`)
  assert.deepEqual(backs('These four habits were common to the 22 centres that scored 8 or more:'), [])
  assert.equal(
    opensWithoutAnAnswer(
      'Clearing a digital forensics backlog at a county police force',
      'In this case study we look at how a county police force tackled a backlog of devices.',
    ),
    true,
  )
})

test('wave of blind-gi to blind-gn: studies named at length, the study ranked, published figures, guarantees of degree, compounds, counted sets', () => {
  const ranks = (text: string, intro = lead) => phrasesOf('superlative', `${intro}<h2>Results</h2><p>${text}</p>`)
  const index = '<p>The median firm in our 2026 Recruitment Productivity Index billed £142,000.</p>'
  assert.deepEqual(ranks('Contract-only desks recorded the highest median, at £158,000.', index), [])
  assert.deepEqual(ranks('This is the only salary survey built specifically for engineering consultancies.', index), ['the only'])
  assert.deepEqual(ranks('Cyber security is the fastest-growing specialism in UK recruitment, with a fill rate of 23%.', index), [
    'fastest-growing',
  ])
  assert.deepEqual(ranks('ORR’s figures show 2018-19 as the highest annual total in the series.'), [])
  assert.deepEqual(ranks('In a strong location, a holiday let guarantees roughly 75% more net income than a long let.'), ['guarantees'])
  assert.deepEqual(ranks('A wet Saturday left benches full of trays that were past their best by Wednesday.'), [])
  assert.deepEqual(ranks('Of the audits we led, the median took 14 weeks; the quickest took 10 and the longest 23.'), [])
  assert.deepEqual(ranks('Start with the ten sites that hold the most sensitive data.'), [])
  assert.deepEqual(ranks('The team bought radios that have the longest battery life of any handset on the market.'), ['longest'])
  const table = '<table><tr><th>Site</th><th>Before</th></tr><tr><td>Ludlow</td><td>17.8%</td></tr></table>'
  assert.deepEqual(ranks(`${table}</p><p>The Ludlow centre had the highest write-off rate before the project, at 17.8%.`), [])

  const dates = (text: string) => phrasesOf('relative-date', `${lead}<h2>Tax</h2><p>${text}</p>`)
  assert.deepEqual(dates('At current prices, each 1% on council tax is worth £450m, on MHCLG’s published council tax requirement.'), [
    'At current prices',
  ])
  assert.deepEqual(dates('It covered three weeks of cover, and it was the fourth invoice of that size since Easter.'), [])
  assert.deepEqual(dates('Agency invoices have doubled since Easter.'), ['since Easter'])

  const backs = (heading: string, text: string) =>
    phrasesOf('back-reference', `${lead}<h2>Panel</h2><p>Firms.</p><h2>${heading}</h2><p>${text}</p>`)
  assert.deepEqual(backs('About the benchmark', 'This is the only salary survey built for engineering consultancies.'), [])
  assert.deepEqual(backs('Fees', 'This is the only salary survey built for engineering consultancies.'), ['This'])

  const why = 'Why do farm diversification projects go over budget?'
  assert.equal(opensWithoutAnAnswer(why, 'Farm diversification is nothing new. British farmers have long looked beyond crops.'), true)
  const interview = 'Interview: a city hotel manager on halving housekeeping turnover'
  assert.equal(
    opensWithoutAnAnswer(
      interview,
      'Housekeeping turnover fell from 68% to 31% in a year after the manager made three changes: she published rotas four weeks ahead.',
    ),
    false,
  )
})

test('wave of blind-go to blind-gr: a routine day in an instruction, a participle after a duration, the same tables, a fronted frame up to its comma', () => {
  const routine = 'A monthly data protection routine for GP practices'
  assert.equal(
    opensWithoutAnAnswer(
      routine,
      'Set aside two hours on the first Tuesday of each month for four checks: what correspondence went to the wrong place.',
    ),
    false,
  )
  const dates = (text: string) => phrasesOf('relative-date', `${lead}<h2>Costs</h2><p>${text}</p>`)
  assert.deepEqual(dates('Expect payback in 9 to 14 months for a plant starting below 70% OEE.'), [])
  assert.deepEqual(dates('At current prices, editions cost £40 to £120 per user, depending on the edition and the add-ons needed.'), [
    'At current prices',
  ])
  const ranks = (text: string) => phrasesOf('superlative', `${lead}<h2>Prices</h2><p>${text}</p>`)
  const tables = 'The <a href="https://www.gov.uk/">DESNZ tables</a> put the average price at 25p per kWh.'
  assert.deepEqual(ranks(`${tables} The same tables show the smallest users paying the highest unit price.`), [])
  assert.deepEqual(ranks('Cloud bookkeeping is the fastest-growing service line in the profession.'), ['fastest-growing'])
})

test('wave of blind-gs to blind-gx: the reader’s own body, acronyms in capitals, a condition that answers, a table read above, a question to ask', () => {
  const dates = (text: string, heading = 'Costs') => phrasesOf('relative-date', `${lead}<h2>${heading}</h2>${text}`)
  assert.deepEqual(dates('<p>If your trust currently loses money on IT, centralise the contracts first.</p>'), [])
  assert.deepEqual(dates('<p>The trust currently loses money on IT.</p>'), ['currently'])
  assert.deepEqual(
    dates('<ul><li>Which of the standards do our schools meet today, and which will the new model fix?</li></ul>', 'Ask'),
    [],
  )
  assert.deepEqual(dates('<ul><li>Our schools meet most of the standards today.</li></ul>', 'Ask'), ['today'])
  assert.deepEqual(dates('<p>We expect prices to rise by 4–6% in 2026. Over the next two years, we also expect margins to narrow.</p>'), [
    'Over the next two years',
  ])
  // "LED" in capitals is no past of "lead": the frame states the present price of a saving.
  assert.deepEqual(dates('<p>At current prices, LED replacement alone saves a 150-bedroom hotel around £38,000 a year.</p>'), [
    'At current prices',
  ])

  const ranks = (text: string) => phrasesOf('superlative', `${lead}<h2>Exit</h2>${text}`)
  const costs = '<table><tr><th>Cost</th><th>Range</th></tr><tr><td>Dilapidations settlement</td><td>£40,000–£150,000</td></tr></table>'
  assert.deepEqual(ranks(`${costs}<p>Dilapidations are usually the largest line, and they are negotiable.</p>`), [])
  assert.deepEqual(ranks(`<p>Dilapidations are usually the largest line, and they are negotiable.</p>${costs}`), ['largest'])
  assert.deepEqual(ranks(`${costs}<p>Dilapidations are the fastest-growing line in the industry.</p>`), ['fastest-growing'])
  assert.deepEqual(ranks('<p>A well-run renegotiation guarantees a rent cut of at least 15%.</p>'), ['guarantees'])
  assert.deepEqual(
    ranks('<p>Your minimum fee is the smallest monthly fee at which a client is worth taking on once set-up is counted.</p>'),
    [],
  )

  // "These costs" under a heading of one plural class leans on the section before that named the costs.
  const backs = (text: string) =>
    phrasesOf(
      'back-reference',
      `${lead}<h2>What does exit cost?</h2><p>Dilapidations and redundancy pay dominate.</p><h2>Alternatives to walking away</h2><p>${text}</p>`,
    )
  assert.deepEqual(backs('These costs mean that staying can be cheaper.'), ['These'])
  assert.deepEqual(backs('These alternatives are open to most tenants.'), [])

  const exit = 'When should a retailer exit a store lease?'
  assert.equal(
    opensWithoutAnAnswer(
      exit,
      'When a store has lost money for two years and a break date falls within 18 months of the decision, exit should be the default.',
    ),
    false,
  )
  assert.equal(opensWithoutAnAnswer(exit, 'When to exit a store lease is a decision most retailers put off for too long.'), true)
  const turnover = 'How to calculate staff turnover in a hotel group'
  assert.equal(
    opensWithoutAnAnswer(
      turnover,
      'Count everyone who left in the last 12 months, then divide by the average headcount. Work it out per hotel.',
    ),
    false,
  )
  // "overrun", read as a noun after "do", is the verb whose reason the opening owes.
  const why = bodyQualityWarnings({
    ...base,
    title: 'Why do council ERP replacements overrun?',
    body: '<p>Local government is under pressure on every front.</p><h2>Costs</h2><p>Sales.</p>',
  })
  assert.match(why.find((w) => w.rule === 'answer-first')?.message ?? '', /gives? no reason/)
})

test('wave of blind-gy to blind-hd: a compound subject, a date inside a past window, a test for the reader, findings beside their figures, clock scenes, interviews’ openers', () => {
  const dates = (text: string, heading = 'Costs') => phrasesOf('relative-date', `${lead}<h2>${heading}</h2>${text}`)
  assert.deepEqual(dates('<p>Group no-shows rose sharply last year across our casual-dining clients.</p>'), ['last year'])
  assert.deepEqual(dates('<p>Over the past five years the share has swung from 20% to 38% in January 2021, and back to 27%.</p>'), [
    'Over the past five years',
  ])
  const story = '<p>Scanning went live on 6 January 2025. Over the next three weeks pick rates fell by 12%.'
  assert.deepEqual(dates(`${story} For the rest of the spring pick rates ran 4% above the 2024 level.</p>`), [])
  assert.deepEqual(dates('<dl><dt>Which platforms do you currently integrate with?</dt><dd>Ask for contacts.</dd></dl>', 'Ask'), [])
  assert.deepEqual(dates('<p>We currently integrate with six platforms.</p>'), ['currently'])
  const test_ =
    '<p>You must register if either of these applies:</p><ul><li>you have imported 10 tonnes or more in the last 12 months.</li></ul>'
  assert.deepEqual(dates(test_, 'Who has to register?'), [])

  const ranks = (text: string, intro = lead) => phrasesOf('superlative', `${intro}<h2>Results</h2><p>${text}</p>`)
  assert.deepEqual(ranks('A fabric-first survey guarantees the heat pumps are sized correctly.'), ['guarantees'])
  assert.deepEqual(ranks('The biggest risk for a tier-two machining supplier is a part that ends production early.'), ['biggest'])
  const study = '<p>Contracts in our 2025 benchmark cost a median of £38 per square metre.</p>'
  const table = '<table><tr><th>Model</th><th>KPI</th></tr><tr><td>Total FM</td><td>86%</td></tr></table>'
  assert.deepEqual(ranks(`Total FM scored highest on KPIs, at 86%.</p>${table}<p>Costs varied.`, study), [])
  const counted = 'Of the 28 contracts ended early, 12 (43%) ended because of helpdesk failures and 8 (29%) because of cost.'
  assert.deepEqual(ranks(`${counted} Helpdesk failure was the largest single reason.`, study), [])
  assert.deepEqual(ranks(`${counted} Helpdesk failure is the fastest-growing risk in the sector.`, study), ['fastest-growing'])
  // The market is the survey's: counted after the colon from the data it names.
  const survey = 'Staff pay is the biggest financial worry for college finance directors in England: 34 of the 48 who answered our survey'
  assert.deepEqual(phrasesOf('superlative', `<p>${survey} in May 2025, or 71%, named it as one of their two main risks.</p>`), [])

  const interview = 'Interview: a Leeds print works on moving to short runs'
  assert.equal(
    opensWithoutAnAnswer(interview, 'At six in the morning the press hall is already loud, and the presses are on their third job.'),
    true,
  )
  assert.equal(
    opensWithoutAnAnswer('How to run a weekly stand-up', 'At 8am every Monday, gather the team for 15 minutes and review three numbers.'),
    false,
  )
  // A bare clock time before a measured fact is news, no scene.
  assert.equal(
    opensWithoutAnAnswer(
      'What the April price cap means for small firms',
      'At midnight on 31 March the price cap falls by 7%, and most small firms will pay less.',
    ),
    false,
  )
  const outlook = 'Outlook for defined benefit scheme valuations in 2026'
  const preamble =
    'Defined benefit pensions have been through a remarkable run of change since the 2022 gilt crisis. Funding levels, gilt yields and the funding code have kept trustees busy.'
  assert.equal(
    opensWithoutAnAnswer(outlook, `${preamble} Here we set out the themes we think will matter for schemes with a valuation date in 2026.`),
    true,
  )
  assert.equal(
    opensWithoutAnAnswer(
      'Museum funding in 2026: what to expect',
      'Museums have come through a hard stretch, and no two are in the same position. What follows is our reading of the forces at work.',
    ),
    true,
  )

  const backs = (heading: string, text: string, opening = lead) =>
    phrasesOf('back-reference', `${opening}<h2>Earlier</h2><p>Agencies need 8%.</p><h2>${heading}</h2><p>${text}</p>`)
  assert.deepEqual(backs('What would you do differently?', '“That agreement should have come first,” she says.'), ['That'])
  assert.deepEqual(backs('Where the gap falls', 'That gap hurts agencies whose work is mainly council-funded.'), ['That'])
  assert.deepEqual(backs('Ask people who use the service', 'Those twenty people are also your evidence.'), ['Those'])
  assert.deepEqual(backs('What did officers and firefighters make of it?', 'They were sceptical at the start.'), [])
  assert.deepEqual(backs('Reports you can use', 'They come in two parts: a summary and a technical section.'), [])
  assert.deepEqual(backs('Moving your data', 'They all offer to migrate pupil records from your old system.'), ['They'])
  const outline = '<p>Most of the delay sits in three middle stages, and the sections below take them in turn.</p>'
  assert.deepEqual(backs('Valuation', 'Valuation delays are mostly waiting.', outline), [])
})

test('wave of blind-he to blind-hj: a verb ending in -est, choices joined by "or", a kind defined, advice’s list, a cost verb, denials, selections and routines', () => {
  const ranks = (text: string, intro = lead) => phrasesOf('superlative', `${intro}<h2>Results</h2><p>${text}</p>`)
  const reinvest = 'Profit retained in a company is taxed again when it is paid out, so a company suits a business that will reinvest.'
  assert.deepEqual(phrasesOf('superlative', `${lead}<h2>Results</h2><ul><li>Getting money out later. ${reinvest}</li></ul>`), [])
  assert.deepEqual(ranks('Discounting is the wrong call. Nor is a farm shop always the dearer option.'), [])
  assert.deepEqual(ranks('A farm shop is always the dearer option.'), ['always'])
  assert.deepEqual(ranks('Production of the most urgent parts restarted the next morning.'), [])
  const survey = '<p>We surveyed 212 franchisors and 640 franchisees in our 2025 survey.</p>'
  assert.deepEqual(ranks('Franchisees named finding a site as the hardest part of opening a new outlet: 52% put it first.', survey), [])
  assert.deepEqual(
    ranks('Parts prices are the biggest single driver of that increase: a bumper assembly costs two to three times as much.', survey),
    ['biggest'],
  )

  const backs = (heading: string, text: string) =>
    phrasesOf('back-reference', `${lead}<h2>Earlier</h2><p>Two ways.</p><h2>${heading}</h2><p>${text}</p>`)
  assert.deepEqual(backs('Accrual or rolled-up pay?', 'Both are lawful for these workers.'), [])
  assert.deepEqual(backs('Fees', 'Both are lawful for these workers.'), ['Both'])

  const dates = (text: string, heading = 'Costs', extra: Partial<QualityInput> = {}) =>
    phrasesOf('relative-date', `${lead}<h2>${heading}</h2>${text}`, extra)
  assert.deepEqual(dates('<p>We define a lapsed donor as anyone who has not given in the last 18 months.</p>'), [])
  assert.deepEqual(
    dates('<p>The register should list:</p><ul><li>paid roles and directorships, including any held in the last 12 months;</li></ul>'),
    [],
  )
  assert.deepEqual(dates('<p>The register shows:</p><ul><li>two directorships were held in the last 12 months.</li></ul>'), [
    'in the last 12 months',
  ])
  assert.deepEqual(dates('<ol><li>Archive, rather than migrate, files nobody has opened in the last three years.</li></ol>'), [])
  const weekly = { title: 'A weekly routine for checking pick accuracy in a warehouse' }
  assert.deepEqual(dates('<p>Monday measures the rate. The rest of the week turns the figure into fixes.</p>', 'Monday', weekly), [])

  const fees = 'What does a recruitment agency charge in the UK?'
  assert.equal(opensWithoutAnAnswer(fees, 'Agency fees are one of those costs that finance teams notice only when an invoice lands.'), true)
  assert.equal(opensWithoutAnAnswer(fees, 'Most agencies charge 15% to 25% of the first-year salary for a permanent hire.'), false)
  const grants = 'Grant-making trusts in 2026: what to expect'
  // "What follows from the settlement is that…" argues; it announces nothing.
  assert.equal(
    opensWithoutAnAnswer(
      grants,
      'Trusts face a familiar set of pressures. What follows from the settlement is that grants will fall by 5%.',
    ),
    false,
  )
  assert.equal(
    opensWithoutAnAnswer(grants, 'Trusts face a familiar set of pressures. What follows draws on our work with 30 trusts.'),
    true,
  )
})

test('wave of blind-hk to blind-hp: a typical week, verbs joined, the advised “they”, the asking’s time, a place scene in an interview, a routine’s instruction', () => {
  const dates = (text: string, heading = 'Costs', extra: Partial<QualityInput> = {}) =>
    phrasesOf('relative-date', `${lead}<h2>${heading}</h2>${text}`, extra)
  const week = 'What does a good week look like for a treasurer?'
  assert.deepEqual(
    dates('<p>On Tuesday I talk to the divisional directors about anything that will move cash in the next month.</p>', week),
    [],
  )
  // In running text "a good week" tells of one week, no routine.
  assert.deepEqual(dates('<p>It was a good week for retailers: sales rose sharply last week.</p>'), ['last week'])
  assert.deepEqual(dates('<p>Ring or email each of the suppliers you currently use and confirm prices in writing.</p>'), [])
  assert.deepEqual(dates('<p>Boards should ask for the survey date of each of the homes they currently manage.</p>'), [])
  assert.deepEqual(dates('<p>Boards currently manage 4,000 homes.</p>'), ['currently'])
  assert.deepEqual(dates('<p>Ask whether the group would still want to pay rent on them in ten years’ time.</p>'), [])
  assert.deepEqual(dates('<p>The group will still pay rent on them in ten years’ time.</p>'), ['in ten years’ time'])
  const asked =
    '<ol><li>The ten largest customer contracts.</li><li>A reconciliation of management accounts to audited accounts for each of the last two financial years.</li></ol>'
  assert.deepEqual(dates(asked, 'What should buyers ask for first?'), [])

  const ranks = (text: string) => phrasesOf('superlative', `${lead}<h2>Scope</h2><p>${text}</p>`)
  assert.deepEqual(ranks('Where a company is part of a group, the highest UK parent is responsible for the notification.'), [])

  const interview = '‘Treasury is a conversation, not a spreadsheet’: an interview with a group treasurer'
  const view =
    'The view from Priya Lennox’s desk takes in the loading bays of the warehouse, and on the morning we meet, forty trailers are queued.'
  assert.equal(opensWithoutAnAnswer(interview, `${view} “Every one of those is a receivable,” she says about treasury.`), true)
  assert.equal(
    opensWithoutAnAnswer(interview, 'The biggest change, Priya Lennox says, is that treasury now talks to sales every week.'),
    false,
  )
  const routine = 'A weekly routine for keeping a driving school’s diaries full'
  assert.equal(
    opensWithoutAnAnswer(
      routine,
      'Every Monday before the first lesson, spend 40 minutes on four numbers: lessons booked this week and money owed.',
    ),
    false,
  )
  const october =
    'It is the third week of October at a regional housebuilder we work with, and the finance team has not left the office before eight.'
  assert.equal(
    opensWithoutAnAnswer('The annual budget costs more than it is worth', `${october} Version eleven of the budget is circulating.`),
    true,
  )
})

test('wave of blind-hq to blind-hv: "have been", a figure of the table above, a counted set fronted, a hedged "always", “you” in a heading, the heading’s own "it", "It depends" with nothing after it, weather scenes, histories under "Why"', () => {
  const dates = (text: string) => phrasesOf('relative-date', `${lead}<h2>Costs</h2><p>${text}</p>`)
  // "been" is the participle of a perfect, which counts from the writing.
  assert.deepEqual(dates('Material prices have been broadly flat over the past 18 months.'), ['over the past 18 months'])
  assert.deepEqual(dates('Red-tag anything that has not been used in the last 30 days and move it to a holding area.'), [])
  assert.deepEqual(dates('Weekly for any shower that has not been used in the last seven days.'), [])

  const table =
    '<table><tr><th>Line</th><th>Change</th></tr><tr><td>Directors’ and officers’ liability</td><td>−8%</td></tr><tr><td>Motor fleet</td><td>+7%</td></tr></table>'
  const ranks = (text: string, before = '') => phrasesOf('superlative', `${lead}<h2>Rates</h2>${before}<p>${text}</p>`)
  const reductions = 'The largest reductions were in directors’ and officers’ cover, at 8%.'
  assert.deepEqual(ranks(reductions, table), [])
  assert.deepEqual(ranks(reductions), ['largest'])
  assert.deepEqual(ranks('The slowest, at 41 days, was a coverholder still on spreadsheets.', table.replace('−8%', '41')), [])
  assert.deepEqual(
    ranks('In the 212 disputed notifications our claims team handled in 2024, unoccupied premises were the most frequent issue, at 31%.'),
    [],
  )
  const lofts = (degree: string) => ranks(`Lofts ${degree} involve structural changes, so the building notice route leaves you exposed.`)
  assert.deepEqual(lofts('almost always'), [])
  assert.deepEqual(lofts('always'), ['always'])
  assert.deepEqual(ranks('The bank charges 1–2% a year of the amount guaranteed.'), [])
  assert.deepEqual(ranks('A deferment account is the simplest and cheapest way to protect cash flow.'), ['simplest and cheapest'])
  assert.deepEqual(ranks('Shah runs the busiest cash-and-carry in the North West, a 120,000 sq ft depot.'), ['busiest'])
  assert.deepEqual(ranks('The plant manager kept records by site, so the only figures available were monthly totals.'), [])

  const backs = (heading: string, text: string) =>
    phrasesOf('back-reference', `${lead}<h2>Offers</h2><p>Three investors made offers.</p><h2>${heading}</h2><p>${text}</p>`)
  assert.deepEqual(backs('Why did you turn down the investors?', 'They wanted a board seat and a say over the roadmap.'), [])
  assert.deepEqual(backs('What should you do next?', 'They wanted a board seat and a say over the roadmap.'), ['They'])
  assert.deepEqual(backs('What does it cost to join?', 'It takes more than a joining fee. Expect a one-off fee of £10,000 to £50,000.'), [])

  const vat = 'Should a freelance photographer register for VAT voluntarily?'
  assert.equal(
    opensWithoutAnAnswer(
      vat,
      'It depends on who your clients are and how much you spend on equipment. There is no answer that suits every photographer.',
    ),
    true,
  )
  assert.equal(
    opensWithoutAnAnswer(
      vat,
      'It depends on who your clients are. If most of them are VAT-registered businesses, registering early usually pays.',
    ),
    false,
  )
  assert.equal(
    opensWithoutAnAnswer(
      'When should an independent school set its fees?',
      'It depends on three things: what your parent contract says, when your governors approve the budget, and where you are in the admissions cycle. Each school’s answer will be different.',
    ),
    true,
  )
  assert.equal(
    opensWithoutAnAnswer(
      'Do plumbers need van trackers?',
      'For plumbers, the honest answer is that it depends, and on more than the people selling van trackers admit.',
    ),
    true,
  )
  assert.equal(
    opensWithoutAnAnswer(
      'Outlook 2026: what independent producers should plan for',
      'Independent producers have spent a decade lurching between booms and strikes, and every financier brings questions about how a slate will be funded and when the money will reach the account.',
    ),
    true,
  )
  assert.equal(
    opensWithoutAnAnswer(
      'Why are indemnity premiums higher for conveyancing firms?',
      'Until 2000, every firm of solicitors bought its cover from the Solicitors Indemnity Fund, a mutual run under the Law Society’s rules.',
    ),
    true,
  )
  assert.equal(
    opensWithoutAnAnswer(
      'Why do groundworks packages overrun on clay sites?',
      'Builders have wrestled with London Clay since Victorian navvies dug the first cuttings, and the industry learned hard lessons when the drought of 1976 left houses cracked.',
    ),
    true,
  )
  const interview = 'Interview: running a cash-and-carry depot when most orders arrive online'
  assert.equal(
    opensWithoutAnAnswer(
      interview,
      'Rain is drumming on the loading canopy of the cash-and-carry depot in Salford, and a queue of vans is already waiting for online orders.',
    ),
    true,
  )
  assert.equal(
    opensWithoutAnAnswer('Is onshore wind worth backing for a council?', 'Wind is usually worth it for councils with land to spare.'),
    false,
  )
})

test('wave of blind-hw to blind-ib: a sum’s participle, routines a title names, a nounless degree, a hedged "never", a table’s figure further up, a takeaway the body read, a list’s row, "It depends." and stepping back, a history first under "Why"', () => {
  const dates = (text: string, title = base.title, heading = 'Costs') =>
    phrasesOf('relative-date', `${lead}<h2>${heading}</h2><p>${text}</p>`, { title })
  // "installed" after a sum describes it; "costs", read as a plural, is the verb.
  assert.deepEqual(dates('At current prices, a filler costs £40,000–£65,000 installed, including a rinser.'), ['At current prices'])
  const weekly = 'A weekly cold-chain and stock routine for veterinary wholesalers'
  assert.deepEqual(dates('Check the back orders.', weekly, 'Friday: back orders and next week’s deliveries'), [])
  assert.deepEqual(dates('Check the back orders.', 'Cold-chain and stock for veterinary wholesalers', 'Friday: next week’s deliveries'), [
    'next week',
  ])
  const monday = 'A Monday-morning numbers routine for recruitment agency owners'
  assert.deepEqual(dates('On temporary desks, check that timesheets for last week’s shifts are all in by noon.', monday), [])
  assert.deepEqual(dates('Ask, too, how long their queue for a Stage 1 audit is this quarter.'), [])
  assert.deepEqual(dates('A workable definition: a candidate who has not applied or been placed in the last 24 months.'), [])

  const ranks = (text: string, extra: Partial<QualityInput> = {}) => phrasesOf('superlative', text, extra)
  const paragraph = (text: string) => ranks(`${lead}<h2>Margin</h2><p>${text}</p>`)
  assert.deepEqual(paragraph('Pick one definition and use it every month. The simplest is the materials margin.'), [])
  assert.deepEqual(paragraph('A tester who almost never fails tyres or lamps may be skipping checks.'), [])
  assert.deepEqual(paragraph('The method never fails.'), ['never fails'])
  assert.deepEqual(paragraph('In 2023, stock days ranged from 44 at the used-car centre to 71 at Chesterfield, the slowest site.'), [])
  assert.deepEqual(paragraph('The fastest route to an earlier start is to negotiate a release with the current employer.'), ['fastest'])
  const table =
    '<h2>Costs</h2><table><tr><th>Line</th><th>Cost</th></tr><tr><td>Testing</td><td>£10,000</td></tr><tr><td>Approved Body fees</td><td>£28,000</td></tr></table>'
  const takeaway = { content: { ...base.content, key_takeaways: ['Approved Body fees are the largest single line.'] } }
  assert.deepEqual(ranks(`${lead}${table}<p>Approved Body fees are the largest single line, at £28,000.</p>`, takeaway), [])
  assert.deepEqual(ranks(`${lead}${table}`, takeaway), ['largest'])
  assert.deepEqual(
    ranks(`${lead}${table}<h2>Lessons</h2><p>Courier timing gave the largest single saving, eight hours off the median.</p>`),
    [],
  )
  const stages = '<ol><li><strong>Research and approach</strong>, three to five weeks: mapping the market.</li></ol>'
  assert.deepEqual(ranks(`${lead}<h2>Stages</h2>${stages}<p>Research and approach is the longest stage, at three to five weeks.</p>`), [])
  const fixes = '<ol><li><strong>Two-way text reminders</strong>: patients reply 1 to confirm or 2 to cancel.</li></ol>'
  assert.deepEqual(ranks(`${lead}<h2>Fixes</h2>${fixes}<p>Two-way text reminders are the cheapest fix in outpatient care.</p>`), [
    'cheapest',
  ])

  assert.equal(
    opensWithoutAnAnswer(
      'What is a good MOT failure rate for a testing station?',
      'A good failure rate is one close to the national figure: DVSA’s data has put it at roughly three tests in ten.',
    ),
    false,
  )
  assert.equal(
    opensWithoutAnAnswer(
      'Should a housing association bring its repairs in-house?',
      'It depends. Every landlord’s circumstances are different, and there is no one-size-fits-all answer to whether an in-house team serves tenants better.',
    ),
    true,
  )
  assert.equal(
    opensWithoutAnAnswer(
      'Independent marketing agencies in 2026: budgets and rule changes',
      'Planning an agency’s year is an exercise in educated guessing. Before getting into the detail, it helps to step back and consider the forces acting on independent agencies.',
    ),
    true,
  )
  const why = 'Why are bodyshop repairs taking longer?'
  assert.equal(
    opensWithoutAnAnswer(
      why,
      'In the early 2000s, a typical insurance repair meant a bumper and some paint, and the car was back inside a week. Repairs take longer now for four reasons.',
    ),
    true,
  )
  assert.equal(opensWithoutAnAnswer(why, 'Repairs take longer now for four reasons: cars are more complex, and parts are scarce.'), false)
})

test('wave of blind-ic to blind-ih: "this harvest", a hyphenated definition, a term after 100%, a limit of "worst", a counted opener, personal guarantees, "It usually takes", a trade’s parts, a reporter in a later conjunct, a How-to’s instruction, a ranking with its rivals’ figures, the speaker’s label', () => {
  const dates = (text: string) => phrasesOf('relative-date', `${lead}<h2>Yields</h2><p>${text}</p>`)
  assert.deepEqual(dates('On our clients’ farms this harvest, wheat averaged 9.6 t/ha.'), ['this harvest'])
  assert.deepEqual(dates('An active loyalty-card member is one who made a purchase in the last 12 months.'), [])

  const ranks = (text: string, extra: Partial<QualityInput> = {}) => phrasesOf('superlative', `${lead}<h2>Scope</h2><p>${text}</p>`, extra)
  assert.deepEqual(ranks('From 6 April 2026, 100% agricultural property relief will apply only to the first £1 million.'), [])
  assert.deepEqual(ranks('The tool is 100% accurate.'), ['100%'])
  assert.deepEqual(ranks('What matters is the worst loss a single job could cause, not your average fee.'), [])
  assert.deepEqual(ranks('Overdrafts also tend to need property security or personal guarantees that an invoice facility may not.'), [])
  assert.deepEqual(
    ranks('Asset finance and invoice finance are the fastest-growing parts of SME lending, and we expect them to stay that way.'),
    ['fastest-growing'],
  )
  assert.deepEqual(
    ranks('Wye Valley Farm Vets is now the leading farm animal practice in mid Wales, and Pugh puts that down to a decision made early.'),
    ['leading'],
  )
  assert.deepEqual(ranks('Severnside has since built the most sophisticated affordability model in the British credit union movement.'), [
    'the most sophisticated',
  ])
  assert.deepEqual(ranks('Stockists are the biggest channel, at 46% of sales, followed by the website at 41% and the shop at 13%.'), [])
  assert.deepEqual(ranks('Aim to hold enough to cover three months of fixed costs plus the largest seasonal gap in your forecast.'), [])
  assert.deepEqual(ranks('Staff are the biggest risk in the budget.'), ['biggest'])
  const speaker = { title: 'Ruth Okafor on why local flexibility markets need more dispatches' }
  assert.deepEqual(ranks('Okafor: A planning engineer will always keep the option of a new cable.', speaker), [])
  assert.deepEqual(ranks('A planning engineer will always keep the option of a new cable.', speaker), ['always'])

  const backs = (heading: string, text: string) =>
    phrasesOf(
      'back-reference',
      `${lead}<h2>Routine</h2><p>Monday, Wednesday and Friday each have a job.</p><h2>${heading}</h2><p>${text}</p>`,
    )
  assert.deepEqual(backs('Why the order matters', 'These three days feed one another.'), ['These'])
  assert.deepEqual(
    backs('What are the stages?', 'It usually takes longer to get an application ready than for the regulators to assess it.'),
    [],
  )
  assert.deepEqual(backs('Robotic milking and grazing', 'They can work together, but only with planning.'), [])
  assert.deepEqual(
    backs('What the council changed', 'The council considered two routes. The latter won because it qualified for funding.'),
    ['The latter'],
  )

  assert.equal(
    opensWithoutAnAnswer(
      'How to get a marketplace shop ready for peak season: a checklist',
      'Start by 3 October, eight weeks before Black Friday, and work through six areas in order: stock cover, delivery promises and listings.',
    ),
    false,
  )
  assert.equal(
    opensWithoutAnAnswer(
      'When should a garden centre place its spring bedding orders?',
      'It was a wet Saturday in April when the owner of a garden centre we work with walked out to the bedding benches.',
    ),
    true,
  )
  assert.equal(opensWithoutAnAnswer('How long is the process?', 'It is a day-long process: about eight hours from start to finish.'), false)
  assert.equal(
    opensWithoutAnAnswer(
      'Case study: how a building society cut mortgage offer times from 23 days to nine',
      'On Monday mornings the phones in the broker support team at Calderbrook Building Society rang almost without pause.',
    ),
    true,
  )
})

test('wave of blind-ii to blind-in: windows that pick things out, a condition past "or", a sum’s number in a cell, an infinitive before a colon, "the former post room", a hyphenated word’s verb', () => {
  const dates = (text: string) => phrasesOf('relative-date', `${lead}<h2>Each month</h2><p>${text}</p>`)
  assert.deepEqual(dates('Filter your compliance register for anything expiring in the next 60 days and book the renewals.'), [])
  assert.deepEqual(dates('Then pull every tenancy due to end in the next 90 days and ask the landlord whether to renew.'), [])
  assert.deepEqual(
    dates('You must register if you have imported 10 tonnes in the previous 12 months, or expect to do so in the next 30 days.'),
    [],
  )
  assert.deepEqual(dates('Contact your landlord in the next 60 days.'), ['in the next 60 days'])

  const ranks = (body: string) => phrasesOf('superlative', `${lead}${body}`)
  const table = '<table><tr><th>Risk</th><th>£m</th></tr><tr><td>Moderate</td><td>41</td></tr><tr><td>Low</td><td>12</td></tr></table>'
  assert.deepEqual(ranks(`<h2>Backlog</h2>${table}<p>Moderate risk is the largest category, at £41m.</p>`), [])
  assert.deepEqual(ranks(`<h2>Backlog</h2><p>Moderate risk is the largest category, at £41m.</p>`), ['largest'])
  assert.deepEqual(
    ranks(
      '<h2>Deposits</h2><p>We surveyed 64 clinics. The largest clinics were also the most likely to take deposits: five of the seven with 11 or more clinicians do so.</p>',
    ),
    [],
  )
  assert.deepEqual(
    phrasesOf(
      'back-reference',
      `${lead}<h2>What changed</h2><p>The team fitted six showers and a cycle store in the former post room in the basement, and created a second entrance.</p>`,
    ),
    [],
  )
  assert.equal(
    opensWithoutAnAnswer(
      'Case study: how a Cotswolds wedding venue filled 38 midweek dates in a year',
      'A family-run wedding venue in the Cotswolds went from 9 to 38 midweek weddings in a year, adding £218,000 of revenue.',
    ),
    false,
  )
})

test('wave of blind-io to blind-is: "due in the next 30 days", a clock-time scene whose person comes next, an owner’s cost line at its share, "in the example", "as she said earlier", "find the latter easier", a history in the perfect under "When"', () => {
  const dates = (text: string) => phrasesOf('relative-date', `${lead}<h2>Checks</h2><p>${text}</p>`)
  assert.deepEqual(dates('Filter the register for anything due in the next 30 days and book the examinations at once.'), [])
  const ranks = (text: string) => phrasesOf('superlative', `${lead}<h2>Costs</h2><p>${text}</p>`)
  assert.deepEqual(ranks('By 2023 fuel had become its second-largest cost after wages, at 19% of turnover.'), [])
  assert.deepEqual(ranks('By 2023 fuel had become its second-largest cost after wages.'), ['second-largest'])
  assert.deepEqual(ranks('In one client’s example, venue hire of £14,500 was the largest single cost in the example.'), [])
  const backs = (text: string) => phrasesOf('back-reference', `${lead}<h2>Pools</h2><p>${text}</p>`)
  assert.deepEqual(backs('Pool hire is the largest cost, and as she said earlier, small classes only work if the slot is affordable.'), [
    'as she said earlier',
  ])
  assert.deepEqual(backs('Clubs that run a flexi-day scheme often find the latter easier to administer.'), ['the latter'])
  const interview = 'Interview: Priya Nandra, managing director of Calderline Patient Transport'
  assert.equal(
    opensWithoutAnAnswer(
      interview,
      'The first vehicle leaves the depot in Wakefield at 5.40am, a van booked to take a patient to hospital. By seven, 23 crews are out, and Priya Nandra is still listening to the radio.',
    ),
    true,
  )
  assert.equal(
    opensWithoutAnAnswer(
      'When should a dog grooming business become a limited company?',
      'Britain has let small traders limit their liability since the Limited Liability Act of 1855, and the choice was about the family home.',
    ),
    true,
  )
})

test('wave of blind-iu to blind-iz: "at the moment" before a complement, a bare plural that defines "the only", a takeaway read off the body’s table, "the latter two", "the former partners who", a gerund subject, a same-form past, a restated question and an answer in short', () => {
  const dates = (text: string) => phrasesOf('relative-date', `${lead}<h2>Deposits</h2><p>${text}</p>`)
  assert.deepEqual(dates('Deposit by digital means is at the moment the usual route for e-books and e-journals.'), ['at the moment'])
  assert.deepEqual(dates('Deposits are taken at the moment a customer books rather than weeks later.'), [])
  const ranks = (text: string, extra: Partial<QualityInput> = {}) =>
    phrasesOf('superlative', `${lead}<h2>Take-up</h2><p>${text}</p>`, extra)
  assert.deepEqual(ranks('In areas where the altnet is the only full fibre network, the bar is higher.'), [])
  assert.deepEqual(
    ranks('Retrofit and energy-efficiency work for housing associations is the fastest-growing segment for small practices.'),
    ['fastest-growing'],
  )
  const table =
    '<table><tbody><tr><td>Gate fees</td><td>£2,900</td><td>38%</td></tr><tr><td>Landfill tax</td><td>£1,700</td><td>22%</td></tr></tbody></table>'
  const takeaway = { content: { ...base.content, key_takeaways: ['Gate fees are the largest driver, at 38% of the forecast increase.'] } }
  assert.deepEqual(ranks(table, takeaway), [])
  const backs = (text: string) =>
    phrasesOf('back-reference', `${lead}<h2>Stages</h2><p>Stage billing came first.</p><h2>Why it mattered</h2><p>${text}</p>`)
  assert.deepEqual(backs('The latter two changes would have achieved little without the first.'), ['The latter'])
  assert.deepEqual(backs('Stage billing matters, and the former partners who receive annuities may need to consent.'), [])
  assert.equal(
    opensWithoutAnAnswer(
      'Fee outlook for small architecture practices in 2026/27',
      'Forecasting fees for a design practice is never easy, and owners describe a market that feels different depending on their clients. Our view draws on management accounts from 52 client practices.',
    ),
    true,
  )
  assert.equal(
    opensWithoutAnAnswer(
      'When should an engineering practice start succession planning?',
      'Graham set up his structural engineering practice in Leeds in 1998 with one drawing board and a borrowed car.',
    ),
    true,
  )
  assert.equal(
    opensWithoutAnAnswer(
      'What is a good secondary spend per head for a theatre?',
      'Finance directors often ask us this question, after a board member has compared the bar takings with another theatre.',
    ),
    true,
  )
  assert.equal(
    opensWithoutAnAnswer(
      'Does a dental practice need to register for VAT?',
      'Practice owners ask us about VAT more than almost any other tax, usually after a patient asks for teeth whitening. Some practices register when they have no need to.',
    ),
    true,
  )
  assert.equal(
    opensWithoutAnAnswer(
      'Gift Aid on gallery admissions: a short note for finance teams',
      'This note sets out when a charitable gallery can claim Gift Aid on admission charges. In short, a payment qualifies only if the visitor pays at least 10% more than the standard price and makes a declaration.',
    ),
    false,
  )
})

test('wave of blind-ja to blind-jf: a line at its share of the whole, a row a takeaway ranks, "the most" read off its table, "from" as a source, a case’s history and first moment, "depends on who", "Yes," sets no scene, a habit carried on, a survey’s segment', () => {
  const ranks = (text: string, extra: Partial<QualityInput> = {}) => phrasesOf('superlative', `${lead}<h2>Costs</h2><p>${text}</p>`, extra)
  assert.deepEqual(ranks('Staff are the largest cost, at around 75% of expenditure for most trusts.'), [])
  assert.deepEqual(ranks('Stockists are the largest channel, at 30% of the market.'), ['largest'])
  const table =
    '<table><tbody><tr><td>Temporary accommodation and decants</td><td>£10,000–£40,000</td></tr><tr><td>Project-like changes</td><td>21%</td><td>19 days</td></tr></tbody></table>'
  assert.deepEqual(
    ranks(`${table}</p><p>The decant line is the most uncertain, at £10,000 to £40,000, because it depends on the homes.`),
    [],
  )
  const takeaway = {
    content: { ...base.content, key_takeaways: ['Project-like changes logged as support were the oldest tickets in the queue.'] },
  }
  assert.deepEqual(ranks(table, takeaway), [])
  assert.equal(
    opensWithoutAnAnswer(
      'When should a snack producer start reformulating for the HFSS rules?',
      'Few topics have generated as many questions from our snack clients as the rules on foods high in fat, sugar or salt.',
    ),
    true,
  )
  assert.equal(
    opensWithoutAnAnswer(
      'How Fernleigh Learning Trust cut its energy bill by 22%',
      'In October 2022, Priya Raman, chief financial officer of Fernleigh Learning Trust, opened the renewal quote for the trust’s electricity and gas. The new price was almost three times the old one.',
    ),
    true,
  )
  assert.equal(
    opensWithoutAnAnswer('How Fenwick Coaches cut dead mileage by 18%', 'Fenwick Coaches has run from the same yard in Hexham since 1978.'),
    true,
  )
  assert.equal(
    opensWithoutAnAnswer(
      'Can a marina resell electricity to berth holders at a profit?',
      'Electricity pricing comes up in almost every marina review we carry out. It is a fair question, and the answer depends on who the berth holder is and what the berth licence says.',
    ),
    true,
  )
  assert.equal(
    opensWithoutAnAnswer(
      'Should a dairy fix its energy prices for two years?',
      'Yes, for most mid-sized dairies a two-year fixed contract is the safer choice, provided the board does not fix all of its volume on a single day.',
    ),
    false,
  )
  const dates = (text: string) => phrasesOf('relative-date', `${lead}<h2>Reviews</h2><p>${text}</p>`)
  assert.deepEqual(
    dates(
      'Every January she opens her distributor statement. The review arrives, and the conversation is about next quarter’s promotions instead.',
    ),
    [],
  )
  assert.deepEqual(
    dates('She opens her distributor statement. The review arrives, and the conversation is about next quarter’s promotions.'),
    ['next quarter'],
  )
  const survey = '<p>We surveyed 64 coach operators for this benchmark.</p>'
  const window = '<h2>Growth</h2><p>Operators that added vehicles in the last 12 months were, on average, no more profitable.</p>'
  assert.deepEqual(phrasesOf('relative-date', `${survey}${window}`), [])
})

test('wave of blind-jg to blind-jl: the title’s own person, "This outlook", a ranking followed by its rivals past "of", "Asked in the survey how many", a kind a relative clause defines, an instruction in a list under "should", "ask us about", an outlook’s figure of the past, "decades ago"', () => {
  assert.equal(
    opensWithoutAnAnswer(
      'Interview: Helen Ashdown on running a Yorkshire estate as three businesses',
      'Helen Ashdown took over the 2,300-acre Ashdown Estate from her father in 2019 and split it into three companies.',
    ),
    false,
  )
  const backs = (heading: string, text: string) =>
    phrasesOf('back-reference', `${lead}<h2>Scenarios</h2><p>Rates fall.</p><h2>${heading}</h2><p>${text}</p>`)
  assert.deepEqual(backs('How we built the forecast', 'This outlook draws on published forecasts and the accounts of 38 forwarders.'), [])
  const ranks = (text: string) => phrasesOf('superlative', `${lead}<h2>Complaints</h2><p>${text}</p>`)
  assert.deepEqual(
    ranks('Door-to-door fundraising was the largest single source of complaints, at 41%, followed by direct mail at 22%.'),
    [],
  )
  const dates = (text: string, body = lead) => phrasesOf('relative-date', `${body}<h2>Depots</h2><p>${text}</p>`)
  assert.deepEqual(
    dates('Asked in the survey how many depots they had opened in the last 12 months, nine of the 38 firms said at least one.'),
    [],
  )
  assert.deepEqual(dates('Top-down forecasts that take last year’s total and add inflation miss changes in the cropping plan.'), [])
  assert.deepEqual(dates('Agricultural Holdings Act tenancies set decades ago still pay rents well below market.'), [])
  const advice = phrasesOf(
    'relative-date',
    `${lead}<h2>What clinics should do</h2><ul><li>Model salary sacrifice.</li><li>Expect insurers to review their fee schedules in the coming months.</li></ul>`,
  )
  assert.deepEqual(advice, ['in the coming months'])
  assert.equal(
    opensWithoutAnAnswer(
      'What is a damage waiver on equipment hire?',
      'Many customers ask us about damage waivers when they open a hire account, and it is easy to see why.',
    ),
    true,
  )
  assert.equal(
    opensWithoutAnAnswer(
      'What will farm input costs do in 2026/27?',
      'Farm input prices have been on a long journey since 2021. Gas prices drove ammonium nitrate to around £900 a tonne in 2022, and feed followed grain markets.',
    ),
    true,
  )
})

test('wave of blind-jm to blind-jr: "unmatched activity records", "The above applies", a share of a whole with its modifier, a list’s segment, a ranking within its table, states after "as", "cost more"', () => {
  const ranks = (text: string) => phrasesOf('superlative', `${lead}<h2>Costs</h2><p>${text}</p>`)
  assert.deepEqual(ranks('The system throws up thousands of unmatched activity records.'), [])
  assert.deepEqual(ranks('We offer unmatched service.'), ['unmatched'])
  assert.deepEqual(ranks('Materials are the largest cost item in our appraisals, at 41% of build cost on a typical house.'), [])
  const table = '<table><tbody><tr><td>Strip-out and tank works</td><td>10–16 weeks</td></tr></tbody></table>'
  assert.deepEqual(ranks(`${table}</p><p>Door-to-door was the largest source in the table, at 41%, followed by mail at 22%.`), [])
  const backs = (text: string) =>
    phrasesOf('back-reference', `${lead}<h2>Scope</h2><p>Live monitoring needs a licence.</p><h2>Exceptions</h2><p>${text}</p>`)
  assert.deepEqual(backs('The above applies only where the operator watches live images.'), ['The above applies'])
  assert.deepEqual(backs('The manager signs the list off, with each item marked as explained, corrected or escalated.'), [])
  assert.deepEqual(backs('Option A kept the courts. The latter cost more at the outset, £142,000 against £61,000.'), ['The latter'])
  const items = (text: string) => phrasesOf('relative-date', `${lead}<h2>The pack</h2><ul><li>${text}</li></ul>`)
  assert.deepEqual(items('Sales that fell through in the last 30 days, with the reason recorded.'), [])
  assert.deepEqual(items('Customers who left in the last year cost us £2m.'), ['in the last year'])
})

test('wave of blind-js to blind-jx: a title that names a note, "the former" before a compound or a share, "were the only team not asked", "coming" in a list of advice', () => {
  assert.equal(
    opensWithoutAnAnswer(
      'Tips and tronc: a short note for pub and restaurant owners',
      'This note sets out what the Employment (Allocation of Tips) Act 2023 requires of employers. The Act came into force on 1 October 2024.',
    ),
    false,
  )
  assert.equal(
    opensWithoutAnAnswer(
      'How should a trust plan its tips policy?',
      'This note sets out what the Employment (Allocation of Tips) Act 2023 requires of employers.',
    ),
    true,
  )
  const backs = (text: string) => phrasesOf('back-reference', `${lead}<h2>Charging</h2><p>${text}</p>`)
  assert.deepEqual(backs('One museum replaced the former free-entry policy with a £1 resident pass.'), [])
  assert.deepEqual(backs('The net bill at the former 75% rate was £3,743.'), [])
  const ranks = (text: string) => phrasesOf('superlative', `${lead}<h2>Savings</h2><p>${text}</p>`)
  assert.deepEqual(ranks('Conservation staff were the only team not asked to find savings.'), [])
  assert.deepEqual(ranks('A single rota was the only way to cut locum spend.'), ['the only'])
  const advice = phrasesOf(
    'relative-date',
    `${lead}<h2>How should firms plan?</h2><ul><li>pricing wage inflation into every tender;</li><li>reviewing bank facilities in the coming months.</li></ul>`,
  )
  assert.deepEqual(advice, ['in the coming months'])
})

test('wave of blind-jy to blind-kd: a routine named by how often it runs, a table cell’s label, "the most effective fix" in a study’s article', () => {
  const dates = (text: string) => phrasesOf('relative-date', `${lead}<h2>Reviews</h2><p>${text}</p>`)
  assert.deepEqual(dates('The weekly review compares this week’s pickup against last week’s for each arrival date.'), [])
  assert.deepEqual(dates('The review compared this week’s pickup against last week’s.'), ['this week', 'last week'])
  const cell = phrasesOf(
    'relative-date',
    `${lead}<h2>Timing</h2><table><tbody><tr><td>Next season’s base rates</td><td>Once, with the budget</td></tr><tr><td>Currently under review</td><td>Weekly</td></tr></tbody></table>`,
  )
  assert.deepEqual(cell, ['Currently'])
  const study = '<p>The table shows occupancy for the 22 parks in our client benchmark.</p>'
  assert.deepEqual(
    phrasesOf(
      'superlative',
      `${study}<h2>Lifting occupancy</h2><p>The most effective fix for a weak shoulder season is to drop minimum stays.</p>`,
    ),
    ['The most effective'],
  )
})

test('wave of blind-ke to blind-kj: a span first, a changing landscape, an outlook about itself, a bare "It depends.", a participle before its noun, a neighbour source, "best of all", "ONS figures show", what is missing, a scale’s end, "from next April", the week ahead, what has a release in the window, an aside in a condition, "the first section"', () => {
  assert.equal(
    opensWithoutAnAnswer(
      'How long does it take to move to a new 3PL?',
      'Plan for 12 to 16 weeks from signed contract to first live orders for a straightforward ambient e-commerce operation.',
    ),
    false,
  )
  assert.equal(
    opensWithoutAnAnswer(
      'How long does it take to move to a new 3PL?',
      'It takes 12 to 16 weeks from signed contract to first live orders.',
    ),
    false,
  )
  assert.equal(
    opensWithoutAnAnswer(
      'Credit unions and small building societies: the outlook for 2026',
      'In a fast-changing financial landscape, small mutuals face a world of challenges and opportunities. Our view: margins will narrow modestly in 2026.',
    ),
    true,
  )
  assert.equal(
    opensWithoutAnAnswer(
      'Outlook 2026: what UK medical device makers should plan for',
      'In this outlook we set out the themes we expect to shape 2026 for small device makers, drawing on our survey of 64 firms, 23 of them dental labs.',
    ),
    true,
  )
  assert.equal(
    opensWithoutAnAnswer(
      'Does a dental laboratory need to register with the MHRA?',
      'It depends. Dental laboratories come in all sizes, and the rules on medical devices have been rewritten more than once since 2021.',
    ),
    true,
  )
  assert.equal(
    opensWithoutAnAnswer(
      'Why do small device makers fail their first approved body audit?',
      'The UK’s medical technology sector runs to several thousand companies, and every one that makes a Class IIa device has to pass through an approved body sooner or later.',
    ),
    true,
  )
  assert.equal(
    opensWithoutAnAnswer(
      'How long does it take to register a new day nursery with Ofsted?',
      'Every nursery founder reaches the same point: the building is fitted out and the only thing missing is a certificate. In practice, allow four to six months.',
    ),
    true,
  )
  const ranks = (text: string) => phrasesOf('superlative', `${lead}<h2>Costs</h2><p>${text}</p>`)
  assert.deepEqual(ranks('The biggest risk is hidden work behind the walls.'), ['biggest'])
  assert.deepEqual(ranks('The oldest stock is sold first.'), [])
  assert.deepEqual(
    ranks(
      'Energy is the single biggest factor. In a frozen store, electricity accounts for 20% to 30% of operating cost. When prices jumped in 2022, the sharpest rise in decades according to the Department for Energy Security and Net Zero, operators passed it through.',
    ),
    ['biggest'],
  )
  assert.deepEqual(ranks('Recruitment through existing staff works best of all.'), ['best'])
  assert.deepEqual(ranks('A hybrid model works best.'), [])
  assert.deepEqual(ranks('ONS figures show births in England and Wales fell to 591,072 in 2023, the lowest since 2002.'), [])
  assert.deepEqual(ranks('The building is fitted out and the only thing missing is a certificate.'), [])
  assert.deepEqual(ranks('A mock audit by someone who has not worked on the file is the most effective way to prepare.'), [
    'the most effective',
  ])
  assert.deepEqual(ranks('Cost is not the biggest factor.'), [])
  assert.deepEqual(ranks('Tier IV, the highest level in the Uptime Institute’s classification, adds fault tolerance.'), [])
  assert.deepEqual(ranks('We offer the highest rating of any kennel in Kent.'), ['highest'])
  const dates = (text: string, title = base.title) => phrasesOf('relative-date', `${lead}<h2>Planning</h2><p>${text}</p>`, { title })
  assert.deepEqual(dates('Raise prices from next April, so the increase lands in a single year.'), ['next April'])
  assert.deepEqual(
    dates('For each room and each session of the week ahead, check the children booked against the rota.', 'The weekly occupancy review'),
    [],
  )
  assert.deepEqual(dates('Decide on every below-break-even departure with a release in the next 21 days.'), [])
  assert.deepEqual(
    dates(
      'If a single large order, such as a supermarket listing, means you will pass the threshold within the next 30 days, you must register straight away.',
    ),
    [],
  )
  const backs = phrasesOf(
    'back-reference',
    `${lead}<h2>Debt</h2><p>Repayments add to the margin pressure described in the first section.</p>`,
  )
  assert.deepEqual(backs, ['described in the first section'])
})

test('wave of blind-kk to blind-kp: a routine’s own week in its phrase, a walk as a routine, the reader’s week in a condition, a fronted window before a story’s comma, what you need, "Check" before a plural, "soon enough", a scale of options after a colon, a place beside an owner’s ranking, "best available rate", a preamble past a relative clause, a participle joined to one after its noun, a subject before "will", a section named by its topic', () => {
  const dates = (text: string, title = base.title, heading = 'Planning') =>
    phrasesOf('relative-date', `${lead}<h2>${heading}</h2>${text}`, { title })
  assert.deepEqual(dates('<p>A weekly review of last week’s waste kept the forecast honest.</p>'), [])
  assert.deepEqual(dates('<p>A review of last week’s waste kept the forecast honest.</p>'), ['last week'])
  assert.deepEqual(
    dates(
      '<ul><li>Last week’s plant sales by category, from the till system.</li></ul>',
      'The weekly plant-area walk: a 45-minute routine',
    ),
    [],
  )
  assert.deepEqual(
    dates('<p>If you can’t tell me your labour percentage for last week by Tuesday lunchtime, you are not ready to grow.</p>'),
    [],
  )
  assert.deepEqual(dates('<p>If you are planning a rise for next April, write to parents by the end of January.</p>'), ['next April'])
  assert.deepEqual(
    dates('<p>Over the next two summers, the team cut watering times on the shrub beds by a third as they learned from the meters.</p>'),
    [],
  )
  assert.deepEqual(dates('<p>Over the next three months, prices will rise.</p>'), ['Over the next three months'])
  assert.deepEqual(
    dates(
      '<p>Set up the searches before Monday. You need:</p><ul><li>did-not-attend (DNA) appointments for the last four weeks;</li></ul>',
      'The weekly appointment review',
    ),
    [],
  )
  assert.deepEqual(
    dates('<p>Check appointments offered per 1,000 patients for last week against your average over the last 12 weeks.</p>'),
    [],
  )
  assert.deepEqual(
    dates('<p>Capitalised costs are amortised over three years, so they return to the profit and loss account soon enough.</p>'),
    [],
  )
  assert.deepEqual(dates('<p>At current prices, structural steel adds roughly £2,200 per tonne fabricated and erected.</p>'), [
    'At current prices',
  ])
  const ranks = (text: string) => phrasesOf('superlative', `${lead}<h2>Costs</h2><p>${text}</p>`)
  // (The first ranks the changes; the second, its noun left out, ranks them among themselves.)
  assert.deepEqual(ranks('The most effective change was the simplest: a written protocol signed off by the partners.'), [
    'The most effective',
  ])
  assert.deepEqual(ranks('The hub sits above the network’s largest practice in Tavistock.'), [])
  assert.deepEqual(ranks('Organiser room blocks are often cheaper than the best available rate on the night.'), [])
  assert.deepEqual(ranks('Cover of £5 million will always satisfy an organiser.'), ['always'])
  assert.equal(
    opensWithoutAnAnswer(
      'Why do investors care so much about net revenue retention?',
      'Every founder who has sat through a Series B pitch knows the acronyms: ARR, CAC, LTV and NRR. Investors care about net revenue retention because it shows whether the customer base grows on its own.',
    ),
    true,
  )
  assert.equal(
    opensWithoutAnAnswer(
      'Why are bakery margins falling even when sales rise?',
      'In a crowded high street, every bakery and café group is looking for an edge. Margins have slipped because costs rose faster than prices.',
    ),
    true,
  )
  assert.equal(
    opensWithoutAnAnswer(
      'GP practice finances in 2026/27: what partners should plan for',
      'Forecasting practice finances is a humbling exercise, and every partner who has sat through a contract announcement knows how quickly a budget can unravel.',
    ),
    true,
  )
  const backs = phrasesOf(
    'back-reference',
    `${lead}<h2>Margins</h2><p>As discussed in the pricing section, the cost of an AI feature rises with usage.</p>`,
  )
  assert.deepEqual(backs, ['As discussed'])
})

test('wave of blind-kq to blind-kv: "guarantees acceptance", "the former NHS …", "Build costs rose", a participle after a conjunction the tagger read, every one in the window, a table cell’s label, a progressive after the title’s "are", the causes without a verb', () => {
  const ranks = (text: string) => phrasesOf('superlative', `${lead}<h2>Costs</h2><p>${text}</p>`)
  assert.deepEqual(ranks('Using an ATC member agency guarantees acceptance by the Home Office.'), ['guarantees'])
  const backs = phrasesOf(
    'back-reference',
    `${lead}<h2>Consultants</h2><p>Nandakumar, the former NHS clinical director for trauma at a Manchester trust, led the fee talks.</p>`,
  )
  assert.deepEqual(backs, [])
  const dates = (text: string, title = base.title) => phrasesOf('relative-date', `${lead}<h2>Costs</h2>${text}`, { title })
  assert.deepEqual(dates('<p>Build costs rose by about 6% last year.</p>'), ['last year'])
  assert.deepEqual(dates('<p>Build the costs into next year’s budget.</p>'), [])
  assert.deepEqual(dates('<p>At current prices for insured day-case work, a two-theatre unit pays back its fit-out in 4 to 6 years.</p>'), [
    'At current prices',
  ])
  assert.deepEqual(
    dates('<p>List every session in the next 14 days with less than 60% of its minutes booked.</p>', 'The weekly theatre review'),
    [],
  )
  assert.deepEqual(
    dates(
      '<table><thead><tr><th>Check</th><th>Data window</th></tr></thead><tbody><tr><td>Variations not yet priced</td><td>Raised in the last 14 days</td></tr></tbody></table>',
    ),
    [],
  )
  assert.equal(
    opensWithoutAnAnswer(
      'Why are charity shop donations falling in some towns?',
      'High streets are changing, and charity retail has been part of that story from the start.',
    ),
    true,
  )
  assert.equal(
    opensWithoutAnAnswer(
      'Why are housing officers leaving?',
      'Caseloads and complaints, mostly. Housing officers at mid-sized associations now manage 350 to 500 homes each.',
    ),
    false,
  )
})

test('wave of blind-kw to blind-lb: a mistake put as an infinitive, "when" read as an adverb, "decline", a review’s own "in four weeks’ time", a noun and an auxiliary after "the former", a title that opens with its person, an outlook’s client base, a saying dated "this year"', () => {
  const study = '<p>Most leavers we interviewed said the shifts, not the pay, were the reason they left.</p>'
  const ranks = (text: string, before = lead) => phrasesOf('superlative', `${before}<h2>Pay</h2><p>${text}</p>`)
  assert.deepEqual(ranks('Rarely. The most common mistake is to add 50p an hour and leave the rota untouched.', study), ['The most common'])
  assert.deepEqual(ranks('The most common method, used by 52% of the centres we interviewed, is a fixed rota.', study), [])
  assert.deepEqual(ranks('The most common mistake we see is ordering bespoke joinery when only the front tables need to look special.'), [
    'The most common',
  ])
  const dates = (text: string, title = base.title) => phrasesOf('relative-date', `${lead}<h2>Step 3</h2><p>${text}</p>`, { title })
  assert.deepEqual(
    dates(
      'Write the action next to the line and check it in four weeks’ time on the same list.',
      'The weekly sales and stock review for a stationer',
    ),
    [],
  )
  assert.deepEqual(dates('We expect to check it in four weeks’ time.'), ['in four weeks’ time'])
  assert.deepEqual(
    dates('Defra said earlier this year that it would publish the final standards and the fee schedule in the coming months.'),
    ['earlier this year', 'in the coming months'],
  )
  const backs = phrasesOf(
    'back-reference',
    `${lead}<h2>The problem</h2><p>The shop bought from Gardners and a dozen publishers. The former owner had favoured the publishers, because the latter gave better terms.</p>`,
  )
  assert.deepEqual(backs, ['the latter'])
  assert.equal(
    opensWithoutAnAnswer(
      'Priya Desai of Castlegate Training: why we stopped subcontracting',
      'Priya Desai, managing director of Castlegate Training, says the decision that shaped her business was to stop subcontracting in 2021.',
    ),
    false,
  )
  assert.equal(
    opensWithoutAnAnswer(
      'Independent training providers: outlook for 2026/27',
      'In this outlook we set out the forces that will shape the market in 2026/27, drawing on our work with 38 provider clients.',
    ),
    true,
  )
})

test('wave of blind-lc to blind-lh: "The former £100,000 limit", "to 100%", "any unmatched removal", a plural subject’s "guarantee", due for payment in the window, "the past" after a date in another clause, "the FAQ below", "is not new"', () => {
  const backs = (text: string) => phrasesOf('back-reference', `${lead}<h2>Relief</h2><p>${text}</p>`)
  assert.deepEqual(backs('The former £100,000 limit had shut out many larger clubs.'), [])
  assert.deepEqual(backs('Scotland and Wales are on their own timetables, which are set out in the FAQ below.'), ['in the FAQ below'])
  const ranks = (text: string) => phrasesOf('superlative', `${lead}<h2>Results</h2><p>${text}</p>`)
  assert.deepEqual(ranks('Batteries were charged overnight, usually to 100% only for long bookings.'), [])
  assert.deepEqual(
    phrasesOf(
      'superlative',
      `${lead}<h2>Checks</h2><table><tbody><tr><td>Removals against orders</td><td>Any unmatched removal</td></tr></tbody></table>`,
    ),
    [],
  )
  assert.deepEqual(ranks('Hartswood’s results guarantee the model will work at any club that follows it.'), ['guarantee'])
  const dates = (text: string, title = base.title) => phrasesOf('relative-date', `${lead}<h2>Costs</h2><p>${text}</p>`, { title })
  assert.deepEqual(
    phrasesOf(
      'relative-date',
      `${lead}<h2>Step 4: check open orders against cash</h2><p>List purchase orders due for payment in the next 14 days, including duty on planned removals, and compare the total with the bank balance and expected receipts.</p>`,
    ),
    [],
  )
  assert.deepEqual(
    dates('Combined with the changes that took effect in April 2025, staff costs have risen by more than 12% over the past two years.'),
    ['over the past two years'],
  )
  assert.deepEqual(dates('Staff costs rose by 12% over the past two years to March 2025.'), [])
  assert.equal(
    opensWithoutAnAnswer(
      'Packaging EPR: what merchants need to do before the first invoices',
      'Producer responsibility for packaging is not new. Since the 1997 regulations, businesses handling more than 50 tonnes have bought recovery notes.',
    ),
    true,
  )
})

test('wave of blind-li to blind-ln: a share in words, a kind defined past an aside, "re-graded", "These delays" under "Ways to…", a weekday routine’s week, one on each site, a header cell’s "Last month", "in HMRC trade data", an inverted "are … closing", an outlook’s count of its own parts', () => {
  const ranks = (text: string) => phrasesOf('superlative', `${lead}<h2>Costs</h2><p>${text}</p>`)
  assert.deepEqual(ranks('Containers are the largest single line, at between a third and a half of the total.'), [])
  assert.deepEqual(ranks('The lowest-performing string on each site is where soiling usually shows up first.'), [])
  assert.deepEqual(ranks('Gas is the biggest cost in every cycle.'), ['biggest'])
  assert.deepEqual(ranks('Turkey, the largest market for UK ferrous scrap exports in HMRC trade data, still sets the export price.'), [])
  assert.deepEqual(ranks('Excessive access is the most common finding in IT audits of financial services firms.'), ['the most common'])
  const dates = (html: string, title = base.title) => phrasesOf('relative-date', `${lead}<h2>Checks</h2>${html}`, { title })
  assert.deepEqual(
    dates('<p>A customer at risk, in our definition, is one who has asked for access at least twice in the last 90 days.</p>'),
    [],
  )
  assert.deepEqual(dates('<p>Over the next six months the team also re-graded its non-ferrous stock.</p>'), [])
  assert.deepEqual(
    dates('<p>Move the three busiest horses down the rota for the coming week.</p>', 'The Monday yard review: a 30-minute routine'),
    [],
  )
  assert.deepEqual(
    dates(
      '<table><thead><tr><th>Figure</th><th>Last month</th></tr></thead><tbody><tr><td>Bookings</td><td>18,240</td></tr></tbody></table>',
    ),
    [],
  )
  const backs = phrasesOf(
    'back-reference',
    `${lead}<h2>Where the time goes</h2><p>Most of the wait sits in the upstream works.</p><h2>Ways to shorten the wait</h2><p>These delays are not fixed. Three approaches have worked.</p>`,
  )
  assert.deepEqual(backs, ['These'])
  assert.equal(
    opensWithoutAnAnswer(
      'Why are so many riding schools closing?',
      'Riding lessons have been part of growing up in Britain for generations. Plenty of adults can still name the pony they learned on.',
    ),
    true,
  )
  assert.equal(
    opensWithoutAnAnswer(
      'Removals and storage outlook 2026',
      'In this outlook we look at the five forces that will shape trading for removals firms through 2026, and set out what owners should plan for.',
    ),
    true,
  )
})

test('wave of blind-lo to blind-lt: a reduced relative before a present verb, a compound’s participle, "since the spring", "guarantees continuity", a count of the whole, "The latter won,", a routine’s four-word name, the reader’s last season, a perfect since an event under "When…?"', () => {
  const dates = (text: string, title = base.title) => phrasesOf('relative-date', `${lead}<h2>Costs</h2><p>${text}</p>`, { title })
  assert.deepEqual(dates('At current prices, a pair of acoustic doors rated at 45 dB costs around £2,600 fitted.'), ['At current prices'])
  assert.deepEqual(dates('At current prices, a well-stocked yarn wall of 400 to 500 shades costs around £12,000.'), ['At current prices'])
  assert.deepEqual(dates('Contractors’ prices for these units have climbed since the spring.'), ['since the spring'])
  assert.deepEqual(dates('Prices have climbed since the spring of 2024.'), [])
  assert.deepEqual(
    phrasesOf(
      'relative-date',
      `${lead}<h2>Before you start</h2><p>Have three reports ready on Monday morning:</p><ul><li>admissions by performance for last week, Monday to Sunday;</li></ul>`,
      { title: 'The weekly box office and bar review: a 30-minute routine' },
    ),
    [],
  )
  assert.deepEqual(
    dates(
      'Returners need less training and know the site, so contact last season’s team in early January.',
      'When should a zoo start recruiting seasonal staff?',
    ),
    [],
  )
  const ranks = (text: string) => phrasesOf('superlative', `${lead}<h2>Shifts</h2><p>${text}</p>`)
  assert.deepEqual(ranks('A 12-hour pattern guarantees continuity of care and means fewer handovers.'), ['guarantees'])
  assert.deepEqual(ranks('The lease was the largest single cause of delay, accounting for four of the six.'), [])
  const backs = phrasesOf(
    'back-reference',
    `${lead}<h2>The problem</h2><p>The owners could close from November or stay open. The latter won, because the keepers had been hard to replace.</p>`,
  )
  assert.deepEqual(backs, ['The latter'])
  assert.equal(
    opensWithoutAnAnswer(
      'When should an independent cinema renegotiate its film rental terms?',
      'The relationship between independent exhibitors and film distributors has changed a great deal since the move to digital projection, and the balance has shifted more than once as windows and release patterns have moved.',
    ),
    true,
  )
})

test('wave of blind-lu to blind-lz: "pre-loved" is no past, a sentence-initial participle before its noun, every one booked in the window, "The latter pay within", "an interview with", every budget we priced, "for hire shops"', () => {
  const dates = (text: string, title = base.title) => phrasesOf('relative-date', `${lead}<h2>Costs</h2><p>${text}</p>`, { title })
  assert.deepEqual(dates('In the coming months, more first-time owners are likely to consider pre-loved models.'), ['In the coming months'])
  assert.deepEqual(
    dates('Integrated care boards are setting budgets for the coming financial year on uplift assumptions agreed nationally.'),
    ['for the coming financial year'],
  )
  assert.deepEqual(
    dates('List every fitting booked with the seamstress in the next 14 days and check the dress is in.', 'The Monday review'),
    [],
  )
  const backs = phrasesOf(
    'back-reference',
    `${lead}<h2>Rail and utilities</h2><p>The firm sells to rail contractors and to utilities. The latter pay within 30 days but order in small runs.</p>`,
  )
  assert.deepEqual(backs, ['The latter'])
  assert.equal(
    opensWithoutAnAnswer(
      '“Machinists are the bottleneck, not orders”: an interview with Priya Mistry of Mistry Hi-Vis',
      'Priya Mistry runs Mistry Hi-Vis, a 70-person maker of high-visibility garments in Bolton, which she took over from her father in 2016.',
    ),
    false,
  )
  const ranks = (text: string) => phrasesOf('superlative', `${lead}<h2>Costs</h2><p>${text}</p>`)
  assert.deepEqual(ranks('The roaster was the largest single line in every budget we priced.'), [])
  assert.deepEqual(ranks('The roaster was the largest single line in every budget.'), ['largest'])
  assert.deepEqual(ranks('The biggest risk for hire shops is the cost of cleaning and repair.'), ['biggest'])
})

test('wave of blind-ma to blind-mf: "N days ago" in an instruction, "In a … market full of…", a form in -ing before its noun under "Why are…?"', () => {
  const dates = (text: string) => phrasesOf('relative-date', `${lead}<h2>Checks</h2><p>${text}</p>`)
  assert.deepEqual(dates('Chase anything ordered more than ten working days ago.'), [])
  assert.deepEqual(dates('The order was placed ten days ago.'), ['ten days ago'])
  assert.equal(
    opensWithoutAnAnswer(
      'Community-led housing outlook 2026/27',
      'In a housing market full of uncertainty, community-led housing groups face a mix of challenges. We expect grant rates to hold in 2026/27.',
    ),
    true,
  )
  assert.equal(
    opensWithoutAnAnswer(
      'Why are colocation prices rising for small hosting firms?',
      'The UK colocation market grew up in the late 1990s around London’s Docklands, when telecoms carriers rented spare floor space to early web hosts.',
    ),
    true,
  )
})

test('wave of blind-mg to blind-ml: a definition after "where", a quoted question, "the next day", single quotation marks, "whose", a fronted "Where", "worth" and a forecast\'s "be"', () => {
  const dates = (text: string) => phrasesOf('relative-date', `${lead}<h2>Checks</h2><p>${text}</p>`)
  assert.deepEqual(
    dates('Firms gave the number of active contracts, where an active contract is one that has been invoiced in the last 12 months.'),
    [],
  )
  assert.deepEqual(
    dates(
      "Ask the school to put one question to the host: 'Has anyone moved into the house in the last 12 months?' Sales fell in the last 12 months.",
    ),
    ['in the last 12 months'],
  )
  assert.deepEqual(dates('The branch manager offered a short call with that person the next day.'), [])
  const ranks = (text: string) => phrasesOf('superlative', `${lead}<h2>Costs</h2><p>${text}</p>`)
  assert.deepEqual(ranks("'We had the best summer we have had in 2024 because we did not expand,' she says."), [])
  assert.deepEqual(ranks('We had the best summer in the industry.'), ['best'])
  assert.deepEqual(
    ranks('January suits firms whose largest supplier contracts, such as coffins and insurance, renew at the turn of the year.'),
    [],
  )
  assert.deepEqual(ranks('Where a ferry is the only practical link for residents, fares are capped.'), [])
  assert.deepEqual(ranks('Ferries run to Hoy, where Orkney Ferries is the only operator.'), ['the only'])
  assert.deepEqual(ranks('The smallest increase worth sending is usually around 3%.'), [])
  assert.deepEqual(ranks('For most providers, the most significant gap will be evidence on closed-book plans.'), ['the most significant'])
  assert.deepEqual(ranks('The most common reason organisers give for switching centre is a failure on one of these points.'), [
    'The most common',
  ])
})

test('wave of blind-mm to blind-mr: "Do" as an instruction, a zero relative, a threshold as complement, days within a weekly routine, "soon do", "It takes between … months", "is not a new problem", "The latter won, mostly because…"', () => {
  const ranks = (text: string) => phrasesOf('superlative', `${lead}<h2>Costs</h2><p>${text}</p>`)
  assert.deepEqual(ranks('Do the busiest entrances first, so any fault is found early.'), [])
  assert.deepEqual(ranks('No size is fixed in law, but the smallest quantity most markets will accept on a stall is a 227 g jar.'), [])
  assert.deepEqual(ranks('The smallest premises in scope are therefore those that can hold 200 people.'), [])
  assert.deepEqual(ranks('The smallest job worth a trip was a single flue.'), [])
  assert.deepEqual(ranks('Work out how many people your largest building or event can hold.'), [])
  assert.deepEqual(ranks('Temporary labour is now its largest saving.'), ['largest'])
  const weekly = (text: string) =>
    phrasesOf('relative-date', `${lead}<h2>Checks</h2><p>${text}</p>`, { title: 'A weekly apiary inspection routine' })
  assert.deepEqual(weekly('Eggs show that a queen was laying within the past three days.'), [])
  assert.deepEqual(weekly('Prices fell in the past three months.'), ['in the past three months'])
  const dates = (text: string) => phrasesOf('relative-date', `${lead}<h2>Checks</h2><p>${text}</p>`)
  assert.deepEqual(dates('Installers paid per job rarely spend the extra time; installers who share in the savings soon do.'), [])
  const openers = (heading: string, text: string) =>
    phrasesOf(
      'back-reference',
      `${lead}<h2>Options</h2><p>The firm could train staff or hire a surveyor.</p><h2>${heading}</h2><p>${text}</p>`,
    )
  assert.deepEqual(openers('How long does it take someone new?', 'It takes between six and twelve months for most newcomers.'), [])
  assert.deepEqual(openers('What the firm chose', 'The latter won, mostly because it freed the showroom staff.'), ['The latter'])
  assert.equal(
    opensWithoutAnAnswer(
      'Food waste separation becomes compulsory for workplaces from 31 March 2025',
      'Food waste is not a new problem for commercial kitchens. Chefs have always scraped plates into the general bin.',
    ),
    true,
  )
})

test('wave of blind-ms to blind-mx: fronted phrases in a row, both ends of a range, a condition of an instruction, a quoted pointer, any one sent days ago, a definition after a colon, "Count how many…", a participle before an adjective, "Who signs off?"', () => {
  const dates = (text: string) => phrasesOf('relative-date', `${lead}<h2>Checks</h2><p>${text}</p>`)
  assert.deepEqual(
    dates(
      "To make this a habit, every Monday, compare this week's bookings with last week's, and once a quarter count the bookings each room took in the last 12 months.",
    ),
    [],
  )
  assert.deepEqual(
    dates("If fewer than a third of next season's Saturdays are booked by the end of October, look first at how enquiries are handled."),
    [],
  )
  assert.deepEqual(dates("If next year's budget is cut, the council will close two libraries."), ['next year'])
  assert.deepEqual(dates('Any quote sent more than seven days ago without a reply gets one follow-up message.'), [])
  assert.deepEqual(dates('Every quote sent seven days ago got a reply.'), ['seven days ago'])
  assert.deepEqual(dates('A workable one: an active client is one who has booked in the last 24 months.'), [])
  assert.deepEqual(dates('To estimate the effect, count how many patients in the last 12 months asked about NHS hearing aids.'), [])
  assert.deepEqual(dates('At current prices, a new audiometer with integrated real-ear measurement costs around £9,500.'), [
    'At current prices',
  ])
  const ranks = (text: string) => phrasesOf('superlative', `${lead}<h2>Costs</h2><p>${text}</p>`)
  assert.deepEqual(ranks('Among escape rooms the fullest and the emptiest sites were far apart: 52% against 21%.'), [])
  const backs = (heading: string, text: string) =>
    phrasesOf('back-reference', `${lead}<h2>Steps</h2><p>Trustees keep a written security document.</p><h2>${heading}</h2><p>${text}</p>`)
  assert.deepEqual(backs('Prices', 'Publish a notice: "Prices for weddings booked from 1 January 2026 are set out below."'), [])
  assert.deepEqual(backs('Who signs off?', 'They must be signed off by the person who has control of the event.'), ['They'])
  assert.deepEqual(backs('Follow-up calls at day 3 and day 10', 'They took ten minutes each on average.'), [])
  assert.equal(
    opensWithoutAnAnswer(
      'Outlook 2026: what will wedding bookings do?',
      'Weddings are not new, and neither is the worry that each season will be the one in which couples stop spending.',
    ),
    true,
  )
})

test('wave of blind-my to blind-nd: shares in brackets in a study, a rule that allows, a survey\'s later question, any one\'s duty, "count how many … a year ago", a promise to you', () => {
  const study = {
    title: 'Pitch fees and takings: the Harwood Street Food Benchmark 2025',
    body: `<p>Our 2025 benchmark surveyed 212 traders between June and August 2025.</p><h2>Who answered</h2><p>Respondents came from every region of the UK, with the largest groups in London and the South East (24%), the North West (14%) and Scotland (11%).</p>`,
  }
  assert.deepEqual(phrasesOf('superlative', study.body, { title: study.title }), [])
  const ranks = (text: string) => phrasesOf('superlative', `${lead}<h2>Costs</h2><p>${text}</p>`)
  assert.deepEqual(ranks('Five hundred is the largest audience the exemption allows.'), [])
  assert.deepEqual(ranks('The largest firms allow remote work.'), [])
  assert.deepEqual(ranks('A £10m policy guarantees you a place on council approved supplier lists.'), ['guarantees'])
  const dates = (text: string) => phrasesOf('relative-date', `${lead}<h2>Checks</h2><p>${text}</p>`)
  assert.deepEqual(
    dates(
      'We asked each firm for its standard price, the frequency its customers chose, and how many customers it had lost in the last 12 months.',
    ),
    [],
  )
  assert.deepEqual(
    dates(
      'The agency has been asking firms whether written information should be the standard, and it is expected to publish guidance in the coming months.',
    ),
    ['in the coming months'],
  )
  assert.deepEqual(dates("Many providers have asked us what the changes announced in last October's Budget will mean for them."), [
    'last October',
  ])
  assert.deepEqual(
    dates(
      'A tutoring agency must register for VAT as soon as it expects its taxable turnover in the next 30 days alone to go over £90,000.',
    ),
    [],
  )
  assert.deepEqual(
    dates(
      'Define an active family as one that has paid in the last 12 months, and count how many of the families active a year ago are still active.',
    ),
    [],
  )
  assert.deepEqual(dates('Prices rose a year ago.'), ['a year ago'])
})

test('wave of blind-ne to blind-nj: a routine named past a comma, a routine\'s "One hour every Monday", a kind\'s joined verbs, bodies that earn, "due a fitting", any one\'s right, a view others hold, a segment after a colon, a pronoun before a colon, "told us that last winter"', () => {
  const weekly = { title: 'A weekly stock, waste and temperature routine for a gelato parlour' }
  const opening = '<p>One hour every Monday morning, before the parlour opens, is enough to keep stock and waste under control.</p>'
  assert.deepEqual(
    bodyQualityWarnings({ ...base, ...weekly, body: `${opening}<h2>Step 1</h2><p>Use anything below 0.8 kg today.</p>` }),
    [],
  )
  const ranks = (text: string) => phrasesOf('superlative', `${lead}<h2>Costs</h2><p>${text}</p>`)
  assert.deepEqual(
    ranks('Decide which accounts you would lose: a café that orders two tubs a month and always pays late may cost you more.'),
    [],
  )
  assert.deepEqual(ranks('A broker who tenders across the whole market will always find you a lower price.'), ['always'])
  assert.deepEqual(ranks('The most common mistake owners make is to treat pay as the only lever.'), ['The most common'])
  assert.deepEqual(ranks('We see pricing as the only lever.'), ['the only'])
  const dates = (text: string) => phrasesOf('relative-date', `${lead}<h2>Checks</h2><p>${text}</p>`)
  assert.deepEqual(dates('Confirm by text or email with every customer due a fitting in the next ten days.'), [])
  assert.deepEqual(
    dates('A curtain or blind workroom must register once it expects turnover in the next 30 days alone to go over £90,000.'),
    [],
  )
  assert.deepEqual(
    dates(
      'A workroom whose turnover falls back can ask to deregister once turnover for the coming 12 months is expected to be under £88,000.',
    ),
    [],
  )
  assert.deepEqual(
    dates("Watch the leading indicators: instructors who stop asking about next season's dates are telling you something."),
    [],
  )
  assert.deepEqual(dates('Clients who must join next April should take three steps before 31 December 2025:'), ['next April'])
  assert.deepEqual(dates('Several owners told us that last winter was harder than usual.'), ['last winter'])
  assert.deepEqual(dates('That last winter of the lease was hard.'), [])
  const backs = (heading: string, text: string) =>
    phrasesOf('back-reference', `${lead}<h2>Rules</h2><p>Online sellers carry extra duties.</p><h2>${heading}</h2><p>${text}</p>`)
  assert.deepEqual(backs('Firms with commercial contracts', 'They earned the highest margins in our sample.'), [])
  assert.deepEqual(backs('What must a listing show?', 'They must show, on the product page itself:'), ['They'])
})

test('wave of blind-nk to blind-np: "once" in an instruction, the figure in the first ten words, "at a median of N% of turnover", a fronted lead-in, a rule\'s scope, "a qualified MOT tester"', () => {
  assert.equal(
    opensWithoutAnAnswer(
      'How much does it cost to sell at a regional auction house?',
      'Expect to give up between 15% and 25% of the hammer price once commission, VAT and the smaller charges are added.',
    ),
    false,
  )
  assert.equal(
    opensWithoutAnAnswer(
      'How long does it take to get paid after selling at auction?',
      'Most regional salerooms pay sellers between 21 and 35 days after the sale.',
    ),
    false,
  )
  const ranks = (text: string) => phrasesOf('superlative', `${lead}<h2>Costs</h2><p>${text}</p>`)
  assert.deepEqual(ranks('In our benchmark, wages were the largest cost line in every type of centre, at a median of 28% of turnover.'), [])
  assert.deepEqual(ranks('150ml is the smallest container covered, so small cans are in scope.'), [])
  const dates = (body: string) => phrasesOf('relative-date', `${lead}<h2>Checks</h2>${body}`)
  assert.deepEqual(
    dates(
      "<p>At each review, compare the society's costs with its rent income:</p><ul><li>water charges paid in the last 12 months;</li></ul>",
    ),
    [],
  )
  assert.deepEqual(dates('<p>At current prices, a qualified MOT tester earns £32,000 to £38,000 a year.</p>'), ['At current prices'])
})

test('wave of blind-nq to blind-nv: a pointer that goes on past a comma, a state not a praise, a main clause past a relative, a degree before its infinitive, "in every column"', () => {
  const faqAnswer = 'Not for cosmetic reasons. As explained in the section on age limits, see above, these products may not be used.'
  const pointers = bodyQualityWarnings({
    ...base,
    body: lead,
    content: { faq: [...(base.content.faq ?? []), { q: 'Can a hygienist whiten a 17-year-old’s teeth?', a: faqAnswer }] },
  })
    .filter((w) => w.rule === 'back-reference')
    .map((w) => w.phrase)
  assert.deepEqual(pointers, ['As explained in the section on age limits, see above'])
  const ranks = (text: string) => phrasesOf('superlative', `${lead}<h2>Costs</h2><p>${text}</p>`)
  assert.deepEqual(ranks('Clearing supplier bills, receipts posted to suspense and bank lines left unmatched takes a week.'), [])
  assert.deepEqual(ranks('A bureau that checks every run against the minimum rates is the most reliable way to avoid that.'), [
    'the most reliable',
  ])
  assert.deepEqual(ranks('A broker whose founders personally hold the largest client relationships is worth less.'), [])
  assert.deepEqual(ranks('The premium is easiest to justify where a mistake would be costly.'), [])
  assert.deepEqual(ranks('Pricing is easiest to get wrong.'), ['easiest'])
  const table =
    '<table><tr><th>Item</th><th>Low</th><th>High</th></tr><tr><td>Walk-in chiller</td><td>£9,000</td><td>£14,000</td></tr><tr><td>Bandsaw</td><td>£3,000</td><td>£5,000</td></tr></table>'
  assert.deepEqual(
    phrasesOf('superlative', `${lead}<h2>Equipment</h2>${table}<p>The walk-in chiller is the largest single item in every column.</p>`),
    [],
  )
})
