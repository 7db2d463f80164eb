// The body quality checks: how well an answer engine could quote the article. Runs every rule
// on the sanitised article and answers BodyWarning[]; an empty list means nothing to improve.
// The English tagger loads at the first check that needs it (see language.ts), not at start-up.
import { LIMITS } from '../../contract/limits.js'
import type { BodyWarning } from '../../contract/schemas.js'
import { answerFirst } from './answer-first.js'
import { backReferences } from './back-reference.js'
import type { CheckedText, QualityContext, QualityInput, Rule } from './context.js'
import { extractSections, type TextBlock } from './extract.js'
import { questions } from './questions.js'
import { SentenceReader } from './reader.js'
import { relativeDates } from './relative-date.js'
import { superlatives } from './superlative.js'
import { wordLists } from './word-lists.js'

export type { QualityInput } from './context.js'

/** A rule that reads no grammar: nothing to tag. */
const untagged =
  (check: (context: QualityContext) => BodyWarning[]): Rule =>
  (context) => ({ sentences: [], warnings: () => check(context) })

const RULES: Rule[] = [untagged(answerFirst), relativeDates, superlatives, backReferences, untagged(questions)]

const hasUrl = (text: string) => /https?:\/\//.test(text)

/** The block before a list item's list, when it introduces the list (it ends with a colon). */
function leadInOf(blocks: TextBlock[], k: number): string | undefined {
  let j = k - 1
  while (j >= 0 && blocks[j]!.kind === 'li') j--
  const before = blocks[j]?.text
  return before && /:\s*$/.test(before) ? before : undefined
}

export function bodyQualityWarnings(input: QualityInput): BodyWarning[] {
  if (input.body.length > LIMITS.qualityCheckMaxChars) {
    return [
      {
        rule: 'unchecked',
        message: `The body is longer than ${LIMITS.qualityCheckMaxChars} characters, so it was stored without the quality checks: split it into several articles to have them checked.`,
        count: input.body.length,
      },
    ]
  }
  const sections = extractSections(input.body)
  const texts: CheckedText[] = [
    ...sections.flatMap((s) =>
      s.blocks.map((b, k) => {
        const leadIn = b.kind === 'li' ? leadInOf(s.blocks, k) : undefined
        return {
          where: 'body' as const,
          ...(s.heading ? { section: s.heading } : {}),
          text: b.text,
          hasLink: b.hasLink,
          kind: b.kind,
          ...(leadIn ? { leadIn } : {}),
        }
      }),
    ),
    ...(input.content.faq ?? []).map((f) => ({ where: 'faq' as const, section: f.q, text: f.a, hasLink: hasUrl(f.a), kind: 'faq' })),
    ...(input.content.key_takeaways ?? []).map((t) => ({ where: 'key_takeaways' as const, text: t, hasLink: hasUrl(t), kind: 'takeaway' })),
  ]
  const headings = sections
    .filter((s): s is typeof s & { heading: string } => Boolean(s.heading))
    .map((s) => ({ where: 'body' as const, section: s.heading, text: s.heading, hasLink: false, kind: 'heading' }))
  const words = wordLists(input.lang)
  const context: QualityContext = { input, sections, words, texts, headings, read: new SentenceReader(words.abbreviations) }
  // Every rule finds its candidates first; their sentences are tagged together, then each decides.
  const findings = RULES.map((rule) => rule(context))
  context.read.tagAll(findings.flatMap((f) => f.sentences))
  return findings.flatMap((f) => f.warnings())
}
