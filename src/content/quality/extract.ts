// Text of a sanitised body, split into sections by its headings and into blocks (paragraphs, list
// items, cells, terms). Code and quotations are left out so they cannot raise false alarms; link
// texts become a placeholder, and a block remembers whether it carried a link (a cited source),
// which element held it and the bold text it opened with (an FAQ question set in bold).
import { Parser } from 'htmlparser2'

export interface TextBlock {
  text: string
  hasLink: boolean
  /** The element that held the text: p, li, td, th, dt, dd, summary, figcaption… */
  kind: string
  /** Bold text at the very start of the block ("<strong>How long?</strong> Six weeks."). */
  lead: string
}

export interface Section {
  /** The heading that opens the section; null for the text before the first heading. */
  heading: string | null
  blocks: TextBlock[]
}

/** What a link's own text becomes, so the sentence around it still reads as one. */
export const LINK_PLACEHOLDER = '…'

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
  'dl',
  'table',
  'figure',
  'br',
  'hr',
])
const HEADING_TAGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6'])
const SKIPPED_TAGS = new Set(['pre', 'code', 'kbd', 'samp', 'blockquote', 'q', 'script', 'style', 'template'])
const BOLD_TAGS = new Set(['strong', 'b'])

const clean = (text: string) => text.replace(/\s+/g, ' ').trim()

export function extractSections(html: string): Section[] {
  const sections: Section[] = [{ heading: null, blocks: [] }]
  const open: string[] = []
  let text = ''
  let lead = ''
  let inLead = false
  let hasLink = false
  let heading: string | null = null
  let skipDepth = 0
  let linkDepth = 0

  const flushBlock = () => {
    const body = clean(text)
    if (body || hasLink) sections.at(-1)!.blocks.push({ text: body, hasLink, kind: open.at(-1) ?? 'p', lead: clean(lead) })
    text = ''
    lead = ''
    inLead = false
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
        } else if (BOLD_TAGS.has(name)) {
          if (heading === null && !clean(text)) inLead = true
        } else if (BLOCK_TAGS.has(name) && heading === null) {
          flushBlock()
          open.push(name)
        }
      },
      ontext(chunk) {
        if (skipDepth > 0) return
        if (heading !== null) heading += chunk
        else if (linkDepth === 0) {
          text += chunk
          if (inLead) lead += chunk
        } else if (!text.endsWith(` ${LINK_PLACEHOLDER} `)) text += ` ${LINK_PLACEHOLDER} `
      },
      onclosetag(name) {
        if (SKIPPED_TAGS.has(name)) skipDepth = Math.max(0, skipDepth - 1)
        else if (HEADING_TAGS.has(name) && heading !== null) {
          sections.push({ heading: clean(heading), blocks: [] })
          heading = null
        } else if (name === 'a') linkDepth = Math.max(0, linkDepth - 1)
        else if (BOLD_TAGS.has(name)) inLead = false
        else if (BLOCK_TAGS.has(name) && heading === null) {
          flushBlock()
          const at = open.lastIndexOf(name)
          if (at !== -1) open.splice(at)
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  )
  parser.write(html)
  parser.end()
  flushBlock()
  return sections.filter((s, i) => i === 0 || s.heading !== null)
}

/** A block made of links only (a table of contents entry). */
export const isLinkOnly = (block: TextBlock) => block.hasLink && !block.text.replaceAll(LINK_PLACEHOLDER, '').trim()
