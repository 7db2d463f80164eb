// Whether a clause gives an instruction: it opens with a verb in its base form ("Replace…",
// "Always keep…", "Do not price below…", "Have supervisors review…"), told apart from a subject the
// tagger read as a verb ("Escape of water is…", "Hire contracts offer…", "Pay rises were…").
import { LEADING_ADVERBS } from './grammar.js'
import type { Token } from './language.js'

/** A clause that gives an instruction: it opens with a verb in its base form ("Replace…", "Always keep…"). */
export function isImperative(clause: Token[]): boolean {
  let k = 0
  while (k < clause.length && (clause[k]!.pos === 'PUNCT' || LEADING_ADVERBS.has(clause[k]!.lower))) k++
  // "Do not price below…", "Don't wait": a negative instruction.
  if (clause[k]?.lower === 'do' && clause[k + 1]?.lemma === 'not') k += 2
  const first = clause[k]
  const next = clause[k + 1]
  // "Be wary of any broker that…", "Be clear about…": an instruction with "be".
  if (first?.text === 'Be' && next?.pos === 'ADJ') return true
  // "Have supervisors review…", "Get the team to…", "Let staff swap shifts": a causative at the start.
  if (first?.pos === 'AUX' && CAUSATIVES.has(first.text) && ['NOUN', 'DET', 'PRON'].includes(next?.pos ?? '') && !isQuestionWord(clause))
    return true
  // "Opt-out referral is…": a hyphenated compound is no instruction; "Closing a branch saves money":
  // a gerund the tagger read as a name is the subject, no base form.
  // ("Building the cost of volunteer support into every bid is…": a gerund the tagger read as a noun
  // is the subject too; "Bring" is a base form.)
  const gerund = /ing$/.test(first?.lower ?? '') && !ING_BASE_FORMS.has(first?.lower ?? '')
  if (!first || first.lower !== first.lemma || next?.text === '-' || (['PROPN', 'NOUN'].includes(first.pos) && gerund)) return false
  // "Plan for 12 to 16 weeks…", "Budget for a second visit": a verb that takes "for", read as a name
  // ("Demand for parcels rose" is a subject: only these verbs are).
  if (next?.lower === 'for' && VERBS_BEFORE_FOR.has(first.lower)) return true
  // "Check appointments offered per 1,000 patients…": verbs seldom a noun before a bare plural
  // ("Price rises were…", "Review dates fall…" are subjects).
  if (VERBS_BEFORE_A_PLURAL.has(first.lower) && next?.pos === 'NOUN' && next.lower !== next.lemma) return true
  // "Ring or email each of the suppliers…": two verbs in their base form, joined.
  const joined = clause[k + 2]
  if (['or', 'and'].includes(next?.lower ?? '') && joined?.pos === 'VERB' && joined.lower === joined.lemma && first.lower === first.lemma)
    return !/[^su'’]s$/.test(first.lower) && ['DET', 'PRON', 'NOUN'].includes(clause[k + 3]?.pos ?? '')
  // "Archive, rather than migrate, files nobody has opened…": a verb, then the one it is preferred to.
  if (next?.text === ',' && clause[k + 2]?.lower === 'rather' && clause[k + 3]?.lower === 'than') return !/[^su'’]s$/.test(first.lower)
  // "Pay rises were…" is a subject; "Keep offset for…" a verb and its object, read as a verb.
  const objectReadAsVerb = next?.pos === 'VERB' && next.lower === next.lemma
  if (first.pos === 'VERB') return (next?.pos !== 'VERB' || objectReadAsVerb) && next?.pos !== 'AUX' && !isSubjectHead(clause, k)
  // The tagger reads some sentence-initial verbs as nouns ("Model the effect…"): a noun directly
  // followed by a determiner or a number is a verb here ("Customers who…" is not, nor "Brands that
  // pair…": a base form does not end in a plural's -s, as "Assess" and "Focus" may).
  // "Bureaux that bundle…": "that" after a noun opens a relative clause.
  // "Check that the register balances": "that" opening a clause (not a relative pronoun) is its object.
  // ("Network A, the most trusted name…": a capital "A" after a name labels it, it is no article.)
  // ("Group no-shows rose…": a determiner that opens a compound, "no-shows", is no article.)
  const takesAnObject =
    (['DET', 'NUM'].includes(next?.pos ?? '') && next?.lower !== 'that' && next?.text !== 'A' && clause[k + 2]?.text !== '-') ||
    OBJECT_PRONOUNS.has(next?.lower ?? '') ||
    (next?.lower === 'that' && next.pos === 'SCONJ') ||
    // "Check next week's rota": a day's possessive is a determiner too.
    (['next', 'last', 'this'].includes(next?.lower ?? '') && ["'s", '’s'].includes(clause[k + 3]?.text ?? ''))
  // "Count missed appointments…": a participle and its noun are the object too ("Several integrated
  // care boards…" is a subject: a quantifier the tagger read as a name).
  const participleObject =
    next?.pos === 'VERB' && next.lower.endsWith('ed') && clause[k + 2]?.pos === 'NOUN' && !QUANTIFIERS.has(first.lower)
  return (first.pos === 'NOUN' || first.pos === 'PROPN') && (takesAnObject || participleObject) && !/[^su'’]s$/.test(first.lower)
}

/** Causatives that open an instruction with their capital ("Have supervisors review…"). */
const CAUSATIVES = new Set(['Have', 'Get', 'Let', 'have', 'get', 'let'])
const CAUSATIVE_LEMMAS = new Set(['help', 'let', 'make', 'have', 'get', 'see', 'watch', 'hear', 'bid'])
const isQuestionWord = (clause: Token[]) => clause.at(-1)?.text === '?'

const QUANTIFIERS = new Set([
  'several',
  'many',
  'some',
  'most',
  'all',
  'few',
  'both',
  'each',
  'every',
  'any',
  'other',
  'such',
  'certain',
  'various',
  'numerous',
])

/** Pronouns that can only be an object or a determiner ("Measure it on realisation", "Count everyone
 * who left…"), never a relative pronoun after a subject ("Customers who…"). */
const OBJECT_PRONOUNS = new Set([
  ...['it', 'them', 'us', 'me', 'him', 'your', 'our', 'their', 'its', 'yours', 'ours', 'theirs'],
  ...['everyone', 'everybody', 'everything', 'anyone', 'anybody', 'anything'],
])

const FREQUENCY_ADVERBS = new Set(['always', 'never', 'usually', 'often', 'rarely', 'seldom', 'sometimes', 'generally', 'typically'])
const FINITE_LINKS = new Set(['is', 'are', 'was', 'were', 'has', 'have', 'had'])

/** "Escape of water is the biggest source…": a word the tagger read as a verb, followed by "of"
 * (or by a noun: "Scrap quality is…") and then by the clause's finite verb, is in the subject ("Think of it as…" has no such
 * verb; "Dispose of stock that is…" reaches it through a relative clause). */
function isSubjectHead(clause: Token[], k: number): boolean {
  // "Scrap quality is the largest threat", "Help desk responsiveness is…": a compound noun, then the clause's verb.
  let noun = k + 1
  while (clause[noun]?.pos === 'NOUN' && clause[noun + 1]?.pos === 'NOUN') noun++
  if (clause[noun]?.pos === 'NOUN' && FINITE_LINKS.has(clause[noun + 1]?.lower ?? '')) return true
  // ("Retrofit work for housing associations is the fastest-growing segment": the noun and its
  // prepositional phrase, then the clause's verb.)
  if (clause[k + 1]?.pos === 'NOUN' && reachesALink(clause, k + 1)) return true
  // "Hire contracts offer the widest range": a plural compound, then its own verb at once ("Help
  // teams plan ahead" has a causative verb).
  // ("Cover crops always pay for their seed": an adverb of frequency may stand before that verb.)
  const adverb = clause[k + 2]?.pos === 'ADV' && FREQUENCY_ADVERBS.has(clause[k + 2]!.lower) ? 1 : 0
  const [head, verb] = [clause[k + 1], clause[k + 2 + adverb]]
  // ("Build costs rose by about 6%": a simple past that is no participle is the subject's verb too;
  // "List jobs completed this week" instructs.)
  if (
    head?.pos === 'NOUN' &&
    head.lower !== head.lemma &&
    verb?.pos === 'VERB' &&
    (verb.lower === verb.lemma || SIMPLE_PASTS.has(verb.lower)) &&
    !CAUSATIVE_LEMMAS.has(clause[k]!.lemma)
  )
    return true
  // "Damp and mould cases (logged by our clients) have tripled": a conjunct and its nouns, up to a
  // plural head or the clause's auxiliary ("Sort and label the cases" joins two verbs).
  if (clause[k + 1]?.pos === 'CCONJ') {
    let j = k + 2
    // ("Retrofit and energy-efficiency work is…": a hyphenated compound among them.)
    while (['NOUN', 'ADJ'].includes(clause[j]?.pos ?? '') || (clause[j]?.text === '-' && clause[j + 1]?.pos === 'NOUN')) j++
    const head = clause[j - 1]!
    return (
      j > k + 2 &&
      head.pos === 'NOUN' &&
      (FINITE_LINKS.has(clause[j]?.lower ?? '') || head.lower !== head.lemma || reachesALink(clause, j - 1))
    )
  }
  if (clause[k + 1]?.lower !== 'of') return false
  for (let j = k + 2; j < clause.length; j++) {
    const t = clause[j]!
    if (t.pos === 'SCONJ' || t.pos === 'PRON' || t.text === ',') return false
    // ("Cover of £5 million will always satisfy an organiser": a modal is the clause's verb too.)
    if (t.pos === 'AUX' || t.pos === 'VERB') return FINITE_LINKS.has(t.lower) || SUBJECT_MODALS.has(t.lower)
  }
  return false
}

const SIMPLE_PASTS = new Set(['rose', 'fell', 'grew', 'went', 'came', 'ran', 'took', 'began', 'became', 'shrank', 'sank', 'drove', 'gave'])
const SUBJECT_MODALS = new Set(['will', 'would', 'can', 'could', 'may', 'might', 'should', 'must'])

/** From a noun at j: its noun phrase and the prepositional phrases after it, up to the clause's
 * finite link ("work for housing associations is"); a pause, a relative or another verb ends it. */
function reachesALink(clause: Token[], j: number): boolean {
  let k = j
  while (['NOUN', 'ADJ', 'DET', 'NUM'].includes(clause[k]?.pos ?? '') || clause[k]?.text === '-') k++
  if (clause[k]?.pos !== 'ADP') return false
  for (; k < clause.length; k++) {
    const t = clause[k]!
    if (['ADP', 'NOUN', 'ADJ', 'DET', 'NUM', 'PROPN'].includes(t.pos) || t.text === '-') continue
    return FINITE_LINKS.has(t.lower)
  }
  return false
}

const VERBS_BEFORE_A_PLURAL = new Set(['check', 'compare', 'count', 'flag', 'chase', 'sort'])
const VERBS_BEFORE_FOR = new Set(['plan', 'budget', 'allow', 'aim', 'prepare', 'wait', 'allocate'])
const ING_BASE_FORMS = new Set(['bring', 'ring', 'sing', 'string', 'swing', 'sting', 'fling', 'wring', 'cling', 'spring'])

/** An instruction counts from the reader's moment; "Expect rates to rise in the coming months" is
 * the writer's forecast, put as one. */
export const instructs = (clause: Token[], forecastInstructions: ReadonlySet<string>) =>
  isImperative(clause) && !forecastInstructions.has(clause.find((t) => t.pos !== 'PUNCT')?.lemma ?? '')
