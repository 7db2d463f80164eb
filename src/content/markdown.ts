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
  // Scripts and styles never reach markdown (bodies are sanitised, but pages may carry JSON-LD).
  turndown.remove(['script', 'style', 'noscript', 'template'])
  return turndown
}

export function htmlToMarkdown(html: string): string {
  return converter().turndown(html).trim()
}

/** A YAML scalar that survives any title: JSON strings are valid YAML double-quoted scalars. */
function yamlString(value: string): string {
  return JSON.stringify(value)
}

export interface ArticleMarkdownContext {
  url: string
  rubricTitle: string
  /** Titles of the linked services, with their page URLs. */
  services?: { title: string; url: string }[]
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
  const parts = [front.join('\n'), `# ${article.title}`]
  const { key_takeaways: takeaways, faq, sources } = article.content
  if (takeaways?.length) parts.push(`## Key takeaways\n\n${takeaways.map((t) => `- ${t}`).join('\n')}`)
  parts.push(htmlToMarkdown(article.body))
  if (faq?.length) parts.push(`## Frequently asked questions\n\n${faq.map((f) => `### ${f.q}\n\n${f.a}`).join('\n\n')}`)
  if (sources?.length) {
    const lines = sources.map((s) => {
      const title = s.url ? `[${s.title}](${s.url})` : s.title
      return `- ${title}${s.publisher ? ` — ${s.publisher}` : ''}`
    })
    parts.push(`## Sources\n\n${lines.join('\n')}`)
  }
  if (ctx.services?.length) parts.push(`## Related services\n\n${ctx.services.map((s) => `- [${s.title}](${s.url})`).join('\n')}`)
  return `${parts.join('\n\n')}\n`
}
