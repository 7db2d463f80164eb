// answer-first: the first 60 words of the body must state the answer — a declarative sentence on
// the title's topic — not a preamble, a question or a table of contents.
import type { BodyWarning } from '../../contract/schemas.js'
import { LIMITS } from '../../contract/limits.js'
import type { QualityContext } from './context.js'
import { sentences } from './extract.js'

export function answerFirst({ input, sections, words }: QualityContext): BodyWarning[] {
  const opening = openingText(sections)
  const firstWords = opening.split(/\s+/).filter(Boolean).slice(0, LIMITS.answerFirstWords).join(' ')
  const excerpt = firstWords.length > 160 ? `${firstWords.slice(0, 157)}…` : firstWords
  const warn = (message: string): BodyWarning[] => [{ rule: 'answer-first', message, where: 'body', ...(excerpt ? { excerpt } : {}) }]

  if (!firstWords)
    return warn(
      'The body opens with a heading or a list, not with the answer. Start with one or two sentences that answer the title directly.',
    )
  const preamble = words.preamble.exec(firstWords)
  if (preamble) {
    return warn(
      `The body opens with a preamble ("${preamble[0].trim()}…"). Answer engines quote the opening lines: state the answer to "${input.title}" first.`,
    )
  }
  const first = sentences(firstWords)[0] ?? firstWords
  if (first.endsWith('?')) return warn('The body opens with a question. Open with the answer instead, in a declarative sentence.')
  if (!sentences(firstWords).some((s) => /[.!]$/.test(s))) {
    return warn(
      `The first ${LIMITS.answerFirstWords} words hold no complete sentence. Open with one or two short sentences that answer the title.`,
    )
  }
  const topic = topicWords(input.title, words.stopWords)
  const openingWords = new Set(firstWords.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])
  if (
    topic.length > 0 &&
    !topic.some(
      (w) =>
        openingWords.has(w) || [...openingWords].some((o) => o.length > 4 && (o.startsWith(w.slice(0, 5)) || w.startsWith(o.slice(0, 5)))),
    )
  ) {
    return warn(
      `The first ${LIMITS.answerFirstWords} words do not mention the title's topic (${topic.slice(0, 3).join(', ')}). Restate the subject and give the answer in the opening sentence.`,
    )
  }
  return []
}

/** The text before the first heading; when the body opens with a heading, the text under it. */
function openingText(sections: QualityContext['sections']): string {
  const first = sections[0]!
  const lead = first.blocks
    .map((b) => b.text)
    .join(' ')
    .trim()
  if (lead) return lead
  return ''
}

function topicWords(title: string, stopWords: ReadonlySet<string>): string[] {
  return (title.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w.length > 2 && !stopWords.has(w))
}
