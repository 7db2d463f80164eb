// /insights/llms.txt: every published article by rubric, newest first, each with its excerpt. The
// articles come a page of rows at a time, so a site of 100 000 articles is written as it is read.
import type { ArticleListing } from '../store/article-record.js'
import type { PublishedSummary } from '../content/published-summary.js'
import { articleUrl, rubricUrl } from '../content/urls.js'
import type { Site } from '../content/site-definition.js'
import type { DocumentBody } from '../http/document-body.js'
import { DocumentBytes } from './document-bytes.js'
import { discoveryUrl } from '../contract/discovery-documents.js'
import { llmsFile, llmsItem, llmsSectionHeading } from './llms-format.js'

function articleItem(article: ArticleListing, site: Site, baseUrl: string): string {
  const date = article.published_at ? article.published_at.slice(0, 10) : ''
  const language = article.lang !== site.defaultLocale ? `[${article.lang}] ` : ''
  const notes = `${language}${article.excerpt}${date ? ` (${date})` : ''}`
  return llmsItem(article.title, articleUrl(baseUrl, article.rubric, article.slug), notes)
}

export async function renderInsightsLlms(
  site: Site,
  summary: Pick<PublishedSummary, 'count' | 'countsByRubric'>,
  /** The published articles of one rubric, newest first. */
  articlesOf: (rubric: string) => AsyncIterable<ArticleListing>,
  baseUrl: string,
): Promise<DocumentBody> {
  const rubricLinks = site.rubrics.map((r) => `[${r.title}](${rubricUrl(baseUrl, r.slug)})`).join(', ')
  const out = new DocumentBytes()
  out.push(
    llmsFile(
      `${site.name} — Insights`,
      `Every published article of ${site.name}, by rubric, newest first, with its excerpt.`,
      [
        `${summary.count} published article${summary.count === 1 ? '' : 's'}. Rubric pages: ${rubricLinks}. Each article URL answers markdown with Accept: text/markdown; full text is also in the feed ${discoveryUrl(baseUrl, 'feedRss')}.`,
      ],
      [],
    ),
  )
  // Rubrics in the site's order; an article whose rubric left the site definition still appears.
  const rubricSlugs = [
    ...site.rubrics.map((r) => r.slug),
    ...[...summary.countsByRubric.keys()].filter((slug) => !site.rubricsBySlug.has(slug)),
  ]
  for (const slug of rubricSlugs) {
    if (!summary.countsByRubric.get(slug)) continue
    let first = true
    for await (const article of articlesOf(slug)) {
      out.push(first ? `\n${llmsSectionHeading(site.rubricTitle(slug))}\n\n` : '\n')
      out.push(articleItem(article, site, baseUrl))
      first = false
    }
    if (!first) out.push('\n')
  }
  return out.bytes()
}
