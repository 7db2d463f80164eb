// The markdown twin of a page that is not an article: front matter (title, url, description)
// and the page's <main> content as markdown — the same content a reader sees, without the chrome.
import { htmlToMarkdown } from '../../content/markdown.js'
import type { PageContent, PageContext } from './page.js'

export function pageMarkdown(page: PageContent, ctx: PageContext): string {
  const front = [
    '---',
    `title: ${JSON.stringify(page.title)}`,
    ...(page.indexable === false ? [] : [`url: ${JSON.stringify(ctx.baseUrl + page.path)}`]),
    `description: ${JSON.stringify(page.description)}`,
    '---',
  ].join('\n')
  // Links on pages are site-relative; an agent reading the twin elsewhere needs them absolute.
  const body = htmlToMarkdown(page.main).replace(/\]\(\/(?!\/)/g, `](${ctx.baseUrl}/`)
  return `${front}\n\n${body}\n`
}
