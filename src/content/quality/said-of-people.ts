// A "They" that only people fit: "They were given two days of training", "They are often paid less
// than negotiators", "They should be able to make a verbal offer". Under a heading that names no
// people ("Pay and incentives", "Training and scheduling", "Decision rights") such a "They" stands
// for people named before the heading, whatever the heading's number.
import type { Token } from './language.js'
import type { WordLists } from './word-lists.js'

type Words = WordLists['backReference']

const BE = new Set(['be', 'get'])
/** Endings of nouns that name people ("handlers", "operators", "dentists", "technicians"). */
const PERSON_ENDINGS = /(?:ers?|ors?|ists?|ians?|ants?|ents?|ees?)$/

/** The sentence says of its subject what only people are, do or undergo. */
export function saidOfPeople(sentence: string, tokens: Token[], words: Words): boolean {
  words.peopleAdjectives.lastIndex = 0
  if (words.peopleAdjectives.test(sentence)) return true
  const verb = tokens.slice(1).findIndex((t) => t.pos === 'VERB')
  if (verb === -1) return false
  const at = verb + 1
  const main = tokens[at]!
  // A passive: a form of "be" before the participle ("were given", "are often paid").
  const passive = tokens.slice(1, at).some((t) => t.pos === 'AUX' && BE.has(t.lemma)) && main.lower !== main.lemma
  if (passive) return words.peoplePassives.has(main.lemma)
  return tokens.slice(1, at).every((t) => t.pos === 'AUX' || t.pos === 'ADV' || t.pos === 'PART') && words.peopleVerbs.has(main.lemma)
}

/** The heading names people: a word that does, or a noun with a person's ending. */
export function namesPeople(heading: Token[], words: Words): boolean {
  return heading.some(
    (t) =>
      words.peopleNouns.has(t.lower) || ((t.pos === 'NOUN' || t.pos === 'PROPN') && t.lower.length > 4 && PERSON_ENDINGS.test(t.lower)),
  )
}
