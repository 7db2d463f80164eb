// The word data of each language (words/<lang>.json), compiled once into the sets and regexes the
// rules start from. The data only proposes candidates; the rules read the sentence before warning.
import { readFileSync } from 'node:fs'
import type { WordListFile } from './word-list-file.js'
import { alternation, CLOCK_TIME, escape, gate, otherEnds, set, studyMarkerPattern, words } from './word-patterns.js'

function compile(file: WordListFile) {
  const number = file.numbers.map((n) => (n.includes('\\') ? n : escape(n))).join('|')
  const { relative_date: rd, superlative: sup, back_reference: back, answer_first: answer } = file
  const slots = {
    number: `(?:${number})(?:\\s*(?:to|-|–|or)\\s*(?:${number}))?`,
    unit: `(?:${rd.units.join('|')})`,
    units: `(?:${rd.units.map((u) => `${u}s`).join('|')})`,
    span: `(?:${[...rd.units, ...rd.span_units].join('|')})`,
    spans: `(?:${[...rd.units, ...rd.span_units].map((u) => `${u}s`).join('|')})`,
    occasion: `(?:${alternation(rd.occasions)})`,
  }
  return {
    abbreviations: set(file.abbreviations),
    relativeDate: {
      gate: gate([...rd.always, ...rd.windows, ...rd.durations, 'current'], slots),
      always: words(alternation(rd.always, slots)),
      idioms: words(alternation(rd.idioms, slots)),
      windows: words(alternation(rd.windows, slots)),
      windowPrepositions: set(rd.window_prepositions),
      expectationVerbs: set(rd.expectation_verbs),
      forecastInstructions: set(rd.forecast_instructions),
      definition: words(alternation(rd.definition_markers)),
      durations: words(alternation(rd.durations, slots)),
      currentFrames: words(`(?:${alternation(rd.current_frames)})\\s+(?:the\\s+)?current\\s+[\\p{L}-]+`, 'giu'),
      fromNow: new RegExp(`^(?:${alternation(rd.from_now)})(?![\\w-])`, 'i'),
      future: words(alternation(rd.future)),
      happening: words(alternation(rd.happening)),
      habitual: words(alternation(rd.habitual, { weekday: `(?:${rd.weekdays.join('|')})` })),
      describedRoutine: words(alternation(rd.described_routines)),
      annualRoutine: words(alternation(rd.annual_routines)),
      routineFrame: words(
        `(?:${alternation(rd.routine_adjectives, { weekday: `(?:${rd.weekdays.join('|')})` })})\\s+(?:(?!(?:for|of|in|on|to|at|by|with)\\s)[\\p{L}-]+,?\\s+){0,4}?(?:${alternation(rd.routine_names)})s?`,
        'giu',
      ),
      afterAnEvent: set(rd.after_an_event),
      genericDeterminers: set(rd.generic_determiners),
      routineNouns: set(rd.routine_nouns),
      dayWords: set(rd.day_words),
      monthNames: set(rd.months),
      // A year, not a sum ("from £1500 to £2000") or a share; a month; a quarter.
      anchor: new RegExp(
        `(?<![£$€¥\\d,.])\\b(?:19|20)\\d{2}\\b(?!\\s*%)|\\b(?:${rd.months.join('|')})\\b|\\b(?:Q[1-4]|H[12]|FY\\s?\\d{2,4})\\b`,
      ),
    },
    superlative: {
      claims: words(alternation(sup.claims)),
      // A regular or irregular superlative, with a hyphenated tail ("fastest-growing") and an
      // ordinal in front ("second-largest").
      forms: words(`(?:(?:${sup.ordinals.join('|')})-)?(?:${sup.irregular.join('|')}|[a-z]{2,}est)(?:-[a-z]+)*`),
      // "the single most effective control", "Europe's most visited city": "most" with what singles it out.
      theMost: words(`(?:the|(?:${alternation(sup.country_owners)})['’]s)\\s+(?:single\\s+|very\\s+|one\\s+)?most`),
      // "the risk most often underestimated": "most" after a noun, with the word it grades.
      // The look-behind follows the literal word, so only a "most" is looked behind (the other
      // order runs it at every character).
      mostAfterNoun: new RegExp('\\bmost(?<=\\bthe\\s+[a-z][a-z-]*\\s+most)\\s+[a-z]+(?![\\w-])', 'gi'),
      terms: words(alternation(sup.terms)),
      sources: words(alternation(sup.sources)),
      sourceLabels: new RegExp(`(?:^|[.!?(\\[]\\s*)(?:${alternation(sup.source_labels)})`, 'i'),
      reportingVerbs: set(sup.reporting_verbs),
      sourceNouns: set(sup.source_nouns),
      claimWords: set(sup.claims),
      promisedOutcomes: set(sup.promised_outcomes),
      irregular: set(sup.irregular),
      notSuperlatives: set(sup.not_superlatives),
      leadingTerms: set(sup.leading_terms),
      marketWords: set(sup.market_words),
      scopeWords: set(sup.scope_words),
      // (Its last word, as a token: "the world" → "world".)
      countryOwners: set(sup.country_owners.map((owner) => owner.split(/\s+/).at(-1)!)),
      months: set(rd.months),
      numberedNouns: set(sup.numbered_nouns),
      selectionPrepositions: set(sup.selection_prepositions),
      /** Verbs whose object a superlative ranks in: copulas and verbs of possession. */
      linkingVerbs: set([...sup.linking_verbs, ...sup.possession_verbs]),
      /** Verbs whose subject a superlative ranks in. */
      copulas: set(sup.linking_verbs),
      partWords: set(sup.part_words),
      limitAdjectives: set(sup.limit_adjectives),
      countedMeasures: set([...sup.limit_adjectives, ...sup.counted_measures]),
      dataNouns: set(sup.data_nouns),
      // "three to five weeks", "14 days": a count and its unit, as a list item and a ranking quote it.
      countWithUnit: words(`${slots.number}\\s+\\p{L}+`, 'giu'),
      readersFigures: set(sup.readers_figures),
      // "We surveyed 212 CFOs", "our 2026 benchmark", "our broker mystery-shopping study", "our
      // spring 2025 survey": an article that sets out a study of its own ("this case study" tells one client's).
      studyMarker: studyMarkerPattern(sup.study_markers),
      studyNouns: set(sup.study_nouns),
      findingVerbs: set(sup.finding_verbs),
      promisingVerbs: set(sup.promising_verbs),
      beliefVerbs: set(sup.belief_verbs),
      limitTerms: set(sup.limit_terms),
      meansNouns: set(sup.means_nouns),
      prevalenceAdjectives: set(sup.prevalence_adjectives),
      bandTails: set(sup.band_tails),
      pluralModifiers: set(sup.plural_modifiers),
      measureNouns: set(sup.measure_nouns),
      // ", at around 75% of expenditure", ", at 45% to 55% of turnover": a share of the whole it is part of.
      shareOfAWhole: new RegExp(
        `^[^;:]*?,\\s+at\\s+(?:(?:around|about|roughly|some|nearly|almost|over|more\\s+than|up\\s+to|between|an?\\s+(?:median|average|mean)\\s+of)\\s+)?(?:\\d[\\d.]*%(?:\\s*(?:to|–|-)\\s*\\d[\\d.]*%)?|${FRACTION}(?:\\s+(?:and|to)\\s+${FRACTION})?)\\s+of\\s+(?:(?:the|their|its|our|your|total|annual)\\s+)?(?:[a-z-]+\\s+)?(?:${alternation(sup.budget_wholes)})(?![\\w-])`,
        'i',
      ),
      outcomeVerbs: set(sup.outcome_verbs),
      originFrames: set(sup.origin_frames),
      possessives: set(sup.possessives),
      relativePronouns: set(sup.relative_pronouns),
      rangeEnds: otherEnds(sup.range_ends),
      adviceModals: set(sup.advice_modals),
    },
    backReference: {
      gate: gate([...back.explicit, ...back.as_verbs, ...back.locators, 'former', 'latter']),
      // "see the comparison below", "(see the checklist below)": a reader sent to another part.
      explicit: words(`${alternation(back.explicit)}|see\\s+the\\s+(?:[\\p{L}-]+\\s+){1,2}?(?:below|above)`, 'giu'),
      asReported: words(`as\\s+(?:we\\s+)?(?:have\\s+)?(?:${back.as_verbs.join('|')})(?:\\s+(?:${back.locators.join('|')}))?`),
      locators: set(back.locators),
      locatorNouns: set(back.locator_nouns),
      pointerLocators: words(alternation(back.pointer_locators)),
      pointerFollowers: set(back.pointer_followers),
      pointingVerbs: set(back.pointing_verbs),
      interrogatives: set(back.interrogatives),
      formerLatter: words('the\\s+(?:former|latter)'),
      personalOpeners: new Map(Object.entries(back.personal_openers)),
      demonstrativeOpeners: new Set(back.demonstrative_openers),
      peoplePassives: set(back.people_passives),
      peopleAdjectives: words(alternation(back.people_adjectives)),
      peopleVerbs: set(back.people_verbs),
      peopleNouns: set(back.people_nouns),
      expletiveIt: new RegExp(
        `^(?:(?:${alternation(back.expletive_it_whole)})\\b|(?:${alternation(back.expletive_it)})\\s+(?:[\\w’'-]+\\s+){0,6}?(?:${back.expletive_links.join('|')}|(?:${back.expletive_subject_links.join('|')})\\s+(?:[\\w’'-]+\\s+){1,4}?to)\\b|(?:${alternation(back.expletive_it_takes)})\\s+(?:(?:\\S+\\s+){0,14}?to|(?:\\S+\\s+){0,14}?for\\s+(?:\\S+\\s+){1,8}?to|(?:[\\w’'-]+\\s+){0,5}?${slots.unit}s?)\\b)`,
        'i',
      ),
      selfNouns: set(back.self_nouns),
      genericThose: set(back.generic_those),
    },
    answerFirst: {
      preamble: new RegExp(`^\\s*(?:${alternation(answer.preambles)})(?![\\w-])`, 'i'),
      // "In a sector where…", "In a market of…": a context; "Every garden centre manager knows…",
      // also after a fronted phrase ("In a business built on beating the clock, every owner knows…"),
      // past a relative clause ("Every founder who has sat through a Series B pitch knows…"); "Gate
      // automation is not new.", "Food waste is not a new problem for kitchens." and "Weddings are
      // not new, and neither is the worry…" say only that there is a history.
      context: new RegExp(
        `^\\s*(?:in\\s+(?:a|an|the|this|today's|today’s)\\s+(?:[\\p{L}-]+\\s+){0,2}?(?:${alternation(answer.context_frames)})\\s+(?:${alternation(answer.context_links)})\\b|(?:[^,.;:]{1,80},\\s+(?:and\\s+)?)?(?:${alternation(answer.common_knowledge_subjects)})\\s+(?:[\\p{L}-]+\\s+){1,4}?(?:(?:who|that)\\s+[^,.;:]{1,60}?\\s+)?(?:${alternation(answer.common_knowledge_verbs)})\\b|[^,.;:]{1,80}\\s(?:is|are)\\s+(?:not\\s+(?:an?\\s+)?|nothing\\s+)new(?:\\s+\\p{L}+)?(?:\\s+(?:for|in|to|among)\\s+[^,.;:]{1,60}?)?(?:\\s*[.!]?\\s*$|,\\s+and\\s+neither\\b))`,
        'iu',
      ),
      // "On a grey morning in Cardiff,", "Late one evening", "Imagine a warehouse…": a scene ("One hour
      // every Monday morning" is a routine's).
      scene: new RegExp(
        `^\\s*(?:(?:(?:${alternation(answer.scene_clock_prefixes)})\\s+(?:[\\p{L}\\d:.'’-]+\\s+){1,4}?)?(?:${alternation(answer.scene_openers)})\\s+(?:(?!(?:every|each)\\s)[\\p{L}-]+\\s+){0,3}?(?:${alternation(answer.scene_times)})|(?:${alternation(answer.scene_invitations)})\\s+(?:an?|the|yourself|this)\\b|(?:it\\s+is|it's|it’s|it\\s+was)\\s+${CLOCK_TIME}|(?:at|by|just\\s+after|just\\s+before|shortly\\s+after|shortly\\s+before)\\s+${CLOCK_TIME}|(?:it\\s+is|it's|it’s|it\\s+was)\\s+an?\\s+(?:[\\p{L}-]+\\s+){0,2}?(?:${alternation(answer.scene_times)})(?![\\p{L}-])|(?:it\\s+is|it's|it’s|it\\s+was)\\s+the\\s+(?:first|second|third|fourth|last|final)\\s+(?:day|week|morning|evening|night|weekend)\\s+(?:of|in)\\s+\\p{Lu}\\p{L}+)`,
        'iu',
      ),
      // "The call came on a Friday afternoon in February 2023": a moment inside a story's sentence.
      // ("…met on the morning after the Budget": a definite moment too, when its event follows; so is
      // "On the first Monday of the autumn term in 2023, a queue … stretched", and the habit of one
      // told in the past: "On Monday mornings the phones … rang almost without pause".)
      sceneMoment: new RegExp(
        `^on\\s+(?:${rd.weekdays.join('|')})s?\\s+(?:mornings|afternoons|evenings|nights)\\b|\\bon\\s+(?:an?\\s+(?:[\\p{L}-]+\\s+){0,2}?(?:${alternation(answer.scene_times)})|the\\s+(?:morning|afternoon|evening|night)\\s+(?:after|before)\\b|the\\s+(?:first|second|third|last|final)\\s+(?:${alternation(answer.scene_times)})\\b)`,
        'iu',
      ),
      genericTime: words(alternation(answer.generic_times)),
      navigationHeading: new RegExp(`^(?:${alternation(answer.navigation_headings)})\\b`, 'i'),
      metaLine: new RegExp(`^(?:${alternation(answer.meta_lines)})`, 'i'),
      months: set(rd.months),
      // "ask whether", "ask us whether": the asker's own question, restated.
      embeddedQuestion: words(
        // "ask us time and again whether": a short adverbial may stand before the question word.
        `(?:${alternation(answer.ask_verbs)})\\s+(?:(?:${alternation(answer.ask_objects)}|(?:${answer.ask_object_determiners.join('|')})\\s+[\\w-]+)\\s+)?(?:(?:${alternation(answer.ask_adverbials)})\\s+)?(?:${answer.embedded_question_words.join('|')}|${alternation(answer.asked_questions)})`,
      ),
      // "Many customers ask us about damage waivers…": the asking, with its askers, of the title's topic.
      askedAbout: words(
        `(?:ask|asks|asked|asking)\\s+(?:${alternation(answer.ask_objects)})\\s+(?:(?:${alternation(answer.ask_adverbials)})\\s+)?about`,
      ),
      questionWordStart: new RegExp(`^(?:${answer.embedded_question_words.join('|')})\\b`, 'i'),
      questionFrames: set(answer.question_frames),
      frameLinks: set(answer.frame_links),
      // "A question we often hear from shippers is whether…": a frame noun opening the sentence, then
      // what it is ("…, and the question it settles is who may discount" answers first).
      framedQuestion: new RegExp(
        `^\\W*(?:[\\w’'-]+\\s+){0,3}?(?:${answer.question_frames.join('|')})\\b[^.?!;:]{0,80}?\\b(?:${answer.frame_links.join('|')})\\s+(?:${answer.embedded_question_words.join('|')})\\b`,
        'i',
      ),
      shortAnswer: new RegExp(`^(?:${alternation(answer.short_answers)})(?![\\w-])`, 'i'),
      yesNoOpeners: set(answer.yes_no_openers),
      reasons: words(alternation(answer.reason_markers)),
      timeAnswers: words(alternation(answer.time_answers)),
      // "from 1 April", "from April 2026", "from the first day": "from" and the time it starts.
      timeFrom: words(`from\\s+(?:\\d|(?:${alternation(answer.time_from_objects)}|${alternation(rd.months)})(?![\\w-]))`),
      visitVerbs: set(answer.visit_verbs),
      weatherNouns: set(answer.weather_nouns),
      storyPeople: set(answer.story_people),
      resultComparisons: set(answer.result_comparisons),
      resultChanges: set(answer.result_changes),
      degreeAnswer: new RegExp(`^(?:${alternation(answer.degree_answers)})\\s*[,:;.—–]`, 'i'),
      echoNegatives: new Map(Object.entries(answer.echo_negatives).map(([aux, forms]) => [aux, set(forms)])),
      verdict: words(alternation(answer.verdicts)),
      metaDiscourse: words(alternation(answer.meta_discourse)),
      // "who should pay": a question word just before a verdict word embeds it in a question.
      embeddedBefore: new RegExp(`\\b(?:${answer.embedded_question_words.join('|')})\\s+(?:\\S+\\s+){0,2}$`, 'i'),
      // "a market that does not exist at scale": a verdict word inside a relative clause judges its noun.
      relativeBefore: /\b(?:a|an|the|any|every|each)\s+(?:[\p{L}-]+\s+){0,2}(?:that|which|who)\s+(?:[\p{L}'’-]+\s+){0,3}$/iu,
      closingVerdict: new RegExp(`\\b(?:${alternation(answer.closing_verdicts)})\\s*[,:;.!—–]`, 'i'),
      quantityLead: new RegExp(`^(?:${alternation(answer.quantity_leads)})(?![\\w-])`, 'i'),
      // "X is a question many boards return to", "X remains one of the debates…", not "a question of price".
      posedQuestion: new RegExp(
        `\\b(?:${answer.frame_links.join('|')})\\s+(?:a|an|the|one\\s+of\\s+the)\\s+(?:[\\w-]+\\s+){0,3}?(?:${answer.posed_frames.join('|')})\\b(?!\\s+of\\b)`,
        'i',
      ),
      quantityQuestion: new RegExp(`^(?:${alternation(answer.quantity_questions)})\\b`, 'i'),
      costWords: set(answer.cost_words),
      figureNouns: set(answer.figure_nouns),
      findingNouns: set(answer.finding_nouns),
      // "roughly three tests in ten", "one in five": a share in words.
      ratioInWords: words(`${slots.number}\\s+(?:[\\p{L}-]+\\s+){0,2}?(?:in|out\\s+of)\\s+(?:every\\s+)?${slots.number}`, 'iu'),
      // "four working hours", "two to three weeks": a number of a unit of time measures.
      timeMeasure: words(
        `(?:${slots.number}\\s+(?:[\\p{L}-]+\\s+)?|(?:a|an)\\s+)(?:${slots.span}|${slots.spans}|hours?|minutes?|fortnights?)`,
        'giu',
      ),
      moneyVerbs: set(answer.money_verbs),
      money: words(alternation(answer.money_words, slots)),
      // Digits, currency and % are tested apart: they sit next to word characters ("€30", "5%").
      quantity: words(`${slots.number}|${alternation(answer.quantity_words, slots)}`),
      // "only one line", "announces one": a figure only before a unit, a quantity or a range.
      pronounNumber: new RegExp(
        `\\b(?:${alternation(answer.pronoun_numbers)})\\b(?!\\s*(?:to|or|-|–|in)\\b)(?!\\s+(?:${slots.unit}s?|${alternation(answer.quantity_words, slots)})\\b)`,
        'gi',
      ),
      vagueNumber: words(alternation(answer.vague_numbers)),
      frequency: words(alternation(answer.frequency_words, slots)),
      stopWords: set(answer.stop_words),
    },
    questions: {
      questionStart: new RegExp(`^(?:${file.questions.question_words.join('|')})\\b`, 'i'),
      auxiliaries: set(file.questions.auxiliaries),
      degreeWords: set(file.questions.degree_words),
      determinerQuestionWords: set(file.questions.determiner_question_words),
      subjectStarters: set(file.questions.subject_starters),
    },
  }
}

export type WordLists = ReturnType<typeof compile>

/** A share in words: "a third", "a half", "two-thirds", "three quarters". */
const FRACTION = '(?:(?:a|one|two|three)[\\s-])?(?:half|third|quarter|fifth|tenth)s?'
const KNOWN_LANGUAGES = ['en']
const cache = new Map<string, WordLists>()

/** The compiled lists of a language; languages without their own file use English. */
export function wordLists(lang: string): WordLists {
  const language = KNOWN_LANGUAGES.includes(lang) ? lang : 'en'
  let lists = cache.get(language)
  if (!lists) {
    lists = compile(JSON.parse(readFileSync(new URL(`./words/${language}.json`, import.meta.url), 'utf8')) as WordListFile)
    cache.set(language, lists)
  }
  return lists
}
