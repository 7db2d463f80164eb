// The translation groups among published articles (translation_of), read from the store once per
// content generation for the sitemap's hreflang alternates. Only articles that name a translation
// are read (an index holds them), so the cost follows the number of translations.
import type { PublishedPlace, Store } from '../store/store.js'

type Version = Pick<PublishedPlace, 'slug' | 'rubric' | 'lang'>

/** Slug → every published version of it (itself included), by language then slug. Only pairs of two published articles count. */
export type TranslationGroups = ReadonlyMap<string, Version[]>

export async function loadTranslationGroups(store: Store): Promise<TranslationGroups> {
  const links = await store.articles.translationLinks()
  const published = new Map<string, Version>()
  for (const link of links) if (link.status === 'published') published.set(link.slug, link)
  for (const { translation_of: target } of links) {
    if (published.has(target)) continue
    const article = await store.articles.get(target)
    if (article?.status === 'published') published.set(target, { slug: article.slug, rubric: article.rubric, lang: article.lang })
  }
  // Pairs joined transitively, so every version names every other (the annotations are reciprocal).
  const groups = new Map<string, Set<string>>()
  for (const { slug: a, translation_of: b } of links) {
    if (!published.has(a) || !published.has(b)) continue
    const merged = new Set([...(groups.get(a) ?? [a]), ...(groups.get(b) ?? [b])])
    for (const slug of merged) groups.set(slug, merged)
  }
  const versions = new Map<string, Version[]>()
  for (const [slug, group] of groups) {
    versions.set(
      slug,
      [...group].map((s) => published.get(s)!).sort((x, y) => x.lang.localeCompare(y.lang) || x.slug.localeCompare(y.slug)),
    )
  }
  return versions
}
