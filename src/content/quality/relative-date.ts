// relative-date: words like "last year" or "recently" age badly once the article is read later;
// each is reported with where it stands and an absolute date to use instead.
import type { BodyWarning } from '../../contract/schemas.js'
import type { QualityContext } from './context.js'
import { excerptAround } from './extract.js'

export function relativeDates({ texts, words, input }: QualityContext): BodyWarning[] {
  const year = input.published_at ? new Date(input.published_at).getUTCFullYear() : undefined
  const warnings: BodyWarning[] = []
  for (const item of texts) {
    for (const match of item.text.matchAll(words.relativeDate)) {
      const phrase = match[0]
      warnings.push({
        rule: 'relative-date',
        message: `"${phrase}" dates badly once the article ages; ${suggestion(phrase.toLowerCase(), year)}`,
        phrase,
        where: item.where,
        ...(item.section ? { section: item.section } : {}),
        excerpt: excerptAround(item.text, match.index, phrase.length),
      })
    }
  }
  return warnings
}

function suggestion(phrase: string, year: number | undefined): string {
  if (year !== undefined) {
    if (/^last year$|^the past year$/.test(phrase)) return `write the year instead (e.g. "in ${year - 1}").`
    if (/^next year$/.test(phrase)) return `write the year instead (e.g. "in ${year + 1}").`
    if (/this year|earlier this year|later this year/.test(phrase)) return `write the year instead (e.g. "in ${year}").`
    if (/quarter/.test(phrase)) return `name the quarter and year instead (e.g. "in Q2 ${year}").`
    if (/month|week|today|tomorrow|yesterday/.test(phrase)) return `write the date instead (e.g. "in March ${year}").`
  }
  return 'write an absolute date instead (e.g. "in March 2026" or "since 2024").'
}
