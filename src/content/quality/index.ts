// The body quality checks: how well an answer engine could quote the article. Runs every rule
// on the sanitised article and answers BodyWarning[]; an empty list means nothing to improve.
import { LIMITS } from '../../contract/limits.js'
import type { BodyWarning } from '../../contract/schemas.js'
import { answerFirst } from './answer-first.js'
import { backReferences } from './back-reference.js'
import type { CheckedText, QualityContext, QualityInput } from './context.js'
import { extractSections } from './extract.js'
import { questions } from './questions.js'
import { relativeDates } from './relative-date.js'
import { superlatives } from './superlative.js'
import { wordLists } from './word-lists.js'

export type { QualityInput } from './context.js'

const RULES = [answerFirst, relativeDates, superlatives, backReferences, questions] as const

export function bodyQualityWarnings(input: QualityInput): BodyWarning[] {
  if (input.body.length > LIMITS.qualityCheckMaxChars) {
    return [
      {
        rule: 'unchecked',
        message: `The body is longer than ${LIMITS.qualityCheckMaxChars} characters, so it was stored without the quality checks. Consider splitting it into several articles.`,
        count: input.body.length,
      },
    ]
  }
  const sections = extractSections(input.body)
  const texts: CheckedText[] = [
    ...sections.flatMap((s) =>
      s.blocks.map((b) => ({ where: 'body' as const, ...(s.heading ? { section: s.heading } : {}), text: b.text, hasLink: b.hasLink })),
    ),
    ...(input.content.faq ?? []).map((f) => ({ where: 'faq' as const, section: f.q, text: f.a, hasLink: /https?:\/\//.test(f.a) })),
    ...(input.content.key_takeaways ?? []).map((t) => ({ where: 'key_takeaways' as const, text: t, hasLink: /https?:\/\//.test(t) })),
  ]
  const context: QualityContext = { input, sections, words: wordLists(input.lang), texts }
  return RULES.flatMap((rule) => rule(context))
}
