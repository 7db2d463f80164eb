// superlative: "best", "leading", "#1", "always"… need a source: a link in the same paragraph, or
// a paragraph that names one of the article's sources (its title or publisher).
import type { BodyWarning } from '../../contract/schemas.js'
import type { QualityContext } from './context.js'
import { excerptAround } from './extract.js'

export function superlatives({ texts, words, input }: QualityContext): BodyWarning[] {
  const sourceNames = (input.content.sources ?? [])
    .flatMap((s) => [s.publisher, s.title])
    .filter((n): n is string => Boolean(n && n.trim().length >= 3))
    .map((n) => n.toLowerCase())
  const warnings: BodyWarning[] = []
  for (const item of texts) {
    if (item.hasLink) continue
    const lower = item.text.toLowerCase()
    if (sourceNames.some((name) => lower.includes(name))) continue
    for (const match of item.text.matchAll(words.superlative)) {
      const phrase = match[0]
      warnings.push({
        rule: 'superlative',
        message: `"${phrase}" is a claim an answer engine will not repeat without a source. Link the evidence in the same paragraph, name a source from the sources block, or state the fact plainly.`,
        phrase,
        where: item.where,
        ...(item.section ? { section: item.section } : {}),
        excerpt: excerptAround(item.text, match.index, phrase.length),
      })
    }
  }
  return warnings
}
