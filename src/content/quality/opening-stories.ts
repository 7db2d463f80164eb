// Openings that tell a story instead of answering: a scene ("On a grey morning in Cardiff, …"), a
// moment of a story ("The call came on a Friday afternoon", "When Margaret Ellis put her name
// down…,"), a supposed scene and a portrait in the present; a case study's opening is read in
// opening-cases.ts.
import type { QualityContext } from './context.js'
import { isPastForm, tenseOf } from './grammar.js'
import { isImperative } from './instructions.js'
import { measuresAResult, tellsACase } from './opening-cases.js'
import type { Token } from './language.js'
import { articleYear } from './title-words.js'
import type { WordLists } from './word-lists.js'
import { CLOCK_TIME as CLOCK_TIME_PATTERN } from './word-patterns.js'

type Words = WordLists['answerFirst']

/** "On a grey morning in Cardiff, …", "Imagine a warehouse…": the words that set a scene, when the
 * sentence opens with one ("On a typical day" generalises). */
export function sceneOpening(sentence: string, words: Words): string | undefined {
  const scene = words.scene.exec(sentence)
  if (!scene) return undefined
  // "At 11.40pm on a busy Saturday, …": a clock time makes the day one day, however typical its kind
  // ("At 8am every Monday, …" is a routine's).
  // ("At midnight on 31 March the price cap falls by 7%": a bare fronted clock time before a measured
  // fact is news; "It is 6.15am at a parcel depot, and the first of 42 vans…" stays a scene.)
  if (CLOCK_TIME.test(scene[0])) {
    const routine = /\b(?:every|each)\b/i.test(sentence.split(/\s+/).slice(0, 8).join(' '))
    const bare = /^\s*(?:at|by|just|shortly)\s/i.test(scene[0]) && !/\b(?:on\s+an?|one)\b/i.test(scene[0])
    const news = bare && /[\d£$€%]/.test(sentence.slice(scene[0].length))
    return routine || news ? undefined : scene[0].trim()
  }
  words.genericTime.lastIndex = 0
  return !words.genericTime.test(scene[0]) ? scene[0].trim() : undefined
}

const CLOCK_TIME = new RegExp(`^\\s*\\S+(?:\\s+\\S+){0,2}?\\s+${CLOCK_TIME_PATTERN}`, 'iu')

/** "The call came on a Friday afternoon in February 2023.", "When Margaret Ellis put her name
 * down…,": a story's moment, told in the past, in the opening sentence ("on a full list day, a
 * clinic needs 12 nurses" generalises). */
export function storyMoment(sentence: string, context: QualityContext, words: Words): string | undefined {
  // "When Margaret Ellis put her name down for a plot in 2019, …", "When we first ran this survey":
  // a "when" told in the past opens a story ("When its pay bill is more than £3m." answers).
  // "When a police force moved its forms onto phones, officers made 1.4 fewer trips…" sums the case
  // up: its main clause measures the result.
  const when = /^when\s+([^,]+),/i.exec(sentence)
  if (when && tenseOf(context.read.tokens(when[1]!)).past && !measuresAResult(context.read.tokens(sentence.slice(when[0].length)), words))
    return when[0].slice(0, -1).split(/\s+/).slice(0, 5).join(' ')
  // "In February 2026 I spent an afternoon in a boardroom in Leeds…": the writer's own story; "The
  // managing director of a Leeds agency once showed us a spreadsheet…": someone of the story's, with
  // the writer in it.
  const tokens = context.read.tokens(sentence)
  if (tokens.some((t, k) => t.text === 'I' && isPastForm(tokens[k + 1] ?? t) && tokens[k + 1]?.pos === 'VERB'))
    return sentence.split(/\s+/).slice(0, 6).join(' ')
  if (toldToTheWriter(tokens, words)) return sentence.split(/\s+/).slice(0, 6).join(' ')
  // "The product lead at a Lisbon app had promised her board a launch in 14 weeks.", "In November
  // 2025 we sat with the founder of…": a character's past, or the writer's own visit.
  const past = tenseOf(tokens)
  // ("He sold the hours before he bought the kit." under "Profile: how Tomasz Wierzbicki built…": the
  // title's own person, and what he did, is the answer.)
  // ("Helen Ashdown took over the estate from her father in 2016 and split it…" under "Interview:
  // Helen Ashdown on running a Yorkshire estate…": the sentence opens with the title's person.)
  const named = /^(\p{Lu}\p{L}+)\s+(\p{Lu}\p{L}+)\b/u.exec(sentence)
  // ("Priya Desai of Castlegate Training: why we stopped subcontracting": or a title that opens with her.)
  const titlesThePerson =
    named !== null &&
    (/^(?:interview|profile|q&a|in conversation)\b|\b(?:interview|conversation)\s+with\b/i.test(context.input.title) ||
      context.input.title.startsWith(named[0])) &&
    [named[1]!, named[2]!].every((w) => new RegExp(`\\b${w}\\b`, 'u').test(context.input.title))
  const namedCase =
    titlesThePerson || (tellsACase(context.input.title, context) && /\bhow\s+\p{Lu}\p{L}+\s+\p{Lu}\p{L}+/u.test(context.input.title))
  // ("Turnover … fell from 68% to 31% in a year after Chloe Brannigan made three changes: she…": a
  // result measured sums the case up.)
  const character = !namedCase && tokens.some((t) => CHARACTER_PRONOUNS.has(t.lower)) && !measuresAResult(tokens, words)
  // ("We first priced hotel rooms in Ludlow in 2022": the writer's own beginning.)
  const visit = tokens.some(
    (t, k) =>
      t.lower === 'we' &&
      ((tokens[k + 1]?.pos === 'VERB' && words.visitVerbs.has(tokens[k + 1]!.lower)) ||
        (tokens[k + 1]?.lower === 'first' && tokens[k + 2]?.pos === 'VERB' && isPastForm(tokens[k + 2]!))),
  )
  // "Three of the six stylists at a salon we advised in Harrogate rented their chairs": the writer's
  // own client, in a story ("A hotel group we advised cut its energy bill by 18%" sums a case up).
  const client = OWN_CLIENT.test(sentence) && !measuresAResult(tokens, words)
  if (
    past.past &&
    !past.perfect &&
    !past.future &&
    (character || visit || client || (longAgo(sentence, context) && !measuresAResult(tokens, words)))
  )
    return sentence.split(/\s+/).slice(0, 6).join(' ')
  const moment = words.sceneMoment.exec(sentence)
  if (!moment) return undefined
  words.genericTime.lastIndex = 0
  // ("Set aside two hours on the first Tuesday of each month…": an instruction's routine, not a story's day.)
  const routine = /^\s*of\s+(?:each|every)\b/i.test(sentence.slice(moment.index + moment[0].length)) || isImperative(tokens)
  if (routine || words.genericTime.test(moment[0]) || !past.past || measuresAResult(tokens, words)) return undefined
  return sentence.slice(0, moment.index + moment[0].length).trim()
}

/** "Ask the eco-council at any primary school what pupils would change and the bins come up within
 * minutes", "Walk into any depot and you will find…": an instruction joined to what then happens is
 * a supposition that sets a scene, no step ("Cost each element, set a margin and publish the
 * list" instructs throughout). */
export function supposedScene(sentence: string, context: QualityContext): string | undefined {
  const tokens = context.read.tokens(sentence)
  if (!isImperative(tokens)) return undefined
  for (let k = 1; k < tokens.length - 2; k++) {
    // ("Close the month by fixing the timetable: …, and the pack issued on day 5": the colon's list.)
    if (tokens[k]!.text === ':' || tokens[k]!.text === ';') return undefined
    if (tokens[k]!.lower !== 'and' || tokens[k - 1]!.text === ',') continue
    // "Close a store only when its profit stays negative and the website can keep…": inside a
    // clause of its own the "and" joins that clause's parts.
    if (tokens.slice(0, k).some((t) => SUBORDINATORS.has(t.lower))) return undefined
    let j = k + 1
    let plural = true
    if (tokens[j]!.pos === 'PRON' && SUBJECT_PRONOUNS.has(tokens[j]!.lower)) j++
    else {
      if (tokens[j]!.pos !== 'DET') continue
      j++
      while (['ADJ', 'NOUN'].includes(tokens[j]?.pos ?? '') && ['ADJ', 'NOUN'].includes(tokens[j + 1]?.pos ?? '')) j++
      if (tokens[j]?.pos !== 'NOUN') continue
      plural = tokens[j]!.lower !== tokens[j]!.lemma
      j++
    }
    // The verb agrees with its subject ("the bins come up", "the answer comes"); "a full system
    // restore at least once a year" has none.
    const verb = tokens[j]
    const agrees = verb?.pos === 'AUX' || (verb?.pos === 'VERB' && (plural || /[^s]s$/.test(verb.lower) || isPastForm(verb)))
    // ("Spend one short session a week on VAT and the quarterly return becomes a 30-minute job": a
    // routine advised, with what it brings.)
    const routine = ROUTINE_FREQUENCY.test(
      tokens
        .slice(0, k)
        .map((t) => t.text)
        .join(' '),
    )
    if (agrees && !routine) return sentence.split(/\s+/).slice(0, 6).join(' ')
  }
  return undefined
}

const ROUTINE_FREQUENCY =
  /\b(?:a|an|each|every|per)\s+(?:day|week|fortnight|month|quarter|year|term|shift)\b|\b(?:daily|weekly|monthly|quarterly|annually)\b/i

/** "Dr Helen Marsh keeps one printed journal on her desk", "Rachel Obi's office … looks straight
 * onto the machine shop", "Mark Ellery, the base maintenance manager, starts each day…": a portrait
 * of someone the title does not name, drawn in the present, with "she" or "his" in the opening, sets
 * a scene ("Jane Smith, our head of tax, says…" reports an answer). */
export function portrait(sentence: string, opening: string, context: QualityContext): string | undefined {
  const tokens = context.read.tokens(sentence)
  let k = HONORIFICS.has(tokens[0]?.lower ?? '') ? 1 : 0
  const name = k
  while (tokens[k]?.pos === 'PROPN' && /^\p{Lu}/u.test(tokens[k]!.text)) k++
  if (k - name < 2 || k - name > 3) return undefined
  const surname = tokens[k - 1]!.lower
  const titleWords: string[] = context.input.title.toLowerCase().match(/\p{L}+/gu) ?? []
  if (titleWords.includes(surname)) return undefined
  // Past an apposition ("Mark Ellery, the base maintenance manager, …") or what the name owns
  // ("Rachel Obi's office at the Wearside training centre …").
  if (tokens[k]?.text === ',') {
    const close = tokens.findIndex((t, j) => j > k && t.text === ',')
    if (close === -1 || close - k > 8) return undefined
    k = close + 1
  } else if (tokens[k]?.text === "'s" || tokens[k]?.text === '’s') {
    const verb = tokens.findIndex((t, j) => j > k && t.pos === 'VERB')
    if (verb === -1 || verb - k > 7 || tokens.slice(k + 1, verb).some((t) => t.pos === 'PUNCT')) return undefined
    k = verb
  }
  // ("Helen Marsh is on the playground at 8.20am": where someone is, now.)
  const verb = tokens[k]
  const somewhere = verb?.lower === 'is' && tokens[k + 1]?.pos === 'ADP'
  const present = somewhere || (verb?.pos === 'VERB' && /[^s]s$/.test(verb.lower) && verb.lower !== verb.lemma)
  if (!present || REPORTING_VERBS.has(verb.lemma) || !/\b(?:she|he|her|his|him)\b/i.test(opening)) return undefined
  return sentence.split(/\s+/).slice(0, 6).join(' ')
}

const HONORIFICS = new Set(['dr', 'professor', 'prof', 'mr', 'mrs', 'ms', 'miss', 'sir', 'dame', 'cllr', 'councillor'])
// The verbs that report what someone says or thinks: the answer can be theirs.
const REPORTING_VERBS = new Set([
  'say',
  'argue',
  'think',
  'believe',
  'reckon',
  'expect',
  'recommend',
  'advise',
  'warn',
  'estimate',
  'suggest',
  'explain',
  'admit',
  'insist',
  'predict',
  'want',
  'agree',
  'disagree',
  'doubt',
  'see',
  'put',
])

const SUBORDINATORS = new Set(['when', 'where', 'if', 'that', 'which', 'who', 'because', 'while', 'unless', 'until', 'whether', 'once']) // ("once … and the smaller charges are added")
const SUBJECT_PRONOUNS = new Set(['you', 'they', 'it', 'we', 'nobody', 'everyone', 'someone'])

/** A person, one of them ("The managing director of…", "One client", "A finance director"), did
 * something to the writer in the past: "…once showed us", "…rang me", "…told us". */
function toldToTheWriter(tokens: Token[], words: Words): boolean {
  if (!['the', 'a', 'an', 'one', 'our'].includes(tokens[0]?.lower ?? '')) return false
  // ("The managing director": a participle before its noun modifies it.)
  const verb = tokens.findIndex(
    (t, k) => (t.pos === 'VERB' || t.pos === 'AUX') && !(/(?:ing|ed)$/.test(t.lower) && tokens[k + 1]?.pos === 'NOUN'),
  )
  if (verb < 2) return false
  const subject = tokens.slice(1, verb).filter((t) => t.pos !== 'ADV')
  const person = subject.findIndex(
    (t) => t.pos === 'NOUN' && (words.storyPeople.has(t.lower) || /(?:er|or|ist|ian|ant|ent|ee)$/.test(t.lower)),
  )
  // The person heads the subject: its first noun after "of" is somewhere else ("of a 40-desk agency").
  const of = subject.findIndex((t) => t.lower === 'of')
  if (person === -1 || (of !== -1 && person > of)) return false
  const said = tokens[verb]!
  const object = tokens[verb + 1]
  return said.pos === 'VERB' && isPastForm(said) && (object?.lower === 'us' || object?.lower === 'me')
}

/** "Britain's small brewing revival began in the 1970s, when…", "The co-operative was founded in
 * 1979": a past a decade or more before the article's own year is a history, not the answer (a
 * "Why" title may want it: the reason can lie there). */
function longAgo(sentence: string, context: QualityContext): boolean {
  if (/^\s*why\b/i.test(context.input.title)) return false
  const year = articleYear(context)
  // Every year it names is old ("between 2014 and 2025" reaches the present), and none is a name's ("the Act 1954").
  // ("in the mid-2010s": the middle of its decade, "the late 2010s" its end.)
  const years = [...sentence.matchAll(/(\p{L}+[\s-]+)?\b(1[89]\d{2}|20\d{2})(s)?\b/gu)].filter(
    (m) => !/^(?:act|regulations|order)\s/i.test(m[1] ?? ''),
  )
  const within = (m: RegExpMatchArray) => (!m[3] ? 0 : /^(?:early|mid)[\s-]/i.test(m[1] ?? '') ? 5 : 9)
  const tokens = context.read.tokens(sentence)
  // (Finite: "to sell them the street and do it up" has no present.)
  const finite = (k: number) => !['to', 'would', 'could', 'might', 'should', 'and'].includes(tokens[k - 1]?.lower ?? '')
  const present = tokens.some(
    (t, k) =>
      (['is', 'are', 'am', 'has', 'have', 'do', 'does'].includes(t.lower) && finite(k)) ||
      (t.pos === 'VERB' && /[^s]s$/.test(t.lower) && t.lower !== t.lemma),
  )
  // ("…set up the Authority, and for two decades the firms needed no licence": a span of decades.)
  const decades = /\bfor\s+(?:(?:two|three|four|five|several|many)\s+)?(?:decades|generations)\b/i.test(sentence)
  return !present && (decades || (years.length > 0 && years.every((m) => Number(m[2]) + within(m) <= year - 10)))
}

const OWN_CLIENT = /\b(?:an?|one)\s+(?:[\p{L}-]+\s+){0,3}?we\s+(?:advised|worked\s+with|helped|supported|visited|audited)\b/iu

const CHARACTER_PRONOUNS = new Set(['she', 'he', 'her', 'his', 'him'])

/** "The plant room beneath the maternity wing is warm, loud and spotless, and Ruth Okafor walks
 * through it…", "The view from Priya Lennox's desk takes in the loading bays…": under an interview's
 * or a profile's title, a place in the present, with the person in it named, sets the scene; what
 * the person says or thinks ("The biggest change, Lennox says, …") may be the answer. */
export function placeScene(sentence: string, context: QualityContext, next?: string): string | undefined {
  const title = context.input.title
  if (!/\b(?:interview|profile)\b/i.test(title) && !/^\p{Lu}\p{L}+\s+\p{Lu}[\p{L}'’-]+\s+(?:of|at|on)\s/u.test(title)) return undefined
  const tokens = context.read.tokens(sentence)
  // (A measured fact answers: "The plant's output is 40% up"; a count in words, "forty trailers", is
  // the scene's, and so is a time on the clock: "The first vehicle leaves the depot at 5.40am".)
  const unclocked = sentence.replace(CLOCK_TIME_ANYWHERE, '')
  if (tokens[0]?.lower !== 'the' || /[\d£$€%]/.test(unclocked) || tokens.some((t) => REPORTING_VERBS.has(t.lemma))) return undefined
  // (The main clause's tense, before an apposition: "…at 5.40am, a van booked to take a patient…".)
  const comma = tokens.findIndex((t) => t.text === ',')
  const tense = tenseOf(comma === -1 ? tokens : tokens.slice(0, comma))
  if (tense.past || tense.perfect || tense.future) return undefined
  const named = (words: Token[]) => words.some((t, k) => k > 1 && isName(t) && isName(words[k + 1]))
  // (At a clock time the person may come in the next sentence: "By seven, 23 crews are out, and Priya
  // Nandra … is still listening to the radio".)
  const clocked = unclocked !== sentence
  return named(tokens) || (clocked && next !== undefined && named(context.read.tokens(next)))
    ? sentence.split(/\s+/).slice(0, 6).join(' ')
    : undefined
}

const CLOCK_TIME_ANYWHERE = new RegExp(`\\b(?:at|by)\\s+${CLOCK_TIME_PATTERN}`, 'giu')

const isName = (t: Token | undefined) => t !== undefined && t.pos === 'PROPN' && /^\p{Lu}\p{Ll}/u.test(t.text)

/** "Rain is drumming on the loading canopy in Salford, and a queue of vans is already waiting…",
 * "The rain has not stopped since first light, and the scaffold … is slick underfoot": the weather
 * or the light, the subject of the first clause, in the progressive or the perfect, sets a scene
 * ("Wind is the cheapest source of new power" states a fact, and so does a figure: "Frost has cut
 * yields by 20%"; "Storm Babet…" names one). */
export function weatherScene(sentence: string, context: QualityContext): string | undefined {
  const tokens = context.read.tokens(sentence)
  const k = tokens[0]?.lower === 'the' ? 1 : 0
  const subject = tokens[k]
  const modified = ['NOUN', 'PROPN', 'ADJ'].includes(tokens[k + 1]?.pos ?? '')
  if (!subject || !context.words.answerFirst.weatherNouns.has(subject.lower) || modified || /[\d£$€%]/.test(sentence)) return undefined
  const comma = tokens.findIndex((t) => t.text === ',' || t.text === ';')
  const tense = tenseOf(tokens.slice(k + 1, comma === -1 ? undefined : comma))
  return tense.progressive || (tense.perfect && !tense.future) ? sentence.split(/\s+/).slice(0, 6).join(' ') : undefined
}
