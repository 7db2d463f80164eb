// "the former" and "the latter": a pronoun that points at two things named before ("the former
// suits growing firms", "The latter cost £14 a delivery") or an adjective before its noun ("the
// former CFO", "the former free-entry policy"), read from the words around it.
import type { QualityContext } from './context.js'
import { isPastForm } from './grammar.js'
import { isParticiple } from './heading-words.js'
import type { Token } from './language.js'
import type { Sentence } from './reader.js'

/** Particles that may end a verb's phrase ("signs off", "set out"). */
export const PARTICLES = new Set(['off', 'up', 'out', 'back', 'down', 'away', 'over'])

/** A noun phrase from token `from` (nouns, modifiers, "and", prepositions) that reaches a verb. */
function reachesAVerb(tokens: Token[], from: number): boolean {
  for (let k = from; k < tokens.length; k++) {
    const t = tokens[k]!
    if (t.pos === 'VERB' || t.pos === 'AUX') return true
    if (!['NOUN', 'PROPN', 'ADJ', 'ADP', 'DET', 'NUM', 'CCONJ'].includes(t.pos) || ['that', 'which', 'who', 'whose'].includes(t.lower))
      return false
  }
  return false
}

/** A verb between token `from` and the next break of the clause in `step`'s direction (a comma, a
 * semicolon, a conjunction or the sentence's end). */
function verbIn(tokens: Token[], from: number, step: 1 | -1): boolean {
  for (let k = from; k >= 0 && k < tokens.length; k += step) {
    const t = tokens[k]!
    if (t.pos === 'CCONJ' || t.pos === 'SCONJ' || [',', ';', ':', '.', '—', '–'].includes(t.text)) return false
    // ("cost nothing to issue": an infinitive is no verb of the clause.)
    if ((t.pos === 'VERB' || t.pos === 'AUX') && tokens[k - 1]?.lower !== 'to') return true
  }
  return false
}

// ("the latter cost nothing to issue": an indefinite pronoun is an object too.)
const OBJECT_PRONOUNS = new Set(['us', 'them', 'him', 'her', 'me', 'nothing', 'something', 'everything', 'anything'])
const PLURAL_NOUNS = new Set(['people', 'staff', 'children', 'men', 'women'])

/** "the former suits growing firms" (a pronoun) and not "the former CFO" (an adjective). */
export function formerOrLatterIsAPronoun(context: QualityContext, sentence: Sentence, offset: number): boolean {
  const tokens = context.read.tokens(sentence.text)
  const at = tokens.findIndex((t) => t.start >= offset && /^(?:former|latter)$/i.test(t.text))
  const next = tokens[at + 1]
  if (!next || next.pos === 'PUNCT') return true
  // "The former cut energy by 14%; the latter cut gas use by 31%": a pair points at two things
  // named before, whatever the tagger reads after either.
  // ("The former owner had favoured the publishers, because the latter gave better terms": a noun
  // and then an auxiliary is a subject's phrase, whatever the pair.)
  const nounPhrase = next.pos === 'NOUN' && tokens[at + 2]?.pos === 'AUX'
  if (/\bthe\s+former\b/i.test(sentence.text) && /\bthe\s+latter\b/i.test(sentence.text) && !nounPhrase) return true
  // "the former managing partner": a participle and its noun.
  // ("The former caught drift while…": a past form with no verb after it in its clause is the verb.)
  if (isParticiple(next) && ['NOUN', 'PROPN'].includes(tokens[at + 2]?.pos ?? ''))
    return !next.lower.endsWith('ing') && isPastForm(next) && !verbBeforeItsClauseEnds(tokens, at + 3)
  // ("The former £100,000 limit": a sum before its noun.)
  if (/^[£$€]$/.test(next.text) && tokens[at + 2]?.pos === 'NUM') return false
  if (!['NOUN', 'PROPN', 'ADJ', 'NUM'].includes(next.pos)) return true
  // ("The latter two changes would have achieved little": a count of the things named before; "the
  // former 2019 rules" dates a noun.)
  if (
    next.pos === 'NUM' &&
    /^(?:two|three|four|five|six|seven|eight|nine|ten|\d{1,2})$/i.test(next.text) &&
    tokens[at + 2]?.pos === 'NOUN' &&
    tokens[at + 2]!.lower !== tokens[at + 2]!.lemma
  )
    return true
  // ("…often find the latter easier to administer": the object of a verb, with its complement.)
  // (Not "replaced the former free-entry policy": a compound's first part.)
  if (
    next.pos === 'ADJ' &&
    tokens[at - 2]?.pos === 'VERB' &&
    !['NOUN', 'PROPN'].includes(tokens[at + 2]?.pos ?? '') &&
    tokens[at + 2]?.text !== '-'
  )
    return true
  const after = tokens[at + 2]
  // ("The latter won because it qualified for funding": a word the tagger took for a noun, then a
  // subordinate clause, is the verb.)
  // ("The latter won, because…", "The latter won, mostly because…": past a comma and an adverb too.)
  const afterComma = tokens[at + 3]?.pos === 'ADV' ? tokens[at + 4] : tokens[at + 3]
  const subordinate = after?.pos === 'SCONJ' || (after?.text === ',' && afterComma?.pos === 'SCONJ')
  if (next.pos === 'NOUN' && next.lower === next.lemma && subordinate && !verbIn(tokens, at - 2, -1)) return true
  // "…; the latter cost roughly twice as much per bay but…": with no other verb in its stretch of
  // the clause, the word the tagger took for a noun is the verb, and "the latter" its subject.
  // What follows it must start what a verb takes (an adverb, an object), not a noun's own phrase
  // ("The former chair of a hospice, who…").
  // ("The latter cost us six weeks": an object pronoun after it.)
  // ("The latter cost £14 a delivery": a sum after it; "The latter trade higher certainty for…": an
  // adjective and its noun.)
  const verbLike =
    ['ADV', 'DET', 'NUM'].includes(after?.pos ?? '') ||
    OBJECT_PRONOUNS.has(after?.lower ?? '') ||
    // ("The latter pay within 30 days": when, after the verb.)
    (after?.lower === 'within' && tokens[at + 3]?.pos === 'NUM') ||
    // ("The latter cost more at the outset": how much, after the verb.)
    ['more', 'less'].includes(after?.lower ?? '') ||
    /^[£$€]$/.test(after?.text ?? '') ||
    (after?.pos === 'ADJ' && tokens[at + 3]?.pos === 'NOUN') ||
    // ("but the latter lift people, so…": a plural object that ends the clause.)
    (after?.pos === 'NOUN' &&
      (after.lower !== after.lemma || PLURAL_NOUNS.has(after.lower)) &&
      ['PUNCT', 'CCONJ', 'SCONJ'].includes(tokens[at + 3]?.pos ?? 'PUNCT'))
  // "The latter cut ladder work and raise picking rates", "The latter cost £14 and added an hour":
  // a word coordinated with a verb is one.
  const coordinated = tokens.slice(at + 2).find((t) => t.pos === 'VERB' || t.pos === 'AUX')
  // ("…in the former post room in the basement, and created a second entrance": past a comma the
  // verb is another clause's.)
  const joinedVerb =
    coordinated !== undefined &&
    tokens[tokens.indexOf(coordinated) - 1]?.pos === 'CCONJ' &&
    !tokens.slice(at + 2, tokens.indexOf(coordinated)).some((t) => t.text === ',') &&
    (coordinated.lower === coordinated.lemma || isPastForm(coordinated))
  if (
    next.pos === 'NOUN' &&
    next.lower === next.lemma &&
    (verbLike || joinedVerb) &&
    !verbIn(tokens, at - 2, -1) &&
    (joinedVerb || !verbIn(tokens, at + 2, 1))
  )
    return true
  // The tagger may read a verb in -s as a plural noun ("the former suits growing firms", "the
  // latter signs off."): a word in -s followed by what could be its object, a particle or the
  // sentence's end is the verb.
  // ("the former NHS clinical director": a name in capitals is no verb.)
  if (!/[^s]s$/.test(next.lower) || /^\p{Lu}+$/u.test(next.text)) return false
  if (!after || after.text === '.' || after.text === ';' || PARTICLES.has(after.lower)) return true
  // ("the former partners who receive them": a noun and its relative clause.)
  if (['who', 'whom', 'whose', 'which'].includes(after.lower)) return false
  // "The former owners typically stay on": an adverb, then the plural subject's own verb.
  if (after.pos === 'ADV' && tokens[at + 3]?.pos === 'VERB' && tokens[at + 3]!.lower === tokens[at + 3]!.lemma) return false
  // "the former suits companies that…": a bare plural is its object too; not when the subject goes
  // on to its own verb ("The former parcels offices and booking halls … offer larger spaces").
  const plural = after.pos === 'NOUN' && after.lower !== after.lemma && !reachesAVerb(tokens, at + 3)
  return ['DET', 'ADJ', 'NUM', 'ADV', 'PRON'].includes(after.pos) || (after.pos === 'VERB' && after.lower.endsWith('ing')) || plural
}

/** A verb of the clause from token k, before a subordinator or a pause ends it. */
function verbBeforeItsClauseEnds(tokens: Token[], k: number): boolean {
  for (let j = k; j < tokens.length; j++) {
    const t = tokens[j]!
    if (t.pos === 'SCONJ' || t.pos === 'PUNCT' || t.pos === 'CCONJ') return false
    if (t.pos === 'VERB' || t.pos === 'AUX') return true
  }
  return false
}
