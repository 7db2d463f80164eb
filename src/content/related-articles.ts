// The articles shown at the end of an article: published ones in its language that share its
// rubric or its tags, those sharing the most first, newest first among equals. Read through the
// catalog's own indexes (by rubric, by tag), a few rows each, so a site of any size pays the same.
import type { ArticleListing, ArticleRecord } from '../store/article-record.js'
import type { Store } from '../store/store.js'

export const RELATED_ARTICLES = 3
/** Tags looked at: an article's first tags are its main subjects. */
const TAGS_LOOKED_AT = 3

export async function relatedArticles(article: ArticleRecord, store: Store, limit = RELATED_ARTICLES): Promise<ArticleListing[]> {
  const queries = [{ rubric: article.rubric }, ...article.tags.slice(0, TAGS_LOOKED_AT).map((tag) => ({ tag }))]
  const found = new Map<string, ArticleListing>()
  for (const query of queries) {
    for (const candidate of await store.articles.listPublished({ ...query, lang: article.lang, limit: limit + 1 })) {
      if (candidate.slug !== article.slug) found.set(candidate.slug, candidate)
    }
  }
  const tags = new Set(article.tags)
  const shared = (other: ArticleListing) => (other.rubric === article.rubric ? 1 : 0) + other.tags.filter((tag) => tags.has(tag)).length
  return [...found.values()]
    .sort((a, b) => shared(b) - shared(a) || (b.published_at ?? '').localeCompare(a.published_at ?? '') || (a.slug < b.slug ? -1 : 1))
    .slice(0, limit)
}
