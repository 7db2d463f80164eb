// Grammar read off a tagged sentence: where a clause starts and ends, its tense, whether it is an
// instruction, advice or a question, and whether it has a finite verb. The rules decide with these
// what a candidate word is doing in its sentence.
import type { Token } from './language.js'

const PRESENT_BE = new Set(['is', 'are', 'am', 'be', "'s", '’s', "'re", '’re', 'been', 'being', 'get', 'gets'])
const HAVE = new Set(['has', 'have', "'ve", '’ve'])
const PAST_AUX = new Set(['was', 'were', 'had', 'did'])
const MODALS = new Set(['will', 'would', 'shall', 'should', 'can', 'could', 'may', 'might', 'must', "'ll", '’ll', 'wo', 'ca'])
const SUBJECTS = new Set(['i', 'we', 'you', 'they', 'he', 'she', 'it'])
const FUTURE = new Set(['will', "'ll", '’ll', 'shall', 'wo'])
/** Punctuation that ends a clause inside a sentence. */
export const CLAUSE_BREAKS = new Set([';', ':', '—', '–'])
/** Adverbs that may stand before an instruction's verb ("Always keep…"). */
export const LEADING_ADVERBS = new Set([
  'always',
  'never',
  'first',
  'then',
  'also',
  'just',
  'simply',
  'now',
  'next',
  'finally',
  'second',
  'secondly',
  'third',
  'thirdly',
  'lastly',
  'please',
  'instead',
  'so',
  // "And replace the oldest diesels…": an instruction may continue the one before.
  'and',
  'but',
])

export interface Tense {
  future: boolean
  perfect: boolean
  past: boolean
  progressive: boolean
}

/** Index of the token that starts at or after `offset`. */
export function tokenAt(tokens: Token[], offset: number): number {
  const i = tokens.findIndex((t) => t.end > offset)
  return i === -1 ? tokens.length - 1 : i
}

/** "Each month, compare…", "Once the first screen is converted, compare…": a fronted frequency or
 * time (the tagger may read its conjunction as an adverb) before the main clause. */
const FRONTED_FREQUENCY = new Set(['each', 'every', 'once', 'when', 'after', 'before', 'until'])

/** The clause around token i: the stretch between semicolons, colons or dashes; past the comma of a
 * fronted phrase, condition or frequency, the main clause ("For the first campaign, start with…",
 * "If costs rise, cut…", "Each month, compare…"), which has its own mood and tense. */
export function clauseOf(tokens: Token[], i: number): Token[] {
  // ("costs £40,000–£65,000 installed": a dash between figures is a range, no break.)
  const breaks = (k: number) => CLAUSE_BREAKS.has(tokens[k]!.text) && !inARange(tokens, k)
  let from = i
  while (from > 0 && !breaks(from - 1)) from--
  let to = i
  while (to < tokens.length && !breaks(to)) to++
  // ("To see where you stand, count every invoice…": a fronted purpose, then the instruction; "To make
  // this a habit, every Monday, compare…": one fronted phrase after another.)
  for (;;) {
    const comma = tokens.findIndex((t, k) => k >= from && k < i && t.text === ',')
    const purpose = tokens[from]?.lower === 'to' && ['VERB', 'NOUN'].includes(tokens[from + 1]?.pos ?? '') && tokens[from]?.pos === 'PART'
    const fronted = ['ADP', 'SCONJ'].includes(tokens[from]?.pos ?? '') || FRONTED_FREQUENCY.has(tokens[from]?.lower ?? '') || purpose
    if (comma === -1 || !fronted) return tokens.slice(from, to)
    from = comma + 1
  }
}

const isVerb = (t: Token | undefined) => t?.pos === 'VERB'

/** The dash at k joins two figures ("£40,000–£65,000", "3–5 weeks"). */
const inARange = (tokens: Token[], k: number) =>
  ['–', '-'].includes(tokens[k]!.text) &&
  tokens[k - 1]?.pos === 'NUM' &&
  (tokens[k + 1]?.pos === 'NUM' || (tokens[k + 1]?.pos === 'SYM' && tokens[k + 2]?.pos === 'NUM'))

/** A verb form inflected for the past (simple past or participle): "grew", "fallen", "cut" is not. */
export function isPastForm(t: Token): boolean {
  if (PAST_AUX.has(t.lower)) return true
  // ("the team re-graded its stock": the tagger keeps a verb with "re-" whole, as its own lemma;
  // "a well-stocked wall", "pre-loved models" are adjectives.)
  if (isVerb(t) && /^re-\p{L}+ed$/u.test(t.lower)) return true
  return isVerb(t) && t.lower !== t.lemma && !t.lower.endsWith('s') && !t.lower.endsWith('ing')
}

/** The auxiliary in front of token j, skipping adverbs and "not". */
function auxBefore(tokens: Token[], j: number): Token | undefined {
  for (let k = j - 1; k >= 0 && k >= j - 3; k--) {
    const t = tokens[k]!
    if (t.pos === 'ADV' || t.pos === 'PART') continue
    return t.pos === 'AUX' || PAST_AUX.has(t.lower) || HAVE.has(t.lower) || MODALS.has(t.lower) ? t : undefined
  }
  return undefined
}

/** The tenses a clause is in; a clause may show several ("has grown and will grow"). `future` adds
 * the phrases that put a clause in the future beyond its auxiliaries ("going to", "is set to"); a
 * caller that asks only about the past may leave it out. */
export function tenseOf(clause: Token[], future?: RegExp): Tense {
  const text = clause.map((t) => t.text).join(' ')
  if (future) future.lastIndex = 0
  const tense: Tense = {
    future: (future?.test(text) ?? false) || clause.some((t) => FUTURE.has(t.lower)),
    perfect: false,
    past: false,
    progressive: false,
  }
  clause.forEach((t, j) => {
    if (PAST_AUX.has(t.lower) && t.pos === 'AUX') tense.past = true
    if (isVerb(t) && t.lower.endsWith('ing') && PRESENT_BE.has(auxBefore(clause, j)?.lower ?? '')) tense.progressive = true
    // "has cut", "have put", "has run": after "have" a verb is its participle, whatever its form.
    if (isVerb(t) && !t.lower.endsWith('ing') && HAVE.has(auxBefore(clause, j)?.lower ?? '')) tense.perfect = true
    // ("Prices have been flat over the past 18 months": "been", which the tagger reads as an
    // auxiliary, is the participle of a perfect.)
    if (t.lower === 'been' && HAVE.has(auxBefore(clause, j)?.lower ?? '')) tense.perfect = true
    if (sameFormPastAfterASingular(clause, j)) tense.past = true
    if (!isPastForm(t) || PAST_AUX.has(t.lower)) return
    const aux = auxBefore(clause, j)
    if (!aux) {
      // An attributive participle ("the recruited donor") is no tense, nor one that follows the
      // noun it describes once the clause has its verb ("runway is cash divided by the burn").
      const before = clause[j - 1]
      const after = clause[j + 1]
      // ("We first priced hotel rooms": an adverb after a subject pronoun comes before the verb.)
      const subjectThenAdverb = before?.pos === 'ADV' && SUBJECTS.has(clause[j - 2]?.lower ?? '')
      // ("with fixed costs to meet", "MHCLG's published requirement", "Integrated care boards are…": after a preposition,
      // an owner or nothing too; "with integrated real-ear measurement", "a qualified MOT tester": before an adjective or a name.)
      const owner = ["'s", '’s'].includes(before?.text ?? '')
      const modifies = after?.pos === 'NOUN' || (after?.pos === 'PROPN' && before?.pos === 'DET')
      const attributive =
        (modifies || (after?.pos === 'ADJ' && ['NOUN', 'PUNCT'].includes(clause[j + 2]?.pos ?? ''))) &&
        (['DET', 'ADJ', 'NUM', 'ADV', 'ADP', 'SCONJ'].includes(before?.pos ?? '') || owner || before === undefined) &&
        !subjectThenAdverb
      // ("£2,200 per tonne fabricated and erected": a participle joined to one that follows its noun.)
      const joined = before?.pos === 'CCONJ' && isPastForm(clause[j - 2] ?? before) && followsItsNoun(clause, j - 2)
      // ("a pair of acoustic doors rated at 45 dB costs £2,600": a participle after its noun, with the
      // clause's verb in the present after it, is a reduced relative.)
      const rest = clause.slice(j + 2)
      const reduced =
        before?.pos === 'NOUN' &&
        after?.pos === 'ADP' &&
        rest.some((r, m) => isPresentVerb(r) || (r.pos === 'NOUN' && /[^s]s$/.test(r.lower) && beforeASum(rest[m + 1])))
      // ("a well-stocked yarn wall": a participle after a hyphen is part of a compound modifier.)
      const compound = before?.text === '-'
      if (!attributive && !joined && !reduced && !compound && !followsItsNoun(clause, j)) tense.past = true
    } else if (HAVE.has(aux.lower)) tense.perfect = true
    else if (PAST_AUX.has(aux.lower)) tense.past = true
  })
  return tense
}

/** A sum or a figure follows: "£2,600", "40,000", "around £2,600". */
const beforeASum = (t: Token | undefined) =>
  ['NUM', 'SYM'].includes(t?.pos ?? '') || ['around', 'about', 'roughly'].includes(t?.lower ?? '')

/** "costs", "is", "are": a verb in the present, third person or a form of "be". */
const isPresentVerb = (t: Token) => ['is', 'are'].includes(t.lower) || (t.pos === 'VERB' && /[^s]s$/.test(t.lower) && t.lower !== t.lemma)

/** Verbs whose past is their base form ("cut", "set"): after a singular subject with no auxiliary
 * ("Graham set up his practice in 1998", "How a trust cut its supply spend") the form without -s is
 * past. */
const SAME_FORM_PASTS = new Set(['cut', 'set', 'put', 'cost', 'hit', 'let', 'shut', 'spread', 'split', 'quit', 'bid', 'upset'])
const SINGULAR_SUBJECTS = new Set(['he', 'she', 'it'])
/** Singular nouns that take a plural verb ("Staff cut the rota" may be the present). */
const PLURAL_MEANING = new Set(['staff', 'people', 'police', 'personnel', 'data', 'media', 'cattle', 'crew', 'team', 'board'])
/** What leaves a base form after its subject bare ("let the board set", "did the board cut", "to help it set"). */
const BARE_BEFORE_SUBJECT = new Set(['let', 'make', 'makes', 'help', 'helps', 'see', 'watch', 'did', 'does', 'do', 'to', ...MODALS])

export function sameFormPastAfterASingular(clause: Token[], j: number): boolean {
  const t = clause[j]!
  if (!isVerb(t) || !SAME_FORM_PASTS.has(t.lower) || auxBefore(clause, j)) return false
  const subject = clause[j - 1]
  if (!subject) return false
  const singular =
    SINGULAR_SUBJECTS.has(subject.lower) ||
    (['NOUN', 'PROPN'].includes(subject.pos) && !/s$/.test(subject.lower) && !PLURAL_MEANING.has(subject.lower)) ||
    // ("Fenwick Coaches cut…": a firm's name is one, whatever its last word.)
    (subject.pos === 'PROPN' && clause[j - 2]?.pos === 'PROPN')
  let opener = j - 2
  while (opener >= 0 && ['DET', 'ADJ', 'NOUN', 'PROPN', 'NUM'].includes(clause[opener]!.pos)) opener--
  return singular && !BARE_BEFORE_SUBJECT.has(clause[opener]?.lower ?? '')
}

/** A past form right after a noun, with a verb earlier in the same stretch of the clause (no
 * conjunction or comma between): a participle describing that noun ("the net cash used in the
 * month"), not the clause's tense ("costs fell and margins rose"). */
function followsItsNoun(clause: Token[], j: number): boolean {
  const noun = clause[j - 1]
  // The tagger reads some nouns as verbs ("is cash divided by"): a base form after "is", an
  // article or an adjective can only be a noun.
  const misread = noun?.pos === 'VERB' && noun.lower === noun.lemma && ['AUX', 'DET', 'ADJ'].includes(clause[j - 2]?.pos ?? '')
  // ("for every £100,000 spent": a sum is the noun a participle may follow.)
  if (!noun || !(['NOUN', 'PROPN', 'NUM'].includes(noun.pos) || misread)) return false
  for (let k = j - 2; k >= 0; k--) {
    const t = clause[k]!
    if (t.pos === 'CCONJ' || t.pos === 'SCONJ' || t.text === ',') return false
    // ("two approved candidates made offers": a participle before its noun is no verb of the clause.)
    // ("the average time to offer on their cases fell": nor is an infinitive inside the subject.)
    // ("A family-run wedding venue in the Cotswolds went…": nor a part of a hyphenated word.)
    const modifies =
      t.pos === 'VERB' &&
      ((clause[k + 1]?.pos === 'NOUN' && ['DET', 'ADJ', 'NUM'].includes(clause[k - 1]?.pos ?? '')) ||
        clause[k - 1]?.lower === 'to' ||
        clause[k - 1]?.text === '-' ||
        clause[k + 1]?.text === '-')
    if ((t.pos === 'AUX' || t.pos === 'VERB') && !modifies) return true
    // ("a filler costs £40,000–£65,000 installed": a word in -s between a noun and a sum, which the
    // tagger read as a plural, is the verb.)
    if (t.pos === 'NOUN' && /[^s]s$/.test(t.lower) && ['NOUN', 'PROPN'].includes(clause[k - 1]?.pos ?? '') && beforeASum(clause[k + 1]))
      return true
  }
  return false
}

/** A clause that gives advice with a modal ("should", "must", "need to"). */
export function hasModal(clause: Token[], modals: ReadonlySet<string>): boolean {
  return clause.some((t, j) => modals.has(t.lower) && t.pos !== 'NOUN' && (!t.lower.startsWith('need') || clause[j + 1]?.lower === 'to'))
}

/** Whether a sentence has a finite verb (a statement), not just a noun phrase ("Between 9 and 14 weeks."). */
export function hasFiniteVerb(tokens: Token[]): boolean {
  return tokens.some((t, j) => {
    if (t.pos === 'AUX' || MODALS.has(t.lower)) return true
    // "Our clients always see…": an adverb may stand between the subject and its verb.
    const before = tokens[j - 1]?.pos === 'ADV' && j > 1 ? tokens[j - 2] : tokens[j - 1]
    const after = tokens[j + 1]
    const afterSubject = before !== undefined && before.lower !== 'to' && ['PRON', 'NOUN', 'PROPN'].includes(before.pos)
    // The tagger reads some verbs in -s as plural nouns ("a bakery chain cuts waste"): after a
    // noun and before an object, such a word is the verb.
    if (t.pos === 'NOUN' && /[^s]s$/.test(t.lower) && afterSubject) return ['DET', 'NOUN', 'ADJ', 'NUM'].includes(after?.pos ?? '')
    if (!isVerb(t)) return false
    if (t.lower !== t.lemma) return !t.lower.endsWith('ing')
    return afterSubject
  })
}

export const isQuestion = (sentence: string) => /\?["”’)]*$/.test(sentence.trim())

/** The stretch of a clause between ", and", ", but", ", so" that holds token i: a coordinated
 * clause has its own tense. */
export function conjunctOf(clause: Token[], i: number): Token[] {
  const joins = (k: number) => clause[k]?.text === ',' && clause[k + 1]?.pos === 'CCONJ'
  let from = i
  while (from > 0 && !joins(from - 1)) from--
  let to = i
  while (to < clause.length && !joins(to)) to++
  return clause.slice(from, to)
}

/** The phrase opens its sentence, at most after a preposition ("Over the past year, …"). */
export function isFronted(tokens: Token[], at: number): boolean {
  const first = tokens.findIndex((t) => t.pos !== 'PUNCT')
  return at - first <= 1 && (at === first || tokens[first]!.pos === 'ADP')
}

/** The clause's verb places an event in time ("expire", "take effect"), not a task that takes time. */
export function happensInTime(clause: Token[], happening: RegExp): boolean {
  happening.lastIndex = 0
  // ("…payback in 9 to 14 months for a plant starting below 70%": a participle after its noun.)
  const verbs = clause.filter((t, k) => !(t.pos === 'VERB' && /ing$/.test(t.lower) && clause[k - 1]?.pos === 'NOUN'))
  return happening.test(verbs.map((t) => t.lemma).join(' '))
}

/** The clause up to a subordinate clause that follows token i ("in case …", "because …", "how …"). */
export function untilASubordinateClause(clause: Token[], i: number): Token[] {
  const end = clause.findIndex(
    (t, k) =>
      k > i && (t.pos === 'SCONJ' || (t.lower === 'in' && clause[k + 1]?.lower === 'case') || ['how', 'why', 'whether'].includes(t.lower)),
  )
  return end === -1 ? clause : clause.slice(0, end)
}

/** The fronted phrase at `at` and the clause after its comma, up to the next comma. */
export function untilAComma(tokens: Token[], at: number): Token[] {
  const first = tokens.findIndex((t, k) => k > at && t.text === ',')
  const second = tokens.findIndex((t, k) => k > first && t.text === ',')
  return first === -1 ? tokens.slice(at) : tokens.slice(at, second === -1 ? tokens.length : second)
}

const WH_WORDS = new Set(['how', 'when', 'whether', 'what', 'which', 'who', 'where', 'why'])

/** The tokens outside embedded questions: a question word after a noun, a verb or a preposition
 * ("questions about how…", "asks when…") opens one, which runs to the next punctuation (past "and
 * when…", a second question joined to it). */
export function outsideEmbeddedQuestions(tokens: Token[]): Token[] {
  let inside = false
  return tokens.filter((t, k) => {
    if (t.pos === 'PUNCT') inside = false
    else if (WH_WORDS.has(t.lower) && ['NOUN', 'VERB', 'ADP'].includes(tokens[k - 1]?.pos ?? '')) inside = true
    return !inside
  })
}
