// The builders that turn a language's word data into patterns: alternations of phrases with slots,
// whole-word regexes, the gate of a phrase list's last words, the study markers' grouped pattern.
import type { Phrases } from './word-list-file.js'

export const escape = (phrase: string) => phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+')

/** The study markers as one pattern, grouped by their first word so that each position of the
 * text tries a handful of words, not every marker; "our", "this" and "the" allow words between
 * ("our spring 2025 survey", "our 2026 Practice Performance Benchmark", "the ONS survey"). */
export function studyMarkerPattern(markers: Phrases): RegExp {
  const FILLERS: Record<string, string> = {
    our: '(?:(?!case\\s)[\\p{L}\\d–-]+\\s+){0,3}?',
    this: '(?:(?!case\\s)[\\p{L}\\d-]+\\s+){0,2}?',
    the: '(?:\\d{4}\\s+)?(?:(?!case\\s)[\\p{L}-]+\\s+)?',
  }
  const groups = new Map<string, string[]>()
  for (const marker of markers) {
    const [first, ...rest] = marker.split(/\s+/)
    groups.set(first!, [...(groups.get(first!) ?? []), rest.join('\\s+')])
  }
  const branches = [...groups].map(([first, rests]) => {
    const tails = rests.filter(Boolean)
    if (tails.length === 0) return first
    const tail = `(?:${tails.join('|')})`
    return `${first}\\s+${FILLERS[first] ?? ''}${tail}${rests.includes('') ? '?' : ''}`
  })
  return new RegExp(`\\b(?:${branches.join('|')})\\b`, 'iu')
}

/** An alternation of phrases, longest first so "earlier this year" wins over "this year". */
export function alternation(phrases: Phrases, slots: Record<string, string> = {}): string {
  return [...phrases]
    .sort((a, b) => b.length - a.length)
    .map((p) => escape(p).replace(/\\\{(\w+)\\\}/g, (_, name: string) => slots[name] ?? `\\{${name}\\}`))
    .join('|')
}

/** The last words of phrases (slots expanded): every match of the phrases ends with one of them. */
export function gate(phrases: Phrases, slots: { unit?: string; span?: string; occasion?: string } = {}): RegExp {
  const last = phrases.map((p) =>
    p
      .trim()
      .split(/\s+/)
      .at(-1)!
      .replace(/^[^\w{]+|[^\w}]+$/g, ''),
  )
  // "{unit}" and "{units}" both end a phrase: one optional plural covers the two.
  const words = new Set(last.map((w) => w.replace(/^\{units\}$/, '{unit}')))
  const body = [...words].map((w) =>
    w === '{unit}' ? `${slots.unit}s?` : w === '{spans}' ? `${slots.span}s?` : w === '{occasion}' ? slots.occasion : escape(w),
  )
  return new RegExp(`\\b(?:${body.join('|')})\\b`, 'gi')
}

// \b does not work beside "#", "%" or ":": explicit look-arounds keep matches on whole words.
export const words = (body: string, flags = 'gi') => new RegExp(`(?<![\\w#-])(?:${body})(?![\\w-])`, flags)
export const set = (phrases: Phrases) => new Set(phrases.map((p) => p.toLowerCase()))

/** Each end of a range, to the other ends it pairs with ("slowest" → "fastest", "quickest"). */
export function otherEnds(pairs: [string, string][]): Map<string, Set<string>> {
  const ends = new Map<string, Set<string>>()
  for (const [a, b] of pairs) {
    ends.set(a, (ends.get(a) ?? new Set()).add(b))
    ends.set(b, (ends.get(b) ?? new Set()).add(a))
  }
  return ends
}

/** A time on the clock ("8.40", "11.40pm", "ten past six", "six in the morning", "midnight"): a
 * scene's, in a fronted time ("At 11.40pm on a busy Saturday", "By half past eight") or after "It is". */
export const CLOCK_TIME =
  "(?:\\d{1,2}[.:]\\d{2}\\s*(?:am|pm)?|\\d{1,2}\\s*(?:am|pm)|(?:half|a\\s+quarter|ten|twenty|five)\\s+(?:past|to)\\s+[\\p{L}\\d]+|(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\\d{1,2})\\s+(?:o['’]clock|in\\s+the\\s+(?:morning|afternoon|evening)|at\\s+night)|midnight|dawn)(?![\\p{L}\\d])"
