// Where a claim's source is: a link in the same paragraph or a citation label ("Source: ONS" where
// a citation starts), one of the article's sources or an attribution ("according to …") named in
// the claim's sentence or a neighbour about the same thing, or a named body that reports the claim
// in its own sentence ("Ofwat has described leakage as one of the largest…").
import { LINK_PLACEHOLDER } from './extract.js'
import type { CheckedText } from './context.js'
import { tenseOf } from './grammar.js'
import type { Token } from './language.js'
import type { Sentence, SentenceReader } from './reader.js'
import type { WordLists } from './word-lists.js'
import {
  afterOwnedNoun,
  citesANamedDataset,
  citesANamedPublication,
  citesAPublication,
  isMisreadVerb,
  isPossessive,
} from './cited-publications.js'

type Words = WordLists['superlative']

/** Where a paragraph's sources reach: a link or a "Source:" label covers all of it; a source named
 * ("according to …", one of the article's sources) covers the sentences that name it. */
export type Sourcing = { whole: true } | { whole: false; sentences: Sentence[]; paragraph: Sentence[] }

export function sourcingOf(item: CheckedText, sourceNames: string[], words: Words, read: SentenceReader): Sourcing | undefined {
  // A link backs the sentence that holds it and a neighbour that goes on about the same thing, as a
  // named source does ("Scope 3 is always the hardest part." before a sentence that links the
  // conversion factors for scopes 1 and 2 is not backed); a block that is only a link backs itself.
  if (words.sourceLabels.test(item.text)) return { whole: true }
  const linked = (text: string) => text.includes(LINK_PLACEHOLDER)
  // "according to the ONS", "data from HMRC": the phrase names a body, in capitals; "data from your
  // own patient records", "data from five systems", "reported by staff" name none.
  const attributesByPhrase = (text: string) =>
    [...text.matchAll(words.sources)].some(
      // ("reported by 41 of the spaces" counts respondents; "data from 2025 ONS releases" names one.)
      (m) => /^according to$/i.test(m[0].trim()) || /^\s+(?:the\s+)?(?:\p{N}[\p{N},.]*\s+)?\p{Lu}/u.test(text.slice(m.index + m[0].length)),
    )
  const names = (text: string) => {
    const lower = text.toLowerCase()
    return sourceNames.some((name) => mentions(lower, name)) || attributesByPhrase(text)
  }
  if (!item.hasLink && !names(item.text)) return undefined
  const paragraph = read.sentences(item.text)
  const sentences = paragraph.filter((s) => linked(s.text) || names(s.text))
  if (item.hasLink && !sentences.some((s) => linked(s.text))) return { whole: true }
  return { whole: false, sentences, paragraph }
}

/** `name` stands in `text` as whole words ("ONS" is not in "consultants"), and as a source: "your
 * BRCGS certificate" names someone's certificate, not the body that reports. */
function mentions(text: string, name: string): boolean {
  const letter = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}]/u.test(c)
  for (let at = text.indexOf(name); at !== -1; at = text.indexOf(name, at + 1))
    if (!letter(text[at - 1]) && !letter(text[at + name.length]) && !OWNED.test(text.slice(Math.max(0, at - 8), at))) return true
  return false
}

const OWNED = /\b(?:your|our|their|its|his|her|my)\s+$/

/** A named source backs a claim in its own sentence, or in a neighbour that goes on about the same
 * thing: the later of the two opens with a pronoun or a demonstrative ("That makes it the largest…",
 * "This is the finding of…"), the source shares a noun with the claim's own clause (not with a reason
 * or a relative clause it adds, nor with a hyphenated compound), or the claim follows the source in
 * the past, as its report goes on ("Young workers were hit hardest."). A claim about something else that merely
 * shares the paragraph ("Cube storage is the most space-efficient option." beside a survey of
 * pickers, "The swiftest route is to…" after a guideline's threshold) is not backed. */
export function backs(sourcing: Sourcing, claim: Sentence, read: SentenceReader, absolute = false): boolean {
  if (sourcing.whole) return true
  const place = (sentence: Sentence) => sourcing.paragraph.findIndex((s) => s.start === sentence.start)
  return sourcing.sentences.some((source) => {
    if (source.start === claim.start) return true
    // ("Energy is the single biggest factor. In a frozen store, electricity… When prices jumped in
    // 2022, …according to the Department for Energy…": a source two sentences on is no neighbour.)
    if (Math.abs(place(source) - place(claim)) > 1) return false
    const claimIsLater = source.start < claim.start
    const later = read.tokens((claimIsLater ? claim : source).text)
    if (opensWithAnAnaphor(later)) return true
    // "The only way to protect your income is to charge for the time" after HMRC's mileage rate: an
    // absolute or a promise is the writer's own unless it points at the source ("That makes it the
    // only…"); a neighbour about the same thing backs a ranking, not a promise.
    if (absolute) return false
    // ("Self-consumption is the biggest saving in any warehouse solar case, which is why sites…"
    // after a link about export tariffs for power used on site: a noun of the claim's reason is not
    // what it ranks.)
    const claimTokens = mainClause(read.tokens(claim.text))
    const sourceTokens = read.tokens(source.text)
    return sharesANoun(sourceTokens, claimTokens) || (claimIsLater && tenseOf(claimTokens).past)
  })
}

/** The claim up to a clause it adds after a comma: a relative, a reason or a conjunct. */
function mainClause(tokens: Token[]): Token[] {
  const end = tokens.findIndex((t, k) => k > 0 && tokens[k - 1]!.text === ',' && (ADDED_CLAUSES.has(t.lower) || t.pos === 'SCONJ'))
  return end === -1 ? tokens : tokens.slice(0, end - 1)
}

const ADDED_CLAUSES = new Set(['which', 'who', 'where', 'and', 'but', 'so', 'because', 'while', 'whereas', 'although'])

const ANAPHORIC_DETERMINERS = new Set(['this', 'that', 'these', 'those', 'its', 'their', 'such', 'both'])

function opensWithAnAnaphor(tokens: Token[]): boolean {
  // "On the same figures, London had the tightest markets": a pointer to the source just named.
  if (tokens[0]?.pos === 'ADP' && ['same', 'these', 'those'].includes((tokens[1]?.lower === 'the' ? tokens[2] : tokens[1])?.lower ?? ''))
    return true
  const first = tokens.find((t) => t.pos !== 'PUNCT')
  // ("The same tables show the smallest users paying…".)
  if (first?.lower === 'the' && tokens[tokens.indexOf(first) + 1]?.lower === 'same') return true
  return (
    first !== undefined &&
    (ANAPHORIC_DETERMINERS.has(first.lower) || (first.pos === 'PRON' && first.lower !== 'we' && first.lower !== 'you'))
  )
}

// ("Norway's experience is the clearest guide. According to the review, Norway operates…": a name shared.)
// ("one of the most energy-efficient campuses" is not about the "Display Energy Certificates" before
// it: a noun inside a hyphenated compound only modifies.)
const nounsOf = (tokens: Token[]) =>
  new Set(
    tokens
      .filter((t, k) => (t.pos === 'NOUN' || t.pos === 'PROPN') && tokens[k + 1]?.text !== '-' && tokens[k - 1]?.text !== '-')
      .map((t) => t.lemma),
  )

export function sharesANoun(a: Token[], b: Token[]): boolean {
  const inA = nounsOf(a)
  return [...nounsOf(b)].some((noun) => inA.has(noun))
}

/** "Ofwat has described leakage as one of the largest sources", "The … Costs Survey finds that…",
 * "The Law Society's survey of in-house lawyers found that…": a named body, or what it owns, the
 * subject of a verb of reporting, attributes the claim in its own sentence. The verb follows the
 * subject, past an auxiliary, an adverb or a clause set off by commas ("Legacy Foresight, which
 * tracks legacy giving, describes…"). A name after a preposition ("In London, we found…") is no
 * subject, nor a capitalised plural opening the sentence ("Brokers describe…"). */
export function attributes(tokens: Token[], words: Words): boolean {
  // A name is a run of capitalised words the tagger reads as names, or as nouns or verbs inside one
  // ("The Confederation of School Trusts"), joined by "of", "for", "and" or "&" ("Christie & Co",
  // "Transport for Greater Manchester").
  const inName = (j: number) =>
    tokens[j] !== undefined &&
    (tokens[j].pos === 'PROPN' || (j > 0 && /^\p{Lu}/u.test(tokens[j].text) && ['NOUN', 'VERB', 'ADJ'].includes(tokens[j].pos)))
  const joins = (j: number) => ['and', '&', 'of', 'for'].includes(tokens[j]!.lower) && inName(j - 1)
  for (let k = 0; k < tokens.length; k++) {
    if (!inName(k) || inName(k + 1)) continue
    let first = k
    while (first > 0 && (inName(first - 1) || joins(first - 1))) first--
    if (!tokens.slice(first, k + 1).some((t) => t.pos === 'PROPN')) continue
    if (tokens[first - 1]?.pos === 'ADP') continue
    // "Drapers' 2025 survey … found": what a name owns is no plural opening the sentence.
    const owns = isPossessive(tokens[k + 1])
    if (first === k && !owns && isCommonPlural(tokens, k)) continue
    // ("ONS figures show births fell to 591,072, the lowest since 2002": the name's publication as
    // the subject.)
    const publication = !owns && tokens[k + 1]?.pos === 'NOUN' && words.sourceNouns.has(tokens[k + 1]!.lemma)
    const subjectEnd = owns ? afterOwnedNoun(tokens, k + 2, words) : publication ? k + 2 : k + 1
    const verb = verbAfterSubject(tokens, subjectEnd, words)
    if (words.reportingVerbs.has(verb?.lemma ?? '')) return true
    // (The tagger reads "show" after "figures" as a noun too.)
    if (publication && words.reportingVerbs.has((tokens[k + 2]?.lower ?? '').replace(/s$/, ''))) return true
    // "DESNZ's allocation framework gave tidal stream the highest strike price": what a named
    // body's document does, it states. The document is the head noun before any preposition
    // ("framework" in "framework for the sixth round").
    const ownedPhrase = tokens.slice(k + 2, subjectEnd)
    const preposition = ownedPhrase.findIndex((t) => t.pos === 'ADP')
    const owned = owns
      ? (preposition === -1 ? ownedPhrase : ownedPhrase.slice(0, preposition)).findLast((t) => t.pos === 'NOUN')
      : undefined
    if (verb && owned && words.sourceNouns.has(owned.lemma)) return true
  }
  return (
    ownedPublicationReports(tokens, words) ||
    citesAPublication(tokens, words) ||
    citesANamedDataset(tokens) ||
    citesANamedPublication(tokens, words) ||
    reportsOwnResearch(tokens, words)
  )
}

/** "Our survey found the longest waiting lists in ESOL", "This analysis shows…": the firm's own
 * research, named as the subject of a reporting verb, is the source it publishes ("A recent survey
 * found…" names none). */
function reportsOwnResearch(tokens: Token[], words: Words): boolean {
  return tokens.some((t, k) => {
    if (!['our', 'this'].includes(t.lower)) return false
    const end = afterOwnedNoun(tokens, k + 1, words)
    const head = tokens.slice(k + 1, end).findLast((n) => n.pos === 'NOUN')
    return (
      head !== undefined && words.sourceNouns.has(head.lemma) && words.reportingVerbs.has(verbAfterSubject(tokens, end, words)?.lemma ?? '')
    )
  })
}

/** "The lang cat's 2025 advice market report found that…": a publication owned by a name the tagger
 * reads as a common noun, the subject of a reporting verb. */
function ownedPublicationReports(tokens: Token[], words: Words): boolean {
  return tokens.some((t, k) => {
    if (!isPossessive(t) || tokens[k - 1]?.pos !== 'NOUN') return false
    const end = afterOwnedNoun(tokens, k + 1, words)
    const head = tokens.slice(k + 1, end).findLast((n) => n.pos === 'NOUN')
    return (
      head !== undefined && words.sourceNouns.has(head.lemma) && words.reportingVerbs.has(verbAfterSubject(tokens, end, words)?.lemma ?? '')
    )
  })
}

/** "Brokers", "Analysts" opening a sentence: capitalised by position, a plural noun by form. */
// ("ONS figures show…": an acronym in capitals is no plural.)
const isCommonPlural = (tokens: Token[], k: number) =>
  tokens.slice(0, k).every((t) => t.pos === 'PUNCT') && /[^s'’]s$/.test(tokens[k]!.lower) && !/^\p{Lu}+$/u.test(tokens[k]!.text)

/** The verb of a subject that ends before token k, past auxiliaries, adverbs and one clause set off by commas. */
function verbAfterSubject(tokens: Token[], k: number, words: Words): Token | undefined {
  if (tokens[k]?.text === ',') {
    const close = tokens.findIndex((t, j) => j > k && t.text === ',')
    if (close === -1 || close - k > 20) return undefined
    k = close + 1
  }
  const from = k
  while (k < tokens.length && ['AUX', 'ADV', 'PART'].includes(tokens[k]!.pos)) k++
  const verb = tokens[k]
  // "Digital reporting is the single most effective fix": a form in -ing with no auxiliary before
  // it is no finite verb but part of the subject.
  if (verb?.pos === 'VERB' && verb.lower.endsWith('ing') && !tokens.slice(from, k).some((t) => t.pos === 'AUX')) return undefined
  if (verb?.pos === 'VERB' || (verb && isMisreadVerb(tokens, k, words))) return verb
  // The tagger reads some verbs in -s as plural nouns ("Gartner ranks the vendor…"): before an
  // object or a clause, such a word is the verb, its stem the lemma.
  if (verb?.pos === 'NOUN' && /[^s]s$/.test(verb.lower) && ['DET', 'PRON', 'SCONJ', 'NUM', 'ADJ'].includes(tokens[k + 1]?.pos ?? ''))
    return { ...verb, lemma: verb.lower.slice(0, -1) }
  return undefined
}
