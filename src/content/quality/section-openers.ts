// The section openers of back-reference: a section that opens with a pronoun or a demonstrative
// ("They", "These savings", "Both") leans on an earlier section, unless its heading names what the
// word stands for ("Index-linked contracts" → "They…", "Salads and soft fruit" → "Both…").
import type { QualityContext } from './context.js'
import { isLinkOnly, type Section } from './extract.js'
import type { Token } from './language.js'
import { isParticiple, isPlural, readHeading } from './heading-words.js'
import { namesPeople, saidOfPeople } from './said-of-people.js'
import type { WordLists } from './word-lists.js'

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
const REFLEXIVES = new Set(['itself', 'themselves'])

const POSSESSIVES = new Set(['its', 'their', 'his', 'her', 'our', 'your', 'my'])

export interface Opener {
  word: string
  sentence: string
  heading: string
}

/** The first sentence of a section, when it opens with a pronoun or a demonstrative (matched with
 * its case). A question heading usually names what the answer is about ("Why do rollouts overrun?"
 * → "They…"); one that leans back itself ("What should they measure?") does not. */
export function openerOf(section: Section, context: QualityContext): Opener | undefined {
  const words = context.words.backReference
  if (!section.heading) return undefined
  const block = section.blocks.find((b) => b.text && !isLinkOnly(b))
  // A table's cell ("Both" under "Which reliefs apply?") is a value, not a sentence that opens the section.
  if (!block || TABLE_CELLS.has(block.kind)) return undefined
  // The block's first word is its first sentence's: look at it before splitting the block.
  // "They’re", "They've": the pronoun without its contracted verb.
  const word = /^\p{L}+/u.exec(block.text)?.[0] ?? ''
  if (!words.personalOpeners.has(word) && !words.demonstrativeOpeners.has(word)) return undefined
  if (block.text.trim() === word) return undefined
  return { word, sentence: context.read.sentenceAt(block.text, 0).text, heading: section.heading }
}

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

/** Whether the opener takes its meaning from text before the heading. */
export function leansBack({ word, sentence, heading }: Opener, context: QualityContext): boolean {
  const words = context.words.backReference
  const tokens = context.read.tokens(sentence)
  // "That the provider appears on the FCA register." under "What should a buyer check?": "That"
  // before an article opens a clause, it points at nothing.
  if (word === 'That' && ['DET', 'PRON'].includes(tokens[1]?.pos ?? '') && tokens[1]?.lower !== 'is') return false
  // "These three steps pay back within a year:" announces a list; "These questionnaires tend to ask
  // for three things:" announces the things, and its questionnaires are named before.
  if (/:\s*$/.test(sentence) && !countsAnotherList(tokens)) return false
  // "This is the only salary survey built for…" under "About the benchmark": the heading's thing.
  if (/^about\s+(?:the|our|this)\s/i.test(heading) && ['This', 'It'].includes(word)) return false
  const headingTokens = readHeading(context.read.tokens(heading))
  const person = words.personalOpeners.get(word)
  // "That depends on the contract" under "Who checks the dry goods?": the answer to the heading's question.
  if ((word === 'That' || word === 'It') && /\?\s*$/.test(heading) && ['depend', 'vary'].includes(tokens[1]?.lemma ?? '')) return false
  if (person) {
    if (word === 'It' && words.expletiveIt.test(sentence)) return false
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
  const aTime = first !== undefined && TIME_NOUNS.has(first.lemma) && phrase[phrase.indexOf(first) + 1]?.pos !== 'NOUN'
  if (!first || !noun || aTime || words.selfNouns.has(first.lemma)) return false
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
  return !(word === 'These' && bare && isPlural(noun) && headingTokens.length > 1 && namesOnePluralClass(headingTokens, words))
}

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

/** "Personal travel budgets", "Drafting assistants": a heading "These" can stand for is one noun
 * phrase ending in a plural. Not "HACCP and prerequisites" (which of them would it be?), nor an
 * activity or a topic ("Setting targets by grade", "What joining changes"), nor a question. */
const namesOnePluralClass = (heading: Token[], words: Words) => {
  // "Letters to tenants": the class may take a prepositional phrase after its plural head.
  const preposition = heading.findIndex((t, k) => t.pos === 'ADP' && k > 0)
  const head = preposition === -1 ? heading : heading.slice(0, preposition)
  // "Leading indicators to track": an infinitive after the class says what it is for.
  const infinitive = heading.findIndex((t, k) => t.lower === 'to' && heading[k + 1]?.pos === 'VERB' && k > 0)
  if (infinitive !== -1 && preposition === -1) return namesOnePluralClass(heading.slice(0, infinitive), words)
  const tail = preposition === -1 ? [] : heading.slice(preposition + 1)
  // "Sale-or-return terms": any word inside a hyphenated compound is part of the name.
  const nominal = (t: Token, k: number, phrase: Token[]) =>
    ['NOUN', 'PROPN', 'ADJ', 'NUM'].includes(t.pos) ||
    t.text === '-' ||
    phrase[k - 1]?.text === '-' ||
    phrase[k + 1]?.text === '-' ||
    (isParticiple(t) && phrase[k + 1]?.pos === 'NOUN')
  const ownNoun = (t: Token) => ['NOUN', 'PROPN', 'ADJ', 'NUM', 'DET'].includes(t.pos) || t.text === '-'
  return (
    head.every((t, k) => nominal(t, k, head)) &&
    (tail.length === 0 || (isPlural(head.at(-1)!) && tail.every(ownNoun))) &&
    headingNames(heading, 'plural', words)
  )
}

/** "Salads and soft fruit", "Fit tools and size advice": two things joined by "and". */
const namesTwo = (heading: Token[]) =>
  heading.filter((t) => t.lower === 'and' || t.text === '&').length === 1 &&
  heading.every(
    (t, k) =>
      // "The pension committee and the local pension board": each may take its article.
      ['NOUN', 'PROPN', 'ADJ', 'NUM', 'CCONJ', 'DET'].includes(t.pos) ||
      t.text === '-' ||
      heading[k - 1]?.text === '-' ||
      heading[k + 1]?.text === '-' ||
      isParticiple(t),
  )

/** "How fee-free and fee-charging brokers are paid": two kinds of one plural noun, joined by "and". */
function twoKindsOf(heading: Token[]): boolean {
  const and = heading.findIndex((t) => t.lower === 'and')
  if (and < 1 || heading.filter((t) => t.lower === 'and').length !== 1) return false
  const modifies = (t: Token | undefined) =>
    t !== undefined && (['ADJ', 'NOUN', 'PROPN'].includes(t.pos) || t.text === '-' || isParticiple(t))
  if (!modifies(heading[and - 1])) return false
  const head = heading.slice(and + 1, and + 5).find((t) => t.pos === 'NOUN' && isPlural(t))
  return head !== undefined && heading.slice(and + 1, heading.indexOf(head)).every(modifies)
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

/** The heading names what the pronoun stands for: a person's name for He/She, else a head noun that
 * agrees in number ("Index-linked contracts" for They, not "Ways of working" for It), and no
 * pronoun of its own ("Why it pays off"), an interrogative ("What", "Who") being none; in a question,
 * any noun that agrees. */
function headingNames(heading: Token[], person: string, words: Words): boolean {
  // "What happens if the scheme cannot raise its share?": a possessive after its own noun leans on nothing.
  // ("The rating itself": a reflexive after its noun too.)
  const ownsAfterItsNoun = (k: number) =>
    (POSSESSIVES.has(heading[k]!.lower) || REFLEXIVES.has(heading[k]!.lower)) &&
    heading.slice(0, k).some((t) => t.pos === 'NOUN' || t.pos === 'PROPN')
  // "Cooling" → "It matters as much as drying", "Running it yourself" → "It gives you the whole
  // margin": one activity, named by its gerund (whose own object may be a pronoun).
  if (person === 'singular' && /ing$/.test(heading[0]?.lower ?? '') && ['VERB', 'NOUN', 'PROPN'].includes(heading[0]!.pos)) return true
  if (heading.some((t, k) => t.pos === 'PRON' && !words.interrogatives.has(t.lower) && !ownsAfterItsNoun(k))) return false
  if (person === 'person') return heading.some((t) => t.pos === 'PROPN' && /^\p{Lu}/u.test(t.text))
  // "Great British Railways": a name in capitals is one body, and takes It or They.
  if (heading.length > 1 && heading.every((t) => t.pos === 'PROPN' && /^\p{Lu}/u.test(t.text))) return true
  // "Moving machines between depots": an activity, whose object is no antecedent for "They".
  if (heading[0]?.pos === 'VERB' && heading[0].lower.endsWith('ing') && heading.some((t) => t.pos === 'ADP')) return false
  const nouns = (tokens: Token[]) => tokens.filter((t) => t.pos === 'NOUN' || t.pos === 'PROPN')
  // The noun phrase ends at a preposition or a verb, but "Index-linked" is one modifier.
  const hyphenated = (k: number) => heading[k - 1]?.text === '-' || heading[k + 1]?.text === '-'
  // "Ground handling contracts": a participle before a noun modifies it, as in a compound.
  const modifies = (k: number) => isParticiple(heading[k]!) && ['NOUN', 'PROPN'].includes(heading[k + 1]?.pos ?? '')
  const end = heading.findIndex((t, k) => ['ADP', 'SCONJ', 'VERB', 'AUX'].includes(t.pos) && !hyphenated(k) && !modifies(k))
  const agrees = (noun: Token) => isPlural(noun) === (person === 'plural')
  // "Robots and grazing" names two things: They.
  const phraseEnd = end === -1 ? heading.length : end
  if (person === 'plural' && heading.some((t, k) => t.lower === 'and' && k > 0 && k < phraseEnd - 1)) return true
  // A question may put its subject anywhere ("What about agents at home?"): any noun that agrees.
  if (heading.at(-1)?.text === '?') return nouns(heading).some(agrees)
  const head = nouns(heading.slice(0, phraseEnd)).at(-1) ?? nouns(heading).at(-1)
  if (head !== undefined && agrees(head)) return true
  // "Attachment of earnings orders": a name built with "of" may end in its plural head.
  const last = heading.at(-1)
  const named = heading.every((t) => ['NOUN', 'PROPN', 'ADJ', 'NUM'].includes(t.pos) || t.lower === 'of' || t.text === '-')
  return person === 'plural' && named && last !== undefined && ['NOUN', 'PROPN'].includes(last.pos) && isPlural(last)
}
