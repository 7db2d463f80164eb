// Candidate phrases of a text: the matches of a rule's word patterns, minus those inside an idiom
// or term that cancels them, and without overlaps (the earliest, then the longest, wins).

export interface Candidate<K extends string> {
  kind: K
  index: number
  phrase: string
}

export function candidates<K extends string>(text: string, patterns: [K, RegExp][], cancelledBy?: RegExp): Candidate<K>[] {
  const found: Candidate<K>[] = []
  for (const [kind, pattern] of patterns) {
    for (const m of text.matchAll(pattern)) found.push({ kind, index: m.index, phrase: m[0] })
  }
  if (found.length === 0) return found
  const cancelled = cancelledBy ? [...text.matchAll(cancelledBy)].map((m) => [m.index, m.index + m[0].length] as const) : []
  found.sort((a, b) => a.index - b.index || b.phrase.length - a.phrase.length)
  const kept: Candidate<K>[] = []
  let reach = -1
  for (const c of found) {
    if (c.index < reach) continue
    if (cancelled.some(([from, to]) => c.index < to && c.index + c.phrase.length > from)) continue
    kept.push(c)
    reach = c.index + c.phrase.length
  }
  return kept
}
