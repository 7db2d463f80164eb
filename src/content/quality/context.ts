// What every rule reads: the input, the body's sections, the word lists, and each checked text
// (body blocks, FAQ answers, key takeaways) labelled with where it stands.
import type { Section } from './extract.js'
import type { WordLists } from './word-lists.js'

export interface QualityInput {
  title: string
  /** Sanitised HTML. */
  body: string
  lang: string
  content: {
    faq?: { q: string; a: string }[]
    key_takeaways?: string[]
    sources?: { title: string; url?: string; publisher?: string }[]
  }
  published_at: string | null
}

export interface CheckedText {
  where: 'body' | 'faq' | 'key_takeaways'
  section?: string
  text: string
  hasLink: boolean
}

export interface QualityContext {
  input: QualityInput
  sections: Section[]
  words: WordLists
  texts: CheckedText[]
}
