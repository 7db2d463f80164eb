// "At current prices", "under the current rules": the present of the writing, which dates the text
// only where a clause states or forecasts from it, not in a story's past or a reader's instruction.
import type { Candidate } from './candidates.js'
import type { CheckedText, QualityContext } from './context.js'
import type { DateKind } from './date-wording.js'
import { clauseOf, isFronted, tenseOf, tokenAt, untilAComma } from './grammar.js'
import { instructs, isImperative } from './instructions.js'

/** "At current prices, the sorter will pay for itself in 19 months", "Under the current rules, a new
 * runway gets…": the present of the writing, fronted or in a forecast. Told in the past ("while the
 * current job ran") the present is the story's; in an instruction ("cost each job at current
 * contract rates") it is the reader's. A fronted frame's clause ends at the next comma ("At current
 * prices, editions cost £40, depending on the add-ons needed"). */
export function statesTheCurrent(candidate: Candidate<DateKind>, item: CheckedText, context: QualityContext): boolean {
  const sentence = context.read.sentenceAt(item.text, candidate.index)
  const tokens = context.read.tokens(sentence.text)
  const at = tokenAt(tokens, candidate.index - sentence.start)
  const clause = clauseOf(tokens, at)
  const whole = isFronted(tokens, at) ? untilAComma(tokens, at) : tokens.slice(at)
  if (instructs(clause, context.words.relativeDate.forecastInstructions) || isImperative(tokens)) return false
  const tense = tenseOf(whole, context.words.relativeDate.future)
  if (tense.past && !tense.future) return false
  // "We expect cream prices to stay within 10% of current levels": a forecast of its clause.
  const forecasts = tenseOf(clause, context.words.relativeDate.future).future
  // "A business-grade laptop costs about £700 to £900 at current prices", "…, saving the university
  // £1.3m a year at current prices": a sum valued at today's prices, in a clause not told in the past.
  // ("Open-market rent reviews are included at the current rent": the rent current when it is measured.)
  // (The participle's own stretch after a comma is its clause: "the work cut energy use by 18%, saving…".)
  const comma = tokens.slice(0, at).findLastIndex((t) => t.text === ',')
  const participle = comma !== -1 && tokens[comma + 1]?.pos === 'VERB' && tokens[comma + 1]!.lower.endsWith('ing')
  const valuedIn = participle ? tokens.slice(comma + 1) : clause
  const valued = tokens[at]?.lower === 'at' && tokens[at + 1]?.lower === 'current' && !tenseOf(valuedIn).past
  return isFronted(tokens, at) || tense.future || forecasts || valued
}
