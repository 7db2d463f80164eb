// How a heading's words are read: headings are often in title case and verbless, where the tagger
// takes nouns for names and a plural head for a verb, so their endings decide.
import type { Token } from './language.js'

/** "Ground handling", "Postgraduate taught": a participle, regular or not ("taught", "built"). */
export const isParticiple = (t: Token) =>
  t.pos === 'VERB' && (/(?:ing|ed)$/.test(t.lower) || (t.lower !== t.lemma && !t.lower.endsWith('s')))

/** "Cloud audit logs": a heading's last word in -s after a noun is its plural head, which the
 * tagger may read as a verb; after a question word it is the verb ("How allocation works"). */
export const readHeading = (heading: Token[]) => readSubject(heading).map((t, k) => ({ ...t, pos: partOfSpeech(heading, t, k) }))

/** The part of speech of the heading's word at k, read from where it stands. */
function partOfSpeech(heading: Token[], t: Token, k: number): string {
  const inS = /[^s]s$/.test(t.lower)
  const last = k === heading.length - 1
  if (t.pos === 'VERB') {
    // "Cloud audit logs": a last word in -s after a noun, in a heading that is no question.
    if (last && k > 0 && inS && ['NOUN', 'PROPN'].includes(heading[k - 1]!.pos) && !['ADV', 'PRON', 'SCONJ'].includes(heading[0]!.pos))
      return 'NOUN'
    // "How are bids scored?": between a question's auxiliary and its participle, the subject.
    if (inS && heading[k - 1]?.pos === 'AUX' && heading[k + 1]?.pos === 'VERB') return 'NOUN'
    // "Where co-living works": a gerund before the heading's verb is its subject.
    if (t.lower.endsWith('ing') && k > 0 && heading[k + 1]?.pos === 'VERB' && /[^s]s$/.test(heading[k + 1]!.lower)) return 'NOUN'
    // "Follow-up calls at day 3": a word in -s after a hyphenated modifier is its noun.
    if (inS && heading[k - 2]?.text === '-') return 'NOUN'
  }
  if (t.pos === 'NOUN' && inS) {
    // "Who signs off?": a word in -s after "Who" or "What" is the verb.
    if (k === 1 && heading[0]!.pos === 'PRON' && ['who', 'what'].includes(heading[0]!.lower)) return 'VERB'
    // "Where the cost lands": after a question word and its subject, a last word in -s is the verb.
    if (last && k > 1 && heading[k - 1]!.pos === 'NOUN' && QUESTION_WORDS.has(heading[0]!.lower)) return 'VERB'
  }
  return t.pos
}

const QUESTION_WORDS = new Set(['where', 'how', 'why', 'when', 'what', 'who'])

/** "What does cloud ticketing do better?": in a question, the words between its auxiliary and its
 * last verb are the subject, nouns however the tagger reads them. */
function readSubject(heading: Token[]): Token[] {
  if (heading.at(-1)?.text !== '?' || !QUESTION_WORDS.has(heading[0]?.lower ?? '') || heading[1]?.pos !== 'AUX') return heading
  const verb = heading.findLastIndex((t) => t.pos === 'VERB' || t.pos === 'AUX')
  return heading.map((t, k) => (k > 1 && k < verb && t.pos === 'VERB' ? { ...t, pos: 'NOUN' } : t))
}

/** Headings are often in title case, where the tagger takes nouns for names: read their ending. */
export const isPlural = (noun: Token) =>
  (noun.pos === 'NOUN' && noun.lower !== noun.lemma) ||
  // ("DBS", "NHS": an initialism in -s is one body.)
  (/[^su]s$/.test(noun.lower) && !/(?:ss|us|is)$/.test(noun.lower) && !/^\p{Lu}{2,}$/u.test(noun.text))
