// The site's fixed pages (served by the website) and every public URL the sitemap lists; article,
// rubric and service URLs come from src/content/urls.ts.
import { newerStamp } from '../store/article-record.js'
import type { PublishedSummary } from '../content/published-summary.js'
import { ABOUT_PATH, articlePath, authorPath, CONTACT_PATH, rubricPath, servicePath, tagPath } from '../content/urls.js'
import { byCodePoint } from '../store/derivations.js'
import type { Site } from '../content/site-definition.js'
import type { PublishedPlace } from '../store/store.js'
import type { TranslationGroups } from './translation-groups.js'

export const HOME_PATH = '/'
export const INSIGHTS_PATH = '/insights/'
export const SERVICES_PATH = '/services/'
export const DEVELOPERS_PATH = '/developers/'

export interface PublicPage {
  path: string
  /** ISO date-time of the last change, or null when nothing tells. */
  lastmod: string | null
  /** Language of the page (the site's default locale for pages that are not articles). */
  lang: string
  /** Every language version of the page, itself included (absent: the page exists in its language only). */
  alternates?: { lang: string; path: string }[]
  /** The version for any other language: the default-locale version, else the page itself. */
  xDefault?: string
}

/** The fixed pages before the articles: home, insights, each rubric. Hub pages change when any article does. */
function pagesBeforeArticles(site: Site, summary: PublishedSummary): PublicPage[] {
  const lang = site.defaultLocale
  const newest = summary.lastModified ? summary.lastModified.toISOString() : null
  return [
    { path: HOME_PATH, lastmod: newest, lang },
    { path: INSIGHTS_PATH, lastmod: newest, lang },
    ...site.rubrics.map((rubric) => ({ path: rubricPath(rubric.slug), lastmod: summary.newestByRubric.get(rubric.slug) ?? newest, lang })),
  ]
}

/** The fixed pages after the articles: services, each service, developers, the firm's pages, each tag's page. */
function pagesAfterArticles(site: Site, summary: PublishedSummary): PublicPage[] {
  const lang = site.defaultLocale
  const newest = summary.lastModified ? summary.lastModified.toISOString() : null
  return [
    { path: SERVICES_PATH, lastmod: newest, lang },
    ...site.services.map((service) => ({ path: servicePath(service.slug), lastmod: newest, lang })),
    { path: DEVELOPERS_PATH, lastmod: newest, lang },
    { path: ABOUT_PATH, lastmod: newest, lang },
    { path: CONTACT_PATH, lastmod: newest, lang },
    ...site.team.map((member) => ({ path: authorPath(member.slug), lastmod: newest, lang })),
    ...[...summary.countsByTag.keys()].sort(byCodePoint).map((tag) => ({ path: tagPath(tag), lastmod: newest, lang })),
  ]
}

/** How many URLs publicPages lists, without reading them (to tell whether a child sitemap exists). */
export function publicPageCount(site: Site, summary: Pick<PublishedSummary, 'count' | 'countsByTag'>): number {
  // home, insights, each rubric, each article, services, each service, developers, about, contact,
  // each person of the firm, each tag of a published article
  return 2 + site.rubrics.length + summary.count + 1 + site.services.length + 1 + 2 + site.team.length + summary.countsByTag.size
}

function articlePage(site: Site, article: PublishedPlace, translations: TranslationGroups): PublicPage {
  const page: PublicPage = {
    path: articlePath(article.rubric, article.slug),
    lastmod: newerStamp(article.published_at, article.updated_at),
    lang: article.lang,
  }
  const versions = translations.get(article.slug)
  if (versions) {
    page.alternates = versions.map((v) => ({ lang: v.lang, path: articlePath(v.rubric, v.slug) }))
    const fallback = versions.find((v) => v.lang === site.defaultLocale) ?? article
    page.xDefault = articlePath(fallback.rubric, fallback.slug)
  }
  return page
}

/**
 * Every public URL of the site, in a stable order: home, insights, each rubric, each published
 * article (newest first, as `articles` yields them), services, each service, developers, about,
 * contact, each person's author page, each tag's page (tags by code point).
 */
export async function* publicPages(
  site: Site,
  summary: PublishedSummary,
  articles: AsyncIterable<PublishedPlace>,
  translations: TranslationGroups = new Map(),
): AsyncGenerator<PublicPage> {
  yield* pagesBeforeArticles(site, summary)
  for await (const article of articles) yield articlePage(site, article, translations)
  yield* pagesAfterArticles(site, summary)
}
