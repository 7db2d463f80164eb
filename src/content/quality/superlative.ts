// superlative: a claim that ranks or promises ("the fastest-growing segment", "a leading
// provider", "the biggest gains come from …", "the risk most often underestimated", "guarantees a
// 20% saving") needs a source: a link in the same paragraph, one of the article's sources named
// there, or an attribution ("according to …"). A superlative that only picks things out ("call the
// ten largest customers", "the region with the lowest price", "its best people", "those who know it
// best"), a term ("best practice", "leading indicators", "worst-case") or a quantity ("most of the
// cost") claims nothing.
import { candidates, type Candidate } from './candidates.js'
import type { CheckedText, Finding, QualityContext } from './context.js'
import { CLAUSE_BREAKS, clauseOf, conjunctOf, hasFiniteVerb, hasModal, isImperative, isQuestion, tenseOf, tokenAt } from './grammar.js'
import type { Token } from './language.js'
import { sceneOpening } from './answer-first.js'
import { attributes, backs, sourcingOf, type Sourcing } from './attribution.js'
import { claimWordRanks } from './claim-words.js'
import { excerptAround } from './sentences.js'
import type { WordLists } from './word-lists.js'

type Kind = 'claim' | 'form' | 'most' | 'after'
type Words = WordLists['superlative']

const NUMBER_WORDS = new Set([
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'twenty',
  'fifty',
  'hundred',
  'few',
  'several',
])
const CONDITIONS = new Set(['if', 'unless', 'whichever', 'whatever', 'whether'])

export function superlatives(context: QualityContext): Finding {
  const words = context.words.superlative
  const patterns: [Kind, RegExp][] = [
    ['claim', words.claims],
    ['form', words.forms],
    ['most', words.theMost],
    ['after', words.mostAfterNoun],
  ]
  // A publisher is a name; a title names its source only when it is more than a topic ("Full
  // expensing" is what a sentence may be about, "Warehouse Labour Survey 2025" a document).
  const sourceNames = (context.input.content.sources ?? [])
    .flatMap((s) => [s.publisher, s.title && s.title.trim().split(/\s+/).length >= 3 ? s.title : undefined])
    .filter((n): n is string => Boolean(n && n.trim().length >= 3))
    .map((n) => n.toLowerCase())
  const found = context.texts.flatMap((item) => {
    // A table's header cell labels a column ("Best for"); it claims nothing.
    if (item.kind === 'th') return []
    const inItem = candidates(item.text, patterns, { cancelledBy: words.terms })
    if (inItem.length === 0) return []
    const sourcing = sourcingOf(item, sourceNames, words, context.read)
    if (sourcing?.whole) return []
    return inItem.map((candidate) => ({ item, candidate, sourcing }))
  })
  return {
    sentences: found.flatMap(({ item, candidate, sourcing }) => [
      context.read.sentenceAt(item.text, candidate.index).text,
      ...(sourcing && !sourcing.whole ? sourcing.sentences.map((s) => s.text) : []),
    ]),
    warnings: () =>
      found
        .filter(({ item, candidate, sourcing }) => !isBacked(sourcing, item, candidate, context) && makesAClaim(candidate, item, context))
        .map(({ item, candidate }) => {
          const phrase = asWritten(candidate, item.text)
          return {
            rule: 'superlative' as const,
            message: `"${phrase}" is a claim an answer engine will not repeat without evidence: link the source in the same paragraph, name one from the sources block, or state the measured fact instead.`,
            phrase,
            where: item.where,
            ...(item.section ? { section: item.section } : {}),
            excerpt: excerptAround(item.text, candidate.index, phrase.length),
          }
        }),
  }
}

const isBacked = (sourcing: Sourcing | undefined, item: CheckedText, candidate: Candidate<Kind>, context: QualityContext) =>
  sourcing !== undefined && backs(sourcing, context.read.sentenceAt(item.text, candidate.index), context.read)

/** "the most" is named with the word it grades ("the most effective"), as an editor rewrites it. */
function asWritten(candidate: Candidate<Kind>, text: string): string {
  if (candidate.kind !== 'most') return candidate.phrase
  const graded = /^\s+[\p{L}-]+/u.exec(text.slice(candidate.index + candidate.phrase.length))
  return graded ? candidate.phrase + graded[0] : candidate.phrase
}

function makesAClaim(candidate: Candidate<Kind>, item: CheckedText, context: QualityContext): boolean {
  const words = context.words.superlative
  const sentence = context.read.sentenceAt(item.text, candidate.index)
  // "On a wet Tuesday in February … the only sound in the stands is a mower": a scene describes.
  if (isQuestion(sentence.text) || sceneOpening(sentence.text, context.words.answerFirst)) return false
  const tokens = context.read.tokens(sentence.text)
  const at = tokenAt(tokens, candidate.index - sentence.start)
  const clause = clauseOf(tokens, at)
  if (isImperative(clause) || attributes(tokens, words)) return false
  if (candidate.kind === 'claim')
    return !inACondition(tokens, at) && claimWordRanks(candidate.phrase.toLowerCase(), tokens, at, clause, words)
  // The word that carries the degree: "largest" in "second-largest", "most" in "the most".
  const phraseEnd = candidate.index - sentence.start + candidate.phrase.length
  const inPhrase = tokens.filter((t, k) => k >= at && t.end <= phraseEnd)
  const last = at + Math.max(0, inPhrase.length - 1)
  if (candidate.kind === 'most') {
    // "the most trusted", "the most often cited"; before a verb's base form ("those who sell the
    // most get…") "most" is a quantity.
    const graded = tokens[last + 1]
    // "the most space-efficient option": a hyphenated compound grades as an adjective.
    // "the most mature platforms": a base form before a noun is an adjective the tagger misread.
    const compound =
      (tokens[last + 2]?.text === '-' && tokens[last + 3]?.pos === 'ADJ') || (graded?.pos === 'VERB' && tokens[last + 2]?.pos === 'NOUN')
    if (
      !graded ||
      (!compound && (!['ADJ', 'ADV', 'VERB'].includes(graded.pos) || (graded.pos === 'VERB' && graded.lower === graded.lemma)))
    )
      return false
    return !picksOut(tokens, last, last + 1, clause, words)
  }
  if (candidate.kind === 'after') {
    // "the risk most often underestimated": "most" after its noun, before the word it grades.
    if (!['NOUN', 'PROPN'].includes(tokens[at - 1]?.pos ?? '') || !['ADJ', 'ADV', 'VERB'].includes(tokens[at + 1]?.pos ?? '')) return false
    return !picksOut(tokens, at, at + 1, clause, words)
  }
  // "the hardest-to-route journeys", "hardest-to-fill roles": how hard, not a rank.
  if (/est-to-/i.test(candidate.phrase)) return false
  const head = inPhrase.find((t) => t.lower.endsWith('est')) ?? tokens[at]!
  if (!isSuperlativeForm(head, words)) return false
  // "the fastest quarter … in 110 days; the slowest took 280": both ends describe a spread.
  const otherEnd = words.rangeEnds.get(head.lower.replace(/-.*$/, ''))
  if (otherEnd && tokens.some((t) => t.lower.replace(/-.*$/, '') === otherEnd)) return false
  // "the families in greatest need", "at greatest risk": without an article, after a preposition, a degree.
  if (tokens[at - 1]?.pos === 'ADP' && head === tokens[at]) return false
  // "the lowest-paid care workers", "best-selling basics": a compound before a plural names a band
  // of things, as a category; "the fastest-growing segment" ranks one. After "a" it names a kind
  // ("on a best-estimate basis", "a lowest logical fare rule"): a superlative that ranks takes "the".
  if (['a', 'an'].includes(tokens[at - 1]?.lower ?? '') || (candidate.phrase.includes('-') && namesABand(tokens, last))) return false
  return !picksOut(tokens, tokens.indexOf(head), last, clause, words)
}

/** The noun phrase after token `last` ends in a plural ("care workers", "basics"). */
function namesABand(tokens: Token[], last: number): boolean {
  let k = last + 1
  // "highest-priority critically important antibiotics": past the modifiers to the head.
  const modifies = (t: Token | undefined) => t !== undefined && ['NOUN', 'ADJ', 'ADV'].includes(t.pos)
  const plural = (t: Token) => t.pos === 'NOUN' && t.lower !== t.lemma
  while (modifies(tokens[k]) && modifies(tokens[k + 1]) && !plural(tokens[k]!)) k++
  const noun = tokens[k]
  return noun !== undefined && noun.pos === 'NOUN' && noun.lower !== noun.lemma
}

/** "fastest", "likeliest", "best"; not "interest", "latest" or a noun or verb ("request", "test").
 * The lemma is not required: the light model does not reduce every superlative ("likeliest"). */
function isSuperlativeForm(word: Token, words: Words): boolean {
  if (words.notSuperlatives.has(word.lower)) return false
  return words.irregular.has(word.lower) || word.pos === 'ADJ' || word.pos === 'ADV'
}

/** The superlative selects things rather than asserting a rank: advice, a condition, a number of
 * items, a prepositional or subject phrase of an ordinary verb, a verbless fragment, or "works best". */
function picksOut(tokens: Token[], at: number, last: number, clause: Token[], words: Words): boolean {
  const word = tokens[at]!
  const next = tokens[last + 1]
  const before = tokens.slice(Math.max(0, at - 3), at).map((t) => t.lower)
  // A condition before the superlative ("whichever is cheapest", "if it is the largest"); one after it
  // ("…, which matters if the alternative is…") conditions something else.
  // Advice in a coordinated clause ("…, and operators should apply") advises nothing about this one.
  if (hasModal(conjunctOf(clause, Math.max(0, clause.indexOf(word))), words.adviceModals) || inACondition(tokens, at)) return true
  if (word.lower === 'best' || word.lower === 'worst') {
    if (word.pos === 'ADV' || next?.lower === 'to' || (next?.pos === 'VERB' && next.lower.endsWith('ed'))) return true
    // "a hybrid model works best": after an ordinary verb, with no noun of its own, it says how.
    const previous = tokens[at - 1]
    // "250 miles work best": after a plural noun, a base form the tagger reads as a noun is the verb.
    // "£5 works best": a word in -s after a number or a noun, before a preposition, is the verb.
    const worksBest = previous?.pos === 'NOUN' && previous.lower !== previous.lemma && ['NUM', 'NOUN'].includes(tokens[at - 2]?.pos ?? '')
    const verbBefore =
      previous?.pos === 'VERB' ||
      worksBest ||
      (previous?.pos === 'NOUN' &&
        previous.lower === previous.lemma &&
        tokens[at - 2]?.pos === 'NOUN' &&
        tokens[at - 2]!.lower !== tokens[at - 2]!.lemma)
    if (verbBefore && !words.linkingVerbs.has(previous.lemma) && (!next || ['PUNCT', 'ADP', 'SCONJ'].includes(next.pos))) return true
  }
  // "Even the smallest delay costs money": any delay, however small; nothing is ranked.
  if (tokens[at - 2]?.lower === 'even' && tokens[at - 1]?.lower === 'the') return true
  if (gradesARelativeClause(tokens, at, words)) return true
  const numberBefore = tokens[at - 1]?.pos === 'NUM' || NUMBER_WORDS.has(tokens[at - 1]?.lower ?? '')
  if (numberBefore || next?.pos === 'NUM') return true
  // "with the lowest price", "to its largest customers"; "one of the largest" still ranks.
  const determinerAt = before.findLastIndex((w) => ['the', 'its', 'their', 'our', 'your', 'his', 'her'].includes(w))
  if (determinerAt > 0 && words.selectionPrepositions.has(before[determinerAt - 1]!)) return true
  if (!hasFiniteVerb(tokens) || inAListAfterAColon(tokens, at, words)) return true
  return namesAReferent(tokens, at, last, words)
}

/** "unless the first-year discount is the only discount…": what follows if, unless or whether in
 * its clause is a condition, which asserts nothing. */
function inACondition(tokens: Token[], at: number): boolean {
  for (let k = at - 1; k >= 0 && !CLAUSE_BREAKS.has(tokens[k]!.text); k--) {
    if (CONDITIONS.has(tokens[k]!.lower)) return true
    // "when it is the only five-star property in town": a "when" in the present is a condition;
    // "when we launched, it was the only…" tells what happened.
    if (GENERIC_WHEN.has(tokens[k]!.lower)) return !tenseOf(tokens.slice(k, at)).past
  }
  return false
}

const MODAL_AUXILIARIES = new Set(['will', 'would', 'can', 'could', 'may', 'might', 'shall', 'should', 'must'])

const GENERIC_WHEN = new Set(['when', 'whenever'])

/** "the alternatives nearby: the nearest branch, post office counters and banking hubs": after a
 * colon, noun phrases without a verb of their own (a relative clause aside) list things. */
function inAListAfterAColon(tokens: Token[], at: number, words: Words): boolean {
  let start = at
  while (start > 0 && !CLAUSE_BREAKS.has(tokens[start - 1]!.text)) start--
  if (tokens[start - 1]?.text !== ':') return false
  let end = start
  while (end < tokens.length && !CLAUSE_BREAKS.has(tokens[end]!.text) && !words.relativePronouns.has(tokens[end]!.lower)) end++
  return !hasFiniteVerb(tokens.slice(start, end))
}

const COORDINATORS = new Set(['and', 'or', 'then'])

/** The sentence opens with a word in its base form, as an instruction does ("Book…", "Give…"). */
const startsBare = (tokens: Token[]) => {
  const first = tokens.find((t) => t.pos !== 'PUNCT')
  return first !== undefined && first.lower === first.lemma && ['VERB', 'NOUN', 'PROPN'].includes(first.pos)
}

const NOUN_PHRASE = new Set(['DET', 'ADJ', 'NUM', 'PRON', 'PART', 'NOUN', 'PROPN'])
const CLAUSE_OPENERS = new Set(['so', 'which', 'that', 'where', 'when', 'while', 'and', 'but'])

/** "the people who know the old core best": a superlative with no noun of its own, inside a
 * relative clause, grades what defines the group ("who know it best"); it ranks nothing outside. */
function gradesARelativeClause(tokens: Token[], at: number, words: Words): boolean {
  const before = tokens[at - 1]
  const next = tokens[at + 1]
  if (!before || before.pos === 'DET' || words.possessives.has(before.lower)) return false
  if (next && ['NOUN', 'PROPN', 'ADJ', 'NUM'].includes(next.pos)) return false
  let sawVerb = false
  for (let k = at - 1; k > 0; k--) {
    const t = tokens[k]!
    if (t.pos === 'PUNCT') return false
    // "the dishes that travel worst": the word after the relative pronoun is its verb, even when
    // the tagger reads a noun.
    if (t.pos === 'VERB' || (t.pos === 'NOUN' && t.lower === t.lemma && words.relativePronouns.has(tokens[k - 1]!.lower))) sawVerb = true
    if (words.relativePronouns.has(t.lower) && ['NOUN', 'PROPN', 'PRON', 'NUM'].includes(tokens[k - 1]!.pos)) return sawVerb
  }
  return false
}

/** "The largest customer pays 30 days late", "so the oldest stock is sold first": the phrase names
 * who does something; "the biggest risk is …" and "the biggest gains come from …" rank, because the
 * verb links the phrase to what it is or where it comes from. The object of a gerund or an
 * infinitive picks things out too, and so does a possessive's own ranking as the object of an
 * ordinary verb ("spreads its best people thin"). */
function namesAReferent(tokens: Token[], at: number, last: number, words: Words): boolean {
  let start = at
  while (start > 0 && NOUN_PHRASE.has(tokens[start - 1]!.pos)) start--
  const opener = tokens[start - 1]
  if (opener?.pos === 'VERB' && !words.linkingVerbs.has(opener.lemma) && words.possessives.has(tokens[start]!.lower)) return true
  // "by tendering its largest categories", "to call the biggest customers": the object of a
  // gerund or infinitive names what a method works on.
  if (opener?.pos === 'VERB' && (opener.lower.endsWith('ing') || tokens[start - 2]?.lower === 'to')) return true
  // "Book samples in as they arrive and give urgent ones the fastest centrifuge": an instruction
  // the tagger did not see as one, continued after "and".
  if (opener?.pos === 'VERB' && opener.lower === opener.lemma && COORDINATORS.has(tokens[start - 2]?.lower ?? '') && startsBare(tokens))
    return true
  if (opener && opener.pos !== 'PUNCT' && opener.pos !== 'SCONJ' && !CLAUSE_OPENERS.has(opener.lower)) return false
  // The phrase's own verb: not an infinitive inside it ("the swiftest route to lower rates is…"),
  // nor a relative clause without "that" ("the biggest cause we see is…").
  // After "the hardest" the next word is its noun, even when the tagger reads a verb ("part").
  const noun = tokens[at - 1]?.pos === 'DET' && tokens[last + 1]?.pos === 'VERB' ? 1 : 0
  const verb = tokens
    .slice(last + 1 + noun)
    .find((t, k, rest) => (t.pos === 'VERB' || t.pos === 'AUX') && rest[k - 1]?.lower !== 'to' && rest[k - 1]?.pos !== 'PRON')
  if (!verb) return false
  // "The most mature platforms on the market price within 10%": ranked in a market, whatever the verb.
  if (tokens.slice(last + 1, tokens.indexOf(verb)).some((t) => words.marketWords.has(t.lower) && t.lower !== 'way')) return false
  // "is sold first": a passive after a form of "be" is an ordinary verb; "is the biggest risk" links.
  const following = tokens[tokens.indexOf(verb) + 1]
  // A participle ends as one ("sold", "made", "run", "cut"); "is labour" is a noun the tagger misread.
  // "the oldest will reach the limit": after a modal, the verb is the phrase's own.
  if (verb.pos === 'AUX' && following?.pos === 'VERB' && MODAL_AUXILIARIES.has(verb.lower)) return !words.linkingVerbs.has(following.lemma)
  if (verb.pos === 'AUX' && following?.pos === 'VERB')
    return following.lower !== following.lemma && /[dnte]$/.test(following.lower) && !following.lower.endsWith('ing')
  if (words.originFrames.has(`${verb.lemma} ${following?.lower ?? ''}`)) return false
  return !words.linkingVerbs.has(verb.lemma)
}
