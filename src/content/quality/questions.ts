// questions: an article should answer at least three questions a client would ask, counted from
// FAQ items, question-shaped headings and the questions the body sets apart as such (a description
// term, a details summary, a paragraph opening with a question in bold). The same question counts once.
import type { BodyWarning } from '../../contract/schemas.js'
import type { QualityContext } from './context.js'
import { isQuestion } from './grammar.js'

export const QUESTIONS_WANTED = 3

const SET_APART = new Set(['dt', 'summary'])

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
    if (section.heading && (isQuestion(section.heading) || words.questions.questionStart.test(section.heading))) add(section.heading)
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
