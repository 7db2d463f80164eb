// back-reference: each section should read on its own, because answer engines quote passages
// out of context. "As mentioned above", "the latter", or a section opening with "This" or "It"
// leans on text the reader of the passage will not see.
import type { BodyWarning } from '../../contract/schemas.js'
import type { QualityContext } from './context.js'
import { excerptAround, sentences } from './extract.js'

export function backReferences({ sections, words }: QualityContext): BodyWarning[] {
  const warnings: BodyWarning[] = []
  for (const section of sections) {
    const where = { where: 'body' as const, ...(section.heading ? { section: section.heading } : {}) }
    for (const block of section.blocks) {
      for (const match of block.text.matchAll(words.backReference)) {
        warnings.push({
          rule: 'back-reference',
          message: `"${match[0]}" points at another part of the article; a quoted passage loses it. Repeat the fact or name the thing instead.`,
          phrase: match[0],
          ...where,
          excerpt: excerptAround(block.text, match.index, match[0].length),
        })
      }
    }
    // The first sentence under a heading must not lean on the section before it. Under a question
    // heading ("When does value-based pricing fit?") a pronoun answers the heading's own subject.
    const firstText = section.heading && !section.heading.endsWith('?') ? section.blocks.find((b) => b.text)?.text : undefined
    if (!firstText) continue
    const first = sentences(firstText)[0] ?? firstText
    const opener = words.sectionOpener.exec(first)
    if (opener && !words.expletiveIt.test(first)) {
      warnings.push({
        rule: 'back-reference',
        message: `The section opens with "${opener[0]}", which refers to the section before. Name the subject so the section reads on its own.`,
        phrase: opener[0],
        ...where,
        excerpt: first.length > 160 ? `${first.slice(0, 157)}…` : first,
      })
    }
  }
  return warnings
}
