// An opening that speaks of the article instead of answering: a dateline or a byline before the
// text, a first sentence whose subject is the article ("This report looks at…"), a later sentence
// that announces what the article will do; and the short answer that may follow such a sentence.
import type { QualityContext } from './context.js'
import { isImperative } from './instructions.js'
import { holdsAFigure } from './opening-figures.js'
import type { WordLists } from './word-lists.js'

type Words = WordLists['answerFirst']

/** "In short, …", "Yes: …", "Usually not." — a short answer that ends its phrase ("No two firms…" does not). */
export function answersInShort(sentence: string, words: Words): boolean {
  const answer = words.shortAnswer.exec(sentence)
  return answer !== null && /^\s*[,.:;—–]/.test(sentence.slice(answer[0].length))
}

/** The first sentence's subject is the article, its edition or its sections, and it gives no figure. */
export function describesTheArticle(sentence: string, words: Words): boolean {
  const opening = sentence.split(/\s+/).slice(0, 6).join(' ')
  words.metaDiscourse.lastIndex = 0
  const self = words.metaDiscourse.test(opening) || /^this\s+is\s+(?:the|our)\s+(?:\p{L}+\s+)?edition\b/iu.test(sentence)
  // Its year, its edition's number and the size of the survey or the client base it draws on ("our
  // survey of 64 firms, 23 of them dental labs", "our work with 38 provider clients") and the count
  // of its own parts ("the five forces that will shape…") are no figure of the answer.
  const rest = sentence.replace(
    /\b(?:19|20)\d{2}(?:[-/]\d{2})?\b|\b(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth)\b|\b(?:survey|sample|poll|panel|study)\s+of\s+[\d,]+|\b[\d,]+\s+of\s+them\b|\b(?:with|of|from)\s+[\d,]+\s+(?:[\p{L}-]+\s+){0,2}?(?:clients|firms|members|respondents|organisations|providers|companies|businesses|owners|operators|practices)\b|\b(?:two|three|four|five|six|seven|eight|nine|ten)\s+(?:[\p{L}-]+\s+)?(?:forces|themes|trends|questions|issues|areas|risks|changes|sections|points|lessons|factors|priorities)\b/giu,
    '',
  )
  return self && !holdsAFigure(rest, words, false)
}

/** A dateline or a byline before the text: "Updated 3 March 2026", "12/03/2026", "By Jane Smith".
 * "12 weeks." answers; "By law, within seven working days" is a sentence. */
export function isMetaLine(text: string, words: Words): boolean {
  if (text.split(/\s+/).length > 10) return false
  if (/^by\s/i.test(text)) return /^[Bb]y(?:\s+\p{Lu}[\p{L}'’.-]*)+(?:\s*[,|·–-].*)?$/u.test(text.trim())
  if (words.metaLine.test(text)) return true
  // A date alone: digits with at most one word, which is a month ("3 March 2026", "March 2026").
  const word = /\p{L}+/u.exec(text)?.[0]
  const dateOnly = /\d/.test(text) && /^[\d\s/.,-]*\p{L}*[\d\s/.,-]*$/u.test(text)
  return dateOnly && (word === undefined || words.months.has(word.toLowerCase()))
}

/** "Every month, managers sit down with a stack of spreadsheets… In this article we look at why
 * packs fail": a sentence that announces the article, after a first one that gives no figure,
 * leaves the answer for later. */
export function announcesTheArticle(block: string, firstWords: string, context: QualityContext, words: Words): string | undefined {
  const sentences = context.read.sentences(block)
  if (sentences.length < 2 || holdsAFigure(sentences[0]!.text, words, false)) return undefined
  // "Put the decision you want on the first page: …" answers a "How to" by doing.
  if (isImperative(context.read.tokens(sentences[0]!.text))) return undefined
  const reach = firstWords.length
  const announcing = sentences.slice(1).find((s) => {
    words.metaDiscourse.lastIndex = 0
    return s.start < reach && words.metaDiscourse.test(s.text)
  })
  return announcing?.text.split(/\s+/).slice(0, 6).join(' ')
}

/** "Tips and tronc: a short note for pub and restaurant owners" → "This note sets out what the Act
 * requires…": a title that names the piece as a note or as quick answers promises no one answer, and
 * an opening that says what the note covers keeps that promise; so does one that names itself with
 * the title's own word ("This routine gives…"), unless that word promises a forecast. */
export function namedAsANote(title: string, first: string): boolean {
  const own = /^(?:in\s+)?this\s+(\p{L}+)/iu.exec(first)?.[1]?.toLowerCase()
  const titleWords: string[] = title.toLowerCase().match(/\p{L}+/gu) ?? []
  // ("In this outlook we set out the themes…" under "Outlook 2026: …": an outlook promises its forecast.)
  return (
    /\b(?:notes?|quick\s+answers|faqs?|q&a)\b/i.test(title) ||
    (own !== undefined && titleWords.includes(own) && !/^(?:outlook|forecast)s?$/.test(own))
  )
}
