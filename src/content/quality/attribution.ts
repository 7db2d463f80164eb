// Where a claim's source is: a link or one of the article's sources named in the same paragraph,
// an attribution ("according to …", "Source: ONS" where a citation starts), or a named body that
// reports the claim in its own sentence ("Ofwat has described leakage as one of the largest…").
import type { CheckedText } from './context.js'
import type { Token } from './language.js'
import type { WordLists } from './word-lists.js'

type Words = WordLists['superlative']

/** The paragraph links or names a source, or attributes what it says. */
export function isSourced(item: CheckedText, sourceNames: string[], words: Words): boolean {
  if (item.hasLink) return true
  const lower = item.text.toLowerCase()
  words.sources.lastIndex = 0
  return sourceNames.some((name) => lower.includes(name)) || words.sources.test(item.text) || words.sourceLabels.test(item.text)
}

/** "Ofwat has described leakage as one of the largest sources", "The … Costs Survey finds that…":
 * a named body, the subject of a verb of reporting, attributes the claim in its own sentence. The
 * verb follows the name, past an auxiliary, an adverb or a clause set off by commas ("Legacy
 * Foresight, which tracks legacy giving, describes…"). A name after a preposition ("In London, we
 * found…") is no subject, nor a capitalised plural opening the sentence ("Brokers describe…"). */
export function attributes(tokens: Token[], words: Words): boolean {
  for (let k = 0; k < tokens.length; k++) {
    if (tokens[k]!.pos !== 'PROPN' || tokens[k + 1]?.pos === 'PROPN') continue
    let first = k
    while (first > 0 && (tokens[first - 1]!.pos === 'PROPN' || ['and', '&'].includes(tokens[first - 1]!.lower))) first--
    if (tokens[first - 1]?.pos === 'ADP') continue
    if (first === k && isCommonPlural(tokens, k)) continue
    if (words.reportingVerbs.has(verbAfterSubject(tokens, k + 1)?.lemma ?? '')) return true
  }
  return false
}

/** "Brokers", "Analysts" opening a sentence: capitalised by position, a plural noun by form. */
const isCommonPlural = (tokens: Token[], k: number) =>
  tokens.slice(0, k).every((t) => t.pos === 'PUNCT') && /[^s'’]s$/.test(tokens[k]!.lower)

/** The verb of a subject that ends before token k, past auxiliaries, adverbs and one clause set off by commas. */
function verbAfterSubject(tokens: Token[], k: number): Token | undefined {
  if (tokens[k]?.text === ',') {
    const close = tokens.findIndex((t, j) => j > k && t.text === ',')
    if (close === -1 || close - k > 20) return undefined
    k = close + 1
  }
  while (k < tokens.length && ['AUX', 'ADV', 'PART'].includes(tokens[k]!.pos)) k++
  const verb = tokens[k]
  if (verb?.pos === 'VERB') return verb
  // The tagger reads some verbs in -s as plural nouns ("Gartner ranks the vendor…"): before an
  // object or a clause, such a word is the verb, its stem the lemma.
  if (verb?.pos === 'NOUN' && /[^s]s$/.test(verb.lower) && ['DET', 'PRON', 'SCONJ', 'NUM', 'ADJ'].includes(tokens[k + 1]?.pos ?? ''))
    return { ...verb, lemma: verb.lower.slice(0, -1) }
  return undefined
}
