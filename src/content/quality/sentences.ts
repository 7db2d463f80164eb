// Sentence boundaries inside a block of text, found without the tagger so that only the sentences
// a rule has a candidate in are tagged. Abbreviations ("e.g.") and initials ("J. Smith") do not end
// a sentence; a full stop does when the next word starts with a capital, a digit or a quote.

export interface Span {
  start: number
  end: number
}

const END = /[.!?]+["”'’)\]]*(?=\s|$)/g

export function sentenceSpans(text: string, abbreviations: ReadonlySet<string>): Span[] {
  const spans: Span[] = []
  let start = 0
  for (const match of text.matchAll(END)) {
    const end = match.index + match[0].length
    const rest = text.slice(end).trimStart()
    // A link's text stands as "…" in the checked text: "…in 2024. <a>The fleet plan</a> says…" starts anew.
    if (rest && !/^["“‘(\p{Lu}\p{N}…]/u.test(rest)) continue
    const before = text.slice(start, match.index + 1)
    const lastWord = /(\S+)$/.exec(before)?.[1]?.toLowerCase() ?? ''
    if (
      match[0].startsWith('.') &&
      (abbreviations.has(lastWord) || /^\p{Lu}\.$/u.test(lastWord.toUpperCase()) || /^(?:\p{L}\.){2,}$/u.test(lastWord))
    )
      continue
    pushTrimmed(spans, text, start, end)
    start = end
  }
  pushTrimmed(spans, text, start, text.length)
  return spans
}

function pushTrimmed(spans: Span[], text: string, start: number, end: number): void {
  while (start < end && /\s/.test(text[start]!)) start++
  while (end > start && /\s/.test(text[end - 1]!)) end--
  if (end > start) spans.push({ start, end })
}

/** The sentence holding the character at `index` (or ending just before it). */
export function spanAt(spans: Span[], index: number): Span {
  return spans.findLast((s) => s.start <= index) ?? spans[0] ?? { start: 0, end: 0 }
}

/** A short excerpt around a match, cut on word boundaries. */
export function excerptAround(text: string, index: number, length: number, radius = 60): string {
  const start = Math.max(0, text.lastIndexOf(' ', Math.max(0, index - radius)) + 1)
  let end = text.indexOf(' ', Math.min(text.length, index + length + radius))
  if (end === -1) end = text.length
  return `${start > 0 ? '…' : ''}${text.slice(start, end).trim()}${end < text.length ? '…' : ''}`
}

/** A sentence as an excerpt: whole when short, cut at a word boundary when long. */
export function excerptOf(sentence: string, max = 160): string {
  if (sentence.length <= max) return sentence
  const cut = sentence.lastIndexOf(' ', max - 1)
  return `${sentence.slice(0, cut > 0 ? cut : max - 1)}…`
}

/** Words in quotation marks, single (British: '…', ‘…’) or double, that open after a space, a colon
 * or a bracket and close before a space or a stop: someone's words. An apostrophe between letters
 * ("the host's partner") closes nothing. */
const QUOTED = /(?<=^|[\s:(—–])['‘"“](?:[^'‘’"“”]|(?<=\p{L})['’](?=\p{L}))+['’"”](?=$|[\s.,;:!?)—–])/gu

// (Asked once per candidate, mostly of the same text in a row: the last answer is kept.)
let last: { text: string; spans: Span[] } | undefined

export function quotedSpans(text: string): Span[] {
  if (last?.text !== text) last = { text, spans: [...text.matchAll(QUOTED)].map((m) => ({ start: m.index, end: m.index + m[0].length })) }
  return last.spans
}
