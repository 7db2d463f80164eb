// relative-date: a time adverbial anchored to the moment of writing ("last year", "recently", "in
// the coming months") stops being true as the article ages. A span that counts from an event or a
// date ("within 90 days of signing", "from March 2026 … in the next month"), a duration ("payback
// in 12 months") and a data window in an instruction ("use the last two years of sales") do not.
import { candidates, type Candidate } from './candidates.js'
import { asWritten, suggestion, type DateKind } from './date-wording.js'
import type { CheckedText, Finding, QualityContext } from './context.js'
import {
  clauseOf,
  conjunctOf,
  happensInTime,
  hasFiniteVerb,
  hasModal,
  isFronted,
  tenseOf,
  tokenAt,
  untilASubordinateClause,
} from './grammar.js'
import { instructs, isImperative } from './instructions.js'
import { inACondition } from './selection.js'
import { excerptAround } from './sentences.js'
import {
  afterYou,
  countsFromTheReader,
  needsGrammar,
  startsAClause,
  wordBefore,
  instructsAt,
  instructionBeforeAColon,
  describesAnyOne,
  describesTheReader,
  sinceInAStory,
  inAGenericStatement,
  isATask,
  isHabitual,
  ownConjuncts,
  reportsAForecast,
} from './time-frames.js'
import {
  agoFromTheReader,
  asked,
  asksTheReader,
  coversItsOwnPeriod,
  definesAKind,
  fromTheReadersMoment,
  labelsACell,
  listedByAnInstruction,
  namesASegment,
  selectsByItsTime,
  setsATest,
  statesADuty,
  windowAsData,
} from './data-windows.js'
import { setsOutAStudy } from './own-study.js'
import { statesTheCurrent } from './current-frames.js'
import { continuesAHabit, dayDatesTheText } from './day-words.js'

type Kind = DateKind
/** Windows that only ever count from the moment of writing. */
const deictic = /\b(?:coming|ahead)\b/i

const DETERMINERS = new Set(['the', 'a', 'an', 'its', 'their', 'our', 'his', 'her', 'my', 'your', 'each', 'every', 'this', 'that', 'whose'])
const REPORTED = /\b(?:us|me|them|said|says|told|found|finds|showed|shows|reported|expects?|expected|thinks?|thought)\s+that\s+$/i
const TITLE_YEAR = /(?<![£$€¥\d,.])\b(?:19|20)\d{2}(?:\/\d{2})?\b(?!\s*%)/
/** A year as a period, not a start: "in 2026", "during 2026". */
const A_YEARS_PERIOD = /\b(?:in|during|for|through)\s+(?:19|20)\d{2}\b(?!\s*%)/i
const ADVICE = new Set(['should', 'must', 'ought', 'need', 'needs', 'can', 'could'])
/** A window's phrase that goes on to its end or start: "to March 2026", "ending in June 2025". */
const CONTINUES_THE_PHRASE = /^\s*(?:(?:up\s+)?to|until|till|ending(?:\s+in)?|ended|from|since|of|before|after)\s+[^,;]*/i

export function relativeDates(context: QualityContext): Finding {
  const { relativeDate } = context.words
  const patterns: [Kind, RegExp][] = [
    ['always', relativeDate.always],
    ['window', relativeDate.windows],
    ['duration', relativeDate.durations],
    ['current', relativeDate.currentFrames],
  ]
  const year = context.input.published_at ? new Date(context.input.published_at).getUTCFullYear() : undefined
  const found = [...context.headings, ...context.texts].flatMap((item) =>
    candidates(item.text, patterns, { cancelledBy: relativeDate.idioms, gate: relativeDate.gate }).map((candidate) => ({
      item,
      candidate,
    })),
  )
  return {
    // Most deictic words need no grammar; windows and durations are read in their sentence.
    sentences: found
      .filter(
        (f) =>
          needsGrammar(f.candidate) || countsFromTheReader(f.candidate, relativeDate.dayWords) || afterYou(f.item.text, f.candidate.index),
      )
      .map((f) => context.read.sentenceAt(f.item.text, f.candidate.index).text),
    warnings: () =>
      found
        .filter(({ item, candidate }) => datesTheText(candidate, item, context))
        .map(({ item, candidate }) => {
          const shown = asWritten(candidate, item.text, context)
          return {
            rule: 'relative-date' as const,
            message: `"${shown.phrase}" will read wrong once the article ages: ${suggestion(candidate.phrase.toLowerCase(), year)}`,
            phrase: shown.phrase,
            where: item.where,
            ...(item.section ? { section: item.section } : {}),
            excerpt: excerptAround(item.text, shown.index, shown.phrase.length),
          }
        }),
  }
}

function datesTheText(candidate: Candidate<Kind>, item: CheckedText, context: QualityContext): boolean {
  const { relativeDate } = context.words
  // "a 2024 analysis in Drug Discovery Today": a capital after a capitalised word, mid-sentence, is part of a name.
  const previousWord = /(\p{L}+)\s+$/u.exec(item.text.slice(Math.max(0, candidate.index - 40), candidate.index))?.[1]
  const sentenceStart = context.read.sentenceAt(item.text, candidate.index).start === candidate.index
  if (!sentenceStart && /^\p{Lu}/u.test(candidate.phrase) && previousWord !== undefined && /^\p{Lu}/u.test(previousWord)) return false
  if (candidate.kind === 'current') return statesTheCurrent(candidate, item, context)
  const before = wordBefore(item.text, candidate.index)
  const sentence = context.read.sentenceAt(item.text, candidate.index)
  if (candidate.kind === 'always') {
    // ("Next season's base rates" in a table's cell, with no verb, labels a row; "currently" there still dates.)
    const label = (item.kind === 'td' || item.kind === 'th') && !hasFiniteVerb(context.read.tokens(sentence.text))
    if (label && countsFromTheReader(candidate, relativeDate.dayWords)) return false
    // "Which platforms do you currently integrate with?" as a question for the reader to ask, as a
    // window there, counts from the asking.
    if (asksTheReader(item, sentence.text, candidate.index)) return false
    // "This may take three weeks": a month is a date only with its capital; "since February 2025"
    // is anchored by its year.
    const last = /\p{L}+$/u.exec(candidate.phrase)?.[0] ?? ''
    if (relativeDate.monthNames.has(last.toLowerCase()) && !/^\p{Lu}/u.test(last)) return false
    if (sinceInAStory(candidate.phrase, context.read.tokens(sentence.text))) return false
    // ("Last quarter of 2026": the year's own quarter.)
    if (/^\s*(?:of\s+)?(?:19|20)\d{2}\b/.test(item.text.slice(candidate.index + candidate.phrase.length))) return false
    // "Payroll year-end checklist: closing the 2025/26 tax year" → "has not worked since January":
    // the title's year is the month's.
    if (/^since\s/i.test(candidate.phrase) && relativeDate.monthNames.has(last.toLowerCase()) && TITLE_YEAR.test(context.input.title))
      return false
    // "EU directives, most recently transposed as the Public Contracts Regulations 2015": the latest
    // of a series its sentence dates.
    if (candidate.phrase.toLowerCase() === 'recently' && before === 'most' && relativeDate.anchor.test(sentence.text)) return false
    // "the last year of the lease", "its next quarter": a determiner makes last/next an ordinal (not
    // the "that" of "Owners told us that last winter was harder", which opens a clause).
    const said = before === 'that' && REPORTED.test(item.text.slice(Math.max(0, candidate.index - 24), candidate.index))
    if (/^(?:last|next)\s/i.test(candidate.phrase) && before !== undefined && DETERMINERS.has(before) && !said) return false
    if (countsFromTheReader(candidate, relativeDate.dayWords)) return dayDatesTheText(candidate, item, sentence, context)
    if (relativeDate.afterAnEvent.has(candidate.phrase.toLowerCase()) && inAGenericStatement(candidate.index, sentence, context))
      return false
    const ago =
      /\bago$/i.test(candidate.phrase) &&
      agoFromTheReader(context.read.tokens(sentence.text), candidate.index - sentence.start, relativeDate)
    if (ago || describesTheReader(candidate.index, sentence, context)) return false
    return !needsGrammar(candidate) || !startsAClause(candidate, sentence, context)
  }
  const after = item.text.slice(candidate.index + candidate.phrase.length).trimStart()
  if (candidate.kind === 'duration' && relativeDate.fromNow.test(after))
    return !fromTheReadersMoment(context.read.tokens(sentence.text), candidate.index - sentence.start, item, context)
  // A date before it in the sentence or in the one before ("From March 2026 the plant fixed its
  // volume. In the next month…"), or after it in its own phrase ("the six months to June 2026"),
  // anchors the span to it; not a date in a clause that follows ("…, and the rules that take
  // effect on 28 April 2026").
  const previous = sentence.start > 0 ? context.read.sentenceAt(item.text, sentence.start - 1).text : ''
  const end = candidate.index + candidate.phrase.length
  // Its own phrase ends at a pause or where a clause starts ("… in the coming months if revenue passes
  // £9m in 2026": the year belongs to the condition).
  const ownPhrase = /^[^,;:—–]*?(?=[,;:—–]|\s(?:if|unless|when|once|because|as|while|after|before|until|so|and|but)\s|$)/i.exec(
    item.text.slice(end, sentence.end),
  )![0]
  // The sentence before anchors only a window that opens its sentence, as a continuation.
  const tokens = context.read.tokens(sentence.text)
  const at = tokenAt(tokens, candidate.index - sentence.start)
  const fronted = isFronted(tokens, at)
  const clause = clauseOf(tokens, at)
  // "The coming months", "the months ahead" count from the writing whatever date is near: "has
  // applied since 13 December 2024, and further changes will be phased in over the coming months";
  // only their own phrase can anchor them.
  // ("Combined with the changes that took effect in April 2025, staff costs have risen … over the
  // past two years": "the past" too.)
  const upToIt = deictic.test(candidate.phrase) || /\bpast\b/i.test(candidate.phrase) ? '' : item.text.slice(sentence.start, end)
  // "… the Environment Act 2021 placed new duties. Over the past five years, companies have
  // reported slippage": "the past" counts back from the writing, unless the story's own past
  // perfect moves it ("By 2020 … Over the past five years it had…").
  // A forecast after one for a year ("…to rise by 4–6% in 2026. Over the next two years, we also
  // expect…") counts from the writing too: the year was the time of the first forecast, no start.
  const forecastAfterForecast =
    tenseOf(clause, relativeDate.future).future && A_YEARS_PERIOD.test(previous) && previous.search(relativeDate.future) !== -1
  const continues =
    fronted &&
    !deictic.test(candidate.phrase) &&
    (!/\bpast\b/i.test(candidate.phrase) || clause.some((t) => t.lower === 'had')) &&
    !forecastAfterForecast
  // ("Over the past five years the share has swung … to 38% in January 2021": after a fronted past
  // window with no comma the clause follows, and its date is a point inside the window; "Over the
  // past five years to March 2026" continues the phrase.)
  const pointInside = fronted && /\b(?:past|last)\b/i.test(candidate.phrase) && !/^,/.test(after)
  const ownAnchor = pointInside ? (CONTINUES_THE_PHRASE.exec(ownPhrase)?.[0] ?? '') : ownPhrase
  if ([upToIt, ownAnchor, continues ? previous : ''].some((text) => relativeDate.anchor.test(text))) return false
  if (
    describesAnyOne(tokens, at, relativeDate) ||
    definesAKind(tokens, at, relativeDate) ||
    statesADuty(tokens) ||
    setsATest(item, tokens) ||
    // ("reviewing bank facilities in the coming months": "coming" counts from the writing, in advice too.)
    (!deictic.test(candidate.phrase) && listedByAnInstruction(item, tokens, context)) ||
    // (A list's item names a segment when nothing states of it after the window: "Sales that fell
    // through in the last 30 days, with the reason recorded.")
    namesASegment(tokens, at, (item.kind === 'li' && /^(?:[,.;:]|$)/.test(after)) || setsOutAStudy(context))
  )
    return false
  // "How many franchisees have left in the last five years?" as a question for the reader to ask
  // (a term of a list, a summary, a list item) counts from the moment it is asked.
  if (asksTheReader(item, sentence.text, candidate.index)) return false
  // "Expect due diligence to ask how many clients left in each of the last three years": a window
  // in the question someone is to ask counts from the asking.
  if (asked(tokens, at, true)) return false
  // A table cell without a verb labels ("Time focus: the rest of the year and the next three years").
  if (item.kind === 'td' && !hasFiniteVerb(tokens)) return false
  const tense = tenseOf(clause, relativeDate.future)
  if (candidate.kind === 'duration') {
    // ("…the biggest change in a decade, and it will reach further": the future of another conjunct.)
    if (!tense.future || !tenseOf(conjunctOf(clause, clause.indexOf(tokens[at]!)), relativeDate.future).future) return false
    if (fronted) return /^,/.test(after)
    // ("Expect payback in 14 to 22 months if rotas change": the condition's verb is not the duration's.)
    return happensInTime(untilASubordinateClause(clause, clause.indexOf(tokens[at]!)), relativeDate.happening)
  }
  // A window: "the last two years of sales" is data; an instruction or advice counts from the
  // reader's moment; a statement of what happened or will happen counts from the writing. Advice to
  // expect something ("brewers should expect the thresholds to change in the coming months") is
  // the writer's forecast. The window's own conjunct ("…the electricity used over the past four
  // weeks divided by the kilos, and the figure has stayed below…"); its advice comes before it
  // ("which could not justify it before", after it, advises nothing).
  const own = conjunctOf(clause, clause.indexOf(tokens[at]!))
  // ("we suggest averaging payroll hours over the last 12 months … in case an inspector asks how you
  // reached your figure": the tense of a clause after the window that it subordinates is not its own.)
  const ownTense = tenseOf(untilASubordinateClause(own, own.indexOf(tokens[at]!)), relativeDate.future)
  // "they help divisions forecast the rest of the year": forecasting as someone's task is no
  // forecast of the writer's.
  const forecasts = clause.some((t, j) => t.pos === 'VERB' && relativeDate.expectationVerbs.has(t.lemma) && !isATask(clause, j))
  if (/^of\b/i.test(after)) return false
  if (windowAsData(candidate.phrase, tokens, at) || labelsACell(item, tokens)) return false
  // "with commissioning on the last day", "everyone who stayed to the last day": a day or a week of a
  // series, or the end it runs to, names its place in it.
  if (
    ['on', 'to', 'until', 'till'].includes(wordBefore(item.text, candidate.index) ?? '') &&
    /^the\s+(?:last|next)\s+(?:day|week)$/i.test(candidate.phrase)
  )
    return false
  // A definition or a formula ("leavers over the past 12 months divided by average headcount").
  relativeDate.definition.lastIndex = 0
  if (relativeDate.definition.test(own.map((t) => t.text).join(' '))) return false
  // "Each Monday, managers … adjust the rota for the coming week": a routine's own week, also one
  // the title or the heading names ("How to run a monthly review" → "the timetable for the coming month",
  // "What does a good week look like?" → "anything that will move cash in the next month").
  const plainPresent = !ownTense.past && !ownTense.perfect && !ownTense.progressive
  // ("Every January she opens her statement… The review arrives, and the conversation is about next
  // quarter's promotions": a habit told in the present goes on in the sentence after its frame.)
  if (
    plainPresent &&
    (continuesAHabit(item, sentence, context) ||
      [ownConjuncts(sentence, candidate.index), item.leadIn ?? ''].some((frame) => isHabitual(frame, relativeDate.habitual)) ||
      isHabitual(item.section ?? '', relativeDate.describedRoutine))
  )
    return false
  if (coversItsOwnPeriod(candidate.phrase, [context.input.title, item.section ?? ''], relativeDate.routineFrame)) return false
  // "Over the next three months spend fell to 9%", "visits were no lower in the rest of the month",
  // "She had 31 weddings booked for the coming year": "next", "the rest" and "coming" in a story
  // told in the past follow the story's own moment.
  // ("Over the next three months, stand sales rose…": a fronted window's clause is the one after it.)
  const told = fronted && plainPresent && !ownTense.future ? tenseOf(tokens.slice(at), relativeDate.future) : ownTense
  const story =
    told.past &&
    !told.perfect &&
    !told.future &&
    !forecasts &&
    !isImperative(clause) &&
    !reportsAForecast(tokens, () => setsOutAStudy(context))
  if (/^the\s+(?:next|rest|remainder|coming)\b/i.test(candidate.phrase) && story) return false
  // Otherwise "the coming weeks" count forward from the writing, in an instruction too ("Get quotes
  // from three collectors over the coming weeks").
  if (/\bcoming\b/i.test(candidate.phrase)) return true
  // "…, or if it expects to exceed £90,000 in the next 30 days": a rule's condition counts from
  // whenever it is tested.
  if (inACondition(tokens, at)) return false
  // "so contact yours in the next few weeks": the time of an act, counted forward from the writing,
  // in an instruction too ("for the next six weeks" spans what the act covers, from the reader's day).
  if (/^the\s+next\b/i.test(candidate.phrase) && selectsByItsTime(tokens, at)) return false
  if (/^the\s+next\b/i.test(candidate.phrase) && ['in', 'within'].includes(tokens[at - 1]?.lower ?? '') && instructsAt(tokens, at))
    return true
  // "Use the last two years of sales" counts from the reader's moment, and so does what a colon
  // adds to an instruction ("Show the forward view: the hours booked for the next eight weeks").
  const advises = hasModal(own.slice(0, own.indexOf(tokens[at]!) + 1), ADVICE)
  if (
    (advises && !forecasts) ||
    instructs(clause, relativeDate.forecastInstructions) ||
    instructs(instructionBeforeAColon(tokens, clause), relativeDate.forecastInstructions)
  )
    return false
  if (forecasts) return true
  if (ownTense.past || ownTense.perfect || ownTense.progressive || ownTense.future) return true
  return fronted
}
