// An article seen in a file's terms: what `pull` writes for a stored article, and whether what a
// file would send changes anything stored. Bodies are compared as markdown made the same way on
// both sides, so formatting that the HTML does not keep (`*a*` or `_a_`) is no change.
import type { Article } from '../../contract/schemas.js'
import { deriveExcerpt } from '../../content/excerpt.js'
import { htmlToMarkdown } from '../../content/markdown.js'
import { sanitizeBody } from '../../content/sanitize-body.js'
import { BLOCK_KEYS } from './article-file.js'

type Json = Record<string, unknown>

/** A site path for an image URL of the article's own site, so `https://site/images/x` and `/images/x` compare equal. */
function sitePaths(markdown: string, origin: string): string {
  return origin ? markdown.split(`${origin}/images/`).join('/images/') : markdown
}

function originOf(article: Article): string {
  try {
    return new URL(article.url).origin
  } catch {
    return ''
  }
}

/** The stored body as a file holds it. */
export function storedMarkdown(article: Article): string {
  return sitePaths(htmlToMarkdown(article.body), originOf(article))
}

/** What `pull` writes for a stored article: the front matter and the markdown body. */
export function articleAsFile(article: Article): { front: Json; markdown: string } {
  const front: Json = { title: article.title, rubric: article.rubric, lang: article.lang, status: article.status }
  if (article.published_at) front.published_at = article.published_at
  front.tags = article.tags
  // An excerpt made from the body is left out, so that it follows the body when the file changes it.
  if (article.excerpt && article.excerpt !== deriveExcerpt(article.body)) front.excerpt = article.excerpt
  for (const key of ['author', 'author_slug', 'meta_title', 'translation_of'] as const) if (article[key]) front[key] = article[key]
  if (article.featured) front.featured = true
  if (article.cover_image_url) front.cover_image = sitePaths(article.cover_image_url, originOf(article))
  const alt = (article as Json).cover_image_alt
  if (typeof alt === 'string' && alt !== '') front.cover_image_alt = alt
  if (article.services.length > 0) front.services = article.services
  for (const block of BLOCK_KEYS) {
    const value = article.content[block]
    if (value && value.length > 0) front[block] = value
  }
  return { front, markdown: storedMarkdown(article) }
}

const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value)

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}

/** The blocks as the server keeps them: texts trimmed, empty url and publisher left out. */
function keptBlock(name: string, value: unknown): unknown {
  if (!Array.isArray(value) || value.length === 0) return undefined
  if (name === 'key_takeaways') return value.map(trimmed)
  if (name === 'faq') return value.map((item: Json) => ({ q: trimmed(item.q), a: trimmed(item.a) }))
  return value.map((item: Json) => ({
    title: trimmed(item.title),
    ...(item.url ? { url: item.url } : {}),
    ...(item.publisher ? { publisher: trimmed(item.publisher) } : {}),
  }))
}

function sameField(key: string, sent: unknown, article: Article): boolean {
  const stored = (article as Json)[key]
  switch (key) {
    case 'title':
    case 'excerpt':
      return trimmed(sent) === stored
    case 'rubric':
      return sent === article.rubric || sent === article.rubric_title
    case 'published_at':
      return typeof sent === 'string' && article.published_at !== null && Date.parse(sent) === Date.parse(article.published_at)
    case 'tags':
      return Array.isArray(sent) && sameJson([...new Set(sent.map(trimmed).filter(Boolean))], stored)
    case 'cover_image_url':
      return sent === sitePaths(article.cover_image_url, originOf(article)) || sent === article.cover_image_url
    case 'translation_of':
      return (sent || null) === stored
    default:
      return sameJson(sent, stored)
  }
}

/**
 * The fields of `payload` (what the file sends) whose value differs from the stored article's;
 * none means an update would change nothing. A field the file leaves out is not compared: an
 * update leaves it as it is.
 */
export function changedFields(payload: Json, article: Article): string[] {
  const changed: string[] = []
  for (const [key, value] of Object.entries(payload)) {
    if (key === 'body') {
      const sent = sitePaths(htmlToMarkdown(sanitizeBody(value as string)), originOf(article))
      if (sent !== storedMarkdown(article)) changed.push('body')
    } else if (key === 'content') {
      for (const block of BLOCK_KEYS) {
        const sent = (value as Json)[block]
        if (sent !== undefined && !sameJson(keptBlock(block, sent), keptBlock(block, article.content[block]))) changed.push(block)
      }
    } else if (!sameField(key, value, article)) changed.push(key)
  }
  return changed
}
