// questions: an article should answer at least three questions a client would ask, counted from
// FAQ items and question-shaped headings.
import type { BodyWarning } from '../../contract/schemas.js'
import type { QualityContext } from './context.js'

export const QUESTIONS_WANTED = 3

export function questions({ sections, input, words }: QualityContext): BodyWarning[] {
  const headings = sections.map((s) => s.heading).filter((h): h is string => Boolean(h))
  const questionHeadings = headings.filter((h) => h.endsWith('?') || words.questionStart.test(h))
  const count = (input.content.faq?.length ?? 0) + questionHeadings.length
  if (count >= QUESTIONS_WANTED) return []
  return [
    {
      rule: 'questions',
      message: `The article answers ${count} question${count === 1 ? '' : 's'} a client would ask; aim for at least ${QUESTIONS_WANTED}. Add FAQ items or phrase section headings as the questions they answer.`,
      count,
    },
  ]
}
