// questions: an article should answer at least three questions a client would ask, counted from
// FAQ items, question-shaped headings and the questions the body sets apart as such (a description
// term, a details summary, a paragraph opening with a question in bold). The same question counts once.
import type { BodyWarning } from '../../contract/schemas.js'
import type { QualityContext } from './context.js'
import { isQuestion } from './grammar.js'
import type { WordLists } from './word-lists.js'

export const QUESTIONS_WANTED = 3

const SET_APART = new Set(['dt', 'summary'])
const IRREGULAR_PARTICIPLES = new Set([
  'done',
  'made',
  'run',
  'set',
  'put',
  'held',
  'paid',
  'sold',
  'told',
  'built',
  'spent',
  'kept',
  'found',
  'bought',
  'brought',
  'taught',
  'left',
  'lost',
  'met',
  'said',
  'won',
  'cut',
  'hit',
  'let',
])

/** A heading without its question mark that still asks, in a question's word order: it opens with
 * an auxiliary ("Should you hedge"), or a question word then an auxiliary ("How long does it take",
 * "What is a PPA"), or a question word with its noun, an auxiliary and a subject ("Which suppliers
 * should we drop"). Otherwise it names a topic: "What the role covers", "Where to hire from", "How
 * long the process takes", "What trustees should check" (the noun is the subject of its verb). */
function isQuestionShaped(heading: string, words: WordLists['questions']): boolean {
  const lower = heading.toLowerCase().match(/[\p{L}’']+/gu) ?? []
  // "Must-have clauses", "May 2026 changes": a compound or a month, not an auxiliary that asks.
  const compoundOrDate = /^\p{L}+(?:-|\s+\d)/u.test(heading.trim())
  if (words.auxiliaries.has(lower[0] ?? '')) return !compoundOrDate && lower.length > 1
  if (!words.questionStart.test(heading)) return false
  let k = lower[0] === 'how' && words.degreeWords.has(lower[1] ?? '') ? 2 : 1
  // "Who was involved", "What was done": a participle straight after the auxiliary names a topic;
  // "What is a PPA", "How long does a review take" put a subject there.
  const participle = (k: number) =>
    (/(?:ed|en|wn)$/.test(lower[k] ?? '') || IRREGULAR_PARTICIPLES.has(lower[k] ?? '')) && !words.subjectStarters.has(lower[k] ?? '')
  const asks = (aux: number) => words.auxiliaries.has(lower[aux] ?? '') && aux + 1 < lower.length && !participle(aux + 1)
  if (asks(k)) return true
  const questionWord = k === 2 ? `${lower[0]} ${lower[1]}` : lower[0]!
  if (!words.determinerQuestionWords.has(questionWord)) return false
  // "What budget should a council set": one or two words of the noun, the auxiliary, its subject.
  for (k += 1; k <= 3 + (questionWord.includes(' ') ? 1 : 0); k++)
    if (asks(k)) return words.subjectStarters.has(lower[k + 1] ?? '') && k + 2 < lower.length
  return false
}

export function questions({ sections, input, words }: QualityContext): BodyWarning[] {
  const asked = new Set<string>()
  const add = (question: string) => {
    const key = question
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim()
    // "Is litres per hour ever the right figure?" as a heading and "… the right figure to use?" in
    // the FAQ: one question, asked twice.
    const same = [...asked].some((k) => (k.includes(key) || key.includes(k)) && Math.min(k.length, key.length) >= 20)
    if (key && !same) asked.add(key)
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
