// The set a superlative ranks within, and whether its clause asserts the rank at all: a part of the
// set ("half of the longest waits"), an owner's own set ("its largest member", "the group's largest
// school"), a kind defined by a relative clause ("a broker whose founders hold the largest
// relationships"), a question inside the sentence, a rank denied ("is not always the lowest"). A
// limit ("the smallest order a wholesaler will accept") is superlative-limits.ts's.
import { CLAUSE_BREAKS } from './grammar.js'
import type { Token } from './language.js'
import type { WordLists } from './word-lists.js'

type Words = WordLists['superlative']

/** "A broker whose founders hold the largest client relationships is worth less": inside the
 * relative clause of a generic subject ("a", "any", "every" and a noun), the superlative says which
 * ones the statement is about; it ranks nothing in the world. */
export function definesAKind(tokens: Token[], at: number): boolean {
  // ("…the customer you are willing to lose: a café that orders two tubs a month and always pays late
  // may cost you more": after a colon too.)
  const colon = tokens.findLastIndex((t, k) => k < at && t.text === ':')
  const from = colon + 1
  if (!['a', 'an', 'any', 'every', 'each'].includes(tokens[from]?.lower ?? '')) return false
  const relative = tokens.findIndex((t, k) => k > from + 1 && k < at && ['who', 'whose', 'that', 'which'].includes(t.lower))
  if (relative === -1 || !['NOUN', 'PROPN'].includes(tokens[relative - 1]?.pos ?? '')) return false
  // The superlative inside that clause: no comma or conjunction between ("…, and fitment is the
  // single biggest risk" is a claim of its own), unless the relative's own verbs are joined ("orders
  // … and always pays").
  const joinsItsVerbs = (k: number) => tokens[k]!.pos === 'CCONJ' && ['ADV', 'VERB'].includes(tokens[k + 1]?.pos ?? '')
  const inside = !tokens.slice(relative + 1, at).some((t, k) => t.text === ',' || (t.pos === 'CCONJ' && !joinsItsVerbs(relative + 1 + k)))
  // ("A bureau that checks every run is the most reliable way": past the relative's own verb, which the
  // tagger may read as a plural noun, the main clause's.)
  const verbs = tokens
    .slice(relative + 1, at)
    .filter(
      (t, k) => t.pos === 'VERB' || t.pos === 'AUX' || (k === 0 && tokens[relative]!.lower !== 'whose' && /[^s]s$/.test(t.lower)),
    ).length
  return inside && verbs <= 1 && !tokens.slice(from + 1, relative).some((t) => t.pos === 'VERB' || t.pos === 'AUX' || t.text === ',')
}

/** Where a subordinate or relative clause starts after token k in `clause` (its end when none). */
export function subordinateAfter(clause: Token[], k: number): number {
  // (", so an independent does not need…": a consequence after a comma, however "so" is tagged.)
  const found = clause.findIndex(
    (t, j) =>
      j > k &&
      (t.pos === 'SCONJ' ||
        // ("…is ordering joinery when only the tables need to look special": "when" read as an adverb.)
        (t.pos === 'ADV' && ['when', 'whenever', 'where', 'while'].includes(t.lower)) ||
        (t.pos === 'PRON' && ['that', 'which', 'who'].includes(t.lower)) ||
        (t.lower === 'so' && clause[j - 1]?.text === ',')),
  )
  return found === -1 ? clause.length : found
}

/** "is not the cheapest option", "is never the fastest": a rank denied claims none, unless "but" or
 * "rather" names what does rank ("The hardest part is not the technology but the data"); "The
 * lowest headline price is not always the lowest total cost" hedges the comparison on both sides. */
export function deniesARank(conjunct: Token[], word: Token): boolean {
  const at = conjunct.indexOf(word)
  const negation = (t: Token) => t.lemma === 'not' || t.lower === 'never'
  if (conjunct.some((t, k) => negation(t) && ['always', 'necessarily'].includes(conjunct[k + 1]?.lower ?? ''))) return true
  // The negation stands between the verb and the superlative ("is not the cheapest"), not in an
  // aside before the verb ("Supply interruptions, not the vehicles, are the greatest risk").
  const denied = conjunct.slice(0, Math.max(0, at)).some((t, k, before) => {
    if (!negation(t)) return false
    const rest = before.slice(k + 1)
    const verbBefore = before.slice(0, k).some((v) => v.pos === 'AUX' || v.pos === 'VERB')
    // ("A mock audit by someone who has not worked on the file is the most effective way": the
    // negation's verb, then another before the superlative, is a clause of its own.)
    const verb = rest.findIndex((r) => r.pos === 'VERB')
    const anotherClause = verb !== -1 && rest.slice(verb + 1).some((r) => r.pos === 'AUX')
    return verbBefore && !anotherClause && !rest.some((r) => r.text === ',')
  })
  return denied && !conjunct.some((t) => t.lower === 'but' || t.lower === 'rather')
}

/** A superlative of a measure or a limit ("largest", "cheapest") at `at`, not a compound's first
 * part ("the fastest-growing part" ranks growth, another measure). */
export const plainMeasure = (tokens: Token[], at: number, words: Words) =>
  (words.countedMeasures.has(tokens[at]?.lower ?? '') || words.limitAdjectives.has(tokens[at]?.lower ?? '')) && tokens[at + 1]?.text !== '-'

export const isPossessiveS = (t: Token | undefined) => t !== undefined && ["'s", '’s', "'", '’'].includes(t.text)

/** The first token of the possessor before a possessive "'s" at k ("the group" in "the group's"). */
export function possessorStart(tokens: Token[], k: number): number {
  let j = k
  while (j > 0 && ['NOUN', 'PROPN', 'DET', 'ADJ'].includes(tokens[j - 1]!.pos)) j--
  return j
}

/** A noun that owns the phrase after "of" ("the manager of its largest member"), not "one" ranking it. */
// ("Production of the most urgent parts restarted…": a sentence's first noun, which the tagger may read as a name.)
export const ofANoun = (t: Token | undefined) =>
  t !== undefined && (t.pos === 'NOUN' || (t.pos === 'PROPN' && t.start === 0)) && !['one', 'some', 'each'].includes(t.lower)

/** A quantity before "of the …": a fraction, a share, a percentage or a number other than "one". */
export function measuresAPart(t: Token | undefined, words: Words): boolean {
  if (!t) return false
  if (t.text === '%' || t.pos === 'SYM') return true
  if (t.pos === 'NUM') return t.lower !== 'one' && t.lower !== '1'
  return words.partWords.has(t.lemma)
}

/** "which services have the longest queues", "what share goes to the largest customers": "which" or
 * "what" with its noun, after a verb or a preposition, opens a question inside the sentence. */
export function inAnEmbeddedQuestion(tokens: Token[], at: number): boolean {
  for (let k = at - 1; k > 0 && !CLAUSE_BREAKS.has(tokens[k]!.text) && tokens[k]!.text !== ','; k--) {
    const t = tokens[k]!
    if ((t.lower === 'which' || t.lower === 'what') && ['NOUN', 'ADJ'].includes(tokens[k + 1]?.pos ?? ''))
      return ['VERB', 'ADP'].includes(tokens[k - 1]!.pos)
  }
  return false
}

/** The sentence opens "In / Across / Among the (or our) 212 … notifications", its count and a
 * plural noun, and the ranking comes after the comma that closes that phrase. */
function frontsACountedSet(tokens: Token[], at: number): boolean {
  if (!['in', 'across', 'among', 'of'].includes(tokens[0]?.lower ?? '') || !['the', 'our'].includes(tokens[1]?.lower ?? '')) return false
  if (tokens[2]?.pos !== 'NUM') return false
  const comma = tokens.findIndex((t) => t.text === ',')
  if (comma === -1 || comma > at) return false
  return tokens.slice(3, comma).some((t) => t.pos === 'NOUN' && t.lower !== t.lemma)
}

/** Fractions ("the quietest third of its tee times"); "the fastest-growing part of lending" ranks. */
const FRACTIONS = new Set(['half', 'third', 'quarter', 'fifth', 'tenth', 'decile', 'quartile', 'percentile'])

/** A comparison among the things the text itself sets out: "the lowest break-even load factor of the
 * four" (a measure across a set it counts), "the quietest third of its tee times" (a part of its own), "The difference is smallest on consultation", "it is widest where many
 * residents pay for themselves" (a degree without its article, where or on what it peaks). */
export function comparesWithinTheText(tokens: Token[], at: number, last: number, words: Words): boolean {
  // "the quietest third of its tee times": a fraction of one's own set.
  if (FRACTIONS.has(tokens[last + 1]?.lemma ?? '') && tokens[last + 2]?.lower === 'of') return true
  // Only a measure: "the most valuable of the three for lenders" still judges.
  const ofTheCount = (k: number) => tokens[k]?.lower === 'of' && tokens[k + 1]?.lower === 'the' && tokens[k + 2]?.pos === 'NUM'
  if (words.countedMeasures.has(tokens[at]?.lower ?? ''))
    for (let k = last + 1; k < Math.min(tokens.length, last + 9); k++) {
      if (ofTheCount(k)) return true
      if (tokens[k]!.pos === 'AUX' || [',', ';', ':', '.'].includes(tokens[k]!.text)) break
    }
  // "the oldest of them 11 weeks old", "the largest of these": a part of a set the text has named.
  if (tokens[last + 1]?.lower === 'of' && ['them', 'these', 'those'].includes(tokens[last + 2]?.lower ?? '')) return true
  // "In the 212 disputed notifications our claims team handled in 2024, unoccupied premises were the
  // most frequent issue": the counted set fronted before the ranking.
  if (frontsACountedSet(tokens, at)) return true
  // "the highest quarterly figure in our data", "the lowest fees in the panel", "the weakest outlook
  // in the table", "the largest single item in every column": a rank within the text's own data.
  for (let k = last + 1; k < Math.min(tokens.length, last + 10); k++) {
    const t = tokens[k]!
    // ("the largest seasonal gap in your forecast": the reader's own figures too.)
    if (t.lower === 'in' && tokens[k + 1]?.lower === 'your' && words.readersFigures.has(tokens[k + 2]?.lower ?? '')) return true
    if (['in', 'of', 'across'].includes(t.lower) && ['the', 'our', 'this', 'every', 'each'].includes(tokens[k + 1]?.lower ?? ''))
      if (words.dataNouns.has(tokens[k + 2]?.lemma ?? '')) return true
    // "the most frequent gap in the eight audits we ran": a counted set the text has named.
    if (['in', 'across', 'among'].includes(t.lower) && ['the', 'our'].includes(tokens[k + 1]?.lower ?? '') && tokens[k + 2]?.pos === 'NUM')
      if (tokens[k + 3]?.pos === 'NOUN' && tokens[k + 3]!.lower !== tokens[k + 3]!.lemma) return true
    if (t.pos === 'AUX' || t.pos === 'VERB' || [',', ';', ':', '.'].includes(t.text)) break
  }
  // A degree without its article after "be": where or when it peaks, or at the end of its clause
  // ("where haulage distances are longest").
  const bare = tokens[at - 1]?.pos === 'AUX' && tokens[at - 1]!.lemma === 'be'
  // ("The premium is easiest to justify where a mistake would be costly": past its infinitive.)
  const infinitive = tokens[last + 1]?.lower === 'to' && tokens[last + 2]?.pos === 'VERB'
  const after = tokens[last + (infinitive ? 3 : 1)]
  return (
    bare &&
    // ("where the premium is widest and where most moves happen": at the end of its conjunct.)
    (['on', 'in', 'for', 'where', 'when', 'among', 'at', 'and'].includes(after?.lower ?? '') ||
      after === undefined ||
      [',', ';', '.'].includes(after.text))
  )
}

/** "ran the most reliable rural network in England", "the lowest fees of any provider": a phrase
 * ranked across a country, a market or all comparable things claims, whatever its verb. */
export function rankedInAMarket(tokens: Token[], last: number, words: Words): boolean {
  if (ownedByACountry(tokens, last, words)) return true
  // The phrase's own nouns, then the scope straight after them ("network in England"); not a date
  // ("the smallest prep school in January 2025") nor a later predicate ("fees all in Japan").
  let k = last + 1
  // ("part of UK printing": a head the tagger reads as an adverb before "of".)
  // ("the fastest glass-claims process in the UK market": a hyphen inside the noun's phrase.)
  // ("the busiest cash-and-carry in the North West": a word written with hyphens is one, whatever
  // the tagger reads its parts as.)
  const glued = (j: number) =>
    tokens[j + 1] !== undefined && tokens[j - 1]!.end === tokens[j]!.start && tokens[j]!.end === tokens[j + 1]!.start
  const joins = (j: number) =>
    tokens[j]!.text === '-' && j > last + 1 && (['NOUN', 'ADJ', 'PROPN'].includes(tokens[j + 1]?.pos ?? '') || glued(j))
  const afterAJoin = (j: number) => tokens[j - 1]?.text === '-' && j - 1 > last + 1 && glued(j - 1)
  // ("the most trusted name on the high street": the participle "most" grades.)
  const graded = (j: number) => j === last + 1 && tokens[last]!.lower === 'most' && tokens[j]!.pos === 'VERB'
  while (
    k < tokens.length &&
    (['NOUN', 'PROPN', 'ADJ'].includes(tokens[k]!.pos) ||
      (tokens[k]!.pos === 'ADV' && tokens[k + 1]?.lower === 'of') ||
      joins(k) ||
      afterAJoin(k) ||
      graded(k)) &&
    (tokens[k]!.text !== '-' || joins(k))
  )
    k++
  const t = tokens[k]
  if (t === undefined) return false
  // ("the smallest increase of any role we track" ranks within what "we" track.)
  if (t.lower === 'of' && ['any', 'all'].includes(tokens[k + 1]?.lower ?? '')) return !['we', 'our'].includes(tokens[k + 3]?.lower ?? '')
  // "the fastest-growing segment of the market", "…part of the UK office market".
  if (t.lower === 'of' && tokens[k + 1]?.lower === 'the') {
    let j = k + 2
    while (['PROPN', 'ADJ', 'NOUN'].includes(tokens[j]?.pos ?? '') && !words.marketWords.has(tokens[j]!.lower) && j < k + 5) j++
    if (words.marketWords.has(tokens[j]?.lower ?? '') || words.scopeWords.has(tokens[k + 2]?.lower ?? '')) return true
  }
  // "the fastest-growing part of UK printing": a part of a country's or a named market's whole;
  // "the fastest-growing parts of SME lending": of a trade, named by its gerund.
  if (t.lower === 'of' && tokens[k + 1]?.pos === 'PROPN' && words.scopeWords.has(tokens[k + 1]!.lower)) return true
  if (t.lower === 'of' && ofATrade(tokens, k + 1)) return true
  if (!['in', 'on', 'across'].includes(t.lower)) return false
  let from = tokens[k + 1]?.lower === 'the' ? k + 2 : k + 1
  // "in northern Europe", "in the wider UK market": past the scope's adjectives.
  while (tokens[from]?.pos === 'ADJ' && ['PROPN', 'NOUN'].includes(tokens[from + 1]?.pos ?? '')) from++
  const scope = tokens[from]
  if (scope === undefined || words.months.has(scope.lower)) return false
  // "the largest line in the IT operating budget": a name that modifies a noun phrase is no place;
  // the phrase's head is the scope.
  let head = from
  while (['NOUN', 'PROPN'].includes(tokens[head + 1]?.pos ?? '') || (tokens[head + 1]?.pos === 'VERB' && tokens[head + 2]?.pos === 'NOUN'))
    head++
  // ("in UK recruitment": a country's trade is a market whatever its noun.)
  if (head > from && scope.pos === 'PROPN' && tokens[head]!.pos === 'NOUN')
    return words.marketWords.has(tokens[head]!.lower) || words.scopeWords.has(tokens[head]!.lower) || words.scopeWords.has(scope.lower)
  // ("scored highest on KPIs": an initialism's plural is a measure, no place.)
  const initialisms = /^\p{Lu}{2,}s$/u.test(scope.text)
  if ((scope.pos === 'PROPN' && !initialisms) || words.marketWords.has(scope.lower) || words.scopeWords.has(scope.lower)) return true
  // "on independent retail": a trade the tagger reads as an adjective, at the phrase's end.
  let end = from
  while (['ADJ', 'NOUN'].includes(tokens[end + 1]?.pos ?? '')) end++
  return end > from && words.marketWords.has(tokens[end]!.lower)
}

/** "Felixstowe, the UK's busiest container port", "Europe's most visited city": a country's own
 * ranks across it, whatever the clause does with the phrase. */
export function ownedByACountry(tokens: Token[], last: number, words: Words): boolean {
  let lead = last
  while (lead > 0 && (['ADJ', 'NOUN', 'ADV'].includes(tokens[lead - 1]!.pos) || tokens[lead - 1]!.text === '-')) lead--
  return ["'s", '’s'].includes(tokens[lead - 1]?.lower ?? '') && words.countryOwners.has(tokens[lead - 2]?.lower ?? '')
}

/** "starting with the ten sites that hold the most sensitive data": a superlative in the relative
 * clause of a counted set says which ones the count takes. */
export function countedSet(tokens: Token[], at: number): boolean {
  const relative = tokens.slice(0, at).findLastIndex((t) => ['that', 'which', 'who'].includes(t.lower))
  if (relative < 2 || tokens.slice(relative, at).some((t) => [',', ';', ':'].includes(t.text))) return false
  const noun = tokens[relative - 1]!
  if (noun.pos !== 'NOUN' || noun.lower === noun.lemma) return false
  // The count before the noun and its modifiers ("the ten sites"; "in 2024 with digital radios" counts none).
  let k = relative - 2
  while (k > 0 && ['ADJ', 'NOUN'].includes(tokens[k]!.pos)) k--
  return tokens[k]?.pos === 'NUM' && !/^(?:19|20)\d{2}$/.test(tokens[k]!.text)
}

/** A trade named by its gerund, maybe after its modifiers: "SME lending", "commercial printing". */
function ofATrade(tokens: Token[], from: number): boolean {
  let j = from
  while (j < from + 3 && ['PROPN', 'ADJ'].includes(tokens[j]?.pos ?? '')) j++
  const head = tokens[j]
  return (
    head !== undefined &&
    j > from &&
    /ing$/.test(head.lower) &&
    ['NOUN', 'VERB'].includes(head.pos) &&
    !['NOUN', 'PROPN'].includes(tokens[j + 1]?.pos ?? '')
  )
}
