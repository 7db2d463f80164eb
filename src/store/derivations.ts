// What the domain derives from articles for the store to keep beside them: the search document
// and the catalog's derived rows (tags per article, published counts per rubric and per tag).
// The rules are the domain's; it hands them in when the store is opened, so the store writes
// derived rows in the article's own transaction without knowing how they are made.
import type { ArticleRecord } from './article-record.js'

/** What the search index keeps of a published article: its title, and its text as one plain text. */
export interface SearchDocument {
  slug: string
  title: string
  body: string
}

/** The derived catalog rows, as stored and as recomputed from the articles. */
export interface DerivedCatalogState {
  /** Every article's unique tags, sorted. */
  articleTags: Record<string, string[]>
  /** Published articles per rubric slug (only rubrics with at least one). */
  rubricCounts: Record<string, number>
  /** Published articles per tag (only tags with at least one). */
  tagCounts: Record<string, number>
}

/** What the catalog derivation reads of each article. */
export type CatalogDerivationInput = Pick<ArticleRecord, 'slug' | 'rubric' | 'status' | 'tags'>

export interface ArticleDerivations {
  /** The search document of a published article (written with the article, and by the search migration). */
  searchDocument: (article: ArticleRecord) => SearchDocument
  /** What the derived catalog rows must be for these articles (the catalog rebuild). */
  catalogState: (articles: CatalogDerivationInput[]) => DerivedCatalogState
}

/** Tags are kept and listed in code-point order: PostgreSQL collations and SQLite's binary order differ. */
export function byCodePoint(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
