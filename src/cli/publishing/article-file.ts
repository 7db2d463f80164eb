// The article file of `folio publish` and `folio pull`: YAML front matter with the create payload's
// field names, then the body in markdown. One format both ways, so a pulled folder publishes back
// unchanged.
import { parseDocument, stringify } from 'yaml'
import { ArticleCreate } from '../../contract/schemas.js'

type Json = Record<string, unknown>

/** Payload fields a file writes another way, with what to write instead. */
const WRITTEN_ELSEWHERE: Record<string, string> = {
  body: 'the body is the text after the front matter',
  body_markdown: 'the body is the text after the front matter',
  content: 'write faq, key_takeaways and sources at the top of the front matter',
  cover_image_url: 'write cover_image (a file beside the article, a /path on the site or an https:// URL)',
  dry_run: 'use folio publish --dry-run',
}

/** The AEO blocks, written at the top of the front matter rather than under `content`. */
export const BLOCK_KEYS = ['faq', 'key_takeaways', 'sources'] as const

/** Every key a file may carry: the create payload's fields, plus slug, cover_image and the blocks. */
export const FRONT_MATTER_KEYS: ReadonlySet<string> = new Set([
  ...Object.keys(ArticleCreate.properties).filter((key) => !(key in WRITTEN_ELSEWHERE)),
  'slug',
  'cover_image',
  ...BLOCK_KEYS,
])

export class ArticleFileError extends Error {}

export interface ArticleFile {
  slug: string
  /** The front matter as written, without slug and cover_image. */
  fields: Json
  /** `cover_image` as written: a path beside the file, a /path on the site or an https URL. */
  coverImage?: string
  /** The body, markdown. */
  markdown: string
}

const FRONT_MATTER = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/

/** Reads a file's text; `defaultSlug` is its name without `.md`. Throws ArticleFileError with one line. */
export function parseArticleFile(text: string, defaultSlug: string): ArticleFile {
  const source = text.replace(/^\uFEFF/, '')
  const match = FRONT_MATTER.exec(source)
  if (!match) throw new ArticleFileError('no front matter: the file must start with a line "---", the YAML fields, then "---"')
  const document = parseDocument(match[1]!, { uniqueKeys: true })
  const problem = document.errors[0]
  if (problem) throw new ArticleFileError(`front matter is not valid YAML: ${problem.message.split('\n')[0]}`)
  const front: unknown = document.toJS() ?? {}
  if (typeof front !== 'object' || Array.isArray(front)) throw new ArticleFileError('front matter must be a set of "key: value" lines')
  const fields: Json = { ...(front as Json) }
  for (const key of Object.keys(fields)) {
    if (key in WRITTEN_ELSEWHERE) throw new ArticleFileError(`front matter key "${key}" is not written here: ${WRITTEN_ELSEWHERE[key]}`)
    if (!FRONT_MATTER_KEYS.has(key)) throw new ArticleFileError(`unknown front matter key "${key}"${suggestion(key)}`)
  }
  const slug = fields.slug ?? defaultSlug
  if (typeof slug !== 'string') throw new ArticleFileError('slug must be a string')
  delete fields.slug
  const coverImage = fields.cover_image
  if (coverImage !== undefined && (typeof coverImage !== 'string' || coverImage.trim() === '')) {
    throw new ArticleFileError('cover_image must be a path or a URL')
  }
  delete fields.cover_image
  return { slug, fields, coverImage: coverImage, markdown: source.slice(match[0].length).trim() }
}

/** The known key a typo most likely meant (one or two letters off, or swapped). */
function suggestion(key: string): string {
  const near = [...FRONT_MATTER_KEYS].find((known) => distance(known, key) <= 2)
  return near ? ` (did you mean "${near}"?)` : `; known keys: ${[...FRONT_MATTER_KEYS].sort().join(', ')}`
}

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0]!
    row[0] = i
    for (let j = 1; j <= b.length; j++) {
      const current = row[j]!
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1))
      previous = current
    }
  }
  return row[b.length]!
}

/** The order keys are written in, so a file reads top-down as an article's card does. */
const KEY_ORDER = [
  'slug',
  'title',
  'rubric',
  'lang',
  'status',
  'published_at',
  'tags',
  'excerpt',
  'author',
  'author_slug',
  'meta_title',
  'featured',
  'cover_image',
  'cover_image_alt',
  'translation_of',
  'services',
  'key_takeaways',
  'faq',
  'sources',
]

/** A file's text from its front matter and markdown body. */
export function formatArticleFile(front: Json, markdown: string): string {
  const ordered: Json = {}
  const rank = (key: string) => (KEY_ORDER.includes(key) ? KEY_ORDER.indexOf(key) : KEY_ORDER.length)
  for (const key of Object.keys(front).sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))) ordered[key] = front[key]
  return `---\n${stringify(ordered, { lineWidth: 0 }).trimEnd()}\n---\n\n${markdown.trim()}\n`
}
