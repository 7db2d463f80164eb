// What a section's heading names, for the pronoun or demonstrative that opens the section: one
// plural class ("Personal travel budgets" for These), two things ("Salads and soft fruit" for Both),
// a head noun that agrees in number for It or They, a person's name for He or She.
import type { Token } from './language.js'
import { isParticiple, isPlural } from './heading-words.js'
import type { WordLists } from './word-lists.js'

type Words = WordLists['backReference']

const REFLEXIVES = new Set(['itself', 'themselves'])
const POSSESSIVES = new Set(['its', 'their', 'his', 'her', 'our', 'your', 'my'])

/** "Personal travel budgets", "Drafting assistants": a heading "These" can stand for is one noun
 * phrase ending in a plural. Not "HACCP and prerequisites" (which of them would it be?), nor an
 * activity or a topic ("Setting targets by grade", "What joining changes"), nor a question. */
export const namesOnePluralClass = (heading: Token[], words: Words): boolean => {
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

/** "Salads and soft fruit", "Fit tools and size advice": two things joined by "and"; or offered as
 * two choices ("Accrual or rolled-up pay?"). */
export const namesTwo = (heading: Token[]) =>
  heading.filter((t) => ['and', 'or'].includes(t.lower) || t.text === '&').length === 1 &&
  heading.every(
    (t, k) =>
      // "The pension committee and the local pension board": each may take its article.
      ['NOUN', 'PROPN', 'ADJ', 'NUM', 'CCONJ', 'DET'].includes(t.pos) ||
      t.text === '-' ||
      (t.text === '?' && k === heading.length - 1) ||
      heading[k - 1]?.text === '-' ||
      // ("rolled-up pay": the head after a hyphenated modifier, whatever the tagger reads it as.)
      heading[k - 2]?.text === '-' ||
      heading[k + 1]?.text === '-' ||
      isParticiple(t),
  )

/** "How fee-free and fee-charging brokers are paid": two kinds of one plural noun, joined by "and". */
export function twoKindsOf(heading: Token[]): boolean {
  const and = heading.findIndex((t) => t.lower === 'and')
  if (and < 1 || heading.filter((t) => t.lower === 'and').length !== 1) return false
  const modifies = (t: Token | undefined) =>
    t !== undefined && (['ADJ', 'NOUN', 'PROPN'].includes(t.pos) || t.text === '-' || isParticiple(t))
  if (!modifies(heading[and - 1])) return false
  const head = heading.slice(and + 1, and + 5).find((t) => t.pos === 'NOUN' && isPlural(t))
  return head !== undefined && heading.slice(and + 1, heading.indexOf(head)).every(modifies)
}

/** The heading names what the pronoun stands for: a person's name for He/She, else a head noun that
 * agrees in number ("Index-linked contracts" for They, not "Ways of working" for It), and no
 * pronoun of its own ("Why it pays off"), an interrogative ("What", "Who") being none; in a question,
 * any noun that agrees. */

const SPEAKERS = new Set(['i', 'me', 'we', 'us', 'you'])

export function headingNames(heading: Token[], person: string, words: Words): boolean {
  // "What happens if the scheme cannot raise its share?": a possessive after its own noun leans on nothing.
  // ("The rating itself": a reflexive after its noun too.)
  const ownsAfterItsNoun = (k: number) =>
    (POSSESSIVES.has(heading[k]!.lower) || REFLEXIVES.has(heading[k]!.lower)) &&
    heading.slice(0, k).some((t) => t.pos === 'NOUN' || t.pos === 'PROPN')
  // "Cooling" → "It matters as much as drying", "Running it yourself" → "It gives you the whole
  // margin": one activity, named by its gerund (whose own object may be a pronoun).
  if (person === 'singular' && /ing$/.test(heading[0]?.lower ?? '') && ['VERB', 'NOUN', 'PROPN'].includes(heading[0]!.pos)) return true
  // ("What did officers and firefighters make of it?", "Reports you can use" still name a They: a
  // pronoun after the plural is another's, not the heading's subject.)
  const afterItsNoun = (k: number) => person === 'plural' && heading.slice(0, k).some((t) => t.pos === 'NOUN' || t.pos === 'PROPN')
  // ("What pay-what-you-can does well": a pronoun inside a hyphenated name is part of it.)
  const inACompound = (k: number) => heading[k - 1]?.text === '-' || heading[k + 1]?.text === '-'
  // ("Why did you turn down the investors?": "you" and "we" are the reader, the speaker or the
  // writer, who need no antecedent.)
  const leans = (t: Token, k: number) =>
    !words.interrogatives.has(t.lower) && !SPEAKERS.has(t.lower) && !ownsAfterItsNoun(k) && !afterItsNoun(k) && !inACompound(k)
  if (heading.some((t, k) => t.pos === 'PRON' && leans(t, k))) return false
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
  // ("Robotic milking and grazing": a gerund after its adjective is a noun.)
  const gerund = (k: number) =>
    heading[k]!.pos === 'VERB' && /ing$/.test(heading[k]!.lower) && ['ADJ', 'PROPN'].includes(heading[k - 1]?.pos ?? '')
  const end = heading.findIndex((t, k) => ['ADP', 'SCONJ', 'VERB', 'AUX'].includes(t.pos) && !hyphenated(k) && !modifies(k) && !gerund(k))
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
