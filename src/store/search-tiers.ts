// What both search implementations share: the match tiers they rank by, the snippet's length and
// the raw hit they hand back.
import type { SearchHit } from './store.js'

export const SNIPPET_WORDS = 24

/**
 * The match tiers both stores rank by, best first: the whole query as a phrase in the title, all its
 * words in the title, the phrase in the text (only when no word is common: checking a phrase reads
 * the positions of every article holding its words), all words in the text; with `any`, any word
 * in the title, then in the text. Every hit of a tier scores the same; within a tier the newest
 * article comes first. Unlike a relevance rank over every match (bm25, ts_rank), each tier is read
 * newest first and stops once the page is full, so a word in every article costs what a rare one does.
 */
export interface SearchTier {
  field: 'title' | 'text'
  match: 'phrase' | 'all' | 'any'
  score: number
  onlyIfRare?: true
}

export function searchTiers(terms: string[], mode: 'all' | 'any'): SearchTier[] {
  if (mode === 'any')
    return [
      { field: 'title', match: 'any', score: 2 },
      { field: 'text', match: 'any', score: 1 },
    ]
  if (terms.length === 1)
    return [
      { field: 'title', match: 'phrase', score: 4 },
      { field: 'text', match: 'phrase', score: 1 },
    ]
  return [
    { field: 'title', match: 'phrase', score: 4 },
    { field: 'title', match: 'all', score: 3 },
    { field: 'text', match: 'phrase', score: 2, onlyIfRare: true },
    { field: 'text', match: 'all', score: 1 },
  ]
}

/** A hit as the driver returns it. */
export type RawHit = Omit<SearchHit, 'score'> & { score: number | string }
