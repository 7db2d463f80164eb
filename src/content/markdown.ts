// HTML → markdown for agents: the article twin (front matter, body, AEO blocks) and any page body.
import { createRequire } from 'node:module'
import type TurndownService from 'turndown'
import type * as TurndownGfm from 'turndown-plugin-gfm'
import type { ArticleRecord } from '../store/article-record.js'

let turndown: TurndownService | undefined

/** Made on the first markdown answer: turndown and its DOM cost start-up some 50 ms that a server
 *  answering HTML and JSON does not need. */
function converter(): TurndownService {
  if (turndown) return turndown
  const require = createRequire(import.meta.url)
  const Turndown = require('turndown') as typeof TurndownService
  const { gfm } = require('turndown-plugin-gfm') as typeof TurndownGfm
  turndown = new Turndown({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-', emDelimiter: '_' })
  turndown.use(gfm)
  // The plugin writes `~a~`, which markdown-it (and CommonMark renderers with GFM's extension as
  // most ship it) read as text: a pulled article published back would lose its strikethrough.
  turndown.addRule('strikethrough', { filter: ['del', 's'], replacement: (content) => `~~${content}~~` })
  // Two lists of one kind side by side are one list in markdown unless their markers differ.
  turndown.addRule('listItemOfSecondList', {
    filter: (node) => {
      const element = node as unknown as DomElement
      return element.nodeName === 'LI' && followsListOfItsKind(element.parentNode)
    },
    replacement: (content, node) => listItem(content, node, '*', ')'),
  })
  // Scripts and styles never reach markdown (bodies are sanitised, but pages may carry JSON-LD).
  turndown.remove(['script', 'style', 'noscript', 'template'])
  // Turndown escapes markdown syntax in text but not HTML: a body's text `&lt;img onerror…&gt;`
  // would come out as a live `<img onerror…>` tag for a renderer with HTML enabled.
  const escapeSyntax = turndown.escape.bind(turndown)
  turndown.escape = (text: string) => escapeHtmlStarts(escapeSyntax(text))
  return turndown
}

/** The few DOM members the list rules read (the sources compile without the DOM library). */
interface DomElement {
  nodeName: string
  parentNode: DomElement | null
  previousElementSibling: DomElement | null
  nextSibling: unknown
  children: ArrayLike<unknown>
  getAttribute(name: string): string | null
}

/** Whether a list comes right after an odd number of lists of its kind (it then takes the other markers). */
function followsListOfItsKind(list: DomElement | null): boolean {
  let count = 0
  for (let before = list?.previousElementSibling; list && before?.nodeName === list.nodeName; before = before.previousElementSibling) {
    count++
  }
  return count % 2 === 1
}

/** Turndown's list item, with `bullet` or `delimiter` as the marker. */
function listItem(content: string, item: unknown, bullet: string, delimiter: string): string {
  const node = item as DomElement
  const list = node.parentNode!
  let prefix = `${bullet}   `
  if (list.nodeName === 'OL') {
    const start = list.getAttribute('start')
    const index = Array.prototype.indexOf.call(list.children, node)
    prefix = `${start ? Number(start) + index : index + 1}${delimiter}  `
  }
  const paragraph = /\n$/.test(content)
  const body = content.replace(/^\n+|\n+$/g, '') + (paragraph ? '\n' : '')
  return prefix + body.replace(/\n/gm, `\n${' '.repeat(prefix.length)}`) + (node.nextSibling ? '\n' : '')
}

/**
 * `<` (a tag, comment or autolink), `&` of an entity reference and `~` (strikethrough, which
 * turndown leaves as it is), escaped for markdown.
 */
function escapeHtmlStarts(text: string): string {
  return text
    .replace(/</g, '\\<')
    .replace(/&(?=#?\w+;)/g, '\\&')
    .replace(/~/g, '\\~')
}

// Characters that start markup anywhere in a line (emphasis, code, links, HTML, entities, tables, strikethrough).
const INLINE_MARKUP = /[\\`*_[\]<>&|~#!]/g

/**
 * A plain-text field (title, FAQ, takeaways, sources…) as markdown text: every character that
 * could start markup is escaped, line by line, so any renderer (HTML enabled or not) shows the
 * text as written. Line starts that would open a list, a heading underline or code lose that power.
 */
export function markdownText(text: string): string {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) =>
      line
        .replace(/^[ \t]+/, '')
        .replace(INLINE_MARKUP, '\\$&')
        .replace(/^([-+=])/, '\\$1')
        .replace(/^(\d+)([.)])/, '$1\\$2'),
    )
    .join('\n')
}

/** A link destination that no character of the URL can end early (parentheses, angle brackets, spaces). */
function markdownUrl(url: string): string {
  return url.replace(/[()<>\s]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`)
}

export function htmlToMarkdown(html: string): string {
  return converter().turndown(html).trim()
}

/**
 * A YAML scalar that survives any title: JSON strings are valid YAML double-quoted scalars. `<`,
 * `>`, `&`, `[` and `]` go as \u escapes (YAML reads them back), so a renderer that does not know
 * front matter and shows it as text finds no tag or link in it.
 */
function yamlString(value: string): string {
  return JSON.stringify(value).replace(/[<>&[\]]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
}

export interface ArticleMarkdownContext {
  url: string
  rubricTitle: string
  /** Titles of the linked services, with their page URLs. */
  services?: { title: string; url: string }[]
  /** Related articles, with their URLs. */
  related?: { title: string; url: string }[]
}

/** The article as markdown: front matter (title, date, rubric, url), the body, then the AEO blocks. */
export function articleToMarkdown(article: ArticleRecord, ctx: ArticleMarkdownContext): string {
  const front = [
    '---',
    `title: ${yamlString(article.title)}`,
    `date: ${yamlString(article.published_at ?? article.updated_at ?? article.created_at)}`,
    ...(article.updated_at ? [`updated: ${yamlString(article.updated_at)}`] : []),
    `rubric: ${yamlString(ctx.rubricTitle)}`,
    `url: ${yamlString(ctx.url)}`,
    `lang: ${yamlString(article.lang)}`,
    ...(article.author ? [`author: ${yamlString(article.author)}`] : []),
    ...(article.tags.length ? [`tags: [${article.tags.map(yamlString).join(', ')}]`] : []),
    ...(article.excerpt ? [`description: ${yamlString(article.excerpt)}`] : []),
    '---',
  ]
  // Every field but the body is plain text: escaped, never passed through as markdown or HTML.
  const line = (text: string) => markdownText(text).replace(/\n/g, ' ')
  const parts = [front.join('\n'), `# ${line(article.title)}`]
  const { key_takeaways: takeaways, faq, sources } = article.content
  if (takeaways?.length) parts.push(`## Key takeaways\n\n${takeaways.map((t) => `- ${line(t)}`).join('\n')}`)
  parts.push(htmlToMarkdown(article.body))
  if (faq?.length) parts.push(`## Frequently asked questions\n\n${faq.map((f) => `### ${line(f.q)}\n\n${markdownText(f.a)}`).join('\n\n')}`)
  if (sources?.length) {
    const lines = sources.map((s) => {
      const title = s.url ? `[${line(s.title)}](${markdownUrl(s.url)})` : line(s.title)
      return `- ${title}${s.publisher ? ` — ${line(s.publisher)}` : ''}`
    })
    parts.push(`## Sources\n\n${lines.join('\n')}`)
  }
  if (ctx.services?.length)
    parts.push(`## Related services\n\n${ctx.services.map((s) => `- [${line(s.title)}](${markdownUrl(s.url)})`).join('\n')}`)
  if (ctx.related?.length)
    parts.push(`## Related insights\n\n${ctx.related.map((a) => `- [${line(a.title)}](${markdownUrl(a.url)})`).join('\n')}`)
  return `${parts.join('\n\n')}\n`
}
