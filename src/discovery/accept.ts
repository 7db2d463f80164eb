// Content negotiation for the llms.txt files: text/plain by default, text/markdown when the
// client's Accept header prefers it (q-values honoured).

interface Range {
  type: string
  q: number
}

function ranges(accept: string): Range[] {
  return accept.split(',').map((part) => {
    const [type = '', ...params] = part.trim().toLowerCase().split(';')
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    const value = q ? Number(q.slice(2)) : 1
    return { type: type.trim(), q: Number.isFinite(value) ? value : 0 }
  })
}

/** The q the client gives `mediaType`, from its most specific matching range (0 when none matches). */
function qualityOf(list: Range[], mediaType: string): number {
  const [major] = mediaType.split('/')
  const exact = list.find((r) => r.type === mediaType)
  if (exact) return exact.q
  const wildcard = list.find((r) => r.type === `${major}/*`) ?? list.find((r) => r.type === '*/*')
  return wildcard ? wildcard.q : 0
}

/** True when the client names text/markdown and likes it at least as much as text/plain. */
export function prefersMarkdownOverPlainText(accept: string | undefined): boolean {
  if (!accept) return false
  const list = ranges(accept)
  if (!list.some((r) => r.type === 'text/markdown')) return false
  const markdown = qualityOf(list, 'text/markdown')
  return markdown > 0 && markdown >= qualityOf(list, 'text/plain')
}
