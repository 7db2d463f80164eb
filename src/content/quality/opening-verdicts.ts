// A yes-or-no title ("Should a council bring transport in-house?") wants a verdict in the opening:
// a verdict word in a short first sentence, among the first words of a long one or in a sentence
// about the title's subject; the title's own auxiliary echoed ("Some can, but most cannot"); or one
// of the title's options picked ("Buy, in almost every case.").
import type { QualityContext } from './context.js'
import { SHORT_ANSWER_WORDS, mentionsTopic, sameStem, toldInThePast, topicWords } from './title-words.js'
import { conjunctOf, tenseOf, tokenAt } from './grammar.js'
import type { Token } from './language.js'
import type { WordLists } from './word-lists.js'

type Words = WordLists['answerFirst']

/** "Should a council bring transport in-house?", "Is a robot worth it?" */
export const asksYesOrNo = (title: string, words: Words) => words.yesNoOpeners.has((/^\p{L}+/u.exec(title.trim())?.[0] ?? '').toLowerCase())

/** A verdict word ("Usually not", "Only if…", "It depends…") in the first sentence or in one about
 * the title's subject ("usually after a competitor announces one", in a sentence about something
 * else, judges nothing, nor "who should pay" in an embedded question, nor a sentence about the
 * article itself), or an opening that picks one of the title's options ("Buy, in almost every
 * case." for "Should we build or buy billing?"). */
export function givesAVerdict(sentences: { text: string }[], title: string, words: Words, context: QualityContext): boolean {
  const topic = topicWords(title, words.stopWords)
  const judges = (sentence: string, k: number) => {
    words.metaDiscourse.lastIndex = 0
    if (words.metaDiscourse.test(sentence)) return false
    const verdicts = [...sentence.matchAll(words.verdict)].filter((m) => {
      const before = sentence.slice(0, m.index)
      return (
        !words.embeddedBefore.test(before) &&
        !words.relativeBefore.test(before) &&
        !worthAnotherStep(m, sentence, title) &&
        !deniesSomethingElse(m, sentence, title) &&
        !inAPastConjunct(m.index, sentence, context) &&
        !timesAnEvent(m, sentence) &&
        !dependsOnAQuestion(m, sentence)
      )
    })
    // "For farms above 300 hectares, yes:": a yes or a no that ends its phrase.
    const closing = words.closingVerdict.test(sentence)
    if (verdicts.length === 0 && !closing) return false
    // The first sentence judges without naming the subject only when it is short ("Usually not, and
    // …") or opens with its verdict.
    // "It depends on…", "Most societies should…": the verdict within the sentence's first words.
    const opensWithIt = verdicts.some((m) => sentence.slice(0, m.index).trim().split(/\s+/).filter(Boolean).length <= 3)
    const short = sentence.split(/\s+/).length <= SHORT_ANSWER_WORDS
    // "Regional ports came to it later, usually when an upgrade made it possible": a later sentence
    // told in the past tells the history, it judges nothing.
    return (k === 0 && (short || opensWithIt || closing)) || (mentionsTopic(sentence, topic) && (k === 0 || !history(sentence, context)))
  }
  if (sentences.some((s, k) => judges(s.text, k))) return true
  const first = (/^\p{L}+/u.exec(sentences[0]?.text ?? '')?.[0] ?? '').toLowerCase()
  const titleWords = title.toLowerCase().match(/\p{L}+/gu) ?? []
  // The options are the words either side of "or" ("lease or buy", "build or buy").
  const options = titleWords.flatMap((w, k) => (w === 'or' ? [titleWords[k - 1], titleWords[k + 1]] : []))
  return options.includes(first)
}

/** "…and the answer depends on who the berth holder is, how the supply is metered…": what it
 * depends on, left as questions or as "several factors", answers nothing ("It depends on volume:
 * below 5,000 units, lease" does). */
function dependsOnAQuestion(match: RegExpMatchArray, sentence: string): boolean {
  if (!/^depends?$/i.test(match[0])) return false
  return /^\s+(?:on|upon)\s+(?:who|what|how|whether|which|where|when|several|many|various|numerous|a\s+(?:number|range|host|variety|mix)\s+of|lots\s+of)\b/i.test(
    sentence.slice(match.index! + match[0].length),
  )
}

/** "Practice owners ask us about VAT, usually after a patient asks for whitening": a frequency
 * before a clause of time says when something happens, not whether the title's answer holds
 * ("Usually when turnover passes £90,000" opens with it, and answers). */
function timesAnEvent(match: RegExpMatchArray, sentence: string): boolean {
  if (!/^(?:usually|generally|rarely|seldom)$/i.test(match[0])) return false
  if (sentence.slice(0, match.index).trim().split(/\s+/).filter(Boolean).length <= 3) return false
  return /^\s+(?:after|before|when|whenever|once|while|during)\b/i.test(sentence.slice(match.index! + match[0].length))
}

/** "Gate automation is not new." under "Will automated gates cut turnaround times?": a quality the
 * title does not ask about, denied ("Not for most plants", "It is not worth it" answer). */
function deniesSomethingElse(match: RegExpMatchArray, sentence: string, title: string): boolean {
  if (match[0].toLowerCase() !== 'not') return false
  const next = /^\s+(\p{L}+)[.,;:!]?\s*$/u.exec(sentence.slice(match.index! + match[0].length))?.[1]?.toLowerCase()
  if (!next) return false
  const titleWords = title.toLowerCase().match(/\p{L}+/gu) ?? []
  return !titleWords.some((w) => sameStem(w, next))
}

/** "Before deciding, it is worth stepping back to look at…": "worth" with a gerund of some other
 * verb than the title's judges a step of the reader's, not the title's question ("it is worth
 * using auctions for…" judges it). */
function worthAnotherStep(match: RegExpMatchArray, sentence: string, title: string): boolean {
  if (match[0].toLowerCase() !== 'worth') return false
  const gerund = /^\s+(\p{L}+)ing\b/u.exec(sentence.slice(match.index! + match[0].length))?.[1]?.toLowerCase()
  if (!gerund) return false
  const titleWords = title.toLowerCase().match(/\p{L}+/gu) ?? []
  return !titleWords.some((w) => sameStem(w, gerund) || w.startsWith(gerund.slice(0, 4)))
}

/** "Can venues survive without a levy?" → "Some can, but most cannot…", "It does: …", "Most small
 * charities can afford a CRM…": the title's own auxiliary standing alone (or negated) among the
 * opening's first words, or a modal with the title's own verb, answers it. */
export function echoesTheTitle(sentence: string, title: string, words: Words): boolean {
  const titleWords = title.toLowerCase().match(/[\p{L}’']+/gu) ?? []
  const aux = titleWords[0] ?? ''
  const opening = sentence.toLowerCase().split(/\s+/).slice(0, 8)
  const negatives = words.echoNegatives.get(aux)
  return opening.some((raw, k) => {
    const w = raw.replace(/[,;:.—–]$/, '')
    // "Some can, but…", "It does: …": the auxiliary ending its phrase. "A spa is a large
    // investment" echoes "Is a spa worth it?" and judges nothing.
    const alone = w === aux && k > 0 && (raw !== w || opening[k + 1] === 'not')
    const withTheVerb = MODALS.has(aux) && w === aux && k > 0 && titleWords.slice(2).includes(opening[k + 1] ?? '')
    const negated = MODALS.has(aux) && (w === `${aux}n't` || w === `${aux}n’t` || negatives?.has(w) === true)
    return alone || withTheVerb || negated
  })
}

/** "…for decades, and for most of that time the choice of car came down to fuel economy": a word
 * in a conjunct told in the past tells the history, it judges nothing now. */
function inAPastConjunct(index: number, sentence: string, context: QualityContext): boolean {
  const tokens = context.read.tokens(sentence)
  const at = tokenAt(tokens, index)
  if (at === -1) return false
  const own = conjunctOf(tokens, at)
  const tense = tenseOf(own)
  return tense.past && !tense.perfect && !tense.future && !own.some(isPresent)
}

const MODALS = new Set(['can', 'will', 'should', 'would', 'could', 'must', 'shall', 'may', 'might'])

/** Told in the past throughout: no verb of the sentence is in the present ("do not need… is enough"
 * has a participle, "ring-fenced", and is no history). */
function history(sentence: string, context: QualityContext): boolean {
  return toldInThePast(sentence, context) && !context.read.tokens(sentence).some(isPresent)
}

const PRESENT = new Set(['is', 'are', 'am', 'do', 'does', 'has', 'have', 'can', 'will', 'must', 'should', 'may'])
const isPresent = (t: Token) => PRESENT.has(t.lower) || (t.pos === 'VERB' && /[^s]s$/.test(t.lower) && t.lower !== t.lemma)

/** "It depends on three things: what your parent contract says about notice, when your governors
 * approve the budget…", then "Each school's answer will be different": an opening that names what
 * the answer turns on and never says what follows from it, neither a figure nor a condition
 * ("If what is left after product cost is above about 30%…", "For a clinic with spare capacity,
 * joining…") in its first words, hedges. */
export function dependsWithoutAnswering(sentences: { text: string }[]): boolean {
  const [first, ...rest] = sentences
  // (A figure is written in digits: "on three things" counts what it turns on; "rewritten more than
  // once since 2021" dates a history, a year is no figure.)
  const holdsAFigure = (text: string) => /\d/.test(text.replace(/\b(?:19|20)\d{2}\b/g, ''))
  if (!first || !/^(?:it|that|this)\s+(?:all\s+)?depends\b/i.test(first.text) || holdsAFigure(first.text)) return false
  // ("Each school's answer will be different, and a timetable that works for a senior school with an
  // 11+ entry may not suit…": a sentence that says the answer differs hedges again, whatever its example.)
  return !rest.some((s) => !HEDGES_AGAIN.test(s.text) && (CONDITION_LEAD.test(s.text) || holdsAFigure(s.text)))
}

const HEDGES_AGAIN =
  /\b(?:answer|picture)s?\b[^.]*\b(?:differs?|differed|different|vary|varies|varied)\b|\bno\s+(?:[\p{L}-]+\s+)?answer\b/iu

const CONDITION_LEAD = /^(?:if|unless|when|where|once|provided|as\s+long\s+as|for\s+(?:a|an|the|most|many|any|some)\b)/i
