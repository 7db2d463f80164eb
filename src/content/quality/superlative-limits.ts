// A superlative of size or extent that states a limit, what is the least or the most allowed or
// worth it ("the smallest order a wholesaler will accept", "the largest audience the exemption
// allows", "the smallest increase worth sending"), not a rank among rivals.
import type { Token } from './language.js'
import type { WordLists } from './word-lists.js'

type Words = WordLists['superlative']

/** "the smallest order, measured in pounds, that a wholesaler will accept", "the largest load a van
 * can carry": a superlative of size or extent before a relative clause with a modal states a limit
 * (what is the least or the most allowed), not a rank among rivals. */
export function statesALimit(tokens: Token[], at: number, words: Words): boolean {
  if (!words.limitAdjectives.has(tokens[at]?.lower ?? '')) return false
  for (let k = at + 1; k < Math.min(tokens.length, at + 20); k++) {
    const t = tokens[k]!
    // "the smallest monthly fee at which a client is worth taking on": a relative clause after a
    // preposition sets the threshold.
    if (['which', 'whom'].includes(t.lower) && tokens[k - 1]?.pos === 'ADP' && k - 1 > at + 1) return true
    // ("The smallest increase worth sending is around 3%": the low end, "worth" and a gerund, as
    // "that is worth…"; "the biggest risk worth noting" still ranks.)
    // ("The smallest job worth a trip": "worth" and what it is worth.)
    const worthIt = /ing$/.test(tokens[k + 1]?.lower ?? '') || ['DET', 'NUM'].includes(tokens[k + 1]?.pos ?? '')
    if (t.lower === 'worth' && k > at + 1 && worthIt && LOW_ENDS.test(tokens[at]!.lower)) return true
    // ("the smallest quantity most markets will accept": a zero relative's subject is a noun after the head.)
    if (t.pos === 'AUX' && MODALS.has(t.lower)) {
      const between = tokens.slice(at + 1, k)
      return (
        between.some((r) => ['that', 'which'].includes(r.lower) || r.pos === 'PRON' || r.pos === 'DET') ||
        between.filter((r) => r.pos === 'NOUN').length > 1
      )
    }
    // ("The smallest premises in scope are those that can hold 200 people": the threshold as the complement.)
    if (t.lemma === 'be' && k > at + 1) {
      let c = k + 1
      while (tokens[c]?.pos === 'ADV') c++
      if (['those', 'ones'].includes(tokens[c]?.lower ?? '') && ['that', 'which', 'who'].includes(tokens[c + 1]?.lower ?? ''))
        return MODALS.has(tokens[c + 2]?.lower ?? '')
    }
    // ("150ml is the smallest container covered": a rule's scope, by its participle.)
    if (k === at + 2 && SCOPED.has(t.lower)) return true
    // ("the largest audience the exemption allows": a rule's verb of permitting, after its subject.)
    if (t.pos === 'VERB' && PERMITS.has(t.lemma) && tokens[k - 1]?.pos === 'NOUN' && k > at + 2) return true
    // The phrase's own verb ("is", "can take" after "which") ends the search: no relative clause.
    if (t.pos === 'AUX' || (t.pos === 'VERB' && !t.lower.endsWith('ed')) || (t.pos === 'SCONJ' && t.lower !== 'that') || t.pos === 'CCONJ')
      return false
  }
  return false
}

const SCOPED = new Set(['covered', 'included', 'allowed', 'permitted', 'eligible', 'accepted'])
const PERMITS = new Set(['allow', 'permit', 'accept', 'let'])
const LOW_ENDS = /^(?:smallest|lowest|least|shortest|fewest|cheapest)$/
const MODALS = new Set(['will', 'would', 'can', 'could', 'may', 'might', 'must', 'shall', 'should'])
