// The words of a title an opening is read against: its topic words, a shared stem, and whether a
// sentence is told in the past (a story's, not an answer's).
import type { QualityContext } from './context.js'
import { tenseOf } from './grammar.js'
import { isImperative } from './instructions.js'
import type { Token } from './language.js'

/** At most this many words, a first sentence is a short answer ("Usually not, and only…"). */
export const SHORT_ANSWER_WORDS = 12

export function topicWords(title: string, stopWords: ReadonlySet<string>): string[] {
  // ("What should HR and IT do…": an initialism of two letters is a word of the topic.)
  return (title.match(/[\p{L}\p{N}]+/gu) ?? [])
    .filter((w) => (w.length > 2 || /^\p{Lu}{2}$/u.test(w)) && !stopWords.has(w.toLowerCase()))
    .map((w) => w.toLowerCase())
}

/** The same word, or words that share their first five letters ("forecast", "forecasting"). */
export const sameStem = (word: string, topic: string) =>
  word === topic || (word.length > 4 && (word.startsWith(topic.slice(0, 5)) || topic.startsWith(word.slice(0, 5))))

export function mentionsTopic(text: string, topic: string[]): boolean {
  const opening = new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])
  return topic.some((w) => opening.has(w) || [...opening].some((o) => sameStem(o, w)))
}

/** The sentence's verbs are in the past, not the perfect nor the future. */
export function toldInThePast(sentence: string, context: QualityContext): boolean {
  const tokens = context.read.tokens(sentence)
  // ("Repairs, more than anything else we measured.": a verb in the comparison after "than" tells
  // what was compared, not the sentence's time.)
  const than = tokens.findIndex((t) => t.lower === 'than')
  const tense = tenseOf(than === -1 ? tokens : tokens.slice(0, than))
  // ("HR should confirm the leaving date … at an agreed time": advice, whatever its participles.)
  const advises = tokens.some((t) => t.pos === 'AUX' && ADVICE.has(t.lower))
  // ("Count everyone who left in the last 12 months, divide…": an instruction, whatever its relative
  // clause's tense; "Every Monday before the first lesson, spend 40 minutes…": one past a fronted phrase.)
  return tense.past && !tense.perfect && !tense.future && !advises && !instructsAtItsStart(tokens)
}

/** The sentence gives an instruction, maybe after a fronted phrase ("Every Monday…, spend…"). */
export function instructsAtItsStart(tokens: Token[]): boolean {
  const comma = tokens.findIndex((t, k) => k < 10 && t.text === ',')
  return isImperative(tokens) || (comma !== -1 && isImperative(tokens.slice(comma + 1)))
}

const ADVICE = new Set(['should', 'must', 'can', 'will', 'may', 'shall'])

/** The year the article is dated, or this year when it has no date yet. */
export const articleYear = (context: QualityContext): number =>
  (context.input.published_at ? new Date(context.input.published_at) : new Date()).getUTCFullYear()
