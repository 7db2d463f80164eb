// A "Why…" title asks for a cause. The opening answers it when its first 60 words give one ("ERP
// projects overrun because scope grows…", "mainly for two reasons", "comes down to…"), or when its
// first sentence states the title's own claim with what explains it ("Cloud bills grow faster than
// revenue when teams provision for peak load", "Reviewing safety stock each quarter keeps…").
// Context first ("Building information modelling has been required since 2016…") gives none.
import type { QualityContext } from './context.js'
import { hasFiniteVerb, tenseOf } from './grammar.js'
import { articleYear } from './title-words.js'
import type { WordLists } from './word-lists.js'

type Words = WordLists['answerFirst']

/** "Why do rollouts stall?", "What went wrong when a retailer centralised its allocation?". */
export const asksWhy = (title: string) =>
  /^(?:why|what\s+went\s+wrong|what\s+caused|what(?:\s+is|\s+are|['’]s)?\s+driving|what\s+drives)\b/i.test(title.trim())

export function givesAReason(firstSentence: string, firstWords: string, title: string, context: QualityContext, words: Words): boolean {
  // ("In the early 2000s, a typical insurance repair meant a bumper and a wing…": a history told
  // first leaves the reason for later, whatever the words after it promise.)
  const history = tellsAHistory(firstSentence, context)
  words.reasons.lastIndex = 0
  if (words.reasons.test(history ? firstSentence : firstWords)) return true
  // "Rates are being pushed down by a wave of new ships", "Costs are driven by wages": the agent of a passive.
  if (PASSIVE_AGENT.test(firstSentence)) return true
  // ("Caseloads and complaints, mostly.": the causes named, without a verb.)
  if (firstSentence.split(/\s+/).length <= 8 && !hasFiniteVerb(context.read.tokens(firstSentence))) return true
  // The title's own verbs ("stalled", "grow", "sub-meter"), not its auxiliaries ("do", "are"); after
  // an auxiliary ("Why do garden centre loyalty schemes fail?") the last is the main one, the
  // others misread nouns of its subject.
  const tokens = context.read.tokens(title)
  // ("Why net promoter score is overrated": an adjective after the copula is the claim.)
  const predicate = tokens.findIndex((t) => t.pos === 'AUX' && ['is', 'are'].includes(t.lower))
  const own = tokens
    // ("…automated its customer onboarding": a gerund without its auxiliary names a thing.)
    .filter(
      (t, k) =>
        // ("Why rail freight is losing ground": before the copula, the subject's words are no verb.)
        (t.pos === 'VERB' &&
          !AUXILIARIES.has(t.lemma) &&
          !(predicate > 1 && k < predicate) &&
          // ("Why are charity shop donations falling…?": after the title's own inverted "are" the
          // form in -ing is its verb.)
          !(
            t.lower.endsWith('ing') &&
            tokens[k - 1]?.pos !== 'AUX' &&
            !(INVERTED_BE.has(tokens[1]?.lower ?? '') && k > 2 && tokens[k + 1]?.pos !== 'NOUN')
          ) &&
          // ("…fail their first approved body audit?": a participle before its noun describes it.)
          !(t.lower.endsWith('ed') && tokens[k + 1]?.pos === 'NOUN' && ['DET', 'PRON', 'ADJ', 'ADV'].includes(tokens[k - 1]?.pos ?? ''))) ||
        (predicate > 1 && k > predicate && t.pos === 'ADJ'),
    )
    // ("What is driving…": "drive", "drives" and "driven" say it too.)
    .map((t) => (t.lower.endsWith('ing') ? [t.lower, t.lemma] : [t.lower]))
  // "Why do council ERP replacements overrun?": after "do", a last word the tagger read as a noun
  // is the verb, when no other is.
  const last = tokens.filter((t) => t.pos !== 'PUNCT').at(-1)
  if (own.length === 0 && DO_SUPPORT.has(tokens[1]?.lower ?? '') && last && last.lower === last.lemma && tokens.length > 3)
    own.push([last.lower])
  // ("Why are so many riding schools closing?": after "are", a last word in -ing is the verb, however tagged.)
  if (own.length === 0 && INVERTED_BE.has(tokens[1]?.lower ?? '') && last && /ing$/.test(last.lower) && tokens.length > 3)
    own.push([last.lower])
  const verbs = tokens[1]?.pos === 'AUX' && own.length > 0 ? [own.at(-1)!] : own
  if (verbs.length === 0) return !history
  const said = firstSentence.toLowerCase().match(/[\p{L}-]+/gu) ?? []
  return verbs.flat().some((verb) => said.some((word) => sameVerb(word, verb)))
}

/** "Until 2000, every firm bought its cover from the Solicitors Indemnity Fund…", "Builders have
 * wrestled with London Clay since Victorian navvies dug…, and the industry learned hard lessons when
 * the drought of 1976…": with no verb of the title's to look for, a sentence told in the past or
 * the perfect, with nothing in the present, of a year a decade or more before the article's is a
 * history, no reason. */
export function tellsAHistory(sentence: string, context: QualityContext): boolean {
  // ("the early 2000s": a decade counts from its start, its late years from its end.)
  const old = [...sentence.matchAll(/\b(late\s+)?((?:1[89]|20)\d{2})(s)?\b/gi)].some(
    (m) => Number(m[2]) + (m[3] ? (m[1] ? 9 : 5) : 0) <= articleYear(context) - 10,
  )
  if (!old) return false
  const tokens = context.read.tokens(sentence)
  const tense = tenseOf(tokens)
  const present = tokens.some(
    (t) => ['is', 'are', 'am', 'do', 'does'].includes(t.lower) || (t.pos === 'VERB' && /[^s]s$/.test(t.lower) && t.lower !== t.lemma),
  )
  return (tense.past || tense.perfect) && !tense.future && !present
}

// (Verbs of force, not any doer: "was launched by the government" gives no cause.)
const PASSIVE_AGENT =
  /\b(?:is|are|was|were|been|being)\s+(?:\p{L}+ly\s+)?(?:pushed|driven|held|kept|caused|fuelled|fueled|led|hit|squeezed|dragged|lifted|boosted|depressed|forced|prompted|triggered|explained)(?:\s+(?:up|down|back))?\s+by\b/iu

const DO_SUPPORT = new Set(['do', 'does', 'did'])
const AUXILIARIES = new Set(['do', 'be', 'have', 'should', 'can', 'will', 'would', 'could', 'must', 'may', 'might'])

/** "stall" and "stalled", "lose" and "losing", "sub-meter" and "sub-metering": one stem. */
function sameVerb(word: string, verb: string): boolean {
  const stem = verb.slice(0, Math.max(3, Math.min(5, verb.length - 1)))
  return word.startsWith(stem) && word.length >= stem.length
}

/** "When should a shipyard bring in a second shift?" asks for a time or a condition: the opening
 * sentence gives one ("Once gross revenue retention is above 90%", "From 6 April 2026"), a month or
 * a year, or a figure to go on; "Shipyards live with an awkward mix of long projects and lumpy
 * demand." gives none. */
export const asksWhen = (title: string) => /^when\b/i.test(title.trim())

export function givesATime(firstSentence: string, words: Words): boolean {
  words.timeAnswers.lastIndex = 0
  words.timeFrom.lastIndex = 0
  if (words.timeAnswers.test(firstSentence) || words.timeFrom.test(firstSentence)) return true
  // ("has its roots in the Transport Act 1985": a statute's year names it.)
  const unnamed = firstSentence.replace(/\b(?:Act|Regulations|Order|Code)\s+(?:19|20)\d{2}\b/g, '')
  return /\d/.test(unnamed) || [...(firstSentence.toLowerCase().match(/\p{L}+/gu) ?? [])].some((w) => words.months.has(w))
}

const INVERTED_BE = new Set(['is', 'are', 'was', 'were'])
