// The article body's HTML allowlist: structure, text, links, tables, images, figures, quotes and
// code stay; scripts, event handlers, inline styles, iframes and javascript:/data: URLs go.
import sanitizeHtml from 'sanitize-html'

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr',
    'ul', 'ol', 'li', 'dl', 'dt', 'dd',
    'a', 'strong', 'b', 'em', 'i', 'u', 's', 'del', 'ins', 'mark', 'small', 'sub', 'sup', 'abbr', 'cite', 'q', 'time',
    'blockquote', 'pre', 'code', 'kbd', 'samp',
    'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'colgroup', 'col',
    'figure', 'figcaption', 'img', 'picture', 'source',
    'section', 'aside', 'details', 'summary', 'span', 'div',
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

export function sanitizeBody(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim()
}

/** Plain text of (already sanitised) HTML: for excerpts and size checks. */
export function htmlToText(html: string): string {
  return sanitizeHtml(html.replace(/<\/(p|h[1-6]|li|tr|blockquote|figcaption|dt|dd|div|section)>/gi, '$& ').replace(/<br\s*\/?>/gi, ' '), {
    allowedTags: [],
    allowedAttributes: {},
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template', 'pre', 'figcaption'],
  })
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim()
}
