// A superlative that reads the figures the article shows: a measure ranked beside its figures ("the
// lowest fees in the panel" over the fee table, "The highest uplift, 4.1%, was…"), a row of the
// table or the list above ranked by its subject, a sentence that quotes a figure of a table above it
// ("The largest reductions were in D&O cover, at 8%"), an owner's own line at its share, or a
// ranking with its rivals' figures. The figures shown are the measured fact.
import type { Candidate } from './candidates.js'
import type { CheckedText, QualityContext } from './context.js'
import type { TextBlock } from './extract.js'
import { tokenAt } from './grammar.js'
import type { Token } from './language.js'
import { plainMeasure, rankedInAMarket } from './superlative-scope.js'

/** "the lowest fees in the panel", "the highest quarterly figure", "the difference is smallest on
 * consultation": a measure ranked where the section shows its figures (a table, or figures in the
 * sentence) reads the data; the figures are the measured fact. */
export function readsAMeasure(item: CheckedText, candidate: Candidate<string>, context: QualityContext): boolean {
  if (candidate.kind === 'claim') return false
  const sentence = context.read.sentenceAt(item.text, candidate.index)
  const tokens = context.read.tokens(sentence.text)
  let at = tokenAt(tokens, candidate.index - sentence.start)
  // ("the most uncertain": the word "most" grades is the degree.)
  if (candidate.kind === 'most') at = tokens.findIndex((t, k) => k >= at && t.lower === 'most') + 1 || at
  // The phrase's head: its last noun ("hand-search rates"), or, with none after it, the subject's.
  let end = at + 1
  while (
    end < tokens.length &&
    // ("the highest write-off rate": a compound's first part, whatever the tagger reads it as.)
    (['NOUN', 'ADJ', 'PROPN'].includes(tokens[end]!.pos) ||
      tokens[end]!.text === '-' ||
      tokens[end - 1]?.text === '-' ||
      tokens[end + 1]?.text === '-')
  )
    end++
  const head = tokens.slice(at + 1, end).findLast((t) => t.pos === 'NOUN') ?? tokens.slice(0, at).findLast((t) => t.pos === 'NOUN')
  // A table in the body's own section; an FAQ answer or a takeaway has only its own figures.
  const section = item.where === 'body' ? context.sections.find((s) => (s.heading ?? undefined) === item.section) : undefined
  const table = (section?.blocks ?? []).some((b) => b.kind === 'td')
  // "The lowest quarter, at 58%, was January to March" under the table of quarters, "The highest
  // uplift, 4.1%, was on…", "(4.1%)": the row read, its figure beside it.
  // ("Courier timing gave the largest single saving, eight hours off the median" under a later
  // heading: a table anywhere above in the body shows the article's own data.)
  const cells = cellsAbove(item, context)
  // ("the largest single source of complaints, at 41%", "The longest closed phase in the table, at 10
  // to 16 weeks": past a phrase of what it ranks within.)
  // ("the best-rated apps in the market, 41%" still ranks across a market.)
  const within = tokens[end]?.lower === 'of' ? end + 1 : tokens[end]?.lower === 'in' && tokens[end + 1]?.lower === 'the' ? end + 2 : -1
  if (within !== -1 && (tokens[end]?.lower === 'of' || IN_THE_DATA.has(tokens[within]?.lemma ?? ''))) {
    let k = within
    while (tokens[k]?.pos === 'NOUN') k++
    if (k > within && tokens[k]?.text === ',') end = k
  }
  // (A sum's currency sign before its number: "the most uncertain, at £10,000 to £40,000".)
  let figureAt = tokens[end + 1]?.lower === 'at' ? end + 2 : end + 1
  if (/^[£$€]$/.test(tokens[figureAt]?.text ?? '')) figureAt++
  const figureBeside = [',', '('].includes(tokens[end]?.text ?? '') && tokens[figureAt]?.pos === 'NUM'
  const besideItsFigure = cells.length > 0 && figureBeside
  // ("By 2023 fuel had become its second-largest cost after wages, at 19% of turnover": an owner's
  // own lines ranked, with the sum or share that ranks them.)
  const owned = ['its', 'their', 'our'].includes(tokens[at - 1]?.lower ?? '')
  if (owned && /^[^;:]*?,\s+at\s+[£$€]?\d[\d,.]*\s*(?:%|m\b|bn\b|k\b)?/i.test(sentence.text.slice(candidate.index - sentence.start)))
    return !rankedInAMarket(tokens, at, context.words.superlative)
  // ("Staff are the largest cost, at around 75% of expenditure": a line ranked by its share of the
  // whole it is part of.)
  // ("The lease was the largest single cause of delay, accounting for four of the six": by its count.)
  const rest = sentence.text.slice(candidate.index - sentence.start)
  if (context.words.superlative.shareOfAWhole.test(rest) || COUNT_OF_THE_WHOLE.test(rest))
    return !rankedInAMarket(tokens, at, context.words.superlative)
  // ("The roaster was the largest single line in every budget we priced": the writer's own finding.)
  const found = /^[^,;:]*?\b(?:in|of|across)\s+(?:every|each|all)\s+(?:the\s+)?[\p{L}-]+\s+we\s+(\p{L}+)/iu.exec(rest)?.[1]?.toLowerCase()
  if (found !== undefined && context.words.superlative.findingVerbs.has(found)) return true
  // ("Stockists are the biggest channel, at 46% of sales, followed by the website at 41%…": the
  // ranking, its figure and the figures of what it ranks, all in its sentence.)
  if (figureBeside && /\bfollowed\s+by\b[^.;]*\d/i.test(sentence.text)) return !rankedInAMarket(tokens, at, context.words.superlative)
  // "Dilapidations are usually the largest line" under the table of exit costs whose row
  // "Dilapidations settlement" it ranks: the row is read, its figures above it.
  // (A takeaway or an FAQ answer ranks a row of any of the body's tables.)
  const rows = section?.blocks ?? (item.where === 'body' ? undefined : context.sections.flatMap((s) => s.blocks))
  if (rows && rowOfItsTable(item.text, sentence.text, tokens, at, rows, context))
    return !rankedInAMarket(tokens, at, context.words.superlative)
  // "The largest reductions were in D&O cover, at 8%", "The biggest gain on those figures was in
  // documentation: 81% of renewals…": the sentence quotes a figure of the table above it.
  if (candidate.kind === 'form' && quotesTheTableAbove(sentence, candidate, tokens, at, cells, context)) return true
  // "the cheapest option per copy sold": a rate per unit measures, whatever its noun.
  const perUnit = tokens[end]?.lower === 'per'
  // ("The slowest, at 41 days, was a new coverholder" under its table: the bare degree and its figure.)
  if (!head) return besideItsFigure && !rankedInAMarket(tokens, at, context.words.superlative)
  if (!context.words.superlative.measureNouns.has(head.lemma) && !perUnit && !besideItsFigure) return false
  // "the fastest growth of any channel, at 12%": a measure ranked across a market still claims.
  if (rankedInAMarket(tokens, at, context.words.superlative)) return false
  return table || besideItsFigure || /\d/.test(sentence.text)
}

const COUNTED = '(?:\\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)'
const COUNT_OF_THE_WHOLE = new RegExp(
  `^[^;:]*?,\\s+(?:accounting\\s+for|behind|in)\\s+${COUNTED}\\s+of\\s+(?:the|our|its)\\s+${COUNTED}\\b`,
  'i',
)

/** What "in the …" may name after a ranking that reads the article's figures. */
const IN_THE_DATA = new Set(['table', 'sample', 'list', 'chart', 'survey', 'benchmark'])

/** The cells of the tables above the item in the body, in its section and the sections before; an
 * FAQ answer or a takeaway, shown after the body, sums up all of its tables. */
function cellsAbove(item: CheckedText, context: QualityContext): TextBlock[] {
  const cells: TextBlock[] = []
  for (const section of context.sections) {
    const own = item.where === 'body' && (section.heading ?? undefined) === item.section
    for (const block of section.blocks) {
      if (own && block.text === item.text) return cells
      if (block.kind === 'td') cells.push(block)
    }
    if (own) return cells
  }
  return cells
}

/** A measure ("largest", "cheapest") said of the sentence's subject, which opens a cell of the
 * table (or an item of the list, with its figure) shown above it in its section. A compound ("the fastest-growing part") ranks another
 * measure, growth, than the table's; a table below the sentence is yet to be read. */
function rowOfItsTable(block: string, text: string, tokens: Token[], at: number, blocks: TextBlock[], context: QualityContext): boolean {
  if (!plainMeasure(tokens, at, context.words.superlative)) return false
  const verb = tokens.findIndex((t) => t.pos === 'AUX' || t.pos === 'VERB')
  if (verb < 1 || verb > at || !tokens.slice(0, verb).some((t) => t.pos === 'NOUN' || t.pos === 'PROPN')) return false
  const subject = text.slice(tokens[0]!.start, tokens[verb]!.start).trim().toLowerCase()
  const own = blocks.findIndex((b) => b.text === block)
  // ("Research and approach is the longest stage, at three to five weeks" under the list of stages
  // and their lengths: an item is a row too when the sentence quotes its figure.)
  const countsOf = (written: string) => [...written.toLowerCase().matchAll(context.words.superlative.countWithUnit)].map((m) => m[0])
  const quoted = new Set(countsOf(text.slice(tokens[at]!.start)))
  const row = (b: TextBlock) => b.kind === 'td' || (b.kind === 'li' && countsOf(b.text).some((c) => quoted.has(c)))
  // ("Project-like changes logged as support were the oldest" under the row "Project-like changes":
  // the subject may go on past the row's name.)
  const opens = (cell: string) => cell.startsWith(subject) || (cell.includes(' ') && subject.startsWith(`${cell} `))
  return blocks.slice(0, own === -1 ? undefined : own).some((b) => row(b) && opens(b.text.toLowerCase().replace(/\s+/g, ' ').trim()))
}

/** A plain degree of size or speed ("largest", "biggest"; not "best", nor a compound's
 * "fastest-growing") whose sentence, after it, quotes a figure that a cell of a table above it
 * holds ("at 8%" beside the cell "−8%"); a year is no such figure. */
function quotesTheTableAbove(
  sentence: { text: string; start: number },
  candidate: Candidate<string>,
  tokens: Token[],
  at: number,
  cells: TextBlock[],
  context: QualityContext,
): boolean {
  const word = tokens[at]?.lower ?? ''
  if (['best', 'worst'].includes(word) || tokens[at + 1]?.text === '-' || rankedInAMarket(tokens, at, context.words.superlative))
    return false
  // A sum or a share in the sentence, its number in a cell ("at £41m" beside the cell "41").
  const inCells = new Set(cells.flatMap((b) => numbersOf(b.text)))
  return figuresOf(sentence.text.slice(candidate.index - sentence.start)).some((f) => inCells.has(f))
}

/** The numbers of a text's sums and shares, without signs, currency or thousands separators
 * ("£4,100" → "4100", "−8%" → "8"): a bare count ("24/7", "41 days") is none. */
const figuresOf = (text: string) =>
  [...text.matchAll(/[£$€](\d[\d,]*(?:\.\d+)?)|(\d[\d,]*(?:\.\d+)?)%/g)].map((m) => (m[1] ?? m[2]!).replace(/,/g, ''))
/** Every number of a text, as figuresOf writes them. */
const numbersOf = (text: string) => [...text.matchAll(/\d[\d,]*(?:\.\d+)?/g)].map((m) => m[0].replace(/,/g, ''))
