// back-reference: each section should read on its own, because answer engines quote passages out
// of context. Cross-references ("as mentioned above", "see below", "which we set out below"),
// "the former"/"the latter" used as pronouns, and a section that opens with a pronoun or
// demonstrative whose antecedent lies in an earlier section lean on text the reader of the passage
// will not see; an FAQ answer or a key takeaway is quoted on its own too. Openers are matched with
// their case (the acronym IT is not "It"); a heading that names the subject gives the antecedent.
import { candidates } from './candidates.js'
import type { CheckedText, Finding, QualityContext } from './context.js'
import { isLinkOnly, type Section } from './extract.js'
import { tokenAt } from './grammar.js'
import type { Token } from './language.js'
import type { Sentence } from './reader.js'
import { excerptAround, excerptOf } from './sentences.js'
import type { WordLists } from './word-lists.js'

type Words = WordLists['backReference']

const TIME_NOUNS = new Set([
  'day',
  'week',
  'month',
  'quarter',
  'year',
  'decade',
  'season',
  'spring',
  'summer',
  'autumn',
  'winter',
  'time',
  'days',
])
const PARTICLES = new Set(['off', 'up', 'out', 'back', 'down', 'away', 'over'])
/** What may follow "above"/"below" used as a preposition ("above £5", "below the target", "below that"). */
const PREPOSITION_OBJECTS = new Set(['DET', 'NUM', 'SYM', 'NOUN', 'PROPN', 'ADJ', 'PRON', 'ADV'])
const FOLLOWING_LOCATOR =
  /^(?:in|see)\s+(?:the\s+)?(?:previous|next|last|first|following|preceding|earlier|above|section|part|chapter|introduction|conclusion|opening)\b/i

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
        const after = item.text.slice(c.index + c.phrase.length)
        if (c.kind === 'as') return pointsInside(c.phrase, after, words)
        return c.kind !== 'locator' || endsAPhrase(after, words)
      })
      .map((candidate) => ({
        item,
        candidate,
        // "the former"/"the latter" and a bare "above"/"below" are read in their sentence.
        sentence:
          candidate.kind === 'former' || candidate.kind === 'locator' ? context.read.sentenceAt(item.text, candidate.index) : undefined,
      })),
  )
  const openers = context.sections.slice(1).flatMap((section) => openerOf(section, context) ?? [])
  return {
    sentences: [...found.flatMap((f) => f.sentence?.text ?? []), ...openers.flatMap((o) => [o.sentence, o.heading])],
    warnings: () => [
      ...found
        .filter(({ item, candidate, sentence }) => {
          if (!sentence) return true
          const offset = candidate.index - sentence.start
          return candidate.kind === 'former'
            ? isPronoun(context, sentence, offset)
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
    // Only a preposition stands between them ("As set out | in the | previous section").
    if (!/^\s+(?:in|see|from)(?:\s+the)?\s+$/i.test(text.slice(c.index + c.phrase.length, next.index))) return [c]
    return [{ ...next, index: c.index, phrase: text.slice(c.index, next.index + next.phrase.length) }]
  })
  return joined.filter((c, k) => k === 0 || joined[k - 1]!.index + joined[k - 1]!.phrase.length <= c.index)
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
  return tokens[k]?.pos === 'VERB'
}

/** The blocks a table leaves in its section. */
const TABLE_BLOCKS = new Set(['td', 'th', 'caption'])

/** "the evidence table above" where the section shows no table above it: the table is in another
 * section, which a quoted passage will not have ("the table below" in its own section is a neighbour). */
function pointsOutOfItsSection(item: CheckedText, candidate: { index: number; phrase: string }, context: QualityContext): boolean {
  if (item.where !== 'body' || !/\btable\s+$/i.test(item.text.slice(Math.max(0, candidate.index - 8), candidate.index))) return false
  const section = context.sections.find((s) => (s.heading ?? undefined) === item.section)
  const at = section?.blocks.findIndex((b) => b.text === item.text) ?? -1
  if (!section || at === -1) return false
  const around = /^above$/i.test(candidate.phrase) ? section.blocks.slice(0, at) : section.blocks.slice(at + 1)
  return !around.some((b) => TABLE_BLOCKS.has(b.kind))
}

/** "the former suits growing firms" (a pronoun) and not "the former CFO" (an adjective). */
function isPronoun(context: QualityContext, sentence: Sentence, offset: number): boolean {
  const tokens = context.read.tokens(sentence.text)
  const at = tokens.findIndex((t) => t.start >= offset && /^(?:former|latter)$/i.test(t.text))
  const next = tokens[at + 1]
  if (!next || next.pos === 'PUNCT') return true
  // "the former managing partner": a participle and its noun.
  if (isParticiple(next) && ['NOUN', 'PROPN'].includes(tokens[at + 2]?.pos ?? '')) return false
  if (!['NOUN', 'PROPN', 'ADJ', 'NUM'].includes(next.pos)) return true
  // The tagger may read a verb in -s as a plural noun ("the former suits growing firms", "the
  // latter signs off."): a word in -s followed by what could be its object, a particle or the
  // sentence's end is the verb.
  const after = tokens[at + 2]
  if (!/[^s]s$/.test(next.lower)) return false
  if (!after || after.text === '.' || after.text === ';' || PARTICLES.has(after.lower)) return true
  return ['DET', 'ADJ', 'NUM', 'ADV', 'PRON'].includes(after.pos) || (after.pos === 'VERB' && after.lower.endsWith('ing'))
}

interface Opener {
  word: string
  sentence: string
  heading: string
}

/** The first sentence of a section, when it opens with a pronoun or a demonstrative (matched with
 * its case). A question heading usually names what the answer is about ("Why do rollouts overrun?"
 * → "They…"); one that leans back itself ("What should they measure?") does not. */
function openerOf(section: Section, context: QualityContext): Opener | undefined {
  const words = context.words.backReference
  if (!section.heading) return undefined
  const block = section.blocks.find((b) => b.text && !isLinkOnly(b))
  if (!block) return undefined
  // The block's first word is its first sentence's: look at it before splitting the block.
  const word = /^[\p{L}’']+/u.exec(block.text)?.[0] ?? ''
  if (!words.personalOpeners.has(word) && !words.demonstrativeOpeners.has(word)) return undefined
  return { word, sentence: context.read.sentenceAt(block.text, 0).text, heading: section.heading }
}

/** Whether the opener takes its meaning from text before the heading. */
function leansBack({ word, sentence, heading }: Opener, context: QualityContext): boolean {
  const words = context.words.backReference
  if (/:\s*$/.test(sentence)) return false // "These three steps pay back within a year:" announces a list.
  const tokens = context.read.tokens(sentence)
  const headingTokens = readHeading(context.read.tokens(heading))
  const person = words.personalOpeners.get(word)
  if (person) {
    if (word === 'It' && words.expletiveIt.test(sentence)) return false
    return !headingNames(headingTokens, person, words)
  }
  const next = tokens[1]
  if (word === 'Those' && words.genericThose.has(next?.lower ?? '')) return false
  // "These give families a budget…" under "Personal travel budgets": a plural pronoun, as They
  // (the tagger may read its verb as a noun, one that cannot agree with "These").
  const misreadVerb = next?.pos === 'NOUN' && word === 'These' && !isPlural(next)
  // "Both are grown under cover" under "Salads and soft fruit": the two things the heading names.
  if (word === 'Both' && namesTwo(headingTokens)) return false
  if (!next || misreadVerb || !['NOUN', 'PROPN', 'ADJ', 'NUM'].includes(next.pos)) {
    return !(word === 'These' && namesOnePluralClass(headingTokens, words))
  }
  // A determiner: "This approach" leans back unless the heading names the thing, the text names
  // itself ("This section") or the noun is a time ("This year", a relative date).
  const noun = tokens.slice(1).find((t) => t.pos === 'NOUN' || t.pos === 'PROPN')
  if (!noun || TIME_NOUNS.has(noun.lemma) || words.selfNouns.has(noun.lemma)) return false
  if (headingTokens.some((t) => t.lemma === noun.lemma)) return false
  // "These tools draft…" under "Drafting assistants": the near demonstrative and a plural noun take
  // the plural class the heading just named, in other words; "Those savings" under "Risks" reaches
  // further back.
  return !(word === 'These' && isPlural(noun) && headingTokens.length > 1 && namesOnePluralClass(headingTokens, words))
}

/** "Personal travel budgets", "Drafting assistants": a heading "These" can stand for is one noun
 * phrase ending in a plural. Not "HACCP and prerequisites" (which of them would it be?), nor an
 * activity or a topic ("Setting targets by grade", "What joining changes"), nor a question. */
const namesOnePluralClass = (heading: Token[], words: Words) =>
  heading.every(
    (t, k) => ['NOUN', 'PROPN', 'ADJ', 'NUM'].includes(t.pos) || t.text === '-' || (isParticiple(t) && heading[k + 1]?.pos === 'NOUN'),
  ) && headingNames(heading, 'plural', words)

/** "Salads and soft fruit", "Fit tools and size advice": two things joined by "and". */
const namesTwo = (heading: Token[]) =>
  heading.filter((t) => t.lower === 'and' || t.text === '&').length === 1 &&
  heading.every(
    (t, k) =>
      ['NOUN', 'PROPN', 'ADJ', 'NUM', 'CCONJ'].includes(t.pos) ||
      t.text === '-' ||
      heading[k - 1]?.text === '-' ||
      heading[k + 1]?.text === '-' ||
      isParticiple(t),
  )

/** The heading names what the pronoun stands for: a person's name for He/She, else a head noun that
 * agrees in number ("Index-linked contracts" for They, not "Ways of working" for It), and no
 * pronoun of its own ("Why it pays off"), an interrogative ("What", "Who") being none; in a question,
 * any noun that agrees. */
function headingNames(heading: Token[], person: string, words: Words): boolean {
  if (heading.some((t) => t.pos === 'PRON' && !words.interrogatives.has(t.lower))) return false
  if (person === 'person') return heading.some((t) => t.pos === 'PROPN' && /^\p{Lu}/u.test(t.text))
  const nouns = (tokens: Token[]) => tokens.filter((t) => t.pos === 'NOUN' || t.pos === 'PROPN')
  // The noun phrase ends at a preposition or a verb, but "Index-linked" is one modifier.
  const hyphenated = (k: number) => heading[k - 1]?.text === '-' || heading[k + 1]?.text === '-'
  // "Ground handling contracts": a participle before a noun modifies it, as in a compound.
  const modifies = (k: number) => isParticiple(heading[k]!) && ['NOUN', 'PROPN'].includes(heading[k + 1]?.pos ?? '')
  const end = heading.findIndex((t, k) => ['ADP', 'SCONJ', 'VERB', 'AUX'].includes(t.pos) && !hyphenated(k) && !modifies(k))
  const agrees = (noun: Token) => isPlural(noun) === (person === 'plural')
  // "Robots and grazing" names two things: They.
  const phraseEnd = end === -1 ? heading.length : end
  if (person === 'plural' && heading.some((t, k) => t.lower === 'and' && k > 0 && k < phraseEnd - 1)) return true
  // A question may put its subject anywhere ("What about agents at home?"): any noun that agrees.
  if (heading.at(-1)?.text === '?') return nouns(heading).some(agrees)
  const head = nouns(heading.slice(0, phraseEnd)).at(-1) ?? nouns(heading).at(-1)
  return head !== undefined && agrees(head)
}

/** "Ground handling", "Postgraduate taught": a participle, regular or not ("taught", "built"). */
const isParticiple = (t: Token) => t.pos === 'VERB' && (/(?:ing|ed)$/.test(t.lower) || (t.lower !== t.lemma && !t.lower.endsWith('s')))

/** "Cloud audit logs": a heading's last word in -s after a noun is its plural head, which the
 * tagger may read as a verb; after a question word it is the verb ("How allocation works"). */
const readHeading = (heading: Token[]) =>
  heading.map((t, k) =>
    k === heading.length - 1 &&
    k > 0 &&
    t.pos === 'VERB' &&
    /[^s]s$/.test(t.lower) &&
    ['NOUN', 'PROPN'].includes(heading[k - 1]!.pos) &&
    !['ADV', 'PRON', 'SCONJ'].includes(heading[0]!.pos)
      ? { ...t, pos: 'NOUN' }
      : t,
  )

/** Headings are often in title case, where the tagger takes nouns for names: read their ending. */
const isPlural = (noun: Token) =>
  (noun.pos === 'NOUN' && noun.lower !== noun.lemma) || (/[^su]s$/.test(noun.lower) && !/(?:ss|us|is)$/.test(noun.lower))
