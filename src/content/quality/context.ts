// What every rule reads: the input, the body's sections, the word lists, each checked text
// (body blocks, FAQ answers, key takeaways) labelled with where it stands, and the sentence reader.
import type { BodyWarning } from '../../contract/schemas.js'
import type { Section } from './extract.js'
import type { SentenceReader } from './reader.js'
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
  /** The element that held the text (p, li, th…), or heading, faq, takeaway. */
  kind: string
  /** For a list item: the line that introduces its list ("Each Friday, the pharmacist should:"),
   * whose frame (a routine, an instruction) the item continues. */
  leadIn?: string
}

export interface QualityContext {
  input: QualityInput
  sections: Section[]
  words: WordLists
  /** Body blocks, FAQ answers and key takeaways. */
  texts: CheckedText[]
  /** Section headings, read for relative dates. */
  headings: CheckedText[]
  read: SentenceReader
}

/** What a rule found: the sentences it needs tagged, and the warnings it decides once they are
 * (every rule's sentences are tagged together, which costs a third of tagging them one by one). */
export interface Finding {
  sentences: string[]
  warnings: () => BodyWarning[]
}

export type Rule = (context: QualityContext) => Finding
