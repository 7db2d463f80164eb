// A study's own findings. An article that sets out a survey, a benchmark or a sample of its own
// ("we surveyed 212 CFOs", "our 2026 benchmark", "respondents") ranks what that data shows ("Senior
// managers have the lowest median award, at 3.0%", "the pressure most often cited in the survey",
// "Scoping is the most common" above its table): the study is the source, set out in
// the article. A ranking that shows neither a figure nor the data ("working capital is the biggest
// lever most manufacturers are ignoring") asserts, and a promise ("world-class", "the only way")
// is no finding whatever the article holds.
import type { Candidate } from './candidates.js'
import type { CheckedText, QualityContext } from './context.js'
import type { TextBlock } from './extract.js'
import { hasFiniteVerb, isPastForm, tokenAt } from './grammar.js'
import type { Token } from './language.js'
import { plainMeasure, rankedInAMarket } from './superlative-scope.js'
import { measuredBeside, namesTheData, ownStretch, showsAFigure, sinceADate, untilTheNextConjunct } from './study-figures.js'

/** The article sets out a study of its own, in its body or its headings. */
export function setsOutAStudy(context: QualityContext): boolean {
  let found = studies.get(context)
  if (found === undefined) {
    const marker = context.words.superlative.studyMarker
    // ("How we tested the shops": a heading that sets out the writer's own method counts too; not
    // "Planning ahead for the new edition" of a standard.)
    const ownHeadings = context.headings.filter((h) => /\b(?:we|our)\b/i.test(h.text))
    // ("the condition survey" in "How much does a stock condition survey cost?": the service the title
    // asks about, not a study of the writer's.)
    const titleWords = new Set(context.input.title.toLowerCase().match(/\p{L}+/gu) ?? [])
    const all = new RegExp(marker.source, `${marker.flags}g`)
    const ownStudy = (text: string) =>
      [...text.matchAll(all)].some((m) => !/^the\s/i.test(m[0]) || !titleWords.has(m[0].toLowerCase().split(/\s+/).at(-1)!))
    found = [...context.texts, ...ownHeadings].some((item) => item.where === 'body' && ownStudy(item.text))
    studies.set(context, found)
  }
  return found
}

/** Asked by more than one rule, read once per check. */
const studies = new WeakMap<QualityContext, boolean>()

/** The superlative at the candidate reads the article's own data: its clause gives a figure or
 * names the data, the line before its list names the data, or its section shows the table it reads. */
export function readsTheStudy(item: CheckedText, candidate: Candidate<string>, context: QualityContext): boolean {
  const sentence = context.read.sentenceAt(item.text, candidate.index)
  const tokens = context.read.tokens(sentence.text)
  // A cell of the study's own table that labels a row or holds a value ("Leading error by value").
  if (item.kind === 'td' && !hasFiniteVerb(tokens)) return true
  // "Scotland saw the steepest rise." as a key takeaway sums up the body's reading of its table
  // ("Scotland recorded the steepest rise, 8.8%"), where the figure stands.
  if (item.where === 'key_takeaways' && restatesTheBody(candidate.phrase, context)) return true
  // A promise is no finding; "the only sub-sector to improve" is one, when the data shows it.
  if (candidate.kind === 'claim' && candidate.phrase.toLowerCase() !== 'the only') return false
  const words = context.words.superlative
  const at = tokenAt(tokens, candidate.index - sentence.start)
  const last = tokenAt(tokens, candidate.index + candidate.phrase.length - 1 - sentence.start)
  // "one of the best-run groups in the country": ranked across a market, it claims; "took 31 of the
  // 52, the largest share of any contract type" ranks the study's own kinds by its figure.
  // (With the study's figure in its clause: "the steepest rise of any town, at 11.4%"; without one,
  // "saw the smallest increase of any role" may rank across every employer.)
  const ownKinds = ofAnyKind(tokens, last) && showsAFigure(ownStretch(tokens, at), sentence.text)
  // ("Staff pay is the biggest worry for college finance directors in England: 34 of the 48 who
  // answered our survey…": the market is the study's, counted after the colon.)
  const colon = tokens.findIndex((t, k) => k > at && t.text === ':')
  const countedAfter = colon !== -1 && showsAFigure(ownStretch(tokens, colon + 1), sentence.text)
  const surveyed = countedAfter && namesTheData(tokens.slice(colon + 1), words.studyNouns)
  // ("Respondents came from every region, with the largest groups in London (24%), the North West
  // (14%) and Scotland (11%)": the study's own groups, each with its share in brackets.)
  const shares = (sentence.text.slice(candidate.index - sentence.start).match(/\(\d[\d.,]*\s*%\)/g) ?? []).length > 1
  if (rankedInAMarket(tokens, last, words) && !ownKinds && !surveyed && !shares) return false
  // "Parasiticides offer the largest saving": what a thing offers or achieves, it is promised.
  const determiner = tokens.slice(0, at).findLastIndex((t) => t.pos !== 'ADJ' && t.pos !== 'ADV' && t.text !== '-')
  const opener = tokens[determiner]?.pos === 'DET' ? tokens[determiner - 1] : tokens[determiner]
  // "Linen-hire contracts showed the widest range, from 34p to 63p", "State schools earned the
  // lowest" under the table: what was measured.
  const section = item.where === 'body' ? context.sections.find((s) => (s.heading ?? undefined) === item.section) : undefined
  const overItsTable = (section?.blocks ?? []).some((b) => b.kind === 'td')
  const measured = opener !== undefined && isPastForm(opener) && (showsAFigure(ownStretch(tokens, at), sentence.text) || overItsTable)
  const outcome = opener?.pos === 'VERB' && (words.outcomeVerbs.has(opener.lemma) || words.promisingVerbs.has(opener.lemma))
  // ("…offer the deepest online discounts: a visitor who books a week ahead pays a quarter less".)
  if (outcome && !measured && !countedAfter) return false
  // "The most common error on total cost was quoting the monthly price…, which happened on 31
  // visits", "the most common method, used by 52% of firms": how often the study met a thing (or how
  // widespread a means is), counted anywhere in its sentence.
  // (Its figure before the next conjunct: "the most common mistake in export paperwork, and it is
  // costly: … up to three years" counts nothing.)
  // ("The most common mistake is to add 50p an hour…": what to do or avoid, put as an infinitive, is
  // advice, whatever its figures.)
  const verb = tokens.findIndex((t, k) => k > last && (t.pos === 'AUX' || t.pos === 'VERB'))
  if (tokens[verb]?.lemma === 'be' && tokens[verb + 1]?.lower === 'to' && tokens[verb + 2]?.pos === 'VERB') return false
  const prevalent = tokens.slice(at, last + 2).some((t) => words.prevalenceAdjectives.has(t.lower))
  if (prevalent && showsAFigure(untilTheNextConjunct(tokens, at), sentence.text)) return true
  // "the most reliable way to fund…", "the biggest lever most manufacturers are ignoring", "the most
  // cost-effective channel a bank runs", "the quickest win available to most plants": a means
  // ranked, or a kind ranked across everyone who has one, is advice or a claim, not a reading of
  // the data.
  let end = last + 1
  // ("…buildings most councils own", "the biggest lever operators still control": "most" or a
  // plural subject and its verb open a relative clause, not the noun's phrase.)
  while (
    (['NOUN', 'ADJ', 'PROPN'].includes(tokens[end]?.pos ?? '') || tokens[end]?.text === '-') &&
    !GENERIC_SUBJECTS.has(tokens[end]!.lower) &&
    !(end > last + 1 && opensAClause(tokens, end))
  )
    end++
  const head = tokens.slice(at + 1, end).findLast((t) => t.pos === 'NOUN')
  // ("This is the only salary survey built for engineering consultancies": the study itself, ranked.)
  const ranked = head ?? tokens.slice(last + 1, last + 4).find((t) => t.pos === 'NOUN')
  if (ranked && words.studyNouns.has(ranked.lower)) return false
  if (head && words.meansNouns.has(head.lemma)) return false
  const relative = ['that', 'which'].includes(tokens[end]?.lower ?? '') ? end + 1 : end
  if (GENERIC_SUBJECTS.has(tokens[relative]?.lower ?? '') && ['NOUN', 'ADJ'].includes(tokens[relative + 1]?.pos ?? '')) return false
  if (tokens[relative]?.lower === 'you' && ['VERB', 'AUX'].includes(tokens[relative + 1]?.pos ?? '')) return false
  const scope = tokens[end]?.pos === 'ADJ' ? end + 1 : end
  // "the smallest increase of any role we track" stays within what the study tracks.
  // ("for every respondent", "for all 52 companies": the study's own set, counted or named.)
  const member = tokens[scope + 2]
  const withinTheStudy =
    ownKinds ||
    ['we', 'our'].includes(tokens[scope + 3]?.lower ?? '') ||
    member?.pos === 'NUM' ||
    (member !== undefined && words.studyNouns.has(member.lower)) ||
    (member !== undefined && words.studyNouns.has(`${member.lower}s`))
  // ("paid back fastest across all sub-sectors, at a median of 2.6 years": all of the study's own
  // kinds, with its figure.)
  const allMeasured = tokens[scope + 1]?.lower === 'all' && showsAFigure(ownStretch(tokens, at), sentence.text)
  if (['ADP', 'PART'].includes(tokens[scope]?.pos ?? '') && EVERYONE.has(tokens[scope + 1]?.lower ?? '') && !withinTheStudy && !allMeasured)
    return false
  if (inEveryPlace(tokens, end) && !allMeasured) return false
  const own = ownStretch(tokens, at)
  // ("Social commerce is the fastest-growing sales channel…, and many respondents now sell…": growth
  // is ranked by figures of growth in its clause, not by naming the respondents.)
  if (/-growing$/i.test(candidate.phrase) && !showsAFigure(own, sentence.text)) return false
  // "Locum cover is the largest element: a typical vacancy in our sample lasted 14 weeks": what a
  // colon adds may name the data; its figures may be of something else.
  const elaboration = colon === -1 ? [] : ownStretch(tokens, colon + 1)
  // "Yards on the south coast were fullest: 92% of them turned boats away, against 79%…": a ranking
  // that ends its clause at the colon is measured by the figures after it.
  // ("…named finding a site as the hardest part of opening a new outlet: 52% put it first": its
  // phrase may run on to the colon, with a gerund but no verb of its own.)
  // (After "the hardest" the next word is its noun, even when the tagger reads a verb: "part".)
  // ("the most likely to take deposits: five of the seven…": an infinitive is the phrase's own.)
  const ownVerb = tokens
    .slice(Math.max(end, last + 2), colon)
    .some((t, k, rest) => t.pos === 'AUX' || (t.pos === 'VERB' && !t.lower.endsWith('ing') && rest[k - 1]?.lower !== 'to'))
  // (Past the phrase's end, the figure must open what the colon adds: "52% put it first", not "a
  // bumper assembly … costs two to three times as much", an example.)
  // ("…into core opening hours: visits in those 14 authorities rose 7%": or a count of the set it
  // ranked within.)
  const countsItsSet = elaboration.slice(0, 5).some((t, k, rest) => ['those', 'these'].includes(t.lower) && rest[k + 1]?.pos === 'NUM')
  const measuredAfter =
    (colon === end || (colon > end && (!ownVerb || countsItsSet) && (elaboration[0]?.pos === 'NUM' || countsItsSet))) &&
    showsAFigure(elaboration, sentence.text)
  // "Scotland was the only nation where covers grew, by 1.4%": the clause that says in what.
  // ("the only nation or region where…": past a second noun.)
  const relativeWord = tokens.findIndex((t, k) => k >= end && k <= end + 3 && ['where', 'that', 'which', 'to'].includes(t.lower))
  const defining = relativeWord === -1 ? [] : ownStretch(tokens, relativeWord + 1)
  if (
    showsAFigure(own, sentence.text) ||
    (candidate.kind === 'claim' && showsAFigure(defining, sentence.text)) ||
    measuredAfter ||
    surveyed ||
    namesTheData([...own, ...elaboration], words.studyNouns) ||
    // "Pool covers were the cheapest measure we found": the writer's own finding, named as one.
    (tokens[end]?.lower === 'we' && words.findingVerbs.has(tokens[end + 1]?.lower ?? '')) ||
    sinceADate(tokens.slice(at))
  )
    return true
  // (A bare degree only, "the hardest to fill.": "the biggest risk facing mid-sized fleets" ranks a
  // kind beyond the data.)
  const bare = [undefined, 'PUNCT', 'PART'].includes(tokens[last + 1]?.pos)
  if (bare && measuredBeside(sentence, item.text, context, false)) return true
  if (plainMeasure(tokens, at, words) && measuredBeside(sentence, item.text, context, true)) return true
  const blocks = section?.blocks ?? []
  // "…three things the survey links most closely to retention." then the list of them.
  const introduction = item.kind === 'li' ? lineBeforeTheList(blocks, item.text) : undefined
  if (introduction && namesTheData(context.read.tokens(introduction), words.studyNouns)) return true
  // "the single biggest reason small businesses switch IT provider": a zero relative whose subject is
  // a kind ranks across all of that kind, beyond the table beside it.
  if (end > last + 1 && opensAClause(tokens, end)) return false
  return blocks.some((b) => b.kind === 'td')
}

/** "the largest share of any contract type": "of any" or "of all" after the ranked phrase's nouns. */
function ofAnyKind(tokens: Token[], last: number): boolean {
  let k = last + 1
  // ("the most underestimated cost of all": past the participle "most" grades.)
  if (tokens[last]?.lower === 'most' && tokens[k]?.pos === 'VERB') k++
  while (['NOUN', 'ADJ'].includes(tokens[k]?.pos ?? '')) k++
  return tokens[k]?.lower === 'of' && ['any', 'all'].includes(tokens[k + 1]?.lower ?? '')
}

/** A plural noun and then its verb, maybe after an adverb: "operators (still) control". */
function opensAClause(tokens: Token[], k: number): boolean {
  // (The ranked phrase may run to the end of a sentence with no stop: "…the largest share of spend".)
  const noun = tokens[k]
  if (noun?.pos !== 'NOUN' || noun.lower === noun.lemma) return false
  const verb = tokens[k + 1]?.pos === 'ADV' ? tokens[k + 2] : tokens[k + 1]
  return verb?.pos === 'VERB' && verb.lower === verb.lemma
}

/** "the biggest source of wasted clinic capacity in any hospital", "across all insurers": the phrase
 * after the ranking's noun ranks it wherever one is found, beyond the study's own sample. */
function inEveryPlace(tokens: Token[], from: number): boolean {
  for (let k = from; k < tokens.length - 1; k++) {
    const t = tokens[k]!
    const modifier = t.pos === 'VERB' && /ed$/.test(t.lower) && tokens[k + 1]!.pos === 'NOUN'
    if (['VERB', 'AUX', 'CCONJ', 'SCONJ', 'PUNCT'].includes(t.pos) && !modifier) return false
    if (PLACE_PREPOSITIONS.has(t.lower) && EVERYONE.has(tokens[k + 1]!.lower) && tokens[k + 1]!.lower !== 'most') return true
  }
  return false
}

const PLACE_PREPOSITIONS = new Set(['in', 'across', 'at'])

const GENERIC_SUBJECTS = new Set(['a', 'an', 'any', 'every', 'most', 'many'])
const EVERYONE = new Set(['any', 'every', 'most', 'many', 'all'])

/** The block before the list that holds the item with this text. */
function lineBeforeTheList(blocks: TextBlock[], text: string): string | undefined {
  let k = blocks.findIndex((b) => b.kind === 'li' && b.text === text)
  if (k === -1) return undefined
  while (k > 0 && blocks[k]!.kind === 'li') k--
  return blocks[k]!.kind === 'li' ? undefined : blocks[k]!.text
}

/** The ranking word of a takeaway stands in the body too, so the body sets out what it reads. */
function restatesTheBody(phrase: string, context: QualityContext): boolean {
  const word = phrase.toLowerCase().split(/\s+/).at(-1)!
  const inBody = new RegExp(`(?<![\\p{L}-])${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}-])`, 'iu')
  // (Its headings and FAQ answers too: "Which types of hotel scored highest?" over the table.)
  return (
    context.texts.some((text) => text.where !== 'key_takeaways' && inBody.test(text.text)) ||
    context.sections.some((section) => inBody.test(section.heading ?? ''))
  )
}
