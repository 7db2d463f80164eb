// The figures and the data a study's sentence gives: a numeral that measures, the stretch of the
// clause a ranking stands in, the study's own data named, and a neighbouring sentence that measures
// what a bare ranking says.
import { sharesANoun } from './attribution.js'
import type { QualityContext } from './context.js'
import type { Token } from './language.js'
import type { Sentence } from './reader.js'

/** "Chefs de partie and night porters were the hardest to fill. Across the 143 hotels in the index,
 * chef de partie vacancies stayed open for a median of 47 days…": the next sentence measures the
 * same things, from the data it names; "…12 (43%) because of helpdesk failures… Helpdesk failure was
 * the largest single reason": the sentence before counted them. */
export function measuredBeside(sentence: Sentence, text: string, context: QualityContext, before: boolean): boolean {
  const all = context.read.sentences(text)
  const other = before ? all.findLast((s) => s.start < sentence.start) : all.find((s) => s.start > sentence.start)
  if (!other) return false
  const tokens = context.read.tokens(other.text)
  return (
    (before || namesTheData(tokens, context.words.superlative.studyNouns)) &&
    showsAFigure(tokens, other.text) &&
    sharesANoun(context.read.tokens(sentence.text), tokens)
  )
}

/** The sentence's clause with its fronted phrase ("In our survey, staff costs remain the largest
 * line, at 31%"), up to a reason, a relative clause or another clause after the superlative ("…, because
 * every day adds charges of £60", "…, and security spending rose by 11%"): what follows argues or
 * tells something else, it does not read the data. */
export function ownStretch(tokens: Token[], at: number): Token[] {
  let start = tokens.slice(0, at).findLastIndex((t) => t.text === ';' || t.text === ':') + 1
  // ("For a subcontractor with eight staff, a 90-day term is the biggest risk": the one a claim is
  // for, described, is no figure of the data.)
  const comma = tokens.findIndex((t, k) => k > start && k < at && t.text === ',')
  if (tokens[start]?.lower === 'for' && ['a', 'an'].includes(tokens[start + 1]?.lower ?? '') && comma !== -1) start = comma + 1
  const end = tokens.findIndex(
    (t, k) =>
      k > at &&
      (t.text === ';' || t.text === ':' || BREAKS.has(t.lower) || ((t.pos === 'CCONJ' || t.lower === 'so') && tokens[k - 1]?.text === ',')),
  )
  return tokens.slice(start, end === -1 ? tokens.length : end)
}

/** The sentence from its start up to the conjunct or the clause after token `at` (", and", ";", ":"),
 * a relative clause it adds included. */
export function untilTheNextConjunct(tokens: Token[], at: number): Token[] {
  const end = tokens.findIndex(
    (t, k) => k > at && (t.text === ';' || t.text === ':' || ((t.pos === 'CCONJ' || t.lower === 'so') && tokens[k - 1]?.text === ',')),
  )
  return end === -1 ? tokens : tokens.slice(0, end)
}

const BREAKS = new Set(['because', 'since', 'as', 'while', 'whereas', 'which', 'who', 'where', 'although', 'though'])

/** A figure ("at 3.0%", "13 of 24", "£612", "from 34p to 63p"): a numeral, not a year nor part of a
 * name ("5nm"). */
export const showsAFigure = (tokens: Token[], text: string) =>
  tokens.some(
    (t) =>
      /[%£$€]/.test(t.text) ||
      // ("11am was the commonest": a time the tagger keeps whole.)
      /^\d{1,2}(?:[.:]\d{2})?(?:am|pm)$/i.test(t.text) ||
      // "(four working days)": a number in words before what it counts.
      (t.pos === 'NUM' &&
        NUMBER_WORDS.has(t.lower) &&
        // ("in four working days": past a modifier to the noun it counts.)
        (tokens[tokens.indexOf(t) + 1]?.pos === 'NOUN' ||
          (['ADJ', 'VERB'].includes(tokens[tokens.indexOf(t) + 1]?.pos ?? '') && tokens[tokens.indexOf(t) + 2]?.pos === 'NOUN'))) ||
      (t.pos === 'NUM' &&
        /^[+−-]?\d[\d,.]*$/.test(t.text) &&
        !/^(?:19|20)\d{2}$/.test(t.text) &&
        // ("Over a 15-year asset life": a number inside a compound describes, it measures nothing.)
        !/^-\p{L}/u.test(text.slice(t.end)) &&
        (!/\p{L}/u.test(text[t.end] ?? '') || UNIT_AFTER.test(text.slice(t.end)))),
  )

const NUMBER_WORDS = new Set(['two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'twenty'])

/** A unit written onto its figure: "34p", "£2.3m", "12k", "£1.2bn". */
const UNIT_AFTER = /^(?:p|k|m|bn|am|pm|h)(?!\p{L})/u

/** "the lowest reading since Q2 2023": a rank within the study's own series. */
export const sinceADate = (tokens: Token[]) =>
  tokens.some((t, k) => t.lower === 'since' && /^(?:(?:19|20)\d{2}|Q[1-4]|H[12])$/i.test(tokens[k + 1]?.text ?? ''))

/** The stretch names the study's data: "in the survey", "the table", "respondents"; "data" only as
 * the study's own ("in our data", "this data"), not what a sentence is about ("the data moving onto
 * the new platform"). */
export const namesTheData = (tokens: Token[], nouns: ReadonlySet<string>) =>
  tokens.some((t, k) => {
    if (!nouns.has(t.lower)) return false
    if (!GENERIC_DATA.has(t.lower)) return true
    const before = tokens[k - 1]?.lower ?? ''
    return ['our', 'this', 'these'].includes(before) || (before === 'the' && tokens[k - 2]?.pos === 'ADP')
  })

const GENERIC_DATA = new Set(['data', 'dataset'])
