// The catalog rebuild: the derived rows (tags per article, published counts per rubric and per tag)
// recomputed from the stored articles, and the changes between what is stored and what should be.
import { byCodePoint, type CatalogDerivationInput, type DerivedCatalogState } from '../store/derivations.js'

export interface CatalogChange {
  kind: 'article_tags' | 'rubric_count' | 'tag_count'
  target: string
  before: unknown
  after: unknown
}

/** What the derived rows must be for these articles (the rule writeDerivedRows keeps per write). */
export function deriveCatalogState(articles: CatalogDerivationInput[]): DerivedCatalogState {
  const state: DerivedCatalogState = { articleTags: {}, rubricCounts: {}, tagCounts: {} }
  for (const article of articles) {
    const tags = [...new Set(article.tags)].sort(byCodePoint)
    if (tags.length > 0) state.articleTags[article.slug] = tags
    if (article.status !== 'published') continue
    state.rubricCounts[article.rubric] = (state.rubricCounts[article.rubric] ?? 0) + 1
    for (const tag of tags) state.tagCounts[tag] = (state.tagCounts[tag] ?? 0) + 1
  }
  return state
}

/** Every difference, in a stable order: article tags, then rubric counts, then tag counts. */
export function catalogChanges(before: DerivedCatalogState, after: DerivedCatalogState): CatalogChange[] {
  const changes: CatalogChange[] = []
  const keys = (a: object, b: object) => [...new Set([...Object.keys(a), ...Object.keys(b)])].sort(byCodePoint)
  for (const slug of keys(before.articleTags, after.articleTags)) {
    const was = before.articleTags[slug] ?? []
    const is = after.articleTags[slug] ?? []
    if (was.join('\u0000') !== is.join('\u0000')) changes.push({ kind: 'article_tags', target: slug, before: was, after: is })
  }
  for (const rubric of keys(before.rubricCounts, after.rubricCounts)) {
    const was = before.rubricCounts[rubric] ?? 0
    const is = after.rubricCounts[rubric] ?? 0
    if (was !== is) changes.push({ kind: 'rubric_count', target: rubric, before: was, after: is })
  }
  for (const tag of keys(before.tagCounts, after.tagCounts)) {
    const was = before.tagCounts[tag] ?? 0
    const is = after.tagCounts[tag] ?? 0
    if (was !== is) changes.push({ kind: 'tag_count', target: tag, before: was, after: is })
  }
  return changes
}
