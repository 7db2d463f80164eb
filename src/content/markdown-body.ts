// Markdown bodies: a payload may carry `body_markdown` (CommonMark + GFM) instead of `body`. It is
// turned into HTML here, before any check, so the sanitiser, the limits and the quality checks see
// exactly what an HTML body would give them. markdown-it loads at the first markdown body.
import type MarkdownIt from 'markdown-it'

type Json = Record<string, unknown>

let renderer: MarkdownIt | undefined

async function markdownRenderer(): Promise<MarkdownIt> {
  if (!renderer) {
    const { default: MarkdownItClass } = await import('markdown-it')
    // The 'default' preset is CommonMark plus GFM tables and strikethrough; linkify adds GFM's
    // autolinks. Raw HTML may pass: the sanitiser takes out what a body may not hold, as for `body`.
    renderer = new MarkdownItClass('default', { html: true, linkify: true })
  }
  return renderer
}

/**
 * Markdown (CommonMark + GFM) as HTML, not yet sanitised. `imageSource`, when given, sees every
 * markdown image's destination and returns the one to write (the publishing command uploads the
 * files an article names and points its images at the uploads).
 */
export async function markdownToHtml(markdown: string, imageSource?: (src: string) => string): Promise<string> {
  const md = await markdownRenderer()
  if (!imageSource) return md.render(markdown)
  const env = {}
  const tokens = md.parse(markdown, env)
  for (const token of tokens) {
    for (const child of token.children ?? []) {
      if (child.type === 'image') child.attrSet('src', imageSource(child.attrGet('src') ?? ''))
    }
  }
  return md.renderer.render(tokens, md.options, env)
}

/**
 * The payload with `body` made from `body_markdown` when it carries no body. `body` wins when both
 * come, and the markdown is then dropped unread (an unknown extra property is never an error).
 * A `body_markdown` that is not a string stays for the schema to name.
 */
export async function withMarkdownBody(payload: Json): Promise<{ payload: Json; fromMarkdown: boolean }> {
  if (!('body_markdown' in payload)) return { payload, fromMarkdown: false }
  const { body_markdown: markdown, ...rest } = payload
  if (rest.body !== undefined && rest.body !== null) return { payload: rest, fromMarkdown: false }
  if (typeof markdown !== 'string') return { payload, fromMarkdown: false }
  return { payload: { ...rest, body: await markdownToHtml(markdown) }, fromMarkdown: true }
}

/** Problems found in a body made from markdown are the markdown's: name the field the client sent. */
export function asMarkdownProblems<P extends { field: string }>(problems: P[], fromMarkdown: boolean): P[] {
  if (!fromMarkdown) return problems
  return problems.map((problem) => (problem.field === 'body' ? { ...problem, field: 'body_markdown' } : problem))
}
