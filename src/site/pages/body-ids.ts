// The ids of an article body, made unique on its page: each gets the prefix `body-` (a repeated
// one also a number), and each in-body link to one of them (`href="#x"`) follows it.
//
// Done here, when the page is rendered, not when the body is sanitised: stored bodies (those
// written before this rule among them) stay as their authors wrote them, so the API answers them
// unchanged and a pulled file published again changes nothing; only the page, where the body
// shares one document with the layout (`main`, `faq-title`…), needs ids of its own.
import { Parser } from 'htmlparser2'

export const BODY_ID_PREFIX = 'body-'

interface Tag {
  /** Where the tag's source starts and ends (inclusive) in the body. */
  start: number
  end: number
  id?: string
  /** The fragment of an `href="#…"`. */
  fragment?: string
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

/** The tags that carry an id or a fragment link, with their place in the source. */
function tagsToRewrite(html: string): Tag[] {
  const tags: Tag[] = []
  const parser = new Parser({
    onopentag(_name, attributes) {
      const href = attributes.href
      const fragment = href !== undefined && href.startsWith('#') ? href.slice(1) : undefined
      if (attributes.id === undefined && fragment === undefined) return
      tags.push({ start: parser.startIndex, end: parser.endIndex, id: attributes.id, fragment })
    },
  })
  parser.write(html)
  parser.end()
  return tags
}

/** Each id's new value, in document order (undefined for an empty id, which is dropped). */
function newIds(tags: Tag[]): { byTag: Map<Tag, string | undefined>; byOldId: Map<string, string> } {
  const byTag = new Map<Tag, string | undefined>()
  const byOldId = new Map<string, string>()
  const used = new Set<string>()
  for (const tag of tags) {
    if (tag.id === undefined) continue
    const base = tag.id.trim().replace(/\s+/g, '-')
    if (base === '') {
      byTag.set(tag, undefined)
      continue
    }
    let candidate = `${BODY_ID_PREFIX}${base}`
    for (let n = 2; used.has(candidate); n++) candidate = `${BODY_ID_PREFIX}${base}-${n}`
    used.add(candidate)
    byTag.set(tag, candidate)
    // A link goes where a browser would take it: the first element with that id.
    if (!byOldId.has(tag.id)) byOldId.set(tag.id, candidate)
  }
  return { byTag, byOldId }
}

function targetOf(fragment: string, byOldId: Map<string, string>): string | undefined {
  const exact = byOldId.get(fragment)
  if (exact !== undefined) return exact
  try {
    return byOldId.get(decodeURIComponent(fragment))
  } catch {
    return undefined
  }
}

// Every attribute with a value, so a quoted value (a title holding ` id=`) is passed over whole.
const ATTRIBUTE = /(\s)([^\s"'=<>/]+)\s*=\s*("[^"]*"|'[^']*'|[^\s"'=<>`]+)/g

/** The body with every id unique on the page and its in-body anchors following them. */
export function bodyWithPageIds(html: string): string {
  if (!/\sid\s*=/i.test(html)) return html
  const tags = tagsToRewrite(html)
  const { byTag, byOldId } = newIds(tags)
  let out = ''
  let at = 0
  for (const tag of tags) {
    const source = html.slice(tag.start, tag.end + 1)
    const rewritten = source.replace(ATTRIBUTE, (whole, space: string, name: string) => {
      const attribute = name.toLowerCase()
      if (attribute !== 'id' && attribute !== 'href') return whole
      if (attribute === 'id') {
        if (!byTag.has(tag)) return whole
        const id = byTag.get(tag)
        return id === undefined ? '' : `${space}id="${escapeAttribute(id)}"`
      }
      const target = tag.fragment === undefined ? undefined : targetOf(tag.fragment, byOldId)
      return target === undefined ? whole : `${space}href="#${escapeAttribute(target)}"`
    })
    out += html.slice(at, tag.start) + rewritten
    at = tag.end + 1
  }
  return out + html.slice(at)
}
