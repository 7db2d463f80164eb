// A named body's publication cited in a claim's own sentence ("on the MMO's figures", "in the DfT
// table", "in HMRC trade data"), and the phrase a name owns ("2025 benchmarking report"), read for
// attribution.
import type { Token } from './language.js'
import type { WordLists } from './word-lists.js'

type Words = WordLists['superlative']

/** "the largest market for UK ferrous scrap exports in HMRC trade data": a body's name in capitals
 * before its data, after a preposition. */
export function citesANamedDataset(tokens: Token[]): boolean {
  return tokens.some((t, k) => {
    if (!/^\p{Lu}{2,}$/u.test(t.text) || !['in', 'on', 'by', 'from', 'per'].includes(tokens[k - 1]?.lower ?? '')) return false
    let j = k + 1
    while (tokens[j]?.pos === 'NOUN' && !DATASETS.has(tokens[j]!.lemma)) j++
    return DATASETS.has(tokens[j]?.lemma ?? '')
  })
}

/** What a body publishes as numbers ("in IT audits" names no body's data). */
const DATASETS = new Set(['data', 'datum', 'figure', 'statistic', 'series', 'return'])

/** "…, on the MMO's figures", "in Ofgem's data", "by the ONS's estimate": a named body's publication
 * after a preposition, in the claim's own sentence, cites it. */
export function citesAPublication(tokens: Token[], words: Words): boolean {
  return tokens.some((t, k) => {
    if (!isPossessive(t)) return false
    const owner = tokens[k - 1]
    const named = owner !== undefined && (owner.pos === 'PROPN' || /^\p{Lu}{2,}$/u.test(owner.text))
    // ("in ACL's hourly request data": the owned phrase's head.)
    const owned = tokens.slice(k + 1, afterOwnedNoun(tokens, k + 1, words)).filter((n) => n.pos === 'NOUN')
    const publishes = (n: Token) => words.sourceNouns.has(n.lemma) || n.lemma === 'table'
    const head = owned.find(publishes) ?? tokens.slice(k + 1, k + 4).find((n) => n.pos === 'NOUN')
    // ("in the Insolvency Service's breakdown", "In the Bank of England's quarterly table": past the
    // whole name and its article.)
    let before = k - 2
    while (before >= 0 && (tokens[before]!.pos === 'PROPN' || (tokens[before]!.lower === 'of' && tokens[before - 1]?.pos === 'PROPN')))
      before--
    const preposition = tokens[before]?.lower === 'the' ? tokens[before - 1] : tokens[before]
    return named && head !== undefined && publishes(head) && ['on', 'in', 'by', 'from', 'per'].includes(preposition?.lower ?? '')
  })
}

/** "in the DfT table", "in the NHBF Industry Report 2025", "on the ONS figures": a preposition, and a
 * publication that a name in capitals heads, cites it in the claim's own sentence. */
export function citesANamedPublication(tokens: Token[], words: Words): boolean {
  const named = (t: Token | undefined) => t !== undefined && (t.pos === 'PROPN' || /^\p{Lu}{2,}$/u.test(t.text))
  return tokens.some((t, k) => {
    if (!['in', 'on', 'from', 'per'].includes(t.lower) || tokens[k + 1]?.lower !== 'the' || !named(tokens[k + 2])) return false
    const phrase = tokens.slice(k + 2, k + 7)
    // ("in the Strutt & Parker buyer table": an ampersand inside the name.)
    const end = phrase.findIndex((n) => !['PROPN', 'NOUN', 'ADJ', 'NUM'].includes(n.pos) && n.text !== '&')
    return phrase.slice(0, end === -1 ? phrase.length : end).some((n) => words.sourceNouns.has(n.lemma) || n.lower === 'table')
  })
}

export const isPossessive = (t: Token | undefined) => t !== undefined && ["'s", '’s', "'", '’'].includes(t.lower)

const OWNED_PHRASE_PREPOSITIONS = new Set(['of', 'on', 'into', 'about', 'for', 'in'])

/** Past what a name owns: "2025 benchmarking report", "review of regional water resources plans".
 * A reporting verb the tagger reads as a noun ("statistics report that…") ends it. */
export function afterOwnedNoun(tokens: Token[], k: number, words: Words): number {
  // "in-house": the parts of a hyphenated word are in the phrase, whatever the tagger reads them as.
  const hyphenated = (j: number) => tokens[j]!.text === '-' || tokens[j + 1]?.text === '-' || tokens[j - 1]?.text === '-'
  const inPhrase = (j: number) =>
    ['NOUN', 'PROPN', 'ADJ', 'NUM'].includes(tokens[j]!.pos) ||
    hyphenated(j) ||
    (tokens[j]!.pos === 'VERB' && tokens[j]!.lower.endsWith('ing'))
  const skip = (j: number) => {
    while (j < tokens.length && inPhrase(j) && !isMisreadVerb(tokens, j, words)) j++
    return j
  }
  let end = skip(k)
  // "survey of in-house lawyers", "report on trust growth", "review of fair value assessments in
  // general insurance": phrases after prepositions, up to three.
  for (let n = 0; n < 3 && end > k && OWNED_PHRASE_PREPOSITIONS.has(tokens[end]?.lower ?? ''); n++)
    end = skip(tokens[end + 1]?.pos === 'DET' ? end + 2 : end + 1)
  return end
}

/** A reporting verb in its base form read as a noun, before "that" or an object ("report that"). */
export const isMisreadVerb = (tokens: Token[], j: number, words: Words) =>
  tokens[j]!.pos === 'NOUN' &&
  words.reportingVerbs.has(tokens[j]!.lemma) &&
  // ("ORR's figures show 2018-19 as the highest": a number for its object too.)
  ['DET', 'PRON', 'SCONJ', 'NUM'].includes(tokens[j + 1]?.pos ?? '') &&
  j > 0 &&
  tokens[j - 1]!.pos === 'NOUN'
