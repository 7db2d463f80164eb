// Text of a sanitised body, split into sections by its headings and into blocks (paragraphs, list
// items, cells). Code, quotations and link texts are left out so they cannot raise false alarms;
// a block remembers whether it carried a link (a cited source).
import { Parser } from 'htmlparser2'

export interface TextBlock {
  text: string
  hasLink: boolean
}

export interface Section {
  /** The heading that opens the section; null for the text before the first heading. */
  heading: string | null
  blocks: TextBlock[]
}

const BLOCK_TAGS = new Set([
  'p',
  'li',
  'td',
  'th',
  'dt',
  'dd',
  'div',
  'section',
  'figcaption',
  'caption',
  'summary',
  'details',
  'aside',
  'tr',
  'ul',
  'ol',
  'table',
  'figure',
  'br',
  'hr',
])
const HEADING_TAGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6'])
const SKIPPED_TAGS = new Set(['pre', 'code', 'kbd', 'samp', 'blockquote', 'q', 'script', 'style', 'template'])

export function extractSections(html: string): Section[] {
  const sections: Section[] = [{ heading: null, blocks: [] }]
  let text = ''
  let hasLink = false
  let heading: string | null = null
  let skipDepth = 0
  let linkDepth = 0

  const flushBlock = () => {
    const clean = text.replace(/\s+/g, ' ').trim()
    if (clean || hasLink) sections.at(-1)!.blocks.push({ text: clean, hasLink })
    text = ''
    hasLink = false
  }

  const parser = new Parser(
    {
      onopentag(name) {
        if (SKIPPED_TAGS.has(name)) skipDepth++
        else if (HEADING_TAGS.has(name)) {
          flushBlock()
          heading = ''
        } else if (name === 'a') {
          linkDepth++
          if (heading === null) hasLink = true
        } else if (BLOCK_TAGS.has(name) && heading === null) flushBlock()
      },
      ontext(chunk) {
        if (skipDepth > 0) return
        if (heading !== null) heading += chunk
        else if (linkDepth === 0) text += chunk
        // A link's own text is kept as a placeholder so sentences around it still read as one.
        else if (!text.endsWith(' … ')) text += ' … '
      },
      onclosetag(name) {
        if (SKIPPED_TAGS.has(name)) skipDepth = Math.max(0, skipDepth - 1)
        else if (HEADING_TAGS.has(name) && heading !== null) {
          sections.push({ heading: heading.replace(/\s+/g, ' ').trim(), blocks: [] })
          heading = null
        } else if (name === 'a') linkDepth = Math.max(0, linkDepth - 1)
        else if (BLOCK_TAGS.has(name) && heading === null) flushBlock()
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  )
  parser.write(html)
  parser.end()
  flushBlock()
  return sections.filter((s, i) => i === 0 || s.heading !== null)
}

/** Sentences of a block; the split keeps abbreviations like "e.g." together well enough for advice. */
export function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+(?=[A-Z0-9"“(])/)
    .map((s) => s.trim())
    .filter(Boolean)
}

/** A short excerpt around a match, on word boundaries. */
export function excerptAround(text: string, index: number, length: number, radius = 60): string {
  const start = Math.max(0, text.lastIndexOf(' ', Math.max(0, index - radius)) + 1)
  let end = text.indexOf(' ', Math.min(text.length, index + length + radius))
  if (end === -1) end = text.length
  return `${start > 0 ? '…' : ''}${text.slice(start, end).trim()}${end < text.length ? '…' : ''}`
}
