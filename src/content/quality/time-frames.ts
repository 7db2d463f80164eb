// Whose moment a time word counts from when it is not the writing's: the reader's ("the part
// families you currently send"), a routine's ("every morning, compare yesterday's orders"), or any
// one of a kind's ("a ticket that costs more than it did yesterday", "a mechanism waived for one
// customer is soon waived for all"), a supposition's ("if the owner fell ill tomorrow"), a
// routine's own period ("the coming month" in a monthly review) or a task's ("help divisions
// forecast the rest of the year").
import type { QualityContext } from './context.js'
import { clauseOf, isFronted, isPastForm, tenseOf, tokenAt } from './grammar.js'
import { isImperative } from './instructions.js'
import type { Token } from './language.js'
import type { Sentence } from './reader.js'

type Words = QualityContext['words']['relativeDate']

/** "Start with the part families you currently send to subcontractors", "If you currently pay by
 * invoice, …": said of the reader ("you") inside an instruction or a condition, the present is the
 * reader's, whenever they read; "You currently need a licence" states what holds at the writing. */
export function describesTheReader(index: number, sentence: Sentence, context: QualityContext): boolean {
  if (!afterYou(sentence.text, index - sentence.start)) return false
  const tokens = context.read.tokens(sentence.text)
  const at = tokenAt(tokens, index - sentence.start)
  const subject = tokens[at - 1]?.pos === 'ADV' ? tokens[at - 2] : tokens[at - 1]
  // "If your trust currently loses…": the reader's own organisation is the reader.
  const own = subject !== undefined && ['NOUN', 'PROPN'].includes(subject.pos) && tokens[tokens.indexOf(subject) - 1]?.lower === 'your'
  // ("Boards should ask for the date of each of the homes they currently manage": the ones advised.)
  const advised = subject?.lower === 'they' && tokens.slice(0, at).some((t) => t.lower === 'should' || t.lower === 'must')
  if (subject?.lower !== 'you' && !own && !advised) return false
  const clause = clauseOf(tokens, at)
  const conditioned = tokens.slice(0, at).some((t) => CONDITIONS.has(t.lower))
  return advised || conditioned || isImperative(clause) || isImperative(tokens)
}

const CONDITIONS = new Set(['if', 'unless', 'whether', 'when', 'whenever'])

/** "you currently", "your trust currently", "they currently": the words just before `index` are
 * "you" (or "your" and a noun, or "they"), at most with an adverb between. */
export const afterYou = (text: string, index: number) =>
  /\b(?:you|they|your\s+[\p{L}-]+)\s+(?:[\p{L}]+ly\s+)?$/iu.test(text.slice(Math.max(0, index - 40), index))

/** "A mechanism waived for one customer is soon waived for all", "a chronic problem soon falls outside
 * cover": before the verb of a statement in the plain present about any one of a kind, "soon" follows
 * the statement's own event. After its verb ("A new rule comes into force soon") it counts from now. */
export function inAGenericStatement(index: number, sentence: Sentence, context: QualityContext): boolean {
  const words = context.words.relativeDate
  const tokens = context.read.tokens(sentence.text)
  const at = tokenAt(tokens, index - sentence.start)
  const next = tokens[at + 1]
  // ("…; installers who share in the savings soon do.": "do" standing for the verb before.)
  const proVerb = next?.lemma === 'do' && tokens[at + 2]?.pos === 'PUNCT'
  if (next?.pos !== 'VERB' && !proVerb) return false
  // The tense of the verb "soon" modifies, from its auxiliary on ("is soon waived").
  const verbFrom = tokens[at - 1]?.pos === 'AUX' ? at - 1 : at
  const tense = tenseOf(
    clauseOf(tokens, at).filter((t) => t.start >= tokens[verbFrom]!.start),
    words.future,
  )
  if (tense.future || tense.perfect || tense.progressive || tense.past) return false
  // "Owners who drop below the minimum soon find…": a bare plural subject is any of its kind.
  const first = tokens.find((t) => t.pos !== 'PUNCT')
  const barePlural = (t: Token | undefined) => t !== undefined && ['NOUN', 'PROPN'].includes(t.pos) && /[^su'’]s$/.test(t.lower)
  if (first && barePlural(first) && tokens[tokens.indexOf(first) + 1]?.pos !== 'PART') return true
  // ("…, but carers soon work out what they earn": the subject of its conjunct.)
  if (barePlural(tokens[verbFrom - 1]) && ['CCONJ', 'SCONJ'].includes(tokens[verbFrom - 2]?.pos ?? '')) return true
  let k = verbFrom - 1
  for (; k >= 0; k--) {
    const t = tokens[k]!
    if (words.genericDeterminers.has(t.lower)) return true
    if (t.pos === 'AUX' || (t.pos === 'PUNCT' && t.text !== '-') || (t.pos === 'VERB' && !/(?:ed|en)$/.test(t.lower))) return false
  }
  return false
}

/** Adjectives that name a routine by how often it runs ("the weekly review"). */
export const ROUTINE_ADJECTIVES = new Set(['daily', 'weekly', 'fortnightly', 'monthly', 'quarterly'])

/** "Pickup is the rooms booked since yesterday's report for each future date": a statement in the
 * simple present that quantifies over every occurrence moves the day word to each of them. */
export function definesARoutine(tokens: Token[], words: Words): boolean {
  const counted = (k: number) => tokens.slice(k + 1, k + 3).find((t) => t.pos === 'NOUN' || t.pos === 'PROPN')
  // ("The weekly review compares this week's pickup against last week's": a routine named by how often it runs.)
  const named =
    ['DET', 'PRON'].includes(tokens[0]?.pos ?? '') && ROUTINE_ADJECTIVES.has(tokens[1]?.lower ?? '') && tokens[2]?.pos === 'NOUN'
  if (!named && !tokens.some((t, k) => (t.lower === 'each' || t.lower === 'every') && words.routineNouns.has(counted(k)?.lemma ?? '')))
    return false
  const tense = tenseOf(tokens, words.future)
  return !tense.past && !tense.perfect && !tense.future && !tense.progressive
}

/** "A ticket that costs more than it did yesterday generates complaints", "a backup that keeps only
 * the last seven days may hold nothing": a time in the relative clause of a generic subject ("a",
 * "any", "every" and a noun, opening its sentence or its conjunct) whose clause states what holds of
 * any one of them: each has its own yesterday and its own last seven days. */
export function describesAnyOne(tokens: Token[], at: number, words: Words): boolean {
  if (inAPerfectRelativeOfAny(tokens, at) || participleOfAny(tokens, at)) return true
  let from = at
  // (Back to its conjunct or to a colon: "A workable definition: a candidate who has not applied … in
  // the last 24 months".)
  while (from > 0 && !(tokens[from - 1]!.text === ',' && tokens[from]!.pos === 'CCONJ') && tokens[from - 1]!.text !== ':') from--
  if (tokens[from]?.pos === 'CCONJ') from++
  if (!words.genericDeterminers.has(tokens[from]?.lower ?? '')) return false
  let k = from + 1
  while (k < tokens.length && ['NOUN', 'ADJ', 'PROPN'].includes(tokens[k]!.pos)) k++
  if (k === from + 1 || !['that', 'which', 'who'].includes(tokens[k]?.lower ?? '') || at <= k) return false
  // The relative clause in the present ("that costs", "that keeps"), and no past in the sentence's rest.
  // (The tagger may read the verb after "that" as a plural noun: "that costs more".)
  const relativeVerb = tokens[k + 1]?.pos === 'NOUN' ? tokens[k + 1] : tokens.slice(k + 1, at).find((t) => t.pos === 'VERB')
  // ("any line that has moved in the last 30 days": the present perfect, each line's own window.)
  const perfect = ['has', 'is'].includes(tokens[k + 1]?.lower ?? '')
  const present = perfect || (relativeVerb !== undefined && /[^s]s$/.test(relativeVerb.lower))
  return present && !tokens.slice(at + 1).some((t) => PAST_AUXILIARIES.has(t.lower))
}

const PAST_AUXILIARIES = new Set(['was', 'were', 'had', 'did'])

/** "Red-tag anything that has not been used in the last 30 days", "Weekly for any shower that has
 * not been used in the last seven days", "Every belt that has not been replaced in the last 12
 * months": a window in a present-perfect relative clause of "any" or "every" and its noun, wherever
 * that noun stands, is each one's own. */
/** "Any quote sent more than seven days ago without a reply gets one follow-up": a participle after
 * "any" and its noun, in a statement in the present, says which ones, each at its own time. */
function participleOfAny(tokens: Token[], at: number): boolean {
  if (!QUANTIFIED.has(tokens[0]?.lower ?? '') || tokens[1]?.pos !== 'NOUN' || tokens[2]?.pos !== 'VERB' || !isPastForm(tokens[2]))
    return false
  return tokens.slice(at + 1).some((t) => t.pos === 'VERB' && /[^s]s$/.test(t.lower) && t.lower !== t.lemma)
}

function inAPerfectRelativeOfAny(tokens: Token[], at: number): boolean {
  const relative = tokens.slice(0, at).findLastIndex((t) => ['that', 'which', 'who'].includes(t.lower))
  if (relative < 1 || !['has', 'have'].includes(tokens[relative + 1]?.lower ?? '')) return false
  // Nothing but the relative clause's own verb phrase between it and the window.
  // (The window's own preposition, "in", may stand before it.)
  const window = tokens[at - 1]?.pos === 'ADP' ? at - 1 : at
  if (tokens.slice(relative + 2, window).some((t) => !['AUX', 'PART', 'VERB', 'ADV'].includes(t.pos))) return false
  let k = relative - 1
  // Back over the noun phrase it qualifies ("every belt on the machine"), to its quantifier.
  while (k > 0 && ['NOUN', 'PROPN', 'ADJ', 'DET', 'ADP'].includes(tokens[k]!.pos) && !QUANTIFIED.has(tokens[k]!.lower)) k--
  return QUANTIFIED.has(tokens[k]?.lower ?? '')
}

const QUANTIFIED = new Set(['any', 'every', 'each', 'anything', 'everything', 'anyone', 'everyone', 'anybody', 'everybody'])

export const isHabitual = (sentence: string, habitual: RegExp) => {
  habitual.lastIndex = 0
  return habitual.test(sentence)
}

/** The verb at j is a bare infinitive after "help", "let" or "make" and their object ("help
 * divisions forecast"). */
export function isATask(clause: Token[], j: number): boolean {
  const governor = clause.slice(Math.max(0, j - 4), j).findLast((t) => t.pos === 'VERB' || t.pos === 'AUX')
  return governor !== undefined && ['help', 'let', 'make'].includes(governor.lemma) && clause[j]!.lower === clause[j]!.lemma
}

/** "If the owner fell ill tomorrow, who would price the next contract?": a day in a supposition
 * (an "if" with a past form) is any day. */
export function supposes(tokens: Token[], at: number): boolean {
  const condition = tokens.slice(0, at).findLastIndex((t) => t.lower === 'if')
  if (condition === -1 || tokens.slice(condition, at).some((t) => t.text === ',')) return false
  return tokens.slice(condition + 1, at).some(isPastForm)
}

const SAYING = new Set(['tell', 'say', 'report', 'indicate', 'expect'])
const PLANNING = new Set(['plan', 'expect', 'intend', 'aim', 'hope', 'want'])

/** "Several groups told us they would review pay bands in the coming months": a forecast the
 * writer's own sources gave ("told us", "we were told", "respondents said … would") is theirs at
 * the time of asking, the writing's, as is one said "earlier this year"; not a moment of a story. */
export function reportsAForecast(tokens: Token[], ownStudy: () => boolean): boolean {
  const saying = tokens.findIndex((t) => t.pos === 'VERB' && SAYING.has(t.lemma))
  // ("…said they planned to raise fees again in the coming months": a plan reported.)
  const forecast = (t: Token, k: number) =>
    ['would', "'d", '’d'].includes(t.lower) || (PLANNING.has(t.lemma) && tokens[k + 1]?.lower === 'to')
  if (saying === -1 || !tokens.some((t, k) => k > saying && forecast(t, k))) return false
  const dated = tokens.some((t, k) => ['this', 'last'].includes(t.lower) && ['year', 'month'].includes(tokens[k + 1]?.lower ?? ''))
  return dated || tokens.some((t) => ['us', 'we'].includes(t.lower)) || ownStudy()
}

/** "Start the price list this autumn", "Review the lease next April": a season, a month or a year
 * as the time of a step is a deadline counted from the writing; "this week's orders" and "the same
 * week last year" are data that the reader's moment picks. */
export function setsADeadline(phrase: string, tokens: Token[], at: number): boolean {
  if (
    !/^(?:this|next)\s+(?:spring|summer|autumn|winter|year|quarter|financial\s+year|january|february|march|april|may|june|july|august|september|october|november|december)$/i.test(
      phrase,
    )
  )
    return false
  const end = at + phrase.split(/\s+/).length
  if (["'s", '’s', "'", '’'].includes(tokens[end]?.lower ?? '')) return false
  // ("by the end of this September": the end of the month is the deadline.)
  if (tokens[at - 1]?.lower === 'of' && ['end', 'start', 'beginning', 'middle'].includes(tokens[at - 2]?.lower ?? '')) return true
  // ("compare with last year", "data from this quarter" name a period to compare; "Budget for the
  // change from next April" starts the step then.)
  if (tokens[at - 1]?.lower === 'from' && /^next\s/i.test(phrase)) return true
  return !['with', 'against', 'than', 'as', 'from', 'of', 'since'].includes(tokens[at - 1]?.lower ?? '')
}

/** The sentence up to the end of the candidate's conjunct: "Last winter one client saw demand double,
 * and covered it by rostering a pharmacist on Mondays" tells no routine of last winter's. */
export function ownConjuncts(sentence: Sentence, index: number): string {
  const from = index - sentence.start
  const cut = sentence.text.slice(from).search(/,\s+(?:and|but)\s|;/)
  return cut === -1 ? sentence.text : sentence.text.slice(0, from + cut)
}

const PERIODS = ['day', 'week', 'month', 'quarter', 'year']
const ROUTINES = ['daily', 'weekly', 'monthly', 'quarterly', 'annual']

/** A routine the title or the heading names ("How to run a daily briefing", "The monthly routine")
 * moves the days, weeks… up to its own period ("last week's despatches" in a weekly check), not a
 * longer one ("Last year a contractor added the monthly check"); a season counts as longer than a
 * month. */
export function withinTheRoutine(phrase: string, frames: string[], routineFrame: RegExp): boolean {
  const unit = /(day|week|month|quarter|year|spring|summer|autumn|winter|season)s?$/i.exec(phrase)?.[1]?.toLowerCase()
  const rank = unit === undefined ? -1 : PERIODS.indexOf(unit) === -1 ? 3.5 : PERIODS.indexOf(unit)
  return frames.some((frame) => {
    if (!isHabitual(frame, routineFrame)) return false
    routineFrame.lastIndex = 0
    const routine = routineFrame.exec(frame)?.[0].toLowerCase() ?? ''
    const own = ROUTINES.findIndex((r) => routine.startsWith(r.slice(0, 5)))
    return own === -1 || rank <= own
  })
}

/** The clause before a colon when `clause` is a noun phrase after it (an elaboration, its
 * participles aside: "the share of hours already booked for…"), else []. */
export function instructionBeforeAColon(tokens: Token[], clause: Token[]): Token[] {
  const start = tokens.indexOf(clause[0]!)
  const nounPhrase = ['DET', 'NOUN', 'ADJ', 'NUM'].includes(clause[0]?.pos ?? '') && !clause.some((t) => t.pos === 'AUX')
  if (start < 2 || tokens[start - 1]!.text !== ':' || !nounPhrase) return []
  return clauseOf(tokens, start - 2)
}

/** The stretch before `at`, from the last comma or semicolon and past a linking "so", "and", "then"
 * or "but", is an instruction ("…, so contact yours in the next few weeks"), with no clause of its
 * own around the window ("Start with customers whose contracts come up in the next six months"). */
export function instructsAt(tokens: Token[], at: number): boolean {
  const from = tokens.slice(0, at).findLastIndex((t) => t.text === ',' || t.text === ';') + 1
  const stretch = tokens.slice(from, at + 1)
  if (stretch.some((t) => t.pos === 'SCONJ' || CLAUSE_WORDS.has(t.lower))) return false
  return isImperative(['so', 'and', 'then', 'but'].includes(stretch[0]?.lower ?? '') ? stretch.slice(1) : stretch)
}

const CLAUSE_WORDS = new Set(['who', 'whose', 'which', 'that', 'where', 'when', 'if', 'once', 'until', 'unless'])

/** The word just before `index`, lower-cased. */
export function wordBefore(text: string, index: number): string | undefined {
  const end = text.slice(0, index).trimEnd().length
  if (end === 0) return undefined
  return text.slice(text.lastIndexOf(' ', end - 1) + 1, end).toLowerCase()
}

/** The time phrase is not fronted and a noun phrase, then its verb, follows it: it starts a clause
 * of its own ("at the moment the shipper accepts"). A noun phrase with no verb after it is the
 * complement the phrase interrupts ("is at the moment the usual route for e-books"). */
export function startsAClause(candidate: { index: number; phrase: string }, sentence: Sentence, context: QualityContext): boolean {
  const tokens = context.read.tokens(sentence.text)
  const at = tokenAt(tokens, candidate.index - sentence.start)
  let next = tokens.findIndex((t) => t.start >= candidate.index - sentence.start + candidate.phrase.length)
  if (next === -1 || isFronted(tokens, at) || !NOUN_PHRASE.has(tokens[next]!.pos)) return false
  // ("at the moment a customer books": a word in -s after a singular noun, which the tagger read
  // as a plural, is the verb.)
  const verbReadAsNoun = (t: Token, before: Token) =>
    t.pos === 'NOUN' && /[^s]s$/.test(t.lower) && before.pos === 'NOUN' && !/s$/.test(before.lower)
  while (next < tokens.length && (NOUN_PHRASE.has(tokens[next]!.pos) || tokens[next]!.pos === 'ADJ' || tokens[next]!.text === '-')) {
    if (verbReadAsNoun(tokens[next]!, tokens[next - 1]!)) return true
    next++
  }
  return ['VERB', 'AUX'].includes(tokens[next]?.pos ?? '')
}

const NOUN_PHRASE = new Set(['DET', 'PRON', 'NOUN', 'PROPN', 'NUM'])

/** A day word, or "this/last/next/the current" and a unit: in an instruction ("Compare this week's
 * orders with the same week last year", "Pin the current week's sheet by the pass") they count from the reader's day, as a data window does. */
export const countsFromTheReader = (candidate: { kind: string; phrase: string }, dayWords: ReadonlySet<string>) =>
  dayWords.has(candidate.phrase.toLowerCase()) || /^(?:this|last|next|the\s+current)\s/i.test(candidate.phrase)

/** "at the moment" is deictic unless a clause follows it mid-sentence ("book capacity at the
 * moment the shipper accepts"), which ties it to that event. */
export const needsGrammar = (candidate: { kind: string; phrase: string }) =>
  candidate.kind !== 'always' || /^at\s+the\s+moment$/i.test(candidate.phrase)

/** "…and it was the fourth invoice of that size since Easter": "since" in a story told in the
 * simple past counts from the story's moment; "has risen since February" counts from the writing. */
export function sinceInAStory(phrase: string, tokens: Token[]): boolean {
  if (!/^since\s/i.test(phrase)) return false
  const tense = tenseOf(tokens)
  return tense.past && !tense.perfect && !tense.future
}
