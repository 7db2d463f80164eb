// The site's fixed pages (served by the website) and every public URL the sitemap lists; article,
// rubric and service URLs come from src/content/urls.ts.
import type { PublishedSnapshot } from '../content/published-snapshot.js'
import { articlePath, rubricPath, servicePath } from '../content/urls.js'
import type { Site } from '../site/site-definition.js'
import type { TranslationPair } from './translation-pairs.js'

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

/** The newer of two ISO stamps (null-safe). */
function newer(a: string | null, b: string | null): string | null {
  if (!a) return b
  if (!b) return a
  return Date.parse(a) >= Date.parse(b) ? a : b
}

function changedAt(article: { published_at: string | null; updated_at: string | null }): string | null {
  return newer(article.published_at, article.updated_at)
}

/** How many URLs publicPages lists, without building them (to tell whether a child sitemap exists). */
export function publicPageCount(site: Site, snapshot: Pick<PublishedSnapshot, 'articles'>): number {
  // home, insights, each rubric, each article, services, each service, developers
  return 2 + site.rubrics.length + snapshot.articles.length + 1 + site.services.length + 1
}

/**
 * Every public URL of the site, in a stable order: home, insights, each rubric, each published
 * article (newest first), services, each service, developers. Hub pages change when any article does.
 */
export function publicPages(
  site: Site,
  snapshot: Pick<PublishedSnapshot, 'articles' | 'byRubric' | 'bySlug' | 'lastModified'>,
  translations: readonly TranslationPair[] = [],
): PublicPage[] {
  const groups = translationGroups(translations)
  const lang = site.defaultLocale
  const newest = snapshot.lastModified ? snapshot.lastModified.toISOString() : null
  const pages: PublicPage[] = [
    { path: HOME_PATH, lastmod: newest, lang },
    { path: INSIGHTS_PATH, lastmod: newest, lang },
  ]
  for (const rubric of site.rubrics) {
    const inRubric = snapshot.byRubric.get(rubric.slug) ?? []
    const lastmod = inRubric.reduce<string | null>((acc, a) => newer(acc, changedAt(a)), null)
    pages.push({ path: rubricPath(rubric.slug), lastmod: lastmod ?? newest, lang })
  }
  for (const article of snapshot.articles) {
    const page: PublicPage = { path: articlePath(article.rubric, article.slug), lastmod: changedAt(article), lang: article.lang }
    const group = groups.get(article.slug)
    if (group) {
      const versions = [...group].map((slug) => snapshot.bySlug.get(slug)!).sort((a, b) => a.lang.localeCompare(b.lang) || a.slug.localeCompare(b.slug))
      page.alternates = versions.map((v) => ({ lang: v.lang, path: articlePath(v.rubric, v.slug) }))
      const fallback = versions.find((v) => v.lang === site.defaultLocale) ?? article
      page.xDefault = articlePath(fallback.rubric, fallback.slug)
    }
    pages.push(page)
  }
  pages.push({ path: SERVICES_PATH, lastmod: newest, lang })
  for (const service of site.services) pages.push({ path: servicePath(service.slug), lastmod: newest, lang })
  pages.push({ path: DEVELOPERS_PATH, lastmod: newest, lang })
  return pages
}

/** Slug → every slug of its translation group (pairs joined transitively), so annotations are reciprocal. */
function translationGroups(pairs: readonly TranslationPair[]): Map<string, Set<string>> {
  const groups = new Map<string, Set<string>>()
  for (const [a, b] of pairs) {
    const merged = new Set([...(groups.get(a) ?? [a]), ...(groups.get(b) ?? [b])])
    for (const slug of merged) groups.set(slug, merged)
  }
  return groups
}
