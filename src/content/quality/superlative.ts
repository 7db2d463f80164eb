// superlative: a claim that ranks or promises ("the fastest-growing segment", "a leading
// provider", "the biggest gains come from …", "the risk most often underestimated", "guarantees a
// 20% saving") needs a source: a link in the same paragraph, one of the article's sources named
// there, or an attribution ("according to …"). A superlative that only picks things out ("call the
// ten largest customers", "the region with the lowest price", "its best people", "those who know it
// best"), a term ("best practice", "leading indicators", "worst-case") or a quantity ("most of the
// cost") claims nothing.
import { candidates, type Candidate } from './candidates.js'
import type { CheckedText, Finding, QualityContext } from './context.js'
import { clauseOf, conjunctOf, isQuestion, tokenAt } from './grammar.js'
import { isImperative } from './instructions.js'
import type { Token } from './language.js'
import { sceneOpening } from './opening-stories.js'
import { attributes, backs, sourcingOf, type Sourcing } from './attribution.js'
import { claimWordRanks } from './claim-words.js'
import { readsTheStudy, setsOutAStudy } from './own-study.js'
import { inACondition, picksOut } from './selection.js'
import { rankedInAMarket } from './superlative-scope.js'
import { readsAMeasure } from './superlative-measures.js'
import { excerptAround, quotedSpans } from './sentences.js'
import type { WordLists } from './word-lists.js'

type Kind = 'claim' | 'form' | 'most' | 'after'
type Words = WordLists['superlative']

export function superlatives(context: QualityContext): Finding {
  const words = context.words.superlative
  const patterns: [Kind, RegExp][] = [
    ['claim', words.claims],
    ['form', words.forms],
    ['most', words.theMost],
    ['after', words.mostAfterNoun],
  ]
  // A publisher is a name; a title names its source only when it is more than a topic ("Full
  // expensing" is what a sentence may be about, "Warehouse Labour Survey 2025" a document).
  const sourceNames = (context.input.content.sources ?? [])
    .flatMap((s) => [s.publisher, s.title && s.title.trim().split(/\s+/).length >= 3 ? s.title : undefined])
    .filter((n): n is string => Boolean(n && n.trim().length >= 3))
    .map((n) => n.toLowerCase())
  const found = context.texts.flatMap((item) => {
    // A table's header cell labels a column ("Best for"); it claims nothing.
    if (item.kind === 'th') return []
    // Words in quotation marks are someone's: a grade's name ("4*, “world-leading”"), a speaker's.
    const inItem = candidates(item.text, patterns, { cancelledBy: words.terms }).filter((c) => !quoted(item.text, c.index))
    // ("Okafor: A planning engineer will always keep the option of a cable" under "Ruth Okafor on
    // why…": an answer behind the speaker's name, the person the title names, is theirs, as quoted words are.)
    if (inItem.length === 0 || spokenByTheTitlesPerson(item.text, context.input.title)) return []
    const sourcing = sourcingOf(item, sourceNames, words, context.read)
    if (sourcing?.whole) return []
    return inItem.map((candidate) => ({ item, candidate, sourcing }))
  })
  const study = found.length > 0 && setsOutAStudy(context)
  return {
    sentences: found.flatMap(({ item, candidate, sourcing }) => [
      context.read.sentenceAt(item.text, candidate.index).text,
      ...(sourcing && !sourcing.whole ? sourcing.sentences.map((s) => s.text) : []),
    ]),
    warnings: () => {
      const judged = found.map((f) => ({
        ...f,
        claims:
          !isBacked(f.sourcing, f.item, f.candidate, context) &&
          !readsAMeasure(f.item, f.candidate, context) &&
          !(study && readsTheStudy(f.item, f.candidate, context)) &&
          makesAClaim(f.candidate, f.item, context),
      }))
      // ("Approved Body fees are the largest single line." as a key takeaway sums up the body, which
      // read the same ranking off its table: "…are the largest single line, at £28,000 to £45,000".)
      const readInTheBody = new Set(
        judged.filter((j) => j.item.where === 'body' && !j.claims).map((j) => rankingOf(j.candidate, j.item.text)),
      )
      return judged
        .filter((j) => j.claims && !(j.item.where === 'key_takeaways' && readInTheBody.has(rankingOf(j.candidate, j.item.text))))
        .map(({ item, candidate }) => ({ item, candidate, phrase: asWritten(candidate, item.text) }))
        .reduce(joinAdjacent, [])
        .map(({ item, candidate, phrase }) => {
          return {
            rule: 'superlative' as const,
            message: `"${phrase}" is a claim an answer engine will not repeat without evidence: link the source in the same paragraph, name one from the sources block, or state the measured fact instead.`,
            phrase,
            where: item.where,
            ...(item.section ? { section: item.section } : {}),
            excerpt: excerptAround(item.text, candidate.index, phrase.length),
          }
        })
    },
  }
}

/** A ranking as its words and the word after them ("largest single", "largest cost"). */
const rankingOf = (candidate: Candidate<Kind>, text: string) =>
  `${candidate.phrase} ${/^\s*([\p{L}-]+)/u.exec(text.slice(candidate.index + candidate.phrase.length))?.[1] ?? ''}`.toLowerCase()

type Named = { item: CheckedText; candidate: Candidate<Kind>; phrase: string }

/** "always the most expensive", "the only world-class": two claims side by side are one phrase, as
 * an editor rewrites it. */
function joinAdjacent(joined: Named[], next: Named): Named[] {
  const last = joined.at(-1)
  if (
    last &&
    last.item === next.item &&
    // ("always the cheapest": an article between them too; "the simplest and cheapest way": joined.)
    /^\s?$|^\s(?:the|a|an)\s$|^\s(?:and|or)\s(?:the\s)?$/i.test(
      next.item.text.slice(last.candidate.index + last.phrase.length, next.candidate.index),
    )
  ) {
    joined[joined.length - 1] = { ...last, phrase: next.item.text.slice(last.candidate.index, next.candidate.index + next.phrase.length) }
    return joined
  }
  return [...joined, next]
}

/** The text opens with a speaker's label ("Okafor:") whose name the title holds. */
function spokenByTheTitlesPerson(text: string, title: string): boolean {
  const speaker = /^(\p{Lu}[\p{L}'’-]+):\s/u.exec(text)?.[1]
  return speaker !== undefined && new RegExp(`\\b${speaker}\\b`, 'u').test(title)
}

/** The character at `index` stands inside quotation marks: double, curly or straight, or single. */
function quoted(text: string, index: number): boolean {
  if (quotedSpans(text).some((q) => q.start < index && index < q.end)) return true
  const open = text.lastIndexOf('“', index)
  if (open !== -1 && text.lastIndexOf('”', index) < open && text.indexOf('”', index) !== -1) return true
  const straight = (text.slice(0, index).match(/"/g) ?? []).length
  return straight % 2 === 1 && text.indexOf('"', index) !== -1
}

const isBacked = (sourcing: Sourcing | undefined, item: CheckedText, candidate: Candidate<Kind>, context: QualityContext) =>
  sourcing !== undefined &&
  backs(sourcing, context.read.sentenceAt(item.text, candidate.index), context.read, promises(item, candidate, context))

/** A run of nouns from `k` that ends in a plural ("authority early years teams"). */
function leadsToAPlural(tokens: Token[], k: number): boolean {
  let j = k
  while (['NOUN', 'PROPN', 'ADJ'].includes(tokens[j]?.pos ?? '')) j++
  const head = tokens[j - 1]
  return j > k && head?.pos === 'NOUN' && head.lower !== head.lemma
}

/** A promise or an absolute ("always", "guarantees", "the only way to…"), not "the only part a
 * retailer can discount", which states a fact a source beside it may back. */
function promises(item: CheckedText, candidate: Candidate<Kind>, context: QualityContext): boolean {
  if (candidate.kind !== 'claim') return false
  if (!/^the\s+only$/i.test(candidate.phrase)) return true
  const next = /^\s+([\p{L}-]+)/u.exec(item.text.slice(candidate.index + candidate.phrase.length))?.[1]?.toLowerCase() ?? ''
  return context.words.superlative.meansNouns.has(next)
}

/** "Lambert Rowe's figures show the East Midlands had the highest take-up. On the same figures,
 * London had the tightest markets": a pointer back to the figures a named body reported in the
 * sentence before. */
function continuesAReport(item: CheckedText, sentence: { start: number }, tokens: Token[], context: QualityContext): boolean {
  const pointer =
    tokens[0]?.pos === 'ADP' && ['same', 'these', 'those'].includes((tokens[1]?.lower === 'the' ? tokens[2] : tokens[1])?.lower ?? '')
  if (!pointer || sentence.start === 0) return false
  const previous = context.read.sentenceAt(item.text, sentence.start - 1)
  return attributes(context.read.tokens(previous.text), context.words.superlative)
}

/** "the most" is named with the word it grades ("the most effective"), as an editor rewrites it. */
function asWritten(candidate: Candidate<Kind>, text: string): string {
  if (candidate.kind !== 'most') return candidate.phrase
  const graded = /^\s+[\p{L}-]+/u.exec(text.slice(candidate.index + candidate.phrase.length))
  return graded ? candidate.phrase + graded[0] : candidate.phrase
}

function makesAClaim(candidate: Candidate<Kind>, item: CheckedText, context: QualityContext): boolean {
  const words = context.words.superlative
  const sentence = context.read.sentenceAt(item.text, candidate.index)
  // "On a wet Tuesday in February … the only sound in the stands is a mower": a scene describes.
  if (isQuestion(sentence.text) || sceneOpening(sentence.text, context.words.answerFirst)) return false
  const tokens = context.read.tokens(sentence.text)
  const at = tokenAt(tokens, candidate.index - sentence.start)
  const clause = clauseOf(tokens, at)
  // ("Put the Act's terms on every invoice, and a clear credit policy guarantees you will be paid":
  // a statement of its own after the instruction, with its own subject.)
  const conjunct = conjunctOf(clause, clause.indexOf(tokens[at]!))
  const statesAfterIt =
    conjunct[0] !== clause[0] && ['DET', 'NOUN', 'PROPN'].includes(conjunct[1]?.pos ?? '') && !isImperative(conjunct.slice(1))
  // ("…is now the leading farm animal practice in mid Wales, and Pugh puts that down to…": a name
  // that reports in a later conjunct reports that conjunct, not the ranking.)
  const laterConjunct = tokens.findIndex((t, k) => k > at && t.pos === 'CCONJ' && tokens[k - 1]?.text === ',')
  const reported = attributes(laterConjunct === -1 ? tokens : tokens.slice(0, laterConjunct), words)
  if ((isImperative(clause) && !statesAfterIt) || reported || continuesAReport(item, sentence, tokens, context)) return false
  // "Federations … assumed the clinical session was the only cost": a belief reported, not asserted.
  if (tokens.slice(0, at).some((t) => t.pos === 'VERB' && words.beliefVerbs.has(t.lemma))) return false
  if (candidate.kind === 'claim')
    return !inACondition(tokens, at) && claimWordRanks(candidate.phrase.toLowerCase(), tokens, at, clause, words)
  // The word that carries the degree: "largest" in "second-largest", "most" in "the most".
  const phraseEnd = candidate.index - sentence.start + candidate.phrase.length
  const inPhrase = tokens.filter((t, k) => k >= at && t.end <= phraseEnd)
  const last = at + Math.max(0, inPhrase.length - 1)
  if (candidate.kind === 'most') {
    // "the most trusted", "the most often cited"; before a verb's base form ("those who sell the
    // most get…") "most" is a quantity.
    const graded = tokens[last + 1]
    // "the most space-efficient option": a hyphenated compound grades as an adjective.
    // "the most mature platforms": a base form before a noun is an adjective the tagger misread.
    const compound =
      // ("the most in-demand skill": a compound's first part may be a preposition.)
      (tokens[last + 2]?.text === '-' && ['ADJ', 'NOUN', 'VERB'].includes(tokens[last + 3]?.pos ?? '')) ||
      (graded?.pos === 'VERB' && tokens[last + 2]?.pos === 'NOUN') ||
      // ("the most misunderstood clause": a participle the tagger read as a noun before its noun.)
      (graded?.pos === 'NOUN' && /(?:ed|en|wn|ood|ught)$/.test(graded.lower) && tokens[last + 2]?.pos === 'NOUN')
    if (
      !graded ||
      (!compound && (!['ADJ', 'ADV', 'VERB'].includes(graded.pos) || (graded.pos === 'VERB' && graded.lower === graded.lemma)))
    )
      return false
    return !picksOut(tokens, last, last + 1, clause, words)
  }
  if (candidate.kind === 'after') {
    // "the risk most often underestimated": "most" after its noun, before the word it grades.
    if (!['NOUN', 'PROPN'].includes(tokens[at - 1]?.pos ?? '') || !['ADJ', 'ADV', 'VERB'].includes(tokens[at + 1]?.pos ?? '')) return false
    // "the figure most local authority teams expect": "most" counts the plural its adjective leads to.
    if (tokens[at + 1]!.pos === 'ADJ' && leadsToAPlural(tokens, at + 2)) return false
    return !picksOut(tokens, at, at + 1, clause, words)
  }
  // "the hardest-to-route journeys", "hardest-to-fill roles": how hard, not a rank.
  if (/est-to-/i.test(candidate.phrase)) return false
  const head = inPhrase.find((t) => t.lower.endsWith('est')) ?? tokens[at]!
  if (!isSuperlativeForm(head, words)) return false
  // "The knock-through week is the hardest, with dust…", "Buying through the company is the
  // simplest, but…": with no noun of its own the degree ranks the subject among the parts or the
  // options just set out (the weeks of the build), not in the world; "the best" still judges.
  // ("Pick one definition… The simplest is the materials margin": its noun left out, the subject
  // ranks the options just named; so does "The most effective change was the simplest: …".)
  const elided = at === 1 && tokens[0]?.lower === 'the' && tokens[last + 1]?.pos === 'AUX' && tokens[last + 1]!.lemma === 'be'
  const bare =
    (tokens[at - 1]?.lower === 'the' && [',', ';', ':'].includes(tokens[last + 1]?.text ?? '') && tokens[at - 2]?.lemma === 'be') || elided
  if (bare && !['best', 'worst'].includes(head.lower)) return false
  // "the fastest quarter … in 110 days; the slowest took 280": both ends describe a spread.
  const otherEnds = words.rangeEnds.get(head.lower.replace(/-.*$/, ''))
  if (otherEnds && tokens.some((t) => otherEnds.has(t.lower.replace(/-.*$/, '')))) return false
  // "the spread between the quickest and the slowest lenders": a range's ends rank nothing, nor
  // does one named after the range it ends ("ranged from 44 at the used-car centre to 71 at
  // Chesterfield, the slowest site").
  if (tokens.slice(Math.max(0, at - 6), at).some((t) => t.lower === 'between')) return false
  const from = tokens.findIndex((t, k) => k < at && t.lower === 'from' && ['range', 'vary'].includes(tokens[k - 1]?.lemma ?? ''))
  if (from !== -1 && tokens.slice(from, at).some((t) => t.lower === 'to')) return false
  // "the families in greatest need", "at greatest risk": without an article, after a preposition, a degree.
  if (tokens[at - 1]?.pos === 'ADP' && head === tokens[at]) return false
  // "the lowest-paid care workers", "best-selling basics": a compound before a plural names a band
  // of things, as a category; "the fastest-growing segment" ranks one. After "a" it names a kind
  // ("on a best-estimate basis", "a lowest logical fare rule"): a superlative that ranks takes "the".
  // "one of the best-run groups in the country" ranks, whatever the compound.
  const oneOfThe = tokens[at - 1]?.lower === 'the' && tokens[at - 2]?.lower === 'of' && tokens[at - 3]?.lower === 'one'
  // ("the fastest-growing categories in UK grocery": a band ranked across a market still ranks;
  // "the lowest-paid roles in the sector" names one by its measure.)
  const byMeasure = words.bandTails.has(candidate.phrase.toLowerCase().split('-').at(-1) ?? '')
  const band =
    candidate.phrase.includes('-') && !oneOfThe && namesABand(tokens, last, words) && (byMeasure || !rankedInAMarket(tokens, last, words))
  if (['a', 'an'].includes(tokens[at - 1]?.lower ?? '') || band) return false
  return !picksOut(tokens, tokens.indexOf(head), last, clause, words)
}

/** The noun phrase after token `last` ends in a plural ("care workers", "basics"). */
function namesABand(tokens: Token[], last: number, words: Words): boolean {
  let k = last + 1
  // "highest-priority critically important antibiotics": past the modifiers to the head.
  const modifies = (t: Token | undefined) => t !== undefined && ['NOUN', 'ADJ', 'ADV'].includes(t.pos)
  const plural = (t: Token) => t.pos === 'NOUN' && t.lower !== t.lemma
  // ("the fastest-growing sales channel": a plural that modifies the noun after it.)
  const modifier = (t: Token) => !plural(t) || (words.pluralModifiers.has(t.lower) && tokens[k + 1]?.pos === 'NOUN')
  while (modifies(tokens[k]) && modifies(tokens[k + 1]) && modifier(tokens[k]!)) k++
  const noun = tokens[k]
  // "the fastest-growing independent builders’ merchant": a plural owning the head is a modifier.
  if (["'", '’', "'s", '’s'].includes(tokens[k + 1]?.text ?? '')) return false
  return noun !== undefined && noun.pos === 'NOUN' && noun.lower !== noun.lemma
}

/** "fastest", "likeliest", "best"; not "interest", "latest" or a noun or verb ("request", "test").
 * The lemma is not required: the light model does not reduce every superlative ("likeliest"). */
function isSuperlativeForm(word: Token, words: Words): boolean {
  if (words.notSuperlatives.has(word.lower)) return false
  return words.irregular.has(word.lower) || word.pos === 'ADJ' || word.pos === 'ADV'
}
