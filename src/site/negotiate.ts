// Content negotiation for the website: a page answers markdown (its twin) instead of HTML when the
// client names text/markdown explicitly with a quality at least that of text/html.
interface MediaRange {
  type: string
  q: number
}

function parseAccept(header: string): MediaRange[] {
  return header
    .split(',')
    .map((part) => {
      const [type = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase())
      const qParam = params.find((p) => p.startsWith('q='))
      const q = qParam ? Number(qParam.slice(2)) : 1
      return { type, q: Number.isFinite(q) ? Math.min(Math.max(q, 0), 1) : 0 }
    })
    .filter((range) => range.type.includes('/'))
}

/** The quality the client gives `type`: the most specific range that matches wins (RFC 9110 §12.5.1). */
function qualityOf(ranges: MediaRange[], type: string): number {
  const [major] = type.split('/')
  const exact = ranges.find((r) => r.type === type)
  if (exact) return exact.q
  const group = ranges.find((r) => r.type === `${major}/*`)
  if (group) return group.q
  return ranges.find((r) => r.type === '*/*')?.q ?? 0
}

/**
 * True when the page should answer its markdown twin. A wildcard alone (`*∕*`, `text/*`) keeps
 * HTML, so browsers and plain HTTP clients get the page; `q=0` refuses markdown outright.
 */
export function prefersMarkdownOverHtml(accept: string | undefined): boolean {
  if (!accept) return false
  const ranges = parseAccept(accept)
  const markdown = ranges.find((r) => r.type === 'text/markdown')
  if (!markdown || markdown.q === 0) return false
  return markdown.q >= qualityOf(ranges, 'text/html')
}
