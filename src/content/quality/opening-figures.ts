// What a title asks to be measured ("How much…", "How long…", "What is a good … figure?") and
// whether an opening measures it: a sum or a share, a span of time, a figure; a year, a code or a
// vague "several weeks" measures nothing.
import type { WordLists } from './word-lists.js'

type Words = WordLists['answerFirst']

/** "What is a good debtor days figure for a manufacturer?", "What are the response time targets?":
 * the head of what "what is" asks about is a figure ("What is driving freight rates" asks why). */
export function asksWhatFigure(lower: string[], words: Words): boolean {
  if (!['is', 'are'].includes(lower[1] ?? '') || /ing$/.test(lower[2] ?? '')) return false
  const end = lower.findIndex((w, k) => k > 2 && ['for', 'in', 'of', 'at', 'on', 'with', 'to', 'when', 'after'].includes(w))
  const head = lower[(end === -1 ? lower.length : end) - 1] ?? ''
  return words.figureNouns.has(head)
}

/** "How much…", "How long…", "What does it cost…", "What price should…". */
export function asksForAFigure(title: string, words: Words): boolean {
  if (words.quantityQuestion.test(title)) return true
  const lower = title.toLowerCase().match(/\p{L}+/gu) ?? []
  if (lower[0] !== 'what') return false
  return (
    asksWhatFigure(lower, words) ||
    words.costWords.has(lower[1] ?? '') ||
    (['do', 'does', 'did', 'will', 'would'].includes(lower[1] ?? '') && words.costWords.has(verbBeforeItsScope(lower)))
  )
}

/** "What does a recruitment agency charge in the UK?": the verb is the last word before the scope. */
function verbBeforeItsScope(lower: string[]): string {
  const scope = lower.findIndex((w, k) => k > 2 && SCOPES.has(w))
  return lower[(scope === -1 ? lower.length : scope) - 1] ?? ''
}

const SCOPES = new Set(['in', 'for', 'per', 'across', 'at', 'on'])

/** "How much does it cost…", "How much do trusts make from…", "What does a review cost?": the
 * title asks for money. */
export function asksForMoney(title: string, words: Words): boolean {
  if (!asksForAFigure(title, words)) return false
  const lower = title.toLowerCase().match(/\p{L}+/gu) ?? []
  // "How long does a heat pump take to pay back?" asks for time; "How much time does automation
  // save?" for time too: a noun after "how much" says what is counted.
  const money = lower.some((w) => words.costWords.has(w) || words.moneyVerbs.has(w))
  const counted = lower[0] === 'how' && lower[1] === 'much' ? lower[2] : undefined
  if (counted !== undefined && !words.yesNoOpeners.has(counted) && !words.costWords.has(counted)) return false
  return money && (lower[0] === 'what' || (lower[0] === 'how' && lower[1] === 'much'))
}

/** A sum or a share: a currency, a percentage, a fraction, a ratio ("one in five"), "free". */
export function holdsMoney(text: string, words: Words): boolean {
  words.money.lastIndex = 0
  return /[$€£¥%]/.test(text) || words.money.test(text) || words.ratioInWords.test(text)
}

/** A year or a decade ("in the 1990s", "since 2019") dates something; it measures nothing. */
// Not a sum ("£2000"), nor a share.
const DATES = /(?<![£$€¥\d,.])\b(?:19|20)\d{2}(?:['’]?s)?\b(?!\s*%)/g
/** "between 1500 and 2000 calls a month": a range of two such numbers before a plural counts things. */
const COUNTED_RANGE = /\b\d{4}\s*(?:and|to|–|-)\s*\d{4}\s+\p{L}+s\b/u
/** Names with a number in them ("ISO 27001", "IR35", "Level 3") measure nothing. */
const CODES = /\b(?:\p{Lu}{2,}[\s-]?\d+|(?:Level|Tier|Stage|Phase|Part|Section|Article|Schedule|Step|Key Stage)\s+\d+)\b/gu

export function holdsAFigure(text: string, words: Words, often = true): boolean {
  // "one of the most discussed topics", "the meter is only one line" count nothing.
  // "several weeks of payroll" counts without measuring.
  if (COUNTED_RANGE.test(text)) return true
  const plain = text.replace(words.pronounNumber, '').replace(words.vagueNumber, '').replace(CODES, '').replace(DATES, '')
  words.quantity.lastIndex = 0
  words.frequency.lastIndex = 0
  return /[\d$€£¥%]/.test(plain) || words.quantity.test(plain) || (often && words.frequency.test(plain))
}

/** Digits, a sum or a share, a span of time in words ("four working hours"), or a ratio in words
 * ("roughly three tests in ten", "one in five"). */
export function holdsAMeasure(text: string, words: Words): boolean {
  const plain = text.replace(words.vagueNumber, '').replace(CODES, '').replace(DATES, '')
  words.timeMeasure.lastIndex = 0
  return /[\d$€£¥%]/.test(plain) || holdsMoney(plain, words) || words.timeMeasure.test(plain) || words.ratioInWords.test(plain)
}

/** "How long does a migration take?" wants a span of time: "two thousand people notice" counts people. */
export function holdsADuration(text: string, words: Words): boolean {
  words.timeMeasure.lastIndex = 0
  // "every few years", "several weeks" measure nothing.
  return words.timeMeasure.test(text.replace(words.vagueNumber, '').replace(CODES, '').replace(DATES, ''))
}
