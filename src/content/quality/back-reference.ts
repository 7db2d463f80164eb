// back-reference: each section should read on its own, because answer engines quote passages out
// of context. Cross-references ("as mentioned above", "see below", "which we set out below"),
// "the former"/"the latter" used as pronouns, and a section that opens with a pronoun or
// demonstrative whose antecedent lies in an earlier section lean on text the reader of the passage
// will not see; an FAQ answer or a key takeaway is quoted on its own too. Openers are matched with
// their case (the acronym IT is not "It"); section-openers.ts reads them.
import { candidates } from './candidates.js'
import type { CheckedText, Finding, QualityContext } from './context.js'
import { tokenAt } from './grammar.js'
import type { Sentence } from './reader.js'
import { formerOrLatterIsAPronoun, PARTICLES } from './former-latter.js'
import { leansBack, openerOf } from './section-openers.js'
import { excerptAround, excerptOf, quotedSpans } from './sentences.js'
import type { WordLists } from './word-lists.js'

type Words = WordLists['backReference']

/** What may follow "above"/"below" used as a preposition ("above £5", "below the target", "below that"). */
const PREPOSITION_OBJECTS = new Set(['DET', 'NUM', 'SYM', 'NOUN', 'PROPN', 'ADJ', 'PRON', 'ADV'])
/** "the table above", "Table 1 above", "Figure 3 below": a table or a numbered figure named before the
 * locator ("a figure above £30" is a number). */
const NAMED_TABLE = /\b(?:(?:table|chart|exhibit)(?:\s+\d+[a-z]?)?|figure\s+\d+[a-z]?)\s+$/i
const OBJECT_START = /^\s+(?:the|a|an|each|every|your|its|their|our|his|her)\b/i
/** "the running costs set out below are netted off": a participle placing "below" may be followed by
 * the sentence's own verb (the tagger then decides whether the verb presents text). */
const PLACED_BY_A_PARTICIPLE = /\b(?:[a-z]+ed|set|shown|given|laid|spelt|broken)(?:\s+(?:out|up|down|over))?\s+$/i
// ("As discussed in the pricing section": a section named by its topic.)
const FOLLOWING_LOCATOR =
  /^(?:in|see)\s+(?:the\s+)?(?:previous|next|last|first|following|preceding|earlier|above|section|part|chapter|introduction|conclusion|opening)\b|^in\s+the\s+(?:[\p{L}-]+\s+){1,2}section\b/iu

export function backReferences(context: QualityContext): Finding {
  const words = context.words.backReference
  const patterns: ['explicit' | 'as' | 'former' | 'locator', RegExp][] = [
    ['explicit', words.explicit],
    ['as', words.asReported],
    ['former', words.formerLatter],
    ['locator', words.pointerLocators],
  ]
  const found = context.texts.flatMap((item) =>
    joinLocated(candidates(item.text, patterns, { gate: words.gate }), item.text)
      .filter((c) => {
        // ('For example: "Prices for weddings booked from 1 January 2026 are set out below."': a pointer
        // in quotation marks points inside what they quote; a speaker's "the latter" still leans back.)
        if (c.kind !== 'former' && quotedSpans(item.text).some((q) => q.start < c.index && c.index < q.end)) return false
        const after = item.text.slice(c.index + c.phrase.length)
        // "never as firm as described": the second "as" of a comparison compares, it points nowhere.
        // "whether your controls operated as described.": a bare "as described" that ends the
        // sentence after its verb says how (as documented); "As noted," and "…, as noted above" point.
        const before = item.text.slice(Math.max(0, c.index - 30), c.index)
        const manner =
          !words.locators.has(c.phrase.split(/\s+/).at(-1)!.toLowerCase()) && /\p{L}\s+$/u.test(before) && /^\s*(?:\.|$)/.test(after)
        // ("with each item marked as explained, corrected or escalated": a state among others.)
        const states = /^\s*(?:,\s*[\p{L}-]+(?:ed|en)\s*(?:,|or\b|and\b)|\s+(?:or|and)\s+[\p{L}-]+(?:ed|en)\b)/u.test(after)
        if (c.kind === 'as') return !/\bas\s+[\p{L}-]+\s+$/iu.test(before) && !manner && !states && pointsInside(c.phrase, after, words)
        // "see the table below" with the table in its own section points at a neighbour.
        const seeTable = /^see\s+the\s+table\s+(below|above)$/i.exec(c.phrase)
        if (c.kind === 'explicit' && seeTable && sectionShowsATable(item, seeTable[1]!.toLowerCase() === 'above', context)) return false
        // "the total the shopper had been quoted earlier in the same call": earlier in something
        // other than the text is a time.
        const within = /^\s+(?:in|on|at|during)\s+(?:(?:the|a|an|that|this|its|their|each|every)\s+)?(?:same\s+)?([\p{L}-]+)/iu.exec(after)
        if (c.kind === 'explicit' && /\b(?:earlier|later)$/i.test(c.phrase) && within && !words.selfNouns.has(within[1]!.toLowerCase()))
          return false
        // "the next section of the A66": a section of something that is not the text.
        const of = /^\s+of\s+(?:the|a|an)\s+([\p{L}\p{N}-]+)/iu.exec(after)
        if (c.kind === 'explicit' && of && !words.selfNouns.has(of[1]!.toLowerCase())) return false
        return (
          c.kind !== 'locator' ||
          endsAPhrase(after, words) ||
          PLACED_BY_A_PARTICIPLE.test(item.text.slice(Math.max(0, c.index - 30), c.index)) ||
          // "The headline multiples in the table above rarely arrive": its own section decides ("a
          // chart above each bench's bins" places the chart).
          (NAMED_TABLE.test(item.text.slice(Math.max(0, c.index - 16), c.index)) && !OBJECT_START.test(after))
        )
      })
      .map((candidate) => ({
        item,
        candidate,
        // "the former"/"the latter" and a bare "above"/"below" are read in their sentence.
        sentence:
          candidate.kind === 'former' || candidate.kind === 'locator' ? context.read.sentenceAt(item.text, candidate.index) : undefined,
      })),
  )
  const openers = context.sections.slice(1).flatMap((section, k) => openerOf(section, context.sections[k], context) ?? [])
  return {
    sentences: [...found.flatMap((f) => f.sentence?.text ?? []), ...openers.flatMap((o) => [o.sentence, o.heading])],
    warnings: () => [
      ...found
        .filter(({ item, candidate, sentence }) => {
          if (!sentence) return true
          const offset = candidate.index - sentence.start
          return candidate.kind === 'former'
            ? formerOrLatterIsAPronoun(context, sentence, offset)
            : pointsAway(context, sentence, offset) || pointsOutOfItsSection(item, candidate, context)
        })
        .map(({ item, candidate }) => ({
          rule: 'back-reference' as const,
          message: `"${candidate.phrase}" points at another part of the article, which a quoted passage will not have: repeat the fact or name the thing here instead.`,
          phrase: candidate.phrase,
          where: item.where,
          ...(item.section ? { section: item.section } : {}),
          excerpt: excerptAround(item.text, candidate.index, candidate.phrase.length),
        })),
      ...openers
        .filter((opener) => leansBack(opener, context))
        .map((opener) => ({
          rule: 'back-reference' as const,
          message: `The section opens with "${opener.word}", which leans on the section before: name the subject so the section reads on its own.`,
          phrase: opener.word,
          where: 'body' as const,
          section: opener.heading,
          excerpt: excerptOf(opener.sentence),
        })),
    ],
  }
}

/** "As set out in the previous section" is one pointer, named whole: the "as" phrase takes in the
 * locator that follows it. */
function joinLocated<T extends { index: number; phrase: string; kind: string }>(found: T[], text: string): T[] {
  const joined = found.flatMap((c, k) => {
    const next = found[k + 1]
    if (c.kind !== 'as' || !next) return [c]
    // Only a preposition stands between them ("As set out | in the | previous section", "As explained | in
    // the section on"), and a pointer that goes on after a comma is the same ("…, see above").
    if (!/^\s+(?:(?:in|see|from)(?:\s+the)?\s+)?$/i.test(text.slice(c.index + c.phrase.length, next.index))) return [c]
    const then = found[k + 2]
    const last = then && /^\s*[^,.;:]{0,30},\s+$/.test(text.slice(next.index + next.phrase.length, then.index)) ? then : next
    return [{ ...last, index: c.index, phrase: text.slice(c.index, last.index + last.phrase.length) }]
  })
  // (A joined pointer covers the candidates inside it.)
  let end = -1
  return joined.filter((c) => {
    if (c.index < end) return false
    end = c.index + c.phrase.length
    return true
  })
}

/** "as noted above", "As noted," and "as shown in the previous section" point inside the article;
 * "as described in the 2025 guidance" or "as we saw with one client" point outside it. */
function pointsInside(phrase: string, after: string, words: Words): boolean {
  const last = phrase.split(/\s+/).at(-1)!.toLowerCase()
  if (words.locators.has(last)) return true
  const rest = after.trimStart()
  return rest === '' || /^[,.;:)]/.test(rest) || FOLLOWING_LOCATOR.test(rest)
}

/** A pointing "below" ends its phrase: a pause, the sentence's end, a preposition or a conjunction
 * follows ("set out below in turn"); a word that could start its object ("below the target") or a
 * verb ("the figures below come from…") does not — this spares the tagger most of them. */
function endsAPhrase(after: string, words: Words): boolean {
  const next = /^\s*([\p{L}]+|\S)?/u.exec(after)?.[1]
  return next === undefined || /^[,.;:!?)\]—–-]$/.test(next) || words.pointerFollowers.has(next.toLowerCase())
}

/** "which we set out below", "the options listed above": a verb placed by "above"/"below" points at
 * other text. "the table below" (a noun's neighbour, which the section shows) does not, nor "fell
 * below the target" (a preposition), nor a sentence that announces what follows it with a colon. */
function pointsAway(context: QualityContext, sentence: Sentence, offset: number): boolean {
  if (/:\s*$/.test(sentence.text)) return false
  const tokens = context.read.tokens(sentence.text)
  const at = tokenAt(tokens, offset)
  const next = tokens[at + 1]
  if (next && PREPOSITION_OBJECTS.has(next.pos)) return false
  let k = at - 1
  while (k >= 0 && PARTICLES.has(tokens[k]!.lower)) k--
  return tokens[k]?.pos === 'VERB' && context.words.backReference.pointingVerbs.has(tokens[k]!.lemma)
}

/** The blocks a table leaves in its section. */
const TABLE_BLOCKS = new Set(['td', 'th', 'caption'])

/** "the evidence table above" where the section shows no table above it: the table is in another
 * section, which a quoted passage will not have ("the table below" in its own section is a neighbour). */
function pointsOutOfItsSection(item: CheckedText, candidate: { index: number; phrase: string }, context: QualityContext): boolean {
  if (item.where !== 'body' || !NAMED_TABLE.test(item.text.slice(Math.max(0, candidate.index - 16), candidate.index))) return false
  return !sectionShowsATable(item, /^above$/i.test(candidate.phrase), context)
}

/** The block's own section holds a table before it (`before`) or after it. A block outside the body,
 * or not found, is given the benefit of the doubt. */
function sectionShowsATable(item: CheckedText, before: boolean, context: QualityContext): boolean {
  const section = context.sections.find((s) => (s.heading ?? undefined) === item.section)
  const at = section?.blocks.findIndex((b) => b.text === item.text) ?? -1
  if (item.where !== 'body' || !section || at === -1) return true
  const around = before ? section.blocks.slice(0, at) : section.blocks.slice(at + 1)
  return around.some((b) => TABLE_BLOCKS.has(b.kind))
}
