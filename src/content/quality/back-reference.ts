// back-reference: each section should read on its own, because answer engines quote passages out
// of context. Cross-references ("as mentioned above", "see below"), "the former"/"the latter" used
// as pronouns, and a section that opens with a pronoun or demonstrative whose antecedent lies in an
// earlier section lean on text the reader of the passage will not see. Openers are matched with
// their case (the acronym IT is not "It"); a heading that names the subject gives the antecedent.
import { candidates } from './candidates.js'
import type { Finding, QualityContext } from './context.js'
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
const PARTICLES = new Set(['off', 'up', 'out', 'back', 'down', 'away', 'over'])
const FOLLOWING_LOCATOR = /^(?:in|see)\s+(?:the\s+)?(?:previous|next|last|first|following|preceding|earlier|above|section|part|chapter)\b/i

export function backReferences(context: QualityContext): Finding {
  const words = context.words.backReference
  const patterns: ['explicit' | 'as' | 'former', RegExp][] = [
    ['explicit', words.explicit],
    ['as', words.asReported],
    ['former', words.formerLatter],
  ]
  const found = context.sections.flatMap((section) =>
    section.blocks.flatMap((block) =>
      candidates(block.text, patterns, { gate: words.gate })
        .filter((c) => c.kind !== 'as' || pointsInside(c.phrase, block.text.slice(c.index + c.phrase.length), words))
        .map((candidate) => ({ section, text: block.text, candidate })),
    ),
  )
  const formers = found.filter((f) => f.candidate.kind === 'former')
  const openers = context.sections.slice(1).flatMap((section) => openerOf(section, context) ?? [])
  return {
    sentences: [
      ...formers.map((f) => context.read.sentenceAt(f.text, f.candidate.index).text),
      ...openers.flatMap((o) => [o.sentence, o.heading]),
    ],
    warnings: () => [
      ...found
        .filter((f) => f.candidate.kind !== 'former' || isPronoun(context, f.text, f.candidate.index))
        .map(({ section, text, candidate }) => ({
          rule: 'back-reference' as const,
          message: `"${candidate.phrase}" points at another part of the article, which a quoted passage will not have: repeat the fact or name the thing here instead.`,
          phrase: candidate.phrase,
          ...whereOf(section),
          excerpt: excerptAround(text, candidate.index, candidate.phrase.length),
        })),
      ...openers
        .filter((opener) => leansBack(opener, context))
        .map((opener) => ({
          rule: 'back-reference' as const,
          message: `The section opens with "${opener.word}", which leans on the section before: name the subject so the section reads on its own.`,
          phrase: opener.word,
          where: 'body' as const,
          section: opener.heading,
          excerpt: excerptOf(opener.sentence),
        })),
    ],
  }
}

const whereOf = (section: Section) => ({ where: 'body' as const, ...(section.heading ? { section: section.heading } : {}) })

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
  // The tagger may read a verb in -s as a plural noun ("the former suits growing firms", "the
  // latter signs off."): a word in -s followed by what could be its object, a particle or the
  // sentence's end is the verb.
  const after = tokens[at + 2]
  if (!/[^s]s$/.test(next.lower)) return false
  if (!after || after.text === '.' || after.text === ';' || PARTICLES.has(after.lower)) return true
  return ['DET', 'ADJ', 'NUM', 'ADV', 'PRON'].includes(after.pos) || (after.pos === 'VERB' && after.lower.endsWith('ing'))
}

interface Opener {
  word: string
  sentence: string
  heading: string
}

/** The first sentence of a section under a heading that is not a question, when it opens with a
 * pronoun or a demonstrative (matched with its case). */
function openerOf(section: Section, context: QualityContext): Opener | undefined {
  const words = context.words.backReference
  if (!section.heading || isQuestion(section.heading)) return undefined
  const block = section.blocks.find((b) => b.text && !isLinkOnly(b))
  if (!block) return undefined
  const sentence = context.read.sentences(block.text)[0]?.text ?? ''
  const word = /^[\p{L}’']+/u.exec(sentence)?.[0] ?? ''
  if (!words.personalOpeners.has(word) && !words.demonstrativeOpeners.has(word)) return undefined
  return { word, sentence, heading: section.heading }
}

/** Whether the opener takes its meaning from text before the heading. */
function leansBack({ word, sentence, heading }: Opener, context: QualityContext): boolean {
  const words = context.words.backReference
  if (/:\s*$/.test(sentence)) return false // "These three steps pay back within a year:" announces a list.
  const tokens = context.read.tokens(sentence)
  const headingTokens = context.read.tokens(heading)
  const person = words.personalOpeners.get(word)
  if (person) {
    if (word === 'It' && words.expletiveIt.test(sentence)) return false
    return !headingNames(headingTokens, person)
  }
  const next = tokens[1]
  if (word === 'Those' && words.genericThose.has(next?.lower ?? '')) return false
  if (!next || !['NOUN', 'PROPN', 'ADJ', 'NUM'].includes(next.pos)) return true
  // A determiner: "This approach" leans back unless the heading names the thing, the text names
  // itself ("This section") or the noun is a time ("This year", a relative date).
  const noun = tokens.slice(1).find((t) => t.pos === 'NOUN' || t.pos === 'PROPN')
  if (!noun || TIME_NOUNS.has(noun.lemma) || words.selfNouns.has(noun.lemma)) return false
  return !headingTokens.some((t) => t.lemma === noun.lemma)
}

/** The heading names what the pronoun stands for: a person's name for He/She, else a head noun that
 * agrees in number ("Index-linked contracts" for They, not "Ways of working" for It), and no
 * pronoun of its own ("Why it pays off"). */
function headingNames(heading: Token[], person: string): boolean {
  if (heading.some((t) => t.pos === 'PRON')) return false
  if (person === 'person') return heading.some((t) => t.pos === 'PROPN' && /^\p{Lu}/u.test(t.text))
  const nouns = (tokens: Token[]) => tokens.filter((t) => t.pos === 'NOUN' || t.pos === 'PROPN')
  // The noun phrase ends at a preposition or a verb, but "Index-linked" is one modifier.
  const hyphenated = (k: number) => heading[k - 1]?.text === '-' || heading[k + 1]?.text === '-'
  const end = heading.findIndex((t, k) => ['ADP', 'SCONJ', 'VERB', 'AUX'].includes(t.pos) && !hyphenated(k))
  const head = nouns(heading.slice(0, end === -1 ? heading.length : end)).at(-1) ?? nouns(heading).at(-1)
  return head !== undefined && isPlural(head) === (person === 'plural')
}

/** Headings are often in title case, where the tagger takes nouns for names: read their ending. */
const isPlural = (noun: Token) =>
  noun.pos === 'NOUN' ? noun.lower !== noun.lemma : /[^su]s$/.test(noun.lower) && !/(?:ss|us|is)$/.test(noun.lower)
