// A day word ("today") or a phrase of this, last or next ("last year", "this week"): a routine (in
// the sentence, the line before its list, the title or the heading), a definition, a supposition, a
// question to ask or an instruction counts it from the reader's moment; a deadline dates the text.
// A habit told in the present carries its frame into the sentence after it.
import type { Candidate } from './candidates.js'
import type { CheckedText, QualityContext } from './context.js'
import { asked, namesASegment } from './data-windows.js'
import { clauseOf, tenseOf, tokenAt } from './grammar.js'
import { instructs, isImperative } from './instructions.js'
import type { Sentence } from './reader.js'
import {
  definesARoutine,
  describesAnyOne,
  instructsAt,
  isHabitual,
  ownConjuncts,
  ROUTINE_ADJECTIVES,
  setsADeadline,
  supposes,
  withinTheRoutine,
} from './time-frames.js'

export function dayDatesTheText(candidate: Candidate<string>, item: CheckedText, sentence: Sentence, context: QualityContext): boolean {
  const { relativeDate } = context.words
  const last = /\p{L}+$/u.exec(candidate.phrase)?.[0] ?? ''
  // A routine in the sentence or in the line that introduces its list, or one that the title or
  // the section's heading names.
  // ("Each year, we compare your withdrawal rate with last year's returns": a yearly one too.)
  const routines = [relativeDate.habitual, relativeDate.annualRoutine]
  if ([ownConjuncts(sentence, candidate.index), item.leadIn ?? ''].some((frame) => routines.some((r) => isHabitual(frame, r)))) return false
  if (continuesAHabit(item, sentence, context)) return false
  // ("A monthly fleet checklist" → "Last year a contractor added the check" still dates: a
  // routine moves only its own period and shorter ones, and no month it names: "by next April".)
  // ("compares this month's figures with the same month last year": the routine's own comparison.)
  const sameBefore = /\bsame\s+\p{L}+\s+$/iu.test(item.text.slice(Math.max(0, candidate.index - 24), candidate.index))
  const aMonth = relativeDate.monthNames.has(last.toLowerCase())
  if (
    !aMonth &&
    withinTheRoutine(sameBefore ? 'day' : candidate.phrase, [context.input.title, item.section ?? ''], relativeDate.routineFrame)
  )
    return false
  // "What should a warehouse manager check every Monday morning?" → "last week's despatches": a
  // daily or weekly routine in the title moves its days and weeks ("last autumn" stays).
  const dayOrWeek = !/\b(?:month|quarter|year|season|spring|summer|autumn|winter)s?\b/i.test(candidate.phrase) && !aMonth
  const frames = [relativeDate.habitual, relativeDate.describedRoutine]
  if (dayOrWeek && [context.input.title, item.section ?? ''].some((frame) => frames.some((r) => isHabitual(frame, r)))) return false
  // "List the models you expect to use, not only the ones you use today": in an instruction
  // the day is the reader's, as a data window there counts from the reader's moment.
  const tokens = context.read.tokens(sentence.text)
  const at = tokenAt(tokens, candidate.index - sentence.start)
  if (definesARoutine(tokens, relativeDate) || describesAnyOne(tokens, at, relativeDate) || supposes(tokens, at) || asked(tokens, at))
    return false
  // ("If you can't tell me your waste for last week by Tuesday lunchtime, …": a day or a week in a
  // condition said of the reader is the reader's; "If you are planning a rise for next April" dates.)
  const condition = tokens.slice(0, at).findLastIndex((t) => t.lower === 'if')
  const ofTheReader = condition !== -1 && tokens[condition + 1]?.lower === 'you' && !tokens.slice(condition, at).some((t) => t.text === ',')
  if (dayOrWeek && ofTheReader) return false
  // ("A weekly review of last week's waste kept the forecast honest": the routine's own week, in
  // its own noun phrase, whatever the tense.)
  if (tokens[at - 1]?.lower === 'of' && tokens[at - 2]?.pos === 'NOUN' && ROUTINE_ADJECTIVES.has(tokens[at - 3]?.lower ?? '')) return false
  // ("Top-down forecasts that take last year's total and add inflation miss changes": a kind its
  // relative clause defines in the plain present, whenever one is made.)
  const tense = tenseOf(tokens)
  if (namesASegment(tokens, at, false) && !tense.past && !tense.perfect && !tense.future) return false
  if (setsADeadline(candidate.phrase, tokens, at)) return true
  // ("…, so contact last season's team in early January": what the reader's own last season holds,
  // in an instruction's own stretch.)
  const possessive = ["'s", '’s'].includes(tokens[at + candidate.phrase.split(/\s+/).length]?.text ?? '')
  if (possessive && instructsAt(tokens, at)) return false
  // ("If fewer than a third of next season's Saturdays are booked by October, look first at…": in
  // the fronted condition of an instruction too.)
  const closes = tokens.findIndex((t, k) => k > at && t.text === ',')
  if (possessive && tokens[0]?.lower === 'if' && closes !== -1 && isImperative(tokens.slice(closes + 1))) return false
  return !instructs(clauseOf(tokens, tokenAt(tokens, candidate.index - sentence.start)), relativeDate.forecastInstructions)
}

/** "Every January she opens her distributor statement… The review arrives, and the conversation is
 * about next quarter's promotions": the sentence after one that opens with a habit, told in the
 * plain present as it is, goes on with that habit, and its times count from each time it recurs. */
export function continuesAHabit(item: CheckedText, sentence: Sentence, context: QualityContext): boolean {
  const { relativeDate } = context.words
  if (sentence.start === 0) return false
  const before = context.read.sentenceAt(item.text, sentence.start - 1).text
  relativeDate.habitual.lastIndex = 0
  // ("Every January she opens…": a month a habit recurs in opens one too.)
  const everyMonth = /^(?:every|each)\s+(\p{L}+)/iu.exec(before)?.[1]
  if (relativeDate.habitual.exec(before)?.index !== 0 && !relativeDate.monthNames.has(everyMonth?.toLowerCase() ?? '')) return false
  const tokens = context.read.tokens(sentence.text)
  const tense = tenseOf(tokens, relativeDate.future)
  const forecasts = tokens.some((t) => t.pos === 'VERB' && relativeDate.expectationVerbs.has(t.lemma))
  return !tense.past && !tense.perfect && !tense.future && !tense.progressive && !forecasts
}
