// What both feeds show: the newest English articles with their full bodies, links made absolute.
import type { ArticleRecord } from '../store/article-record.js'
import { articleUrl } from '../content/urls.js'
import type { Site } from '../content/site-definition.js'

/** The feeds carry the newest 50 articles: enough for any reader's catch-up, small enough to fetch often. */
export const FEED_ARTICLE_COUNT = 50
/** The feeds are English (the spec: "full text (en)"). */
export const FEED_LANGUAGE = 'en'

export interface FeedItem {
  url: string
  title: string
  /** The body HTML with site-relative links and images made absolute (feed readers have no base URL). */
  html: string
  summary: string
  published: string | null
  modified: string | null
  author: string
  category: string
  tags: string[]
}

/** `href="/x"` and `src="/x"` → absolute on `baseUrl` (protocol-relative `//host` stays). */
export function absoluteLinks(html: string, baseUrl: string): string {
  return html.replace(/(\s(?:href|src)=)(["'])\/(?!\/)/gi, `$1$2${baseUrl}/`)
}

export function feedItems(articles: ArticleRecord[], site: Site, baseUrl: string): FeedItem[] {
  return articles
    .filter((a) => a.status === 'published' && a.lang === FEED_LANGUAGE)
    .slice(0, FEED_ARTICLE_COUNT)
    .map((a) => ({
      url: articleUrl(baseUrl, a.rubric, a.slug),
      title: a.title,
      html: absoluteLinks(a.body, baseUrl),
      summary: a.excerpt,
      published: a.published_at,
      modified: a.updated_at,
      author: a.author,
      category: site.rubricTitle(a.rubric),
      tags: a.tags,
    }))
}

export function feedTitle(site: Site): string {
  return `${site.name} – Insights`
}
