// A counted window read as data, not as the time of the writing: a window a verb takes or a
// participle sets ("ask to see the last three months"), one that defines a kind or a segment ("a
// member who has borrowed an item in the last 12 months", "lapsed donors who gave in the last 24
// months"), a class's duty ("Authorities that expect to spend … must publish … in the next 18
// months"), an item of a list that advice introduces ("The register should list:"), a condition a
// list's lead-in sets for the reader ("if either of these applies:" → "you
// have imported 10 tonnes in the last 12 months") and a question the reader is to ask ("ask how many
// clients left in each of the last three years").
import type { CheckedText, QualityContext } from './context.js'
import { clauseOf, isQuestion, tokenAt } from './grammar.js'
import { isImperative } from './instructions.js'
import type { Token } from './language.js'
import { quotedSpans } from './sentences.js'
import { describesAnyOne, instructsAt } from './time-frames.js'

type Words = QualityContext['words']['relativeDate']

/** "Authorities that expect to spend more than £100 million a year must publish a notice of the
 * contracts they intend to advertise in the next 18 months": a duty of a class its relative clause
 * defines, whose windows count from whenever each one meets it. */
export function statesADuty(tokens: Token[]): boolean {
  // ("A tutoring agency must register as soon as it expects its turnover in the next 30 days to…": the
  // duty of any one of a kind.)
  const anyOne = ['a', 'an', 'any', 'every', 'each'].includes(tokens[0]?.lower ?? '')
  let k = anyOne ? 1 : 0
  // (A gerund that modifies, "tutoring", is part of the noun phrase, and so are two nouns joined: "A
  // curtain or blind workroom".)
  while (
    ['NOUN', 'ADJ', 'PROPN'].includes(tokens[k]?.pos ?? '') ||
    (anyOne && /ing$/.test(tokens[k]?.lower ?? '') && tokens[k + 1]?.pos === 'NOUN') ||
    (anyOne && k > 1 && tokens[k]?.pos === 'CCONJ' && ['NOUN', 'ADJ'].includes(tokens[k + 1]?.pos ?? ''))
  )
    k++
  const past = tokens.some((t) => PAST_AUXILIARIES.has(t.lower))
  // ("A workroom whose turnover falls back can ask to deregister once turnover for the coming 12
  // months is expected to be under £88,000": a right of any one its relative clause defines.)
  const relative =
    anyOne && RELATIVES.has(tokens[k]?.lower ?? '') && tokens.slice(k + 1).some((t) => t.pos === 'AUX' && RIGHTS.has(t.lower))
  if (anyOne) return k > 1 && (DUTY_MODALS.has(tokens[k]?.lower ?? '') || relative) && !past
  const head = tokens[k - 1]
  // (A capitalised plural opening the sentence may be read as a name: "Authorities".)
  const plural = head !== undefined && (head.pos === 'NOUN' ? head.lower !== head.lemma : /[^s]s$/.test(head.lower))
  if (!plural || !['that', 'who', 'which'].includes(tokens[k]?.lower ?? '')) return false
  return tokens.slice(k + 1).some((t) => DUTY_MODALS.has(t.lower)) && !past
}

/** "You must register if either of these applies:" → "you have manufactured 10 tonnes or more in
 * the last 12 months": a list item that is a condition of its lead-in, said of the reader, counts
 * from whenever the reader applies the test. */
export function setsATest(item: { kind: string; leadIn?: string }, tokens: Token[]): boolean {
  return item.kind === 'li' && /\b(?:if|where|when|unless)\b[^.]*:\s*$/i.test(item.leadIn ?? '') && tokens[0]?.lower === 'you'
}

/** "The register should list:" → "paid roles and directorships, including any held in the last 12
 * months": a verbless item of a list an instruction or advice introduces is what to record. */
export function listedByAnInstruction(
  item: { kind: string; leadIn?: string; section?: string },
  tokens: Token[],
  context: QualityContext,
): boolean {
  // (Its participles, "paid roles", "any held in…", describe; an auxiliary or a pronoun subject would make a statement.)
  // (Or a heading that asks for advice: "What should buyers ask for first?" over the list.)
  const frame = item.leadIn ?? (/\bshould\b/i.test(item.section ?? '') ? item.section : undefined)
  // ("Expect insurers to review their fee schedules in the coming months": an item that instructs on
  // its own is read as an instruction, not as a thing to record.)
  // ("did-not-attend appointments": an auxiliary inside a compound is none.)
  const auxiliary = tokens.some((t, k) => t.pos === 'AUX' && tokens[k + 1]?.text !== '-' && tokens[k - 1]?.text !== '-')
  if (item.kind !== 'li' || !frame || auxiliary || tokens[0]?.pos === 'PRON' || isImperative(tokens)) return false
  const lead = context.read.tokens(frame)
  // ("You need:" → "did-not-attend appointments for the last four weeks": what to gather; "At each
  // review, compare the society's costs with its rent income:": past a fronted phrase.)
  return (
    isImperative(lead) ||
    isImperative(clauseOf(lead, lead.length - 1)) ||
    lead.some((t) => (t.pos === 'AUX' && DUTY_MODALS.has(t.lower)) || t.lower === 'should' || (t.lemma === 'need' && t.pos === 'VERB'))
  )
}

const PAST_AUXILIARIES = new Set(['was', 'were', 'had', 'did'])
const DUTY_MODALS = new Set(['must', 'shall'])
const RIGHTS = new Set(['must', 'shall', 'can', 'may'])
const RELATIVES = new Set(['that', 'who', 'whose', 'which'])

/** "An active borrower is a library member who has borrowed an item in the last 12 months", "We
 * define a lapsed donor as anyone who…": a kind defined by what its members did in a window, which
 * counts from whenever the measure is taken. */
export function definesAKind(tokens: Token[], at: number, words: Words): boolean {
  // ("We define a lapsed donor as anyone who has not given in the last 18 months.")
  const define = tokens.findIndex((t) => t.lemma === 'define')
  const as = tokens.findIndex((t, j) => j > define && t.lower === 'as')
  if (define !== -1 && as !== -1 && as < at && ['anyone', 'any', 'a', 'an', 'one', 'those'].includes(tokens[as + 1]?.lower ?? ''))
    return true
  // ("…, where an active contract is one that has been invoiced in the last 12 months", "A workable
  // one: an active client is one who has booked in the last 24 months": a definition in a clause of its own.)
  const starts = [0, ...tokens.flatMap((t, j) => (j < at && (t.lower === 'where' || t.text === ':') ? [j + 1] : []))]
  return starts.some((start) => definesFrom(tokens, start, at, words))
}

function definesFrom(tokens: Token[], start: number, at: number, words: Words): boolean {
  if (!words.genericDeterminers.has(tokens[start]?.lower ?? '')) return false
  let k = start + 1
  // ("An active loyalty-card member is one who made a purchase in the last 12 months": a compound's hyphen too.)
  // ("A customer at risk, in our definition, is one who…": its prepositional phrase and an aside too.)
  while (
    k < tokens.length &&
    (['NOUN', 'ADJ', 'PROPN'].includes(tokens[k]!.pos) ||
      tokens[k]!.text === '-' ||
      (tokens[k]!.pos === 'ADP' && tokens[k + 1]?.pos === 'NOUN'))
  )
    k++
  const aside = tokens[k]?.text === ',' ? tokens.findIndex((t, j) => j > k && j < k + 6 && t.text === ',') : -1
  if (aside !== -1) k = aside + 1
  if (k === start + 1 || !['is', 'means'].includes(tokens[k]?.lower ?? '')) return false
  const relative = tokens.findIndex((t, j) => j > k && ['who', 'that', 'which'].includes(t.lower))
  return relative !== -1 && relative < at && ['a', 'an', 'any', 'one'].includes(tokens[k + 1]?.lower ?? '')
}

/** A question as a term of a list, a summary or a list item, or one in quotation marks ("Ask the
 * school to put one question to the host: 'Has anyone moved in in the last 12 months?'"): one for the
 * reader to ask, whose time counts from the asking. */
export const asksTheReader = (item: CheckedText, sentence: string, offset: number) =>
  (['dt', 'summary', 'li'].includes(item.kind) && isQuestion(sentence)) ||
  quotedSpans(item.text).some((q) => q.start < offset && offset < q.end && item.text[q.end - 2] === '?')

/** The token at `at` stands in a question embedded after "ask" ("ask how many clients left…"). */
export function asked(tokens: Token[], at: number, window = false): boolean {
  // ("Count how many patients in the last 12 months asked about…": an instruction to find out asks
  // too, its verb a base form however the tagger reads it.)
  // ("…, and count how many of the families active a year ago are still active": in its conjunct.)
  const clause = clauseOf(tokens, at)
  const comma = clause.findLast((u) => u.start < tokens[at]!.start && u.text === ',')?.start ?? -1
  const conjunct = clause.filter((t) => t.start > comma)
  const [verb, question] = conjunct[0]?.pos === 'CCONJ' ? conjunct.slice(1) : conjunct
  const baseForm = verb !== undefined && ['VERB', 'NOUN', 'PROPN'].includes(verb.pos) && !/s$/.test(verb.lower) && verb.lemma === verb.lower
  if (baseForm && EMBEDDING.has(question?.lower ?? '') && question!.start < tokens[at]!.start) return true
  const ask = tokens.slice(0, at).findLastIndex((t) => t.lemma === 'ask')
  if (ask === -1 || tokens.slice(ask, at).some((t) => t.text === ';' || t.text === '.')) return false
  // ("ask the same questions every month: how many enquiries did we answer … last month": the
  // questions after the colon.)
  const colon = tokens.slice(ask, at).findIndex((t) => t.text === ':')
  // ("Ask, too, how long their queue … is this quarter": past an adverb set off by commas.)
  let next = ask + 1
  if (tokens[next]?.text === ',' && tokens[next + 1]?.pos === 'ADV' && tokens[next + 2]?.text === ',') next += 3
  // ("Asked in the survey how many depots they had opened…": past a short phrase of where it was asked.)
  if (tokens[next]?.pos === 'ADP') {
    const question = tokens.findIndex((t, k) => k > next && k <= next + 4 && EMBEDDING.has(t.lower))
    if (question !== -1 && !tokens.slice(next, question).some((t) => t.pos === 'PUNCT' || t.pos === 'VERB')) next = question
  }
  // ("We asked each firm for its price, … and how many customers it had lost in the last 12 months": a
  // window in a question further on in what was asked, in the conjunct it stands in; "have asked us
  // what the changes announced in last October's Budget will mean" still dates its Budget.)
  const conjunctStart = Math.max(
    ask,
    tokens.findLastIndex((t, k) => k < at && t.text === ',' && tokens[k + 1]?.pos === 'CCONJ'),
  )
  const further = window && tokens.slice(conjunctStart + 1, at).some((t) => ['how', 'what', 'which', 'whether'].includes(t.lower))
  return further || EMBEDDING.has(tokens[next]?.lower ?? '') || (colon !== -1 && EMBEDDING.has(tokens[ask + colon + 1]?.lower ?? ''))
}

const EMBEDDING = new Set(['how', 'what', 'which', 'whether', 'if', 'why', 'when', 'who'])

/** "an inspector will usually ask to see the last three months": a counted window that a verb
 * takes as its object; "most agencies want one issued within the last three years": one that a
 * participle after its noun sets as a condition; one inside a task someone is asked to do. Each is
 * data, not the time of the sentence. */
export function windowAsData(phrase: string, tokens: Token[], at: number): boolean {
  if (!/^the\s+(?:last|past)\s+\S+\s+\S/i.test(phrase)) return false
  if (tokens[at - 1]?.pos === 'VERB' || inATask(tokens, at)) return true
  const participle = tokens[at - 2]
  return (
    tokens[at - 1]?.pos === 'ADP' &&
    participle?.pos === 'VERB' &&
    participle.lower !== participle.lemma &&
    /(?:ed|en|wn|t)$/.test(participle.lower) &&
    ['NOUN', 'PRON', 'NUM'].includes(tokens[at - 3]?.pos ?? '')
  )
}

/** "Segments for mailings, such as lapsed donors who gave in the last 24 months": a window in the
 * relative clause of a plural noun, in a phrase with no verb of its own before it, names a segment
 * (a kind defined by the window), not a time of the writing. */
export function namesASegment(tokens: Token[], at: number, capitalisedPlural: boolean): boolean {
  const relative = tokens.slice(0, at).findLastIndex((t) => ['who', 'that', 'which'].includes(t.lower))
  const noun = tokens[relative - 1]
  // ("Operators that added vehicles in the last 12 months were no more profitable", in an article that
  // sets out its own survey, or "Sales that fell through in the last 30 days" as a list's item: the
  // segment compared or listed, a capitalised plural the tagger may read as a name; "Customers who left
  // in the last year cost us £2m" states a fact of the writing's year.)
  const plural =
    noun?.pos === 'NOUN'
      ? noun.lower !== noun.lemma
      : capitalisedPlural && noun?.pos === 'PROPN' && relative === 1 && /[^s]s$/.test(noun.lower)
  if (relative < 1 || !plural) return false
  // The window inside that clause: no pause or clause of another between them.
  if (tokens.slice(relative, at).some((t) => [',', ';', ':'].includes(t.text) || t.pos === 'CCONJ')) return false
  // ("lapsed donors": a participle before its noun modifies it; "Watch the leading indicators:
  // instructors who stop asking about next season's dates…": after a colon, the phrase is its own.)
  const from = tokens.findLastIndex((t, k) => k < relative && t.text === ':') + 1
  return !tokens.slice(from, relative).some((t, k) => t.pos === 'AUX' || (t.pos === 'VERB' && tokens[from + k + 1]?.pos !== 'NOUN'))
}

/** "We asked the team to pull every item with no stock movement in the last 12 months": a window in
 * the task someone was asked to do is the task's data, counted from when it is done. */
function inATask(tokens: Token[], at: number): boolean {
  const to = tokens.slice(0, at).findLastIndex((t, k) => t.lower === 'to' && tokens[k + 1]?.pos === 'VERB')
  if (to === -1 || tokens.slice(to, at).some((t) => [',', ';', ':'].includes(t.text) || t.pos === 'SCONJ')) return false
  const asking = tokens.slice(Math.max(0, to - 5), to).findLast((t) => t.pos === 'VERB')
  return asking !== undefined && TASK_VERBS.has(asking.lemma)
}

const TASK_VERBS = new Set(['ask', 'tell', 'instruct', 'want', 'need', 'get', 'help', 'allow', 'require'])

/** "anything expiring in the next 60 days", "every tenancy due to end in the next 90 days",
 * "anything due in the next 30 days": a window after a participle, or after "due", picks things out by when they fall, and
 * counts from whenever the list is drawn. */
export function selectsByItsTime(tokens: Token[], window: number): boolean {
  // (The window's own preposition may open its phrase: "due | in the coming four weeks".)
  const at = ['in', 'within'].includes(tokens[window]?.lower ?? '') ? window + 1 : window
  if (!['in', 'within'].includes(tokens[at - 1]?.lower ?? '')) return false
  const verb = tokens[at - 2]
  // ("anything due in the next 30 days": "due" after what it says is due.)
  if (verb?.lower === 'due' && ['NOUN', 'PRON'].includes(tokens[at - 3]?.pos ?? '')) return true
  // ("purchase orders due for payment in the next 14 days": past what they are due for.)
  if (tokens[at - 3]?.lower === 'for' && tokens[at - 4]?.lower === 'due') return true
  // ("List every fitting booked with the seamstress in the next 14 days": past its participle's phrase;
  // "every customer due a fitting in the next ten days": past what each is due.)
  const every = tokens.slice(Math.max(0, at - 8), at - 1).findLastIndex((t) => ['every', 'each', 'any'].includes(t.lower))
  const between = every === -1 ? [] : tokens.slice(Math.max(0, at - 8) + every + 1, at - 1)
  if (
    every !== -1 &&
    between.some((t) => (t.pos === 'VERB' && /(?:ed|en)$/.test(t.lower)) || t.lower === 'due') &&
    !between.some((t) => t.pos === 'AUX' || t.text === ',')
  )
    return true
  // ("List every session in the next 14 days with less than 60% booked": each one in the window.)
  if (verb?.pos === 'NOUN' && ['every', 'each', 'any', 'all'].includes(tokens[at - 3]?.lower ?? '')) return true
  // ("every departure with a release in the next 21 days": what has something in the window.)
  if (verb?.pos === 'NOUN' && ['a', 'an'].includes(tokens[at - 3]?.lower ?? '') && tokens[at - 4]?.lower === 'with') return true
  if (verb?.pos !== 'VERB') return false
  const participle = /ing$/.test(verb.lower) && ['NOUN', 'PRON'].includes(tokens[at - 3]?.pos ?? '')
  const due = verb.lower === verb.lemma && tokens[at - 3]?.lower === 'to' && tokens[at - 4]?.lower === 'due'
  return participle || due
}

/** "Raised in the last 14 days" in a table's "Data window" column: a short cell with no subject of
 * its own (no auxiliary, and its verb, if any, first) labels the window, it states nothing. */
export function labelsACell(item: { kind: string }, tokens: Token[]): boolean {
  const verb = tokens.findIndex((t) => t.pos === 'VERB')
  return item.kind === 'td' && tokens.length <= 9 && !tokens.some((t) => t.pos === 'AUX') && verb <= 0
}

/** "in ten years' time" counts from the asking in a question the reader is to ask ("ask whether the
 * group would still want to pay rent on them in ten years' time"), and from each review in an
 * instruction of a routine the title or the heading names ("check it in four weeks' time"). */
export function fromTheReadersMoment(tokens: Token[], offset: number, item: CheckedText, context: QualityContext): boolean {
  const at = tokenAt(tokens, offset)
  const { routineFrame } = context.words.relativeDate
  const routine = [context.input.title, item.section ?? ''].some((frame) => {
    routineFrame.lastIndex = 0
    return routineFrame.test(frame)
  })
  return asked(tokens, at) || (instructsAt(tokens, at) && routine)
}

/** "the timetable for the coming month" in "How to run a monthly review": a window of one period of
 * the routine the title or the heading names ("the coming months" in a daily briefing's article
 * still forecasts). A routine named by its weekday ("The Monday yard review") is a weekly one. */
export function coversItsOwnPeriod(phrase: string, frames: string[], routineFrame: RegExp): boolean {
  // ("the coming seven days", "within the past three days" in a weekly routine: a count of days within its week.)
  const days = /^the\s+(?:coming|next|last|past)\s+(?:two|three|four|five|six|seven|[2-7])\s+days$/i.test(phrase)
  // ("The rest of the week turns the figure into fixes" in a weekly routine: the rest of its week.)
  const unit = days
    ? 'week'
    : (/^(?:the\s+(?:coming|next|last|past)|the\s+rest\s+of\s+the)\s+(day|week|month|quarter|year)$/i.exec(phrase) ??
        /^the\s+(day|week|month|quarter|year)\s+ahead$/i.exec(phrase))?.[1]?.toLowerCase()
  if (!unit) return false
  const adjective = unit === 'day' ? 'daily' : `${unit}ly`
  const every = new RegExp(routineFrame.source, routineFrame.flags.includes('g') ? routineFrame.flags : `${routineFrame.flags}g`)
  return frames.some((frame) =>
    [...frame.matchAll(every)].some((m) => {
      const routine = m[0].toLowerCase()
      return routine.startsWith(adjective) || (unit === 'week' && WEEKDAY_START.test(routine))
    }),
  )
}

const WEEKDAY_START = /^(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b/

/** The token at `offset` in the sentence stands in an instruction's own stretch. */
export const instructsAtOffset = (tokens: Token[], offset: number) => instructsAt(tokens, tokenAt(tokens, offset))

/** "Chase anything ordered more than ten working days ago" (an instruction), "Any quote sent more than
 * seven days ago … gets a follow-up" (any one's), "count how many of the families active a year ago
 * are still active" (a question to find out): a time ago counted from the reader's moment. */
export function agoFromTheReader(tokens: Token[], offset: number, words: Words): boolean {
  const at = tokenAt(tokens, offset)
  return instructsAtOffset(tokens, offset) || describesAnyOne(tokens, at, words) || asked(tokens, at)
}
