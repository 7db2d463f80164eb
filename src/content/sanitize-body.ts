// The article body's HTML allowlist: structure, text, links, tables, images, figures, quotes and
// code stay; scripts, event handlers, inline styles, iframes and javascript:/data: URLs go.
import { createRequire } from 'node:module'
import { Parser } from 'htmlparser2'
import type sanitizeHtml from 'sanitize-html'

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'ul',
    'ol',
    'li',
    'dl',
    'dt',
    'dd',
    'a',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'del',
    'ins',
    'mark',
    'small',
    'sub',
    'sup',
    'abbr',
    'cite',
    'q',
    'time',
    'blockquote',
    'pre',
    'code',
    'kbd',
    'samp',
    'table',
    'caption',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'colgroup',
    'col',
    'figure',
    'figcaption',
    'img',
    'picture',
    'source',
    'section',
    'aside',
    'details',
    'summary',
    'span',
    'div',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel', 'hreflang'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading', 'srcset', 'sizes'],
    source: ['srcset', 'type', 'media', 'sizes'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    col: ['span'],
    colgroup: ['span'],
    abbr: ['title'],
    time: ['datetime'],
    q: ['cite'],
    blockquote: ['cite'],
    code: ['class'],
    ol: ['start', 'reversed'],
    '*': ['id', 'lang', 'dir'],
  },
  allowedClasses: { code: [/^language-[\w-]+$/] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'], source: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite', 'srcset'],
  allowProtocolRelative: false,
  // The page's own h1 is the title; a body h1 becomes h2 so there is one h1 per page.
  transformTags: {
    h1: 'h2',
    a: (tagName, attribs) => {
      if (attribs.target === '_blank') {
        // A new tab must not get a handle on this window.
        const rel = new Set((attribs.rel ?? '').split(/\s+/).filter(Boolean))
        rel.add('noopener')
        rel.add('noreferrer')
        return { tagName, attribs: { ...attribs, rel: [...rel].join(' ') } }
      }
      return { tagName, attribs }
    },
  },
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template'],
  disallowedTagsMode: 'discard',
}

let sanitizer: typeof sanitizeHtml | undefined

export function sanitizeBody(html: string): string {
  // Loaded on the first write: sanitize-html and postcss cost start-up some 50 ms a reader never needs.
  sanitizer ??= createRequire(import.meta.url)('sanitize-html') as typeof sanitizeHtml
  return sanitizer(html, OPTIONS).trim()
}

/** Elements whose end separates words (a paragraph's last word from the next one's first). */
const BLOCK_ENDS = new Set([
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'li',
  'tr',
  'blockquote',
  'figcaption',
  'dt',
  'dd',
  'div',
  'section',
  'br',
])
/** Elements whose text is not prose: left out of the plain text. */
const NOT_PROSE = new Set([
  'script',
  'style',
  'textarea',
  'option',
  'noscript',
  'iframe',
  'object',
  'embed',
  'template',
  'pre',
  'figcaption',
])

/** How much HTML the parser takes at a time when only the opening text is wanted. */
const OPENING_CHUNK = 2_048

/**
 * Plain text of (already sanitised) HTML, entities decoded and whitespace collapsed: for excerpts
 * and the search index. One htmlparser2 pass: every create needs it twice, and a sanitize-html
 * pass that drops every tag cost three times as much. With `atLeast`, the parse stops once that
 * many characters of text are known (an excerpt needs the opening only): the text answered is
 * then the opening, longer than `atLeast`, and exact as far as it goes.
 */
export function htmlToText(html: string, atLeast = Infinity): string {
  const parts: string[] = []
  let hidden = 0
  const parser = new Parser(
    {
      onopentagname(name) {
        if (NOT_PROSE.has(name)) hidden++
      },
      ontext(text) {
        if (hidden === 0) parts.push(text)
      },
      onclosetag(name) {
        if (NOT_PROSE.has(name) && hidden > 0) hidden--
        if (BLOCK_ENDS.has(name)) parts.push(' ')
      },
    },
    { decodeEntities: true },
  )
  const collapsed = () => parts.join('').replace(/\s+/g, ' ').trim()
  if (atLeast !== Infinity) {
    // Text the parser has passed on is final: what it still holds (a word cut by the chunk, an
    // entity half read) comes after it.
    for (let at = 0; at < html.length; at += OPENING_CHUNK) {
      parser.write(html.slice(at, at + OPENING_CHUNK))
      const text = collapsed()
      if (text.length > atLeast) return text
    }
    parser.end()
    return collapsed()
  }
  parser.end(html)
  return collapsed()
}
