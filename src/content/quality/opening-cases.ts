// A case study's opening: for a title that tells a case ("How Westmarch Police answered 92% of 999
// calls…"), an opening says what was done, in the past or the perfect, or measures the result
// ("now pays its providers in 9 days, down from 34"); one that sets the scene in the present does not.
import type { QualityContext } from './context.js'
import { isPastForm, sameFormPastAfterASingular, tenseOf } from './grammar.js'
import type { Token } from './language.js'
import type { WordLists } from './word-lists.js'

type Words = WordLists['answerFirst']

/** A figure (not a year) with a comparison or a change: "1.4 fewer trips", "cut waits by 30%". */
export function measuresAResult(tokens: Token[], words: Words): boolean {
  const figure = tokens.some((t) => t.text === '%' || (t.pos === 'NUM' && /\d/.test(t.text) && !/^(?:19|20)\d{2}$/.test(t.text)))
  return figure && tokens.some((t) => words.resultComparisons.has(t.lower) || words.resultChanges.has(t.lemma))
}
/** "How Westmarch Police answered 92% of 999 calls…", "How did a police force cut its fleet costs?":
 * a case study's title, told in the past. */
export function tellsACase(title: string, context: QualityContext): boolean {
  // ("Case study: how a trust cut supply spend…": past the label.)
  // ("Before and after: how a repairs team raised its first-time fix rate": any label.)
  const story = title.replace(CASE_LABEL, '').replace(/^[^:?]+:\s*(?=how\s)/i, '')
  if (!/^how\s/i.test(story)) return false
  const tokens = context.read.tokens(story)
  if (tokens[1]?.lower === 'did') return true
  // The subject's noun phrase, then its verb in the past.
  let k = 1
  // ("How Fernleigh Learning Trust cut…": a capitalised word inside a name, whatever the tagger reads.)
  const inAName = (t: Token | undefined, next: Token | undefined) => /^\p{Lu}/u.test(t?.text ?? '') && next?.pos === 'PROPN'
  while (
    ['DET', 'PROPN', 'NOUN', 'ADJ', 'NUM'].includes(tokens[k]?.pos ?? '') ||
    tokens[k]?.text === '-' ||
    inAName(tokens[k], tokens[k + 1])
  )
    k++
  const verb = tokens[k]
  // ("How a trust cut its supply spend", "How Fenwick Fibre cut its backlog": "cut" after a
  // singular subject is its past.)
  return k > 1 && verb !== undefined && (isPastForm(verb) || sameFormPastAfterASingular(tokens, k)) && verb.pos === 'VERB'
}

const CASE_LABEL = /^(?:case\s+study|client\s+story|success\s+story)\s*:\s*/i

/** "Fenwick Regional Airport cut its queues…", "By moving its strawberries onto…": the opening of a
 * case says what was done (in the past or the perfect) or how; "Emergency control rooms are under
 * pressure" sets the scene in the present. */
export function tellsWhatWasDone(sentence: string, title: string, context: QualityContext): boolean {
  if (/^by\s/i.test(sentence)) return true
  const tokens = context.read.tokens(sentence)
  // The main clause's tense: "The software reseller channel is not what it was", "The antiques
  // trade runs on instinct and an eye for the piece nobody else has spotted" set the scene.
  const tense = tenseOf(beforeAnEmbeddedClause(tokens))
  // ("Fenwick Coaches has run from the same yard in Hexham since 1978": a perfect since a year tells
  // the firm's history, not what it did.)
  if (tense.perfect && !tense.past && /\bsince\s+(?:19|20)\d{2}\b/.test(sentence)) return false
  // "Harcourt Marine … cut its settlement time": the title's own verb ("cut" is past and present).
  const titleVerbs = new Set(
    context.read
      .tokens(title)
      .filter((t) => t.pos === 'VERB')
      .map((t) => t.lemma),
  )
  // "The plant cut its outage": a bare verb after a singular subject is no present ("cuts").
  const bareAfterSingular = tokens.some((t, k) => {
    // "Harcourt Marine, a specialist insurer of workboats, cut…": past the apposition to its subject.
    const comma = tokens.findIndex((u) => u.text === ',')
    const subject = tokens[k - 1]?.text === ',' && comma > 0 ? tokens[comma - 1] : tokens[k - 1]
    return (
      t.pos === 'VERB' &&
      t.lower === t.lemma &&
      subject !== undefined &&
      ['NOUN', 'PROPN'].includes(subject.pos) &&
      subject.lower === subject.lemma &&
      !/s$/.test(subject.lower) &&
      // ("Supply cover is a budget line…": a noun the tagger read as a verb, before the clause's own.)
      !['AUX', 'VERB'].includes(tokens[k + 1]?.pos ?? '')
    )
  })
  // "A company serving 2.3 million customers reduced its costs": a past form before its object.
  const pastWithObject = tokens.some(
    (t, k) => t.pos === 'VERB' && isPastForm(t) && ['DET', 'PRON', 'NUM'].includes(tokens[k + 1]?.pos ?? ''),
  )
  // ("…now pays its providers in 9 days, down from 34": the result, measured, in the present.)
  return (
    measuresAResult(tokens, context.words.answerFirst) ||
    tense.past ||
    tense.perfect ||
    bareAfterSingular ||
    pastWithObject ||
    tokens.some((t) => t.pos === 'VERB' && titleVerbs.has(t.lemma))
  )
}

/** "In October 2022, Priya Raman… opened the renewal quote" under "How Fernleigh Learning Trust
 * cut its energy bill by 22%": a case's opening words reach what was done when they use the title's
 * verb, measure a result, say how ("by moving…") or give the title's own figure; the story's first
 * moment, told in the past, does none of these. */
export function reachesWhatWasDone(opening: string, title: string, context: QualityContext): boolean {
  const tokens = context.read.tokens(opening)
  const titleTokens = context.read.tokens(title)
  // (A capitalised word is a name's, as "Learning" in "Fernleigh Learning Trust".)
  const titleVerbs = new Set(titleTokens.filter((t) => t.pos === 'VERB' && t.text === t.lower).map((t) => t.lemma))
  const figures = titleTokens.filter((t) => t.pos === 'NUM' && /\d/.test(t.text)).map((t) => t.text)
  return (
    measuresAResult(tokens, context.words.answerFirst) ||
    tokens.some((t) => (t.pos === 'VERB' && titleVerbs.has(t.lemma)) || figures.includes(t.text)) ||
    /\bby\s+\p{L}+ing\b/iu.test(opening)
  )
}

/** The words before the first clause a relative or question word embeds after the main verb. */
function beforeAnEmbeddedClause(tokens: Token[]): Token[] {
  const verb = tokens.findIndex((t) => t.pos === 'VERB' || t.pos === 'AUX')
  if (verb === -1) return tokens
  const embedded = tokens.findIndex((t, k) => k > verb && EMBEDDING.has(t.lower))
  return embedded === -1 ? tokens : tokens.slice(0, embedded)
}

const EMBEDDING = new Set(['what', 'who', 'whom', 'which', 'nobody', 'anyone', 'everyone', 'someone'])
