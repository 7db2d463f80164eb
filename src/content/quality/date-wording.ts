// How a relative date is named in its warning, as an editor rewrites it ("over the past five years",
// "in two years' time"), and what to write instead ("in 2025", "in Q2 2026").
import type { Candidate } from './candidates.js'
import type { QualityContext } from './context.js'

export type DateKind = 'always' | 'window' | 'duration' | 'current'

/** The phrase as an editor would rewrite it: with the preposition that opens a window ("over the
 * past five years") and the "time" that closes a duration ("in two years' time"). */
export function asWritten(candidate: Candidate<DateKind>, text: string, context: QualityContext): { index: number; phrase: string } {
  const { relativeDate } = context.words
  let { index, phrase } = candidate
  if (candidate.kind === 'window') {
    const before = /([\p{L}]+)\s+$/u.exec(text.slice(Math.max(0, index - 16), index))
    if (before && relativeDate.windowPrepositions.has(before[1]!.toLowerCase())) {
      index -= before[0].length
      phrase = text.slice(index, candidate.index + candidate.phrase.length)
    }
  }
  if (candidate.kind === 'duration') {
    const end = candidate.index + candidate.phrase.length
    const tail = /^\s*/.exec(text.slice(end))![0]
    const time = relativeDate.fromNow.exec(text.slice(end + tail.length))
    if (time) phrase = text.slice(index, end + tail.length + time[0].length)
  }
  return { index, phrase }
}

/** What to write instead, with the year of publication where the phrase names one. */
export function suggestion(phrase: string, year: number | undefined): string {
  if (year !== undefined) {
    if (/^last year$|^the (?:past|last) year$/.test(phrase)) return `write the year instead (e.g. "in ${year - 1}").`
    if (/^next year$|^the (?:next|coming) year$/.test(phrase)) return `write the year instead (e.g. "in ${year + 1}").`
    if (/this year/.test(phrase)) return `write the year instead (e.g. "in ${year}").`
    if (/quarter/.test(phrase)) return `name the quarter and year instead (e.g. "in Q2 ${year}").`
    if (/month|week|today|tomorrow|yesterday/.test(phrase)) return `write the date instead (e.g. "in March ${year}").`
  }
  return 'write an absolute date instead (e.g. "in March 2026" or "since 2024").'
}
