// Candidate phrases of a text: the matches of a rule's word patterns, minus those inside an idiom
// or term that cancels them, and without overlaps (the earliest, then the longest, wins). A gate —
// the words every pattern ends with — lets long texts be searched only around its hits.

export interface Candidate<K extends string> {
  kind: K
  index: number
  phrase: string
}

interface Options {
  /** Phrases that cancel a candidate they overlap ("as soon as" cancels "soon"). */
  cancelledBy?: RegExp
  /** Words every pattern ends with: only the text just before and around each of them is searched. */
  gate?: RegExp
}

/** How far before a gate word a pattern may start ("the past couple of years"), and after it. */
const BEFORE_GATE = 48
const AFTER_GATE = 12
/** How far an idiom may reach beyond the candidate it cancels ("make the most of"). */
const IDIOM_REACH = 24

export function candidates<K extends string>(text: string, patterns: [K, RegExp][], options: Options = {}): Candidate<K>[] {
  const found: Candidate<K>[] = []
  for (const [from, to] of windows(text, options.gate)) {
    const part = text.slice(from, to)
    for (const [kind, pattern] of patterns) {
      for (const m of matches(part, pattern)) found.push({ kind, index: from + m.index, phrase: m[0] })
    }
  }
  if (found.length === 0) return found
  found.sort((a, b) => a.index - b.index || b.phrase.length - a.phrase.length)
  const kept: Candidate<K>[] = []
  let reach = -1
  for (const c of found) {
    if (c.index < reach || isCancelled(text, c, options.cancelledBy)) continue
    kept.push(c)
    reach = c.index + c.phrase.length
  }
  return kept
}

/** The stretches of text to search: all of it, or merged windows around the gate's hits. */
function windows(text: string, gate: RegExp | undefined): [number, number][] {
  if (!gate) return [[0, text.length]]
  const spans: [number, number][] = []
  for (const m of matches(text, gate)) {
    const from = Math.max(0, m.index - BEFORE_GATE)
    const to = Math.min(text.length, m.index + m[0].length + AFTER_GATE)
    const last = spans.at(-1)
    if (last && from <= last[1]) last[1] = Math.max(last[1], to)
    else spans.push([from, to])
  }
  // Widen each window to word boundaries so a pattern never starts or ends inside a word.
  return spans.map(([from, to]) => [wordStart(text, from), wordEnd(text, to)])
}

const wordStart = (text: string, i: number) => (i === 0 ? 0 : text.lastIndexOf(' ', i) + 1)
const wordEnd = (text: string, i: number) => {
  const end = text.indexOf(' ', i)
  return end === -1 ? text.length : end
}

function isCancelled<K extends string>(text: string, c: Candidate<K>, cancelledBy: RegExp | undefined): boolean {
  if (!cancelledBy) return false
  const from = wordStart(text, Math.max(0, c.index - IDIOM_REACH))
  const part = text.slice(from, wordEnd(text, Math.min(text.length, c.index + c.phrase.length + IDIOM_REACH)))
  for (const m of matches(part, cancelledBy)) {
    const start = from + m.index
    if (start < c.index + c.phrase.length && start + m[0].length > c.index) return true
  }
  return false
}

/** The matches of a global regex. Unlike String.prototype.matchAll, it does not copy the regex,
 * which for these long word lists costs more than the search itself. */
export function* matches(text: string, pattern: RegExp): Generator<RegExpExecArray> {
  pattern.lastIndex = 0
  for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
    if (m[0] === '') pattern.lastIndex++
    yield m
  }
}
