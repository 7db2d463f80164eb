// The translation pairs among published articles (translation_of), read from the store once per
// content generation for the sitemap's hreflang alternates. Only articles outside the default
// language are looked at: every pair has one, so the cost follows the number of translations.
import type { PublishedSnapshot } from '../content/published-snapshot.js'
import type { Store } from '../store/store.js'

export type TranslationPair = readonly [string, string]

export async function loadTranslationPairs(store: Store, snapshot: Pick<PublishedSnapshot, 'articles' | 'bySlug'>, defaultLocale: string): Promise<TranslationPair[]> {
  const otherLanguages = [...new Set(snapshot.articles.map((a) => a.lang))].filter((lang) => lang !== defaultLocale)
  const pairs: TranslationPair[] = []
  for (const lang of otherLanguages) {
    for (const article of await store.articles.listPublishedFull({ lang })) {
      if (article.translation_of) pairs.push([article.slug, article.translation_of])
      // Twins that name this article (e.g. an English original written after its translation).
      for (const twin of await store.articles.translationsOf(article.slug)) pairs.push([twin.slug, article.slug])
    }
  }
  // Only pairs of two published articles are shown.
  return pairs.filter(([a, b]) => snapshot.bySlug.has(a) && snapshot.bySlug.has(b))
}
