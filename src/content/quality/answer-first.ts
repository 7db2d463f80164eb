// answer-first: the first 60 words of the body must answer the title. The opening sentence is read
// for what it does: a preamble, a question, a table of contents or a restated question ("Many CFOs
// ask (us) whether…", "A question we often hear is whether…") is not an answer; a short answer is, with or without a verb ("Usually not.",
// "Between 14 and 20 months."), however long the paragraph runs after it. A "how much / how long"
// title wants a figure in the opening (a year or a decade is none), and the opening must be about
// the title's subject.
import type { BodyWarning } from '../../contract/schemas.js'
import { LIMITS } from '../../contract/limits.js'
import type { QualityContext } from './context.js'
import { isLinkOnly, type TextBlock } from './extract.js'
import { isQuestion, outsideEmbeddedQuestions, tenseOf } from './grammar.js'
import { asksForAFigure, asksForMoney, asksWhatFigure, holdsADuration, holdsAFigure, holdsAMeasure, holdsMoney } from './opening-figures.js'
import { answersWhatItMeans, asksWhatItMeans } from './opening-meanings.js'
import { asksWhen, asksWhy, givesAReason, givesATime, tellsAHistory } from './opening-reasons.js'
import { asksYesOrNo, dependsWithoutAnswering, echoesTheTitle, givesAVerdict } from './opening-verdicts.js'
import { SHORT_ANSWER_WORDS, articleYear, instructsAtItsStart, mentionsTopic, sameStem, toldInThePast, topicWords } from './title-words.js'
import { reachesWhatWasDone, tellsACase, tellsWhatWasDone } from './opening-cases.js'
import { portrait, sceneOpening, storyMoment, supposedScene, placeScene, weatherScene } from './opening-stories.js'
import { excerptOf } from './sentences.js'
import { announcesTheArticle, answersInShort, describesTheArticle, isMetaLine, namedAsANote } from './opening-self.js'
import type { WordLists } from './word-lists.js'

type Words = WordLists['answerFirst']

export function answerFirst(context: QualityContext): BodyWarning[] {
  const words = context.words.answerFirst
  const title = context.input.title
  const opening = openingOf(context)
  const text = opening.blocks.map((b) => b.text).join(' ')
  const firstWords = text.split(/\s+/).filter(Boolean).slice(0, LIMITS.answerFirstWords).join(' ')
  const warn = (message: string): BodyWarning[] => [
    { rule: 'answer-first', message, where: 'body', ...(firstWords ? { excerpt: excerptOf(firstWords) } : {}) },
  ]

  if (opening.contents) return warn(`The body opens with a table of contents: put one or two sentences that answer "${title}" before it.`)
  if (!firstWords)
    return warn(`The body opens with a heading or a list and no text: start with one or two sentences that answer "${title}".`)
  const first = context.read.sentences(opening.blocks[0]!.text)[0]?.text ?? firstWords
  const preamble = words.preamble.exec(first) ?? words.context.exec(first)
  if (preamble)
    return warn(`The body opens with a preamble ("${preamble[0].trim()}…") instead of the answer: state the answer to "${title}" first.`)
  // "This is the third edition of our review…", "This report looks at…": the article about itself.
  // ("This note sets out when a gallery can claim Gift Aid… In short, a visitor's payment qualifies
  // only if…": the answer in short straight after it is the opening's.)
  const second = context.read.sentences(opening.blocks[0]!.text)[1]?.text ?? ''
  if (
    /^(?:this|in\s+this)\s/i.test(first) &&
    describesTheArticle(first, words) &&
    !answersInShort(second, words) &&
    !namedAsANote(title, first)
  )
    return warn(`The body opens by describing the article instead of answering: state the answer to "${title}" first.`)
  // ("Yes, for most mid-sized dairies…, provided the board… does not fix all of its volume on a
  // single day": a sentence that opens with its answer sets no scene, whatever its times.)
  const scene = answersInShort(first, words)
    ? undefined
    : (sceneOpening(first, words) ??
      storyMoment(first, context, words) ??
      supposedScene(first, context) ??
      portrait(first, firstWords, context) ??
      placeScene(first, context, context.read.sentences(opening.blocks[0]!.text)[1]?.text) ??
      weatherScene(first, context))
  if (scene) return warn(`The body opens with a scene ("${scene}…") instead of the answer: state the answer to "${title}" first.`)
  if (isQuestion(first)) return warn(`The body opens with a question instead of its answer: open with a sentence that answers "${title}".`)
  if (restatesTheQuestion(first, title, words))
    return warn(`The opening restates the question instead of answering it: give the answer to "${title}" in the first sentence.`)
  // "…, and the honest answer is that it depends.": a hedge about the answer, also when it goes on
  // ("The honest answer is that it depends, and on more than the people selling kits admit").
  if (
    /\banswer\s+is\s*(?:that\s+|:\s*)?it\s+depends\s*(?:[.!]?\s*$|[,;—–])/i.test(first) ||
    dependsWithoutAnswering(context.read.sentences(firstWords))
  )
    return warn(`The opening says the answer depends instead of giving it: say what it is, and when it differs, in the first sentence.`)
  // A figure answers "how much"; a yes-or-no title wants a verdict ("Shipping produces close to 3%
  // of emissions" is a scene).
  const yesOrNo = asksYesOrNo(title, words)
  // A frequency ("Every month, managers…") answers only a "how often" or a "when" title.
  const howOften = /^(?:how\s+often|when)\b/i.test(title)
  const short =
    (yesOrNo ? words.shortAnswer.test(first) || echoesTheTitle(first, title, words) : isShortAnswer(first, words, howOften)) ||
    words.degreeAnswer.test(first)
  // A frequency ("every season") answers only a "how often" title.
  // "How much does certification cost?" wants a sum or a share: "Eight months later" in an
  // anecdote counts time.
  // "What is a good debtor days figure?" wants the figure: "two manufacturers" counts people.
  const holdsTheFigure = (text: string) =>
    asksForMoney(title, words)
      ? holdsMoney(text, words)
      : asksWhatFigure(title.toLowerCase().match(/\p{L}+/gu) ?? [], words)
        ? holdsAMeasure(text, words)
        : /^how\s+long\b/i.test(title)
          ? holdsADuration(text, words)
          : holdsAFigure(text, words, howOften)
  const figure = holdsTheFigure(firstWords)
  // ("Plan for 12 to 16 weeks from signed contract to first live orders…", "It takes 12 to 16 weeks…"
  // under "How long does it take to move to a new 3PL?": the figure first is the answer, in the
  // title's words or not.)
  const leadsWithTheFigure = asksForAFigure(title, words) && holdsTheFigure(first.split(/\s+/).slice(0, 10).join(' '))
  if (asksForAFigure(title, words) && !figure) {
    return warn(
      `The title asks for a figure and the first ${LIMITS.answerFirstWords} words give none: state the number, range or period in the opening sentence.`,
    )
  }
  if (short) return []
  const meaning = asksWhatItMeans(title, words.stopWords)
  // ("Less than the headline suggests. USDA's forecast…": a short answer, then its subject.)
  const opening2 =
    first.split(/\s+/).length <= SHORT_ANSWER_WORDS
      ? context.read
          .sentences(firstWords)
          .slice(0, 2)
          .map((x) => x.text)
          .join(' ')
      : first
  // "Craft brewing outlook for 2026" wants the forecast: "Brewing in Britain is a trade of thin
  // margins and long memories" sets a scene; a figure or a future ("will", "we expect") answers.
  // ("What will farm input costs do in 2026/27?" asks for one too.)
  // (A forecast's figure is a sum or a share, of now or ahead: "accounts from 52 client practices"
  // counts its sources, "drove ammonium nitrate to around £900 a tonne in 2022" tells the past.)
  const figureOfNow = context.read.sentences(firstWords).some((s) => {
    const tokens = context.read.tokens(s.text)
    // ("Great Britain has 56 terminals…, and they ran at 61% in 2025": a present beside the past.)
    const present = tokens.some(
      (t) => ['is', 'are', 'has', 'have'].includes(t.lower) || (t.pos === 'VERB' && /[^s]s$/.test(t.lower) && t.lower !== t.lemma),
    )
    return holdsMoney(s.text, words) && (present || (!toldInThePast(s.text, context) && !tenseOf(tokens).perfect))
  })
  if (
    (/\boutlook\b/i.test(title) || /^what\s+will\b/i.test(title)) &&
    !/^how\s+to\b/i.test(title) &&
    !forecasts(firstWords, context) &&
    !figureOfNow
  )
    return warn(
      `The title promises an outlook and the first ${LIMITS.answerFirstWords} words forecast nothing: say what you expect, with its figures, in the opening sentence.`,
    )
  if (meaning && !answersWhatItMeans(opening2, meaning))
    return warn(`The title asks what something means for ${meaning.party} and the first sentence names neither: say what it means first.`)
  // "The slide showed two logos merging into one…" under "ICB mergers will not cut costs…": a
  // first sentence told in the past that names nothing of the title is a story's.
  const topicOfTitle = topicWords(title, words.stopWords)
  // ("Because its customers told it in 2021…", "By thanking donors…" answer why and how.)
  // ("Mostly because the role turned out bigger…": with its degree.)
  const because = /^(?:\p{L}+ly\s+)?because\s/iu.test(first)
  const answersHowOrWhy = because || /^(?:by|through|so that|to)\s/i.test(first)
  // ("He sold the hours before he bought the kit." under "Profile: how Tomasz Wierzbicki built…": a
  // case's opening told in the past says what was done.)
  const caseTold = tellsACase(title, context)
  if (topicOfTitle.length > 0 && !answersHowOrWhy && !caseTold && !mentionsTopic(first, topicOfTitle) && toldInThePast(first, context))
    return warn(
      `The body opens with a story ("${first.split(/\s+/).slice(0, 6).join(' ')}…") instead of the answer: state the answer to "${title}" first.`,
    )
  if (caseTold && tellsWhatWasDone(first, title, context) && !reachesWhatWasDone(firstWords, title, context))
    return warn(
      `The title tells what was done and the first ${LIMITS.answerFirstWords} words tell how the story began instead: say what was done, and what it achieved, in the opening sentence.`,
    )
  if (caseTold && !tellsWhatWasDone(first, title, context))
    return warn(
      `The title tells what was done and the opening sets the scene in the present instead: say what "${title}" describes, and how, in the first sentence.`,
    )
  // ("Selling your business: six myths owners believe" asks nothing; its first sentence sums up.)
  const announced = asksSomething(title, context) ? announcesTheArticle(opening.blocks[0]!.text, firstWords, context, words) : undefined
  if (announced)
    return warn(
      `The opening announces what the article will do ("${announced}…") instead of answering: state the answer to "${title}" first.`,
    )
  if (yesOrNo && !givesAVerdict(context.read.sentences(firstWords), title, words, context)) {
    return warn(
      `The title asks a yes-or-no question and the first ${LIMITS.answerFirstWords} words give no verdict: say yes, no or when, then why.`,
    )
  }
  // ("The Regulator became a standalone body in October 2018, when…" under "When do associations
  // have to meet…?": a history's date, told in the past, is no time of the answer.)
  const year = articleYear(context)
  // ("Britain has let small traders limit their liability since the Limited Liability Act of 1855":
  // a history in the perfect too.)
  // ("The relationship … has changed a great deal since the move to digital projection": a perfect
  // since an event, with no date, is a history too.)
  const sinceAnEvent = tenseOf(context.read.tokens(first)).perfect && /\bsince\s+the\b/i.test(first) && !/\d/.test(first)
  const history =
    /^when\s+(?:must|do|does|should|can|is|are|will|has|have)\b/i.test(title) &&
    ((toldInThePast(first, context) && [...first.matchAll(/\b(?:19|20)\d{2}\b/g)].some((m) => Number(m[0]) < year)) ||
      tellsAHistory(first, context) ||
      sinceAnEvent)
  if (asksWhen(title) && (!givesATime(first, words) || history))
    return warn(`The title asks when and the opening sentence gives no time or condition: say when (a date, a point or a condition) first.`)
  if (asksWhy(title) && !givesAReason(first, firstWords, title, context, words))
    return warn(
      `The title asks why and the first ${LIMITS.answerFirstWords} words give no reason: say what causes it in the opening sentence.`,
    )
  const topic = topicWords(title, words.stopWords)
  // ("Because volumes roughly double on routes planned for lighter loads, …" answers its "Why…?".)
  // ("A weekly routine for keeping a driving school's diaries full" → "Every Monday…, spend 40 minutes
  // on four numbers": a routine's title is answered by doing it, as a "How to" is.)
  context.words.relativeDate.routineFrame.lastIndex = 0
  // ("How to get a marketplace shop ready for peak season" → "Start by 3 October, … and work through
  // six areas in order": a "How to" is answered by doing it, in the title's words or not.)
  const howTo = context.words.relativeDate.routineFrame.test(title) || /^how\s+to\b/i.test(title)
  const routine = howTo && instructsAtItsStart(context.read.tokens(first))
  if (topic.length > 0 && !mentionsTopic(firstWords, topic) && !(asksWhy(title) && because) && !routine && !leadsWithTheFigure) {
    return warn(
      `The first ${LIMITS.answerFirstWords} words do not name the title's subject (${topic.slice(0, 3).join(', ')}): restate it and give the answer in the opening sentence.`,
    )
  }
  return []
}

/** The blocks that open the body: the text before the first heading, or under the first headings
 * when the body starts with one; a dateline or byline and figure captions are skipped. */
function openingOf(context: QualityContext): { blocks: TextBlock[]; contents: boolean } {
  const words = context.words.answerFirst
  const blocks: TextBlock[] = []
  let count = 0
  for (const section of context.sections) {
    if (blocks.length === 0 && section.heading && words.navigationHeading.test(section.heading)) return { blocks, contents: true }
    for (const block of section.blocks) {
      if (blocks.length === 0 && isLinkOnly(block)) return { blocks, contents: true }
      if (!block.text || block.kind === 'figcaption' || block.kind === 'caption') continue
      if (blocks.length === 0 && isMetaLine(block.text, words)) continue
      blocks.push(block)
      count += block.text.split(/\s+/).length
      if (count >= LIMITS.answerFirstWords) return { blocks, contents: false }
    }
    if (blocks.length > 0) break
  }
  return { blocks, contents: false }
}

/** "Many CFOs ask whether to centralise treasury." "How long a claim should take is a question…"
 * "A question we often hear is whether…" */
function restatesTheQuestion(sentence: string, title: string, words: Words): boolean {
  words.embeddedQuestion.lastIndex = 0
  words.askedAbout.lastIndex = 0
  if (
    words.embeddedQuestion.test(sentence) ||
    words.askedAbout.test(sentence) ||
    words.framedQuestion.test(sentence) ||
    words.posedQuestion.test(sentence)
  )
    return true
  if (!words.questionWordStart.test(sentence)) return false
  const lower = sentence.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []
  const topic = topicWords(title, words.stopWords)
  const shared = topic.filter((w) => lower.some((o) => sameStem(o, w))).length
  // The question clause is the subject of its frame: "How long a claim should take is a question…";
  // "When a store's contribution has been negative … within 18 months of the decision, exit should be
  // the default" puts a condition, then answers.
  const link = lower.findIndex((w) => words.frameLinks.has(w))
  return link !== -1 && lower.slice(link + 1).some((w) => words.questionFrames.has(w)) && shared * 2 >= topic.length
}

/** "Yes.", "Usually not.", "Three to four weeks of stock…", "About €40 a month." */
function isShortAnswer(sentence: string, words: Words, often: boolean): boolean {
  // "Usually not.", "Rarely, and only…"; "Generally speaking, there is no single answer" hedges.
  if (words.shortAnswer.test(sentence))
    return sentence.split(/[\s,;:]+/).filter(Boolean).length <= 4 || holdsAFigure(sentence, words, often)
  if (words.quantityLead.test(sentence)) return holdsAFigure(sentence.split(/\s+/).slice(0, 5).join(' '), words, often)
  const firstTwo = sentence.split(/\s+/).slice(0, 2).join(' ')
  return (
    holdsAFigure(firstTwo, words, often) || (sentence.split(/\s+/).length <= SHORT_ANSWER_WORDS && holdsAFigure(sentence, words, often))
  )
}

/** "Should hospitals buy or lease imaging?", "How to price a cleaning contract", "Five numbers from
 * our 2026 survey": a title that asks, or promises findings or a forecast. */
function asksSomething(title: string, context: QualityContext): boolean {
  const first = (/^\p{L}+/u.exec(title.trim())?.[0] ?? '').toLowerCase()
  const words = context.words.answerFirst
  return (
    /\?\s*$/.test(title) ||
    context.words.questions.questionStart.test(first) ||
    words.yesNoOpeners.has(first) ||
    // "…: what 120 annual reports show", "UK cruise ports compared: …": a question after the colon, a comparison.
    /:\s*(?:what|how|why|which|who)\b/i.test(title) ||
    /\bcompared\b/i.test(title) ||
    // "Outlook for defined benefit valuations in 2026" promises a forecast, and so does "Independent
    // marketing agencies in 2026: budgets, AI pricing and rule changes".
    /\boutlook\b|\b(?:in|for)\s+20\d{2}(?:\/\d{2})?\b/i.test(title) ||
    (title.toLowerCase().match(/\p{L}+/gu) ?? []).some((w) => words.findingNouns.has(w))
  )
}

/** The text says what will happen: a future ("will grow", "is set to"), a modal of likelihood
 * ("should average", "is likely to") or the writer's expectation ("We expect…"). */
function forecasts(text: string, context: QualityContext): boolean {
  // ("…a fresh set of questions about how a slate will be funded and when the money will reach the
  // account": a future inside an embedded question forecasts nothing.)
  const tokens = outsideEmbeddedQuestions(context.read.tokens(text))
  const relativeDate = context.words.relativeDate
  return (
    tenseOf(tokens, relativeDate.future).future ||
    // ("Forecasting fees is never easy": a gerund names the forecasting; "we are expecting" forecasts.)
    tokens.some(
      (t, k) =>
        (relativeDate.expectationVerbs.has(t.lemma) && (!t.lower.endsWith('ing') || tokens[k - 1]?.pos === 'AUX')) ||
        ['should', 'likely'].includes(t.lower),
    )
  )
}
