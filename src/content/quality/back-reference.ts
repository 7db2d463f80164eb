// back-reference: each section should read on its own, because answer engines quote passages out
// of context. Cross-references ("as mentioned above", "see below"), "the former"/"the latter" used
// as pronouns, and a section that opens with a pronoun or demonstrative whose antecedent lies in an
// earlier section lean on text the reader of the passage will not see. Openers are matched with
// their case (the acronym IT is not "It"); a heading that names the subject gives the antecedent.
import type { BodyWarning } from '../../contract/schemas.js'
import { candidates } from './candidates.js'
import type { QualityContext } from './context.js'
import { isLinkOnly, type Section } from './extract.js'
import { isQuestion } from './grammar.js'
import type { Token } from './language.js'
import { excerptAround, excerptOf } from './sentences.js'
import type { WordLists } from './word-lists.js'

type Words = WordLists['backReference']

const TIME_NOUNS = new Set([
  'day',
  'week',
  'month',
  'quarter',
  'year',
  'decade',
  'season',
  'spring',
  'summer',
  'autumn',
  'winter',
  'time',
  'days',
])
const FOLLOWING_LOCATOR = /^(?:in|see)\s+(?:the\s+)?(?:previous|next|last|first|following|preceding|earlier|above|section|part|chapter)\b/i

export function backReferences(context: QualityContext): BodyWarning[] {
  const words = context.words.backReference
  const warnings: BodyWarning[] = []
  context.sections.forEach((section, k) => {
    const where = { where: 'body' as const, ...(section.heading ? { section: section.heading } : {}) }
    for (const block of section.blocks) {
      const patterns: ['explicit' | 'as' | 'former', RegExp][] = [
        ['explicit', words.explicit],
        ['as', words.asReported],
        ['former', words.formerLatter],
      ]
      for (const candidate of candidates(block.text, patterns)) {
        const after = block.text.slice(candidate.index + candidate.phrase.length)
        if (candidate.kind === 'as' && !pointsInside(candidate.phrase, after, words)) continue
        if (candidate.kind === 'former' && !isPronoun(context, block.text, candidate.index)) continue
        warnings.push({
          rule: 'back-reference',
          message: `"${candidate.phrase}" points at another part of the article, which a quoted passage will not have: repeat the fact or name the thing here instead.`,
          phrase: candidate.phrase,
          ...where,
          excerpt: excerptAround(block.text, candidate.index, candidate.phrase.length),
        })
      }
    }
    const opener = k > 0 ? leaningOpener(section, context) : undefined
    if (opener) {
      warnings.push({
        rule: 'back-reference',
        message: `The section opens with "${opener.word}", which leans on the section before: name the subject so the section reads on its own.`,
        phrase: opener.word,
        ...where,
        excerpt: excerptOf(opener.sentence),
      })
    }
  })
  return warnings
}

/** "as noted above", "As noted," and "as shown in the previous section" point inside the article;
 * "as described in the 2025 guidance" or "as we saw with one client" point outside it. */
function pointsInside(phrase: string, after: string, words: Words): boolean {
  const last = phrase.split(/\s+/).at(-1)!.toLowerCase()
  if (words.locators.has(last)) return true
  const rest = after.trimStart()
  return rest === '' || /^[,.;:)]/.test(rest) || FOLLOWING_LOCATOR.test(rest)
}

/** "the former suits growing firms" (a pronoun) and not "the former CFO" (an adjective). */
function isPronoun(context: QualityContext, text: string, index: number): boolean {
  const sentence = context.read.sentenceAt(text, index)
  const tokens = context.read.tokens(sentence.text)
  const at = tokens.findIndex((t) => t.start >= index - sentence.start && /^(?:former|latter)$/i.test(t.text))
  const next = tokens[at + 1]
  if (!next || next.pos === 'PUNCT') return true
  if (!['NOUN', 'PROPN', 'ADJ', 'NUM'].includes(next.pos)) return true
  // The tagger may read a verb in -s as a plural noun ("the former suits growing firms"): a word in
  // -s followed by what could be its object is the verb.
  const after = tokens[at + 2]
  if (!/[^s]s$/.test(next.lower) || !after) return false
  return ['DET', 'ADJ', 'NUM', 'ADV', 'PRON'].includes(after.pos) || (after.pos === 'VERB' && after.lower.endsWith('ing'))
}

/** The first sentence of a section, when it opens with a word that refers back past the heading. */
function leaningOpener(section: Section, context: QualityContext): { word: string; sentence: string } | undefined {
  const words = context.words.backReference
  if (!section.heading || isQuestion(section.heading)) return undefined
  const block = section.blocks.find((b) => b.text && !isLinkOnly(b))
  if (!block) return undefined
  const sentence = context.read.sentences(block.text)[0]?.text ?? ''
  const word = /^[\p{L}’']+/u.exec(sentence)?.[0] ?? ''
  const person = words.personalOpeners.get(word)
  if (!person && !words.demonstrativeOpeners.has(word)) return undefined
  if (/:\s*$/.test(sentence)) return undefined // "These three steps pay back within a year:" announces a list.
  const tokens = context.read.tokens(sentence)
  const heading = context.read.tokens(section.heading)
  if (person) {
    if (word === 'It' && words.expletiveIt.test(sentence)) return undefined
    return headingNames(heading, person) ? undefined : { word, sentence }
  }
  const next = tokens[1]
  if (word === 'Those' && words.genericThose.has(next?.lower ?? '')) return undefined
  if (!next || !['NOUN', 'PROPN', 'ADJ', 'NUM'].includes(next.pos)) return { word, sentence }
  // A determiner: "This approach" leans back unless the heading names the thing, the text names
  // itself ("This section") or the noun is a time ("This year", a relative date).
  const noun = tokens.slice(1).find((t) => t.pos === 'NOUN' || t.pos === 'PROPN')
  if (!noun || TIME_NOUNS.has(noun.lemma) || words.selfNouns.has(noun.lemma)) return undefined
  return heading.some((t) => t.lemma === noun.lemma) ? undefined : { word, sentence }
}

/** The heading holds a noun the pronoun can stand for, and no pronoun of its own. */
function headingNames(heading: Token[], person: string): boolean {
  if (heading.some((t) => t.pos === 'PRON')) return false
  if (person === 'person') return heading.some((t) => t.pos === 'PROPN' && /^\p{Lu}/u.test(t.text))
  const plural = person === 'plural'
  return heading.some((t) => (t.pos === 'NOUN' || t.pos === 'PROPN') && (t.lower !== t.lemma) === plural)
}
