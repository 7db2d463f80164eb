// questions: an article should answer at least three questions a client would ask, counted from
// FAQ items, question-shaped headings and the questions the body sets apart as such (a description
// term, a details summary, a paragraph opening with a question in bold). The same question counts once.
import type { BodyWarning } from '../../contract/schemas.js'
import type { QualityContext } from './context.js'
import { isQuestion } from './grammar.js'
import type { WordLists } from './word-lists.js'

export const QUESTIONS_WANTED = 3

const SET_APART = new Set(['dt', 'summary'])

/** A heading without its question mark that still asks: it opens with an auxiliary ("Should you
 * hedge"), or a question word then an auxiliary ("How long does it take", "What is a PPA").
 * Without one ("What the role covers", "Where to hire from", "What helps") it names a topic. */
function isQuestionShaped(heading: string, words: WordLists['questions']): boolean {
  const lower = heading.toLowerCase().match(/[\p{L}’']+/gu) ?? []
  if (words.auxiliaries.has(lower[0] ?? '')) return true
  if (!words.questionStart.test(heading)) return false
  // "How long does", "Which suppliers should": the auxiliary may follow a word or two of the
  // question, and has a subject after it ("What the role is" names a topic).
  return lower.slice(1, 4).some((w, k) => words.auxiliaries.has(w) && k + 2 < lower.length)
}

export function questions({ sections, input, words }: QualityContext): BodyWarning[] {
  const asked = new Set<string>()
  const add = (question: string) => {
    const key = question
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim()
    if (key) asked.add(key)
  }
  for (const faq of input.content.faq ?? []) add(faq.q)
  for (const section of sections) {
    if (section.heading && (isQuestion(section.heading) || isQuestionShaped(section.heading, words.questions))) add(section.heading)
    for (const block of section.blocks) {
      if (SET_APART.has(block.kind) && isQuestion(block.text)) add(block.text)
      else if (isQuestion(block.lead)) add(block.lead)
    }
  }
  const count = asked.size
  if (count >= QUESTIONS_WANTED) return []
  return [
    {
      rule: 'questions',
      message: `The article answers ${count} question${count === 1 ? '' : 's'} a client would ask: add FAQ items or phrase section headings as questions until there are at least ${QUESTIONS_WANTED}.`,
      count,
    },
  ]
}
