// Where a claim's source is: a link in the same paragraph or a citation label ("Source: ONS" where
// a citation starts), one of the article's sources or an attribution ("according to …") named in
// the claim's sentence or a neighbour about the same thing, or a named body that reports the claim
// in its own sentence ("Ofwat has described leakage as one of the largest…").
import type { CheckedText } from './context.js'
import { tenseOf } from './grammar.js'
import type { Token } from './language.js'
import type { Sentence, SentenceReader } from './reader.js'
import type { WordLists } from './word-lists.js'

type Words = WordLists['superlative']

/** Where a paragraph's sources reach: a link or a "Source:" label covers all of it; a source named
 * ("according to …", one of the article's sources) covers the sentences that name it. */
export type Sourcing = { whole: true } | { whole: false; sentences: Sentence[] }

export function sourcingOf(item: CheckedText, sourceNames: string[], words: Words, read: SentenceReader): Sourcing | undefined {
  if (item.hasLink || words.sourceLabels.test(item.text)) return { whole: true }
  const names = (text: string) => {
    const lower = text.toLowerCase()
    words.sources.lastIndex = 0
    return sourceNames.some((name) => lower.includes(name)) || words.sources.test(text)
  }
  if (!names(item.text)) return undefined
  return { whole: false, sentences: read.sentences(item.text).filter((s) => names(s.text)) }
}

/** A named source backs a claim in its own sentence, or in a neighbour that goes on about the same
 * thing: the later of the two opens with a pronoun or a demonstrative ("That makes it the largest…",
 * "This is the finding of…"), the two share a noun, or the claim follows the source in the past, as
 * its report goes on ("Young workers were hit hardest."). A claim about something else that merely
 * shares the paragraph ("Cube storage is the most space-efficient option." beside a survey of
 * pickers, "The swiftest route is to…" after a guideline's threshold) is not backed. */
export function backs(sourcing: Sourcing, claim: Sentence, read: SentenceReader): boolean {
  if (sourcing.whole) return true
  return sourcing.sentences.some((source) => {
    if (source.start === claim.start) return true
    const [first, second] = source.start < claim.start ? [source, claim] : [claim, source]
    const later = read.tokens(second.text)
    if (opensWithAnAnaphor(later) || sharesANoun(read.tokens(first.text), later)) return true
    return second === claim && tenseOf(later, NO_FUTURE).past
  })
}

const NO_FUTURE = /(?!)/

const ANAPHORIC_DETERMINERS = new Set(['this', 'that', 'these', 'those', 'its', 'their', 'such', 'both', 'the same'])

function opensWithAnAnaphor(tokens: Token[]): boolean {
  const first = tokens.find((t) => t.pos !== 'PUNCT')
  return first !== undefined && (ANAPHORIC_DETERMINERS.has(first.lower) || (first.pos === 'PRON' && first.lower !== 'we' && first.lower !== 'you'))
}

const nounsOf = (tokens: Token[]) => new Set(tokens.filter((t) => t.pos === 'NOUN').map((t) => t.lemma))

function sharesANoun(a: Token[], b: Token[]): boolean {
  const inA = nounsOf(a)
  return [...nounsOf(b)].some((noun) => inA.has(noun))
}

/** "Ofwat has described leakage as one of the largest sources", "The … Costs Survey finds that…":
 * a named body, the subject of a verb of reporting, attributes the claim in its own sentence. The
 * verb follows the name, past an auxiliary, an adverb or a clause set off by commas ("Legacy
 * Foresight, which tracks legacy giving, describes…"). A name after a preposition ("In London, we
 * found…") is no subject, nor a capitalised plural opening the sentence ("Brokers describe…"). */
export function attributes(tokens: Token[], words: Words): boolean {
  for (let k = 0; k < tokens.length; k++) {
    if (tokens[k]!.pos !== 'PROPN' || tokens[k + 1]?.pos === 'PROPN') continue
    let first = k
    while (first > 0 && (tokens[first - 1]!.pos === 'PROPN' || ['and', '&'].includes(tokens[first - 1]!.lower))) first--
    if (tokens[first - 1]?.pos === 'ADP') continue
    if (first === k && isCommonPlural(tokens, k)) continue
    if (words.reportingVerbs.has(verbAfterSubject(tokens, k + 1)?.lemma ?? '')) return true
  }
  return false
}

/** "Brokers", "Analysts" opening a sentence: capitalised by position, a plural noun by form. */
const isCommonPlural = (tokens: Token[], k: number) =>
  tokens.slice(0, k).every((t) => t.pos === 'PUNCT') && /[^s'’]s$/.test(tokens[k]!.lower)

/** The verb of a subject that ends before token k, past auxiliaries, adverbs and one clause set off by commas. */
function verbAfterSubject(tokens: Token[], k: number): Token | undefined {
  if (tokens[k]?.text === ',') {
    const close = tokens.findIndex((t, j) => j > k && t.text === ',')
    if (close === -1 || close - k > 20) return undefined
    k = close + 1
  }
  while (k < tokens.length && ['AUX', 'ADV', 'PART'].includes(tokens[k]!.pos)) k++
  const verb = tokens[k]
  if (verb?.pos === 'VERB') return verb
  // The tagger reads some verbs in -s as plural nouns ("Gartner ranks the vendor…"): before an
  // object or a clause, such a word is the verb, its stem the lemma.
  if (verb?.pos === 'NOUN' && /[^s]s$/.test(verb.lower) && ['DET', 'PRON', 'SCONJ', 'NUM', 'ADJ'].includes(tokens[k + 1]?.pos ?? ''))
    return { ...verb, lemma: verb.lower.slice(0, -1) }
  return undefined
}
