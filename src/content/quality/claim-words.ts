// Claim words ("leading", "guarantees", "the only", "always", "#1") rank or promise by their meaning;
// whether they do here depends on their role in the sentence, read from the tagged tokens.
import { hasFiniteVerb, hasModal } from './grammar.js'
import type { Token } from './language.js'
import { definesAKind, subordinateAfter } from './superlative-scope.js'
import type { WordLists } from './word-lists.js'

type Words = WordLists['superlative']

/** Words that stand for a noun named nearby. */
const PRO_FORMS = new Set(['one', 'ones'])

/** A preposition that compares or names a role ("as the only provider") keeps a claim a claim. */
const COMPARING = new Set(['as', 'than', 'like'])

/** Claim words that rank by their meaning, read in their role in the sentence. */
export function claimWordRanks(phrase: string, tokens: Token[], at: number, clause: Token[], words: Words): boolean {
  const next = tokens[at + 1]
  const previous = tokens[at - 1]
  switch (phrase) {
    case 'leading': {
      // "their leading product" is their main one; after an article ("a leading nearshoring
      // destination") it can only modify a noun; else "leading to delays", "leading the team": a
      // verb, a claim only when it leads a market.
      // "the category's leading brand": an owner's "'s" too; "one of the UK's leading makers" ranks
      // in a country or a market.
      const owner = tokens[at - 2]
      const ownedByAMarket =
        owner !== undefined && (owner.pos === 'PROPN' || words.marketWords.has(owner.lower) || words.scopeWords.has(owner.lower))
      if (words.possessives.has(previous?.lower ?? '') || (["'s", '’s'].includes(previous?.text ?? '') && !ownedByAMarket)) return false
      // "a partner who is also leading delivery": after a form of "be", a verb in progress; "a
      // qualified teacher leading pre-school": after its noun, a participle.
      const before = previous?.pos === 'ADV' ? tokens[at - 2] : previous
      if (before?.pos === 'NOUN' || before?.pos === 'PROPN') return tokens.slice(at + 1, at + 4).some((t) => words.marketWords.has(t.lower))
      if (before?.pos === 'AUX') return tokens.slice(at + 1, at + 4).some((t) => words.marketWords.has(t.lower))
      const attributive = previous?.pos === 'DET'
      if (
        !attributive &&
        (!next || ['to', 'up', 'on', 'off', 'by', 'through', 'into'].includes(next.lower) || ['DET', 'PRON', 'NUM'].includes(next.pos))
      ) {
        return tokens.slice(at + 1, at + 4).some((t) => words.marketWords.has(t.lower))
      }
      // After an article the next word is the noun even when the tagger reads a verb ("the leading cause").
      const nouns = attributive && next?.pos === 'VERB' ? [next] : nounsAfter(tokens, at)
      // "one or two leading ones": "ones" stands for a term named in its sentence ("lagging indicators").
      if (nouns.length === 1 && PRO_FORMS.has(nouns[0]!.lower) && tokens.some((t) => words.leadingTerms.has(t.lower))) return false
      return (
        (attributive || ['NOUN', 'PROPN', 'ADJ'].includes(next?.pos ?? '')) &&
        nouns.length > 0 &&
        !nouns.some((n) => words.leadingTerms.has(n.lower))
      )
    }
    case 'guaranteed':
      // "a guaranteed minimum volume" is a contract term; "guaranteed to lift", "a guaranteed 20%"
      // promise; "set locally rather than guaranteed centrally", "not guaranteed" promise nothing,
      // nor "the consumption per kilo guaranteed in the specification" (what a document states).
      if (previous?.lower === 'not' || previous?.lower === 'never' || (previous?.lower === 'than' && tokens[at - 2]?.lower === 'rather'))
        return false
      // "Neither number is guaranteed", "No saving is guaranteed": a subject denied.
      if (['neither', 'no', 'nothing', 'none'].includes(tokens.slice(0, at).find((t) => t.pos !== 'PUNCT')?.lower ?? '')) return false
      if (previous?.pos === 'NOUN' && ['in', 'by', 'under'].includes(next?.lower ?? '')) return false
      // ("1–2% of the amount guaranteed": after "the" and its noun, at the phrase's end, it names the
      // sum; "Results guaranteed." promises.)
      if (previous?.pos === 'NOUN' && tokens[at - 2]?.lower === 'the' && (next === undefined || next.pos === 'PUNCT')) return false
      // "the union's claim for a guaranteed ten days off": a term named inside a phrase.
      if (['a', 'an'].includes(previous?.lower ?? '') && tokens[at - 2]?.pos === 'ADP') return false
      // ("…, and guaranteed each bank carer at least eight hours a week": what was given, told.)
      if (next && ['DET', 'PRON'].includes(next.pos) && next.lower !== 'to') return false
      return !(next && ['NOUN', 'ADJ', 'PROPN'].includes(next.pos))
    case 'unmatched': {
      // "a backlog of unmatched invoices", "unmatched activity records": not yet matched, before a
      // plural noun of a ledger's ("unmatched service" praises).
      let head = at + 1
      while (tokens[head + 1]?.pos === 'NOUN') head++
      // ("Any unmatched removal" in a check's table: any one not yet matched.)
      if (['any', 'each', 'every', 'no'].includes(previous?.lower ?? '')) return false
      return !(tokens[head]?.pos === 'NOUN' && tokens[head]!.lower !== tokens[head]!.lemma)
    }
    case 'guarantee': {
      // "We guarantee a saving of at least 8%": the writer's promise; "we cannot guarantee…",
      // "a guarantee" and "the guarantee covers…" promise nothing.
      const promiser = tokens.slice(Math.max(0, at - 3), at)
      if (promiser.some((t) => ['not', 'cannot', "n't", 'never'].includes(t.lower))) return false
      // ("Hartswood's results guarantee the model will work": a plural subject's promise too.)
      const plural = previous?.pos === 'NOUN' && previous.lower !== previous.lemma && tokens[at]?.pos === 'VERB'
      return (
        (plural || promiser.some((t) => ['we', 'i'].includes(t.lower))) && previous?.pos !== 'DET' && promisesAnOutcome(tokens, at, words)
      )
    }
    case 'guarantees':
      // A verb takes an object ("guarantees a 20% saving", "a unit guarantees footfall"); "bank
      // guarantees covering…" is a noun, and so is "occupancy guarantees that hand risk back" (a
      // relative clause's verb straight after "that", where a clause would have its subject).
      if (previous?.pos === 'NOUN' && next?.lower === 'that' && relativeVerbAfter(tokens, at + 2)) return false
      // ("property security or personal guarantees": joined to a noun phrase, with its adjective, the noun.)
      if (previous?.pos === 'ADJ' && tokens[at - 2]?.pos === 'CCONJ' && tokens[at - 3]?.pos === 'NOUN') return false
      // ("a holiday let guarantees roughly 75% more net income": past an adverb of degree.)
      if (next?.pos === 'ADV' && tokens[at + 2]?.pos === 'NUM') return promisesAnOutcome(tokens, at, words)
      if (
        next === undefined ||
        !(
          ['DET', 'NUM', 'PRON', 'ADJ'].includes(next.pos) ||
          next.lower === 'that' ||
          (next.pos === 'NOUN' && previous?.pos === 'NOUN' && previous.lower === previous.lemma)
        )
      )
        return false
      return promisesAnOutcome(tokens, at, words)
    case '100%': {
      // ("charged overnight, usually to 100%": a level reached.)
      if (['to', 'at', 'from', 'of', 'by'].includes(previous?.lower ?? '')) return false
      // "100% accurate" promises; "100% first-year relief" measures a noun, and so does "100%
      // agricultural property relief", an adjective before a compound noun (a term's name).
      const after = tokens[at + 2]
      const term = tokens[at + 3]?.pos === 'NOUN' && tokens[at + 4]?.pos === 'NOUN'
      return after !== undefined && (after.pos === 'ADJ' || after.pos === 'ADV') && tokens[at + 3]?.text !== '-' && !term
    }
    case '#1':
    case 'number one':
    case 'no. 1':
      return !words.numberedNouns.has(previous?.lower ?? '')
    case 'the only':
      // "is the only way to…" ranks; "along the only road into the village" picks one out; "should
      // not be the only connection" advises.
      // "An owner who is the only contact for the main clients": a kind its relative clause defines.
      if (definesAKindBefore(tokens, at)) return false
      // "the only investment area in the table where…": one of the article's own rows. "The only
      // new spend was £84,000 a year": a fact measured, not a rank.
      if (measuredFact(tokens, at)) return false
      // ("…and the only thing missing is a certificate": what is left in a case, not a rank.)
      if (REMAINDERS.has(tokens[at + 3]?.lower ?? '')) return false
      // ("The most common mistake is to treat pay as the only lever": a view others hold, not the writer's.)
      if (previous?.lower === 'as' && viewHeldByOthers(tokens, at)) return false
      // ("Conservation staff were the only team not asked to find savings": what was so, told.)
      // ("…was the only way to…" still ranks.)
      if (
        ['was', 'were'].includes(tokens[at - 1]?.lower ?? '') &&
        // (The tagger may read the noun as a verb: "the only team not asked".)
        ['NOUN', 'VERB'].includes(tokens[at + 2]?.pos ?? '') &&
        (tokens[at + 3]?.lower === 'not' || /ed$/.test(tokens[at + 3]?.lower ?? ''))
      )
        return false
      return (
        !tokens.slice(Math.max(0, at - 3), at).some((t) => t.lower === 'not') &&
        !(previous?.pos === 'ADP' && !COMPARING.has(previous.lower)) &&
        !inTheArticlesData(tokens, at, words)
      )
    case 'never fails': {
      // ("A tester who almost never fails tyres or lamps…": hedged, and with an object it is the
      // verb "fail", what someone does; "the method never fails" promises.)
      const object = tokens[at + 2]
      return !['almost', 'nearly'].includes(previous?.lower ?? '') && !['NOUN', 'DET', 'PROPN', 'PRON'].includes(object?.pos ?? '')
    }
    case 'always':
      // A claim of frequency needs a verb to be about ("The employer, always" only insists); in a
      // relative clause it defines a class ("the few things that always need approval"); after
      // "had" it tells a history ("the team had always worked a fixed pattern").
      if (previous?.lower === 'had') return false
      // ("lofts almost always involve structural changes": a frequency hedged is no absolute.)
      if (['almost', 'nearly'].includes(previous?.lower ?? '')) return false
      // "applicants are always accompanied by a member of staff": a rule of practice, in the passive.
      if (previous?.pos === 'AUX' && previous.lemma === 'be' && next?.pos === 'VERB' && next.lower.endsWith('ed')) return false
      // ("…, so contractors should expect pressure": advice in a clause after it is another's.)
      // ("Nor is a farm shop always the dearer option": denied with the clause.)
      return (
        previous?.lower !== 'not' &&
        previous?.lower !== 'as' &&
        !['nor', 'neither'].includes(clause[0]?.lower ?? '') &&
        !words.relativePronouns.has(previous?.lower ?? '') &&
        // ("a café that orders two tubs a month and always pays late may cost you more": the kind its
        // relative clause defines, its verbs joined.)
        !(previous?.pos === 'CCONJ' && definesAKind(tokens, at)) &&
        !hasModal(clause.slice(0, subordinateAfter(clause, Math.max(0, clause.indexOf(tokens[at]!)))), words.adviceModals) &&
        hasFiniteVerb(clause)
      )
    default:
      return true
  }
}

function viewHeldByOthers(tokens: Token[], at: number): boolean {
  const k = tokens.slice(0, at - 1).findLastIndex((t, j) => j >= at - 6 && /^(?:treat|see|regard|view)$/.test(t.lemma) && t.pos === 'VERB')
  return k > 0 && (tokens[k - 1]!.lower === 'to' || ['NOUN', 'PROPN'].includes(tokens[k - 1]!.pos))
}

function relativeVerbAfter(tokens: Token[], k: number): boolean {
  const word = tokens[k]
  if (!word || ['DET', 'PRON', 'NUM', 'PROPN'].includes(word.pos) || word.lower !== word.lemma || word.lower.endsWith('s')) return false
  return !['VERB', 'AUX'].includes(tokens[k + 1]?.pos ?? '')
}

/** "guarantees a 12% saving", "guarantees a lower bill", "guarantees that every loaf passes",
 * "guarantees footfall": a promise of an outcome (a figure, a judged or compared quality, a clause,
 * an outcome noun); "guarantees a room to every first-year undergraduate" states a policy. */
function promisesAnOutcome(tokens: Token[], at: number, words: Words): boolean {
  // ("guarantees you a place on approved supplier lists": whatever is promised to the reader.)
  if (tokens[at + 1]?.lower === 'you' && ['DET', 'NUM'].includes(tokens[at + 2]?.pos ?? '')) return true
  // ("guarantees tenants a 30% cut": past the one it is promised to.)
  const indirect = ['NOUN', 'PROPN'].includes(tokens[at + 1]?.pos ?? '') && ['DET', 'NUM'].includes(tokens[at + 2]?.pos ?? '')
  const object = tokens.slice(at + (indirect ? 2 : 1), at + 6)
  // ("guarantees you will be paid on time": a clause without its "that".)
  if (object[0]?.lower === 'that' || (object[0]?.pos === 'PRON' && ['AUX', 'VERB'].includes(object[1]?.pos ?? ''))) return true
  // ("guarantees the heat pumps are sized correctly": a noun phrase and its verb are a clause too.)
  if (clauseAfter(object)) return true
  // "sometimes guarantees a minimum sale price": a floor a contract sets, a term.
  if (object.some((t) => words.limitTerms.has(t.lower))) return false
  // ("a trouble-free first three years": a noun before a hyphen is part of a compound modifier.)
  const head = object.find((t, k) => t.pos === 'NOUN' && object[k + 1]?.text !== '-')
  const beforeHead = head ? object.slice(0, object.indexOf(head)) : object
  return (
    beforeHead.some((t) => t.pos === 'NUM' || t.text === '%' || t.pos === 'ADJ' || t.text === '-') ||
    (head !== undefined && words.promisedOutcomes.has(head.lemma)) ||
    measuredByOf(tokens, at + 1)
  )
}

/** A determiner, a noun phrase and then a finite verb ("the heat pumps are…"). */
function clauseAfter(object: Token[]): boolean {
  if (object[0]?.pos !== 'DET') return false
  let k = 1
  while (['NOUN', 'ADJ', 'PROPN'].includes(object[k]?.pos ?? '') || object[k]?.text === '-') k++
  return (
    k > 1 && object[k - 1]!.pos === 'NOUN' && (object[k]?.pos === 'AUX' || (object[k]?.pos === 'VERB' && !object[k]!.lower.endsWith('ing')))
  )
}

/** "a rent cut of at least 15%", "a saving of up to £2,000": the object's "of" gives it a figure. */
function measuredByOf(tokens: Token[], from: number): boolean {
  const of = tokens.findIndex((t, k) => k >= from && k < from + 6 && t.lower === 'of')
  if (of === -1 || tokens.slice(from, of).some((t) => t.pos === 'PUNCT' && t.text !== '-')) return false
  let k = of + 1
  // ("at least", "up to", "around", "£"): words that bound or carry the figure.
  while (k < of + 4 && ['ADP', 'ADV', 'SYM'].includes(tokens[k]?.pos ?? '')) k++
  return tokens[k]?.pos === 'NUM'
}

/** The nouns of the phrase a modifier belongs to ("leading safety indicators"), through compounds
 * the tagger reads as verbs ("a leading nearshoring destination"); a plural noun ends the phrase,
 * since what follows it is the verb ("Leading indicators move weeks before…"). */
function nounsAfter(tokens: Token[], at: number): Token[] {
  const nouns: Token[] = []
  for (let k = at + 1; k < tokens.length; k++) {
    const t = tokens[k]!
    if (t.pos === 'NOUN' || t.pos === 'PROPN') {
      nouns.push(t)
      if (t.lower !== t.lemma) break
    } else if (!(t.pos === 'ADJ' || t.text === '-' || (t.pos === 'VERB' && /(?:ing|ed)$/.test(t.lower)))) break
  }
  return nouns
}

/** "the only area in the table", "the only group in our sample": a noun phrase ranked within the
 * article's own data. */
function inTheArticlesData(tokens: Token[], at: number, words: Words): boolean {
  for (let k = at + 2; k < Math.min(tokens.length, at + 8); k++) {
    const t = tokens[k]!
    if (t.pos === 'VERB' || t.pos === 'AUX' || t.pos === 'PUNCT') return false
    if (t.lower === 'in' && ['the', 'our', 'this'].includes(tokens[k + 1]?.lower ?? '') && words.dataNouns.has(tokens[k + 2]?.lemma ?? ''))
      return true
  }
  return false
}

const REMAINDERS = new Set(['missing', 'left', 'remaining', 'outstanding', 'lacking'])

/** "The only new spend was £84,000": "the only" and its noun, the subject of "be" with a sum or a
 * number for its complement, or of "was" or "were" in a story. */
function measuredFact(tokens: Token[], at: number): boolean {
  // Its noun phrase (which the tagger may read in part as verbs: "new spend"), then "be".
  let k = at + 2
  while (k < at + 6 && tokens[k] !== undefined && tokens[k]!.lemma !== 'be' && !['PUNCT', 'DET', 'PRON', 'ADP'].includes(tokens[k]!.pos))
    k++
  const verb = tokens[k]
  const complement = tokens[k + 1]
  // ("The only figures available were monthly totals from bowser deliveries": what a case had, told
  // in the past, is a fact of the story.)
  const told = verb !== undefined && ['was', 'were'].includes(verb.lower)
  return (
    k > at + 2 &&
    verb?.lemma === 'be' &&
    complement !== undefined &&
    (told || complement.pos === 'NUM' || /^[£$€]/.test(complement.text) || (complement.pos === 'SYM' && tokens[k + 2]?.pos === 'NUM'))
  )
}

/** "An owner who is the only contact…", "a supplier that is the only source of…": "the only" in a
 * relative clause after an indefinite noun phrase. */
function definesAKindBefore(tokens: Token[], at: number): boolean {
  const relative = tokens.slice(0, at).findLastIndex((t) => ['who', 'that', 'which', 'where'].includes(t.lower))
  if (relative < 1 || tokens.slice(relative + 1, at).some((t) => t.pos === 'PUNCT')) return false
  // ("Companies where a director is the only employee…", "In rural areas where the altnet is the
  // only full fibre network…": a bare plural kind, opening the sentence or after a preposition.)
  const noun = tokens[relative - 1]!
  let before = relative - 2
  while (before >= 0 && tokens[before]!.pos === 'ADJ') before--
  if (['NOUN', 'PROPN'].includes(noun.pos) && /[^s]s$/.test(noun.lower) && (before < 0 || tokens[before]!.pos === 'ADP')) return true
  const head = tokens.slice(0, relative).findLastIndex((t) => t.pos === 'DET')
  return head !== -1 && ['a', 'an', 'any', 'every'].includes(tokens[head]!.lower)
}
