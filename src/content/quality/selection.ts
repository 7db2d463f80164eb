// Whether a superlative picks things out rather than ranking them: advice, a condition, a number
// of items, a list, a relative clause that defines a group, or a noun phrase that names who or what
// an ordinary verb acts on ("the largest customer pays 30 days late", "takes the largest schemes
// out of the peak"). A ranking links its phrase to what it is ("is the biggest risk").
import { CLAUSE_BREAKS, conjunctOf, hasFiniteVerb, hasModal, tenseOf } from './grammar.js'
import type { Token } from './language.js'
import {
  countedSet,
  definesAKind,
  deniesARank,
  inAnEmbeddedQuestion,
  isPossessiveS,
  measuresAPart,
  ofANoun,
  possessorStart,
  comparesWithinTheText,
  rankedInAMarket,
  subordinateAfter,
} from './superlative-scope.js'
import { statesALimit } from './superlative-limits.js'
import { namesAReferent } from './superlative-referent.js'
import type { WordLists } from './word-lists.js'

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
/** Prepositions after which a superlative still ranks: "one of the largest", "among the fastest",
 * "as the only provider", "than the cheapest". */
const RANKING_PREPOSITIONS = new Set(['of', 'among', 'amongst', 'as', 'than', 'like'])

/** The superlative selects things rather than asserting a rank: advice, a condition, a number of
 * items, a prepositional or subject phrase of an ordinary verb, a verbless fragment, or "works best". */
export function picksOut(tokens: Token[], at: number, last: number, clause: Token[], words: Words): boolean {
  const word = tokens[at]!
  const next = tokens[last + 1]
  const before = tokens.slice(Math.max(0, at - 3), at).map((t) => t.lower)
  // A condition before the superlative ("whichever is cheapest", "if it is the largest"); one after it
  // ("…, which matters if the alternative is…") conditions something else.
  // Advice in a coordinated clause ("…, and operators should apply") advises nothing about this one.
  const conjunct = conjunctOf(clause, Math.max(0, clause.indexOf(word)))
  // "should treat the routing question as the biggest risk": what the advice ranks, it claims.
  // ("The club defined off-peak as the quietest third of its tee times" defines.)
  const defines = tokens.slice(0, at).some((t) => t.lemma === 'define')
  if (tokens[at - 1]?.lower === 'the' && tokens[at - 2]?.lower === 'as' && tokens[at - 3]?.pos !== 'ADV' && !defines) return false
  // The advice must be the superlative's own, not a clause after it ("…, because an authority that
  // does not own them must buy sites").
  const own = conjunct.slice(0, subordinateAfter(conjunct, conjunct.indexOf(word)))
  if (hasModal(own, words.adviceModals) || inACondition(tokens, at)) return true
  if (deniesARank(conjunct, word)) return true
  // "the lowest grade", "Tier IV, the highest level in the Uptime Institute's classification": an
  // end of a scale, named by the scale ("the highest rating of any kennel in Kent" still ranks).
  const ofAScale =
    next?.lemma === 'level'
      ? tokens.slice(last + 2, last + 8).some((t) => SCALES.has(t.lemma))
      : SCALE_NOUNS.has(next?.lemma ?? '') && !rankedInAMarket(tokens, last, words)
  if (['highest', 'lowest', 'top', 'bottom'].includes(word.lower) && ofAScale) return true
  // ("The lowest-performing string on each site is where soiling shows first": one of each.)
  let head = last + 1
  while (['NOUN', 'ADJ'].includes(tokens[head]?.pos ?? '')) head++
  // ("the biggest cost in every cycle", "the best system for each client" still rank.)
  const atEach = ['on', 'at'].includes(tokens[head]?.lower ?? '') && ['each', 'every'].includes(tokens[head + 1]?.lower ?? '')
  if (head > last + 1 && atEach && !['best', 'worst'].includes(word.lower)) return true
  if (word.lower === 'best' || word.lower === 'worst') {
    // After "the" it is the adjective, whatever the tagger says ("offer the best whole-life value").
    const adverb = word.pos === 'ADV' && tokens[at - 1]?.lower !== 'the'
    if (adverb || next?.lower === 'to' || (next?.pos === 'VERB' && next.lower.endsWith('ed'))) return true
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
    // ("Recruitment through existing staff works best of all": ranked against every other way.)
    const ofAll = next?.lower === 'of' && tokens[last + 2]?.lower === 'all'
    if (verbBefore && !ofAll && !words.linkingVerbs.has(previous.lemma) && (!next || ['PUNCT', 'ADP', 'SCONJ'].includes(next.pos)))
      return true
  }
  // "Even the smallest delay costs money": any delay, however small; nothing is ranked.
  if (tokens[at - 2]?.lower === 'even' && tokens[at - 1]?.lower === 'the') return true
  // "firms whose largest supplier contracts renew in January": each owner's own, as "its largest";
  // so in a relative clause without "that" ("the number of people your largest building can hold").
  const ownersInARelative = words.possessives.has(tokens[at - 1]?.lower ?? '') && tokens[at - 2]?.pos === 'NOUN'
  if (tokens[at - 1]?.lower === 'whose' || ownersInARelative) return true
  // "runs allergen-free products first and the heaviest allergen loads last": an order of work.
  if (tokens.slice(0, at).some((t) => t.lower === 'first') && tokens.slice(last + 1).some((t) => t.lower === 'last')) return true
  if (gradesARelativeClause(tokens, at, words) || definesAKind(tokens, at) || statesALimit(tokens, at, words) || countedSet(tokens, at))
    return true
  if (comparesWithinTheText(tokens, at, last, words)) return true
  const numberBefore = tokens[at - 1]?.pos === 'NUM' || NUMBER_WORDS.has(tokens[at - 1]?.lower ?? '')
  if (numberBefore || next?.pos === 'NUM') return true
  // "with the lowest price", "to its largest customers"; "one of the largest" still ranks.
  const determinerAt = before.findLastIndex((w) => ['the', 'its', 'their', 'our', 'your', 'his', 'her'].includes(w))
  // "at exactly the busiest times": past an adverb to the preposition.
  let p = at - before.length + determinerAt - 1
  while (determinerAt > 0 && p > 0 && tokens[p]?.pos === 'ADV') p--
  // "by far the most generous": an intensifier, not a preposition.
  const byFar = tokens[p]?.lower === 'by' && tokens[p + 1]?.lower === 'far'
  const preposition = determinerAt > 0 && !byFar ? tokens[p] : undefined
  const selects =
    preposition !== undefined &&
    (words.selectionPrepositions.has(preposition.lower) ||
      (preposition.pos === 'ADP' && !RANKING_PREPOSITIONS.has(preposition.lower)) ||
      // "an award to someone other than the lowest compliant bidder": "other than" excepts, as "but".
      (preposition.lower === 'than' && tokens[p - 1]?.lower === 'other'))
  if (selects && !rankedInAMarket(tokens, last, words)) return true
  // "more than half of the longest waits", "70% of the largest schemes": a part of the ranked set;
  // "one of the largest" still ranks.
  // After "of" and a noun ("the former practice manager of its largest member") the superlative
  // says which one the noun belongs to.
  // "book the slot in the vehicle's quietest week": an owner's ranking after a preposition selects.
  // ("the agency's second-largest client": past an ordinal joined by a hyphen to the owner.)
  let lead = at
  while (tokens[lead - 1]?.text === '-' && ['ADJ', 'NUM', 'ADV'].includes(tokens[lead - 2]?.pos ?? '')) lead -= 2
  if (isPossessiveS(tokens[lead - 1]) && words.selectionPrepositions.has(tokens[possessorStart(tokens, lead - 1) - 1]?.lower ?? ''))
    return true
  // "the bursar of the group's largest senior school": a possessive "'s" is a determiner too.
  if (
    isPossessiveS(tokens[lead - 1]) &&
    ofANoun(tokens[possessorStart(tokens, lead - 1) - 2]) &&
    tokens[possessorStart(tokens, lead - 1) - 1]?.lower === 'of'
  )
    return true
  const owner = tokens[at - (before.length - determinerAt) - 2]
  if (determinerAt > 0 && before[determinerAt - 1] === 'of' && (measuresAPart(owner, words) || ofANoun(owner))) return true
  // "Network A, the most trusted name on the high street, scored…": an apposition that ranks a name
  // (not a noun: "a 12-point fall, the sharpest of any sub-sector") in a market claims.
  const apposition = tokens[at - 1]?.lower === 'the' && tokens[at - 2]?.text === ',' && ['PROPN', 'DET'].includes(tokens[at - 3]?.pos ?? '')
  if (apposition && rankedInAMarket(tokens, last, words)) return false
  // "looks at which services have the longest queues": an embedded question asks, it asserts nothing.
  if (inAnEmbeddedQuestion(tokens, at)) return true
  if (!hasFiniteVerb(tokens) || inAListAfterAColon(tokens, at, words)) return true
  return namesAReferent(tokens, at, last, words)
}

/** "unless the first-year discount is the only discount…": what follows if, unless or whether in
 * its clause is a condition, which asserts nothing. */
export function inACondition(tokens: Token[], at: number): boolean {
  // A comma closes a fronted condition: "Whether a council leases or buys, electric vans are the
  // cheapest option" states its main clause.
  // ("…if you have imported 10 tonnes in the previous 12 months, or expect to do so in the next 30
  // days": a comma before "or" or "and" goes on with the condition's conjuncts.)
  const closes = (k: number) => CLAUSE_BREAKS.has(tokens[k]!.text) || (tokens[k]!.text === ',' && tokens[k + 1]?.pos !== 'CCONJ')
  // ("If a single large order, such as a supermarket listing, means you will pass the threshold in
  // the next 30 days": an example set off by commas is an aside inside the condition.)
  const asideBefore = (k: number) => {
    const open = tokens.findLastIndex((t, j) => j < k && t.text === ',')
    return open !== -1 && ASIDES.test(`${tokens[open + 1]?.lower ?? ''} ${tokens[open + 2]?.lower ?? ''}`) ? open : -1
  }
  for (let k = at - 1; k >= 0 && !closes(k); k--) {
    // ("Choosing when to fix is the most important decision": with an infinitive it names a choice.)
    if (tokens[k + 1]?.lower === 'to') continue
    if (CONDITIONS.has(tokens[k]!.lower)) return true
    if (k > 0 && tokens[k - 1]!.text === ',' && asideBefore(k - 1) !== -1) k = asideBefore(k - 1)
    // "when it is the only five-star property in town": a "when" in the present is a condition;
    // "when we launched, it was the only…" tells what happened.
    // ("Where a ferry is the only practical link, fares are capped": "Where" fronted, not "…, where
    // it is the only operator", a place's relative clause.)
    if (GENERIC_WHEN.has(tokens[k]!.lower) || (k === 0 && tokens[k]!.lower === 'where')) return !tenseOf(tokens.slice(k, at)).past
  }
  return false
}

const GENERIC_WHEN = new Set(['when', 'whenever'])
const SCALE_NOUNS = new Set(['tier', 'grade', 'band', 'rating'])
const SCALES = new Set(['classification', 'scale', 'scheme', 'framework'])
const ASIDES = /^(?:such as|for example|for instance|e\.g\.|including)\b/

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
