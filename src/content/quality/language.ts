// The English tagger: wink-nlp with its light English model (tokens, parts of speech in the
// Universal Dependencies set, lemmas). The model takes some 35 MB and 150 ms to load, so it is
// loaded at the first check that needs it, never at start-up, and only candidate sentences are
// tagged (about 25 µs each).
import { createRequire } from 'node:module'
import type { Model } from 'wink-nlp'
import type WinkNLP from 'wink-nlp'

export interface Token {
  text: string
  lower: string
  /** Universal Dependencies part of speech: NOUN, VERB, AUX, ADJ, ADV, DET, PRON, ADP, NUM… */
  pos: string
  lemma: string
  /** Offsets in the tagged text. */
  start: number
  end: number
}

type Tagger = (text: string) => Token[]
let tagger: Tagger | undefined

function loadTagger(): Tagger {
  const require = createRequire(import.meta.url)
  const winkNLP = require('wink-nlp') as typeof WinkNLP
  const model = require('wink-eng-lite-web-model') as Model
  const nlp = winkNLP(model, ['pos'])
  const its = nlp.its
  return (text) => {
    const tokens = nlp.readDoc(text).tokens()
    // wink's token helpers are plain functions (they use no `this`); its typings declare them as methods.
    /* eslint-disable @typescript-eslint/unbound-method */
    const values: string[] = tokens.out(its.value)
    const tags: string[] = tokens.out(its.pos)
    // The typings declare lemma's helper with a different signature; it works as any token helper.
    const lemmas: string[] = tokens.out(its.lemma as unknown as typeof its.value)
    /* eslint-enable @typescript-eslint/unbound-method */
    let cursor = 0
    const tagged = values.map((value, i) => {
      const found = text.indexOf(value, cursor)
      const start = found === -1 ? cursor : found
      const end = found === -1 ? cursor : found + value.length
      cursor = end
      const lower = value.toLowerCase()
      const pos = tags[i] ?? 'X'
      return { text: value, lower, pos, lemma: lemmaOf(lower, pos, (lemmas[i] ?? value).toLowerCase()), start, end }
    })
    return mendMisreadVerbs(tagged, text)
  }
}

/** Plurals that do not end in -s. */
const IRREGULAR_PLURALS = new Set([
  'people',
  'men',
  'women',
  'children',
  'data',
  'media',
  'criteria',
  'phenomena',
  'feet',
  'teeth',
  'mice',
  'geese',
  'staff',
])

/** The model gives some British nouns their American lemma ("licence" → "license", "programme" →
 * "program", "centre" → "center"): a singular noun, which does not end in -s, is its own lemma, so
 * that a lemma apart from the word still means a plural. */
function lemmaOf(lower: string, pos: string, lemma: string): string {
  if (pos !== 'NOUN' || lemma === lower || lower.endsWith('s') || IRREGULAR_PLURALS.has(lower)) return lemma
  return lower
}

const UNAMBIGUOUS_PASTS = new Map([
  ['fell', 'fall'],
  ['rose', 'rise'],
  ['grew', 'grow'],
  ['sank', 'sink'],
  ['shrank', 'shrink'],
])

const PLURAL_PRONOUNS = new Set(['we', 'they', 'you'])
const ARTICLES = new Set(['the', 'a', 'an'])

/** The light model reads a present verb after a plural subject as a noun when the verb is also a
 * noun ("Mid-tier firms offer the best value", "suppliers charge a fee"): between a plural subject
 * and an article, a base-form noun is that verb. It reads the acronym IT as "it", and LED as "led". */
function mendMisreadVerbs(tokens: Token[], text: string): Token[] {
  // Sentences are tagged together, one per line: a token opens its sentence after a line break.
  const opensASentence = (t: Token) => t.start === 0 || /[\n.!?]\s*$/.test(text.slice(Math.max(0, t.start - 3), t.start))
  for (let k = 1; k < tokens.length - 1; k++) {
    const [before, word, after] = [tokens[k - 1]!, tokens[k]!, tokens[k + 1]!]
    // A capitalised plural opening the sentence is read as a name ("Parasiticides offer the largest saving").
    const openingPlural =
      opensASentence(before) && before.pos === 'PROPN' && /[^su'’]s$/.test(before.lower) && !/(?:ss|us|is)$/.test(before.lower)
    const pluralSubject =
      (before.pos === 'NOUN' && before.lower !== before.lemma) ||
      (before.pos === 'PRON' && PLURAL_PRONOUNS.has(before.lower)) ||
      openingPlural
    if (word.pos === 'NOUN' && word.lower === word.lemma && !word.lower.endsWith('s') && pluralSubject && ARTICLES.has(after.lower))
      tokens[k] = { ...word, pos: 'VERB' }
    // "The farm measures energy intensity…": after "the" and a singular noun, a word in -s
    // before its object is the verb ("the company accounts show…" is a compound: a verb follows).
    const singularSubject = before.pos === 'NOUN' && before.lower === before.lemma && tokens[k - 2]?.lower === 'the'
    if (
      word.pos === 'NOUN' &&
      /[^s]s$/.test(word.lower) &&
      word.lower !== word.lemma &&
      singularSubject &&
      ['NOUN', 'DET'].includes(after.pos)
    )
      tokens[k] = { ...word, pos: 'VERB' }
  }
  // "the close fell from twelve days to seven": a past form that is no noun of its own, after a
  // determiner's phrase and before a preposition or a figure, is the verb.
  for (let k = 2; k < tokens.length; k++) {
    const lemma = UNAMBIGUOUS_PASTS.get(tokens[k]!.lower)
    if (lemma && tokens[k]!.pos !== 'VERB' && ['ADP', 'NUM', 'ADV', 'PUNCT'].includes(tokens[k + 1]?.pos ?? 'PUNCT'))
      tokens[k] = { ...tokens[k]!, pos: 'VERB', lemma }
  }
  // "two candidates made offers": a verb in -s straight after a verb in the past is its object.
  for (let k = 1; k < tokens.length; k++) {
    const [before, word] = [tokens[k - 1]!, tokens[k]!]
    const past = before.pos === 'VERB' && before.lower !== before.lemma && !/(?:s|ing)$/.test(before.lower)
    if (past && word.pos === 'VERB' && /[^s]s$/.test(word.lower) && word.lower !== word.lemma) tokens[k] = { ...word, pos: 'NOUN' }
  }
  // "the former IT manager", "IT is the biggest cost line": a pronoun in capitals is the acronym
  // (from the first token: which sentence opens the batch must not matter).
  // So is a verb in capitals in a sentence that is not all capitals ("LED replacement alone saves…"
  // is no past of "lead").
  const shouted = !/\p{Ll}/u.test(text)
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k]!
    const acronym = /^\p{Lu}{2,}$/u.test(t.text) && (t.pos === 'PRON' || (!shouted && (t.pos === 'VERB' || t.pos === 'AUX')))
    if (acronym) tokens[k] = { ...t, pos: 'PROPN', lemma: t.lower }
  }
  return tokens
}

/** Tokens of one sentence (or heading), tagged; loads the model on the first call. */
export function tagText(text: string): Token[] {
  // wink's tokenizer keeps "week's" whole before a comma or a full stop ("with last week's.") and
  // caches it so, after which it never splits "next week's rota" again: the same text would be
  // tagged differently for what was checked before it. A space after the clitic keeps it apart.
  const inserted: number[] = []
  const spaced = text.replace(CLITIC_BEFORE_PUNCTUATION, (clitic: string, at: number) => {
    inserted.push(at + clitic.length)
    return `${clitic} `
  })
  if (inserted.length === 0) return tagRuns(text)
  // An offset in the spaced text, back in the text given.
  const back = (offset: number) => offset - inserted.filter((at, k) => at + k < offset).length
  return tagRuns(spaced).map((t) => ({ ...t, start: back(t.start), end: back(t.end - 1) + 1 }))
}

const CLITIC_BEFORE_PUNCTUATION = /(?<=\p{L})(?:['’](?:s|re|ve|ll|d|m)|n['’]t)(?=[^\s\p{L}\p{N}])/giu

function tagRuns(text: string): Token[] {
  tagger ??= loadTagger()
  const runs = [...text.matchAll(LONG_RUN)]
  if (runs.length === 0) return tagger(text)
  // The tokenizer's abbreviation test takes time in the square of a word's length ("x" a million
  // times over would hold a check for minutes): a run of 64 or more characters without a space,
  // which no English word is, is tagged as one short word and given back its own text and offsets.
  let shown = ''
  let from = 0
  for (const run of runs) {
    shown += `${text.slice(from, run.index)}${PLACEHOLDER}`
    from = run.index + run[0].length
  }
  shown += text.slice(from)
  const shift = (offset: number) => {
    let original = offset
    let placed = 0
    for (const run of runs) {
      const at = run.index - placed
      if (offset <= at) break
      original += run[0].length - PLACEHOLDER.length
      placed += run[0].length - PLACEHOLDER.length
    }
    return original
  }
  return tagger(shown).map((t) => {
    const start = shift(t.start)
    const run = runs.find((r) => r.index === start)
    if (run && t.text === PLACEHOLDER) return { ...t, text: run[0], lower: run[0].toLowerCase(), start, end: start + run[0].length }
    return { ...t, start, end: shift(t.end - 1) + 1 }
  })
}

const LONG_RUN = /\S{64,}/g
const PLACEHOLDER = 'longword'

/** Whether the model has been loaded (start-up must not load it). */
export const taggerLoaded = (): boolean => tagger !== undefined
