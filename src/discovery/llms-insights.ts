// /insights/llms.txt: every published article by rubric, newest first, each with its excerpt.
import type { ArticleListing } from '../content/article.js'
import type { PublishedSnapshot } from '../content/published-snapshot.js'
import { articleUrl, rubricUrl } from '../content/urls.js'
import type { Site } from '../site/site-definition.js'
import { discoveryUrl } from './documents.js'
import { llmsFile, llmsItem } from './llms-format.js'

function articleItem(article: ArticleListing, site: Site, baseUrl: string): string {
  const date = article.published_at ? article.published_at.slice(0, 10) : ''
  const language = article.lang !== site.defaultLocale ? `[${article.lang}] ` : ''
  const notes = `${language}${article.excerpt}${date ? ` (${date})` : ''}`
  return llmsItem(article.title, articleUrl(baseUrl, article.rubric, article.slug), notes)
}

export function renderInsightsLlms(site: Site, snapshot: Pick<PublishedSnapshot, 'articles' | 'byRubric'>, baseUrl: string): string {
  // Rubrics in the site's order; an article whose rubric left the site definition still appears.
  const rubricSlugs = [...site.rubrics.map((r) => r.slug), ...[...snapshot.byRubric.keys()].filter((slug) => !site.rubricsBySlug.has(slug))]
  const sections = rubricSlugs.map((slug) => ({
    title: site.rubricsBySlug.get(slug)?.title ?? slug,
    items: (snapshot.byRubric.get(slug) ?? []).map((article) => articleItem(article, site, baseUrl)),
  }))
  const rubricLinks = site.rubrics.map((r) => `[${r.title}](${rubricUrl(baseUrl, r.slug)})`).join(', ')
  return llmsFile(
    `${site.name} — Insights`,
    `Every published article of ${site.name}, by rubric, newest first, with its excerpt.`,
    [
      `${snapshot.articles.length} published article${snapshot.articles.length === 1 ? '' : 's'}. Rubric pages: ${rubricLinks}. Each article URL answers markdown with Accept: text/markdown; full text is also in the feed ${discoveryUrl(baseUrl, 'feedRss')}.`,
    ],
    sections,
  )
}
