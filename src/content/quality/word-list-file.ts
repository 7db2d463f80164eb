// The shape of a language's word data (words/<lang>.json): phrases per rule, each explained in the
// file itself by the "_…" key beside it.
export type Phrases = string[]

export interface WordListFile {
  abbreviations: Phrases
  numbers: Phrases
  relative_date: {
    units: Phrases
    span_units: Phrases
    occasions: Phrases
    always: Phrases
    idioms: Phrases
    windows: Phrases
    window_prepositions: Phrases
    durations: Phrases
    current_frames: Phrases
    from_now: Phrases
    future: Phrases
    expectation_verbs: Phrases
    /** An instruction with these verbs is the writer's forecast ("Expect rates to rise…"); "Forecast the fee using…" instructs. */
    forecast_instructions: Phrases
    definition_markers: Phrases
    happening: Phrases
    habitual: Phrases
    described_routines: Phrases
    /** A yearly routine ("Each year, we compare … with last year's returns"): it moves only this/last/next year. */
    annual_routines: Phrases
    routine_adjectives: Phrases
    routine_names: Phrases
    weekdays: Phrases
    after_an_event: Phrases
    generic_determiners: Phrases
    routine_nouns: Phrases
    day_words: Phrases
    months: Phrases
  }
  superlative: {
    promised_outcomes: Phrases
    claims: Phrases
    irregular: Phrases
    ordinals: Phrases
    not_superlatives: Phrases
    terms: Phrases
    leading_terms: Phrases
    market_words: Phrases
    scope_words: Phrases
    country_owners: Phrases
    counted_measures: Phrases
    numbered_nouns: Phrases
    sources: Phrases
    source_labels: Phrases
    reporting_verbs: Phrases
    source_nouns: Phrases
    selection_prepositions: Phrases
    linking_verbs: Phrases
    possession_verbs: Phrases
    part_words: Phrases
    limit_adjectives: Phrases
    data_nouns: Phrases
    readers_figures: Phrases
    study_markers: Phrases
    study_nouns: Phrases
    /** Past verbs of the writer's own finding after a ranked noun: "the cheapest measure we found". */
    finding_verbs: Phrases
    promising_verbs: Phrases
    belief_verbs: Phrases
    limit_terms: Phrases
    means_nouns: Phrases
    /** How widespread a means is ("the most common method, used by 52%"): a count, not advice. */
    prevalence_adjectives: Phrases
    /** A compound's tail that names a band by its measure ("the lowest-paid roles in the sector"), wherever it is ranked. */
    band_tails: Phrases
    plural_modifiers: Phrases
    measure_nouns: Phrases
    budget_wholes: Phrases
    outcome_verbs: Phrases
    origin_frames: Phrases
    possessives: Phrases
    relative_pronouns: Phrases
    range_ends: [string, string][]
    advice_modals: Phrases
  }
  back_reference: {
    people_passives: Phrases
    people_adjectives: Phrases
    people_verbs: Phrases
    people_nouns: Phrases
    explicit: Phrases
    as_verbs: Phrases
    locators: Phrases
    locator_nouns: Phrases
    pointer_locators: Phrases
    pointing_verbs: Phrases
    pointer_followers: Phrases
    interrogatives: Phrases
    personal_openers: Record<string, 'singular' | 'plural' | 'person'>
    demonstrative_openers: Phrases
    expletive_it: Phrases
    expletive_it_whole: Phrases
    expletive_it_takes: Phrases
    expletive_subject_links: Phrases
    expletive_links: Phrases
    self_nouns: Phrases
    generic_those: Phrases
  }
  answer_first: {
    ask_adverbials: Phrases
    degree_answers: Phrases
    reason_markers: Phrases
    time_answers: Phrases
    time_from_objects: Phrases
    visit_verbs: Phrases
    weather_nouns: Phrases
    story_people: Phrases
    result_comparisons: Phrases
    result_changes: Phrases
    echo_negatives: Record<string, Phrases>
    preambles: Phrases
    context_frames: Phrases
    context_links: Phrases
    common_knowledge_subjects: Phrases
    common_knowledge_verbs: Phrases
    meta_discourse: Phrases
    scene_openers: Phrases
    scene_clock_prefixes: Phrases
    scene_times: Phrases
    scene_invitations: Phrases
    generic_times: Phrases
    navigation_headings: Phrases
    meta_lines: Phrases
    ask_verbs: Phrases
    ask_objects: Phrases
    ask_object_determiners: Phrases
    embedded_question_words: Phrases
    asked_questions: Phrases
    question_frames: Phrases
    frame_links: Phrases
    short_answers: Phrases
    quantity_leads: Phrases
    posed_frames: Phrases
    yes_no_openers: Phrases
    verdicts: Phrases
    closing_verdicts: Phrases
    quantity_questions: Phrases
    money_verbs: Phrases
    money_words: Phrases
    cost_words: Phrases
    figure_nouns: Phrases
    finding_nouns: Phrases
    quantity_words: Phrases
    pronoun_numbers: Phrases
    vague_numbers: Phrases
    frequency_words: Phrases
    stop_words: Phrases
  }
  questions: {
    question_words: Phrases
    auxiliaries: Phrases
    degree_words: Phrases
    determiner_question_words: Phrases
    subject_starters: Phrases
  }
}
