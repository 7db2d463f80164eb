// The section openers of back-reference: a section that opens with a pronoun or a demonstrative
// ("They", "These savings", "Both") leans on an earlier section, unless its heading names what the
// word stands for ("Index-linked contracts" → "They…", "Salads and soft fruit" → "Both…").
import type { QualityContext } from './context.js'
import { isLinkOnly, type Section } from './extract.js'
import type { Token } from './language.js'
import { isPlural, readHeading } from './heading-words.js'
import { headingNames, namesOnePluralClass, namesTwo, twoKindsOf } from './heading-names.js'
import { namesPeople, saidOfPeople } from './said-of-people.js'
import type { WordLists } from './word-lists.js'
import { escape } from './word-patterns.js'

type Words = WordLists['backReference']

const TIME_NOUNS = new Set([
  'day',
  'week',
  'month',
  'quarter',
  'year',
  'decade',
  'season',
  'spring',
  'summer',
  'autumn',
  'winter',
  'time',
  'days',
])

const TABLE_CELLS = new Set(['td', 'th'])

export interface Opener {
  word: string
  sentence: string
  heading: string
  /** The text of the section before, where an antecedent would be. */
  before: string
  /** What the section before says it holds: its heading and its table's header cells. */
  beforeNames: string
}

/** The first sentence of a section, when it opens with a pronoun or a demonstrative (matched with
 * its case). A question heading usually names what the answer is about ("Why do rollouts overrun?"
 * → "They…"); one that leans back itself ("What should they measure?") does not. */
export function openerOf(section: Section, previous: Section | undefined, context: QualityContext): Opener | undefined {
  const words = context.words.backReference
  if (!section.heading) return undefined
  const block = section.blocks.find((b) => b.text && !isLinkOnly(b))
  // A table's cell ("Both" under "Which reliefs apply?") is a value, not a sentence that opens the section.
  if (!block || TABLE_CELLS.has(block.kind)) return undefined
  // The block's first word is its first sentence's: look at it before splitting the block.
  // "They’re", "They've": the pronoun without its contracted verb.
  // ("\u201cThat agreement should have come first.\u201d", "Eleanor Pryce: They…": an interview's answer,
  // past its quotation mark or its speaker.)
  const lead = SPOKEN_LEAD.exec(block.text)?.[0].length ?? 0
  const text = block.text.slice(lead)
  const word = /^\p{L}+/u.exec(text)?.[0] ?? ''
  if (!words.personalOpeners.has(word) && !words.demonstrativeOpeners.has(word)) return undefined
  if (text.trim() === word) return undefined
  const before = previous?.blocks.map((b) => b.text).join(' ') ?? ''
  const beforeNames = [previous?.heading ?? '', ...(previous?.blocks.filter((b) => b.kind === 'th').map((b) => b.text) ?? [])].join(' ')
  const sentence = context.read.sentenceAt(block.text, lead)
  return { word, sentence: sentence.text.slice(lead - sentence.start), heading: section.heading, before, beforeNames }
}

/** An opening quotation mark, or a speaker's name and colon ("Eleanor Pryce:", "A:"). */
const SPOKEN_LEAD = /^(?:["\u201c\u2018']|(?:\p{Lu}[\p{L}'\u2019.-]*\s+){0,3}\p{Lu}[\p{L}'\u2019.-]*:\s+["\u201c\u2018]?)/u

/** The opener's own noun ("These questionnaires") and, later, a counted noun of another kind ("three
 * things"): the list that follows is of the counted noun. */
function countsAnotherList(tokens: Token[]): boolean {
  // ("These nine firms shared three habits:": past the opener's own number.)
  let at = 1
  while (['NUM', 'ADJ'].includes(tokens[at]?.pos ?? '')) at++
  const own = tokens[at]
  if (own?.pos !== 'NOUN') return false
  // ("These six steps cover one audit cycle:" announces its steps; "These three steps cost little
  // and take about four weeks:" too, four weeks being how long.)
  return tokens.some(
    (t, k) =>
      k > at &&
      t.pos === 'NUM' &&
      t.lower !== 'one' &&
      // ("These four habits were common to the 22 centres that…:": a definite count names a set
      // already known; the list announced is counted without one.)
      !['the', 'these', 'those', 'our', 'their', 'its', 'your'].includes(tokens[k - 1]?.lower ?? '') &&
      tokens[k + 1]?.pos === 'NOUN' &&
      tokens[k + 1]!.lower !== tokens[k + 1]!.lemma &&
      tokens[k + 1]!.lemma !== own.lemma &&
      !TIME_UNITS.has(tokens[k + 1]!.lemma),
  )
}

const TIME_UNITS = new Set(['minute', 'hour', 'day', 'week', 'month', 'quarter', 'year'])

/** "What does it cost to join?", "How long does it take to register?", "Is it worth switching?": the
 * heading's "it" stands for the infinitive or the gerund after it, and an "It" that opens the
 * section answers with the same "it" ("It takes more than a joining fee"). */
function anticipates(heading: Token[]): boolean {
  const it = heading.findIndex((t) => t.lower === 'it')
  if (it === -1) return false
  return heading
    .slice(it + 1, it + 5)
    .some(
      (t, k, rest) => (t.lower === 'to' && rest[k + 1]?.pos === 'VERB') || (t.lower === 'worth' && /ing$/.test(rest[k + 1]?.lower ?? '')),
    )
}

/** Whether the opener takes its meaning from text before the heading. */
export function leansBack({ word, sentence, heading, before, beforeNames }: Opener, context: QualityContext): boolean {
  const words = context.words.backReference
  const tokens = context.read.tokens(sentence)
  // "That the provider appears on the FCA register." under "What should a buyer check?": "That"
  // before an article opens a clause, it points at nothing.
  if (word === 'That' && ['DET', 'PRON'].includes(tokens[1]?.pos ?? '') && tokens[1]?.lower !== 'is') return false
  // "These three steps pay back within a year:" announces a list; "These questionnaires tend to ask
  // for three things:" announces the things, and its questionnaires are named before.
  // ("They must show, on the product page itself:" under "What must a listing show?": a pronoun still
  // needs its antecedent.)
  if (/:\s*$/.test(sentence) && !countsAnotherList(tokens) && !words.personalOpeners.has(word)) return false
  // "This is the only salary survey built for…" under "About the benchmark": the heading's thing.
  if (/^about\s+(?:the|our|this)\s/i.test(heading) && ['This', 'It'].includes(word)) return false
  const headingTokens = readHeading(context.read.tokens(heading))
  const person = words.personalOpeners.get(word)
  // "That depends on the contract" under "Who checks the dry goods?": the answer to the heading's question.
  if ((word === 'That' || word === 'It') && /\?\s*$/.test(heading) && ['depend', 'vary'].includes(tokens[1]?.lemma ?? '')) return false
  if (person) {
    if (word === 'It' && (words.expletiveIt.test(sentence) || anticipates(headingTokens))) return false
    if (word === 'They' && saidOfPeople(sentence, tokens, words) && !namesPeople(headingTokens, words)) return true
    // "She also advises…" under "Sunita's advice to other owners"; "He would…" in a profile of the
    // person its title names ("How did Dale Morgan grow a one-van plumbing firm?").
    if (person === 'person' && (headingNames(headingTokens, person, words) || profiles(context))) return false
    // "They also set who pays for electricity" under "Utilities and waste": "also" goes on from
    // what was said before, of the same thing, unless the heading ends in the plural it stands for
    // ("Laser projectors" → "They also hold brightness better").
    const last = headingTokens.findLast((t) => t.pos === 'NOUN' || t.pos === 'PROPN')
    if (tokens[1]?.lower === 'also' && !(last && isPlural(last) === (person === 'plural'))) return true
    return !headingNames(headingTokens, person, words)
  }
  const next = tokens[1]
  // "Those teaching evening classes…", "Those based abroad…": a participle makes "Those" anyone so.
  const participle = next !== undefined && (/ing$/.test(next.lower) || (next.pos === 'VERB' && /ed$/.test(next.lower)))
  if (word === 'Those' && (words.genericThose.has(next?.lower ?? '') || participle)) return false
  // "These give families a budget…" under "Personal travel budgets": a plural pronoun, as They
  // (the tagger may read its verb as a noun, one that cannot agree with "These").
  // Not when a plural noun and then the clause's verb follow: "These pay assumptions only make
  // sense…" is a compound noun phrase.
  const compound = tokens[2] !== undefined && tokens[2].pos === 'NOUN' && isPlural(tokens[2]) && verbAfter(tokens, 3)
  const misreadVerb = next?.pos === 'NOUN' && word === 'These' && !isPlural(next) && !compound
  // "Both are grown under cover" under "Salads and soft fruit": the two things the heading names.
  // "How the two compare" → "Both routes can work".
  const two = headingTokens.some((t) => t.lower === 'two' || t.lower === 'both')
  // ("Both charities ran dial-a-ride…" in "What we learned from merging two … charities": the title's pair.)
  const titlesPair =
    word === 'Both' &&
    next !== undefined &&
    context.input.title.toLowerCase().includes('two ') &&
    context.input.title.toLowerCase().includes(next.lower)
  if (word === 'Both' && (namesTwo(headingTokens) || twoKindsOf(headingTokens) || two || titlesPair)) return false
  if (!next || misreadVerb || !['NOUN', 'PROPN', 'ADJ', 'NUM'].includes(next.pos)) {
    // "This is the stage where most branches lose control" under "Sales progression": "This is" and
    // a noun with a relative clause classify what the heading names; "This is why…", "This favours…"
    // take a statement made before.
    if (word === 'This' && classifiesTheHeading(tokens, words)) return !headingNames(headingTokens, 'singular', words)
    return !(word === 'These' && namesOnePluralClass(headingTokens, words))
  }
  // A determiner: "This approach" leans back unless the heading names the thing, the text names
  // itself ("This section") or the noun is a time ("This year", a relative date).
  const phrase = nounPhraseAfter(tokens)
  const first = phrase.find((t) => t.pos === 'NOUN' || t.pos === 'PROPN')
  const noun = phrase.at(-1)
  // ("These time limits": a time noun that modifies the next is no time.)
  // ("These three days feed one another": counted, the days are ones named before.)
  const counted = phrase.some((t) => t.pos === 'NUM')
  const aTime = first !== undefined && TIME_NOUNS.has(first.lemma) && phrase[phrase.indexOf(first) + 1]?.pos !== 'NOUN' && !counted
  if (!first || !noun || aTime || words.selfNouns.has(first.lemma)) return false
  // "That gap hurts…" under "Where the gap falls", "Those twenty people…" under "Ask people who use
  // the service": the far demonstrative points past the heading, at the text before it.
  if (word === 'That' || word === 'Those') return true
  // "These contracts" under "Index-linked contracts"; not "These high-risk accounts" under "Brief
  // account managers", where the heading's "account" only modifies its head.
  const headOfItsPhrase = (k: number) => !['NOUN', 'PROPN'].includes(headingTokens[k + 1]?.pos ?? '')
  if (
    headingTokens.some((t, k) => headOfItsPhrase(k) && phrase.some((p) => p.lemma === t.lemma && (p.pos === 'NOUN' || p.pos === 'PROPN')))
  )
    return false
  // "These tools draft…" under "Drafting assistants": the near demonstrative and a plural noun take
  // the plural class the heading just named, in other words; "Those savings" under "Risks" reaches
  // further back, and so does a phrase that says which ones ("These pay assumptions" under "Pupil
  // numbers": the assumptions named before).
  const bare = phrase.length === 1
  // "These changes also reach the statement of cash flows" under "Cash flows": the sentence names
  // the heading's thing apart from the phrase, which stands for something before.
  const headingHead = headingTokens.findLast((t) => t.pos === 'NOUN' || t.pos === 'PROPN')
  const rest = tokens.slice(phrase.length + 1)
  if (headingHead && rest.some((t) => t.lemma === headingHead.lemma && (t.pos === 'NOUN' || t.pos === 'PROPN'))) return true
  // "These costs mean…" under "Alternatives to walking away", after a section that set out the
  // costs ("What does exit cost?" over a table headed "Cost"): a noun the section before names, in
  // its text or, in either number, in its heading or its table's header, is that section's,
  // whatever class the heading names.
  if (bare && (namedIn(before, noun.lower) || namedIn(beforeNames, noun.lemma))) return true
  // ("These delays are not fixed" under "Ways to shorten the wait": a heading that names ways or
  // steps names no class its noun could stand for.)
  const classNoun = headingTokens.find((t) => t.pos === 'NOUN' || t.pos === 'PROPN')?.lower.replace(/s$/, '')
  if (classNoun && METHOD_NOUNS.has(classNoun) && classNoun !== noun.lemma) return true
  return !(word === 'These' && bare && isPlural(noun) && headingTokens.length > 1 && namesOnePluralClass(headingTokens, words))
}

const METHOD_NOUNS = new Set(['way', 'step', 'tip', 'option', 'idea', 'lesson', 'thing'])

/** The text holds the word ("costs"; in running text "the tool" is no antecedent of "These tools"). */
const namedIn = (text: string, word: string) => new RegExp(`\\b${escape(word)}\\b`, 'i').test(text)

/** "This is the stage where…", "This is a market that…": a form of "be", an article, a noun and a
 * relative word. */
function classifiesTheHeading(tokens: Token[], words: Words): boolean {
  if (tokens[1]?.lemma !== 'be' || !['the', 'a', 'an'].includes(tokens[2]?.lower ?? '')) return false
  const noun = tokens.slice(3, 7).findIndex((t) => t.pos === 'NOUN')
  if (noun === -1) return false
  const after = tokens[3 + noun + 1]
  // "This is the stage operators are tempted to cut short": a relative clause without "that".
  // ("This is the line most shops leave blank": the relative clause's subject may have a determiner.)
  const subject = ['DET', 'ADJ'].includes(after?.pos ?? '') && tokens[3 + noun + 2]?.pos === 'NOUN' ? 3 + noun + 2 : 3 + noun + 1
  const zeroRelative =
    after !== undefined && ['NOUN', 'PRON'].includes(tokens[subject]!.pos) && ['AUX', 'VERB'].includes(tokens[subject + 1]?.pos ?? '')
  return after !== undefined && (words.interrogatives.has(after.lower) || ['that', 'in'].includes(after.lower) || zeroRelative)
}

/** The nouns (and their modifiers) after the demonstrative, up to the head noun: "pay assumptions". */
function nounPhraseAfter(tokens: Token[]): Token[] {
  const phrase: Token[] = []
  for (const t of tokens.slice(1)) {
    if (!['NOUN', 'PROPN', 'ADJ', 'NUM'].includes(t.pos) && t.text !== '-') break
    phrase.push(t)
    if (t.pos === 'NOUN' && isPlural(t)) break
  }
  // "That standard of record-keeping": a lone modifier before "of" is the tagger's misread noun.
  if (phrase.length === 1 && phrase[0]!.pos === 'ADJ' && tokens[2]?.lower === 'of') return [{ ...phrase[0]!, pos: 'NOUN' }]
  while (phrase.length > 0 && !['NOUN', 'PROPN'].includes(phrase.at(-1)!.pos)) phrase.pop()
  return phrase
}

/** A verb (or auxiliary) at token k, past an adverb: the clause's own verb. */
const verbAfter = (tokens: Token[], k: number) => {
  const t = tokens[k]?.pos === 'ADV' ? tokens[k + 1] : tokens[k]
  return t?.pos === 'VERB' || t?.pos === 'AUX'
}

/** The title names one person, in full ("Dale Morgan", "Priya Nandakumar"), and the opening names
 * them again: the article is theirs, and its He or She is that person throughout. */
function profiles(context: QualityContext): boolean {
  const title = context.read.tokens(context.input.title)
  const name = (t: Token | undefined) => t?.pos === 'PROPN' && /^\p{Lu}\p{Ll}/u.test(t.text)
  const surname = title.find((t, k) => k > 0 && name(t) && name(title[k - 1]) && !name(title[k + 1]))
  const opening = context.sections[0]?.blocks.map((b) => b.text).join(' ') ?? ''
  return surname !== undefined && opening.includes(surname.text)
}
