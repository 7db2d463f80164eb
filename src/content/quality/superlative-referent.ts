// Whether a ranked noun phrase names who or what an ordinary verb acts on ("the largest customer
// pays 30 days late", "takes the largest schemes out of the peak"), which picks things out, or is
// linked by its verb to what it is ("the biggest risk is…"), which ranks.
import { CLAUSE_BREAKS } from './grammar.js'
import type { Token } from './language.js'
import { ownedByACountry, rankedInAMarket } from './superlative-scope.js'
import type { WordLists } from './word-lists.js'

type Words = WordLists['superlative']

const MODAL_AUXILIARIES = new Set(['will', 'would', 'can', 'could', 'may', 'might', 'shall', 'should', 'must'])

const COORDINATORS = new Set(['and', 'or', 'then'])

/** The sentence opens with a word in its base form, as an instruction does ("Book…", "Give…"). */
const startsBare = (tokens: Token[]) => {
  const first = tokens.find((t) => t.pos !== 'PUNCT')
  return first !== undefined && first.lower === first.lemma && ['VERB', 'NOUN', 'PROPN'].includes(first.pos)
}

const NOUN_PHRASE = new Set(['DET', 'ADJ', 'NUM', 'PRON', 'PART', 'NOUN', 'PROPN'])
// Subordinators the tagger may read as adverbs or prepositions ("once the longest waits began to fall").
const CLAUSE_OPENERS = new Set([
  'so',
  'which',
  'that',
  'where',
  'when',
  'while',
  'and',
  'but',
  'once',
  'until',
  'because',
  'although',
  'though',
])

/** The clause before token `k` has the writer as its subject ("we always pick…", "our team finds…"). */
function saidOfUs(tokens: Token[], k: number): boolean {
  for (let j = k - 1; j >= 0 && !CLAUSE_BREAKS.has(tokens[j]!.text) && tokens[j]!.text !== ','; j--)
    if (['we', 'our', 'us'].includes(tokens[j]!.lower)) return true
  return false
}

/** "The largest customer pays 30 days late", "so the oldest stock is sold first": the phrase names
 * who does something; "the biggest risk is …" and "the biggest gains come from …" rank, because the
 * verb links the phrase to what it is or where it comes from. The object of a gerund or an
 * infinitive picks things out too, and so does a possessive's own ranking as the object of an
 * ordinary verb ("spreads its best people thin"). */
export function namesAReferent(tokens: Token[], at: number, last: number, words: Words): boolean {
  if (ownedByACountry(tokens, last, words)) return false
  let start = at
  // "the second-lowest": a hyphen joins the phrase's words.
  while (start > 0 && (NOUN_PHRASE.has(tokens[start - 1]!.pos) || tokens[start - 1]!.text === '-')) start--
  const opener = tokens[start - 1]
  if (opener?.pos === 'VERB' && !words.linkingVerbs.has(opener.lemma) && words.possessives.has(tokens[start]!.lower)) return true
  // "Do the busiest entrances first": an instruction's "Do", which the tagger reads as an auxiliary.
  if (start === 1 && opener?.lower === 'do' && tokens[start]!.pos === 'DET') return true
  // "by tendering its largest categories", "to call the biggest customers": the object of a
  // gerund or infinitive names what a method works on.
  if (opener?.pos === 'VERB' && (opener.lower.endsWith('ing') || tokens[start - 2]?.lower === 'to')) return true
  // "Book samples in as they arrive and give urgent ones the fastest centrifuge": an instruction
  // the tagger did not see as one, continued after "and".
  if (opener?.pos === 'VERB' && opener.lower === opener.lemma && COORDINATORS.has(tokens[start - 2]?.lower ?? '') && startsBare(tokens))
    return true
  // "The route takes the largest schemes out of the peak": the object of an ordinary verb is
  // picked out; after a verb of outcome ("achieve the highest rates") or one whose subject is the
  // writer ("we pick the best system") it ranks what the subject gets or does.
  if (
    opener?.pos === 'VERB' &&
    !words.linkingVerbs.has(opener.lemma) &&
    !words.outcomeVerbs.has(opener.lemma) &&
    !saidOfUs(tokens, start) &&
    !rankedInAMarket(tokens, last, words)
  )
    return true
  if (opener && opener.pos !== 'PUNCT' && opener.pos !== 'SCONJ' && !CLAUSE_OPENERS.has(opener.lower)) return false
  // "The best retailers we know run their trading from one page": a judgement of quality names no
  // group by a measure, whatever its verb ("the largest firms had caseloads…" picks out by size).
  if (['best', 'worst'].includes(tokens[at]!.lower) && at === 1 && tokens[0]!.lower === 'the') return false
  // The phrase's own verb: not an infinitive inside it ("the swiftest route to lower rates is…"),
  // nor a relative clause without "that" ("the biggest cause we see is…").
  // After "the hardest" the next word is its noun, even when the tagger reads a verb ("part").
  const noun = tokens[at - 1]?.pos === 'DET' && tokens[last + 1]?.pos === 'VERB' ? 1 : 0
  // ("the slowest cases involved HGV access conditions": a form in -ed read as an adjective before
  // its object is the verb.)
  const misreadPast = (t: Token, k: number, rest: Token[]) =>
    t.pos === 'ADJ' && t.lower.endsWith('ed') && rest[k - 1]?.pos === 'NOUN' && ['DET', 'PROPN', 'NOUN'].includes(rest[k + 1]?.pos ?? '')
  const verbs = tokens.slice(last + 1 + noun).filter(
    (t, k, rest) =>
      (t.pos === 'VERB' || t.pos === 'AUX' || misreadPast(t, k, rest)) &&
      rest[k - 1]?.lower !== 'to' &&
      rest[k - 1]?.pos !== 'PRON' &&
      // "The biggest risk with full outsourcing is…": a gerund after a preposition is a noun, and one
      // after a determiner or a compound's number a modifier ("for a tier-two machining supplier").
      !(
        t.pos === 'VERB' &&
        t.lower.endsWith('ing') &&
        // ("…give for switching centre is": "for" read as a conjunction is still its preposition.)
        (['ADP', 'DET', 'SCONJ'].includes(rest[k - 1]?.pos ?? '') ||
          (rest[k - 1]?.pos === 'NUM' && rest[k - 2]?.text === '-' && rest[k + 1]?.pos === 'NOUN') ||
          (['ADJ', 'ADV'].includes(rest[k - 1]?.pos ?? '') && ['ADP', 'DET'].includes(rest[k - 2]?.pos ?? '')))
      ) &&
      // ("The fastest route to an earlier start is to negotiate…": a base form after an article and
      // its adjective is a noun, and so is one between a preposition and its noun: "for hire shops".)
      !(t.pos === 'VERB' && t.lower === t.lemma && ['ADJ', 'ADV'].includes(rest[k - 1]?.pos ?? '') && rest[k - 2]?.pos === 'DET') &&
      !(t.pos === 'VERB' && t.lower === t.lemma && ['ADP', 'SCONJ'].includes(rest[k - 1]?.pos ?? '') && rest[k + 1]?.pos === 'NOUN'),
  )
  // "The biggest mistake trustees make in a merger is…": a zero relative whose subject is a plural
  // noun after the phrase's head; the phrase's own verb comes after it.
  const afterHead = tokens.slice(last + 1 + noun)
  const zeroRelative = (t: Token) => {
    const k = afterHead.indexOf(t)
    const subject = afterHead[k - 1]
    // ("the biggest risk facing section 151 officers is…": a participle after the head is its own.)
    const participle = k === 1 && t.lower.endsWith('ing') && afterHead[0]?.pos === 'NOUN'
    return (
      participle ||
      (t.lower === t.lemma && k === 2 && subject?.pos === 'NOUN' && subject.lower !== subject.lemma && afterHead[0]?.pos === 'NOUN')
    )
  }
  const verb = verbs.length > 1 && zeroRelative(verbs[0]!) ? verbs[1] : verbs[0]
  if (!verb) return false
  // "The most mature platforms on the market price within 10%": ranked in a market, whatever the verb.
  if (tokens.slice(last + 1, tokens.indexOf(verb)).some((t) => words.marketWords.has(t.lower) && t.lower !== 'way')) return false
  // "is sold first": a passive after a form of "be" is an ordinary verb; "is the biggest risk" links.
  const following = tokens[tokens.indexOf(verb) + 1]
  // A participle ends as one ("sold", "made", "run", "cut"); "is labour" is a noun the tagger misread.
  // "the oldest will reach the limit": after a modal, the verb is the phrase's own.
  // ("the most significant gap will be evidence…": a forecast's "be" links as "is" does.)
  if (verb.pos === 'AUX' && ['VERB', 'AUX'].includes(following?.pos ?? '') && MODAL_AUXILIARIES.has(verb.lower))
    return !words.copulas.has(following!.lemma)
  // ("The biggest risk is hidden work behind the walls": a participle before its noun describes the
  // complement, the copula links.)
  const describesItsNoun = tokens[tokens.indexOf(verb) + 2]?.pos === 'NOUN'
  if (verb.pos === 'AUX' && following?.pos === 'VERB' && !describesItsNoun)
    return following.lower !== following.lemma && /[dnte]$/.test(following.lower) && !following.lower.endsWith('ing')
  if (words.originFrames.has(`${verb.lemma} ${following?.lower ?? ''}`)) return false
  return !words.copulas.has(verb.lemma)
}
