// The words of a title an opening is read against: its topic words, a shared stem, and whether a
// sentence is told in the past (a story's, not an answer's).
import type { QualityContext } from './context.js'
import { tenseOf } from './grammar.js'

/** At most this many words, a first sentence is a short answer ("Usually not, and only…"). */
export const SHORT_ANSWER_WORDS = 12

export function topicWords(title: string, stopWords: ReadonlySet<string>): string[] {
  return (title.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w.length > 2 && !stopWords.has(w))
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
  const tense = tenseOf(context.read.tokens(sentence))
  return tense.past && !tense.perfect && !tense.future
}
