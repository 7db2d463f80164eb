// The word lists of each language (words/<lang>.json), compiled once into the regexes the rules use.
import { readFileSync } from 'node:fs'

interface WordListFile {
  relative_dates: string[]
  numbers: string[]
  superlatives: string[]
  preambles: string[]
  back_references: string[]
  section_openers: string[]
  expletive_it: string[]
  question_words: string[]
  stop_words: string[]
}

export interface WordLists {
  relativeDate: RegExp
  superlative: RegExp
  preamble: RegExp
  backReference: RegExp
  sectionOpener: RegExp
  expletiveIt: RegExp
  questionStart: RegExp
  stopWords: ReadonlySet<string>
}

const escape = (phrase: string) => phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+')

/** Whole-word alternation, longest phrase first so "last year" wins over "year". */
function alternation(phrases: string[], numbers: string[] = []): string {
  const numberGroup = `(?:${numbers.map((n) => (n === '\\d+' ? n : escape(n))).join('|')})`
  return [...phrases]
    .sort((a, b) => b.length - a.length)
    .map((p) => escape(p).replace(/\\\{number\\\}|\{number\}/g, numberGroup))
    .join('|')
}

// \b does not work beside "#" or "%": use explicit non-word look-arounds.
const word = (body: string) => new RegExp(`(?<![\\w#-])(?:${body})(?![\\w-])`, 'gi')

function compile(file: WordListFile): WordLists {
  return {
    relativeDate: word(alternation(file.relative_dates, file.numbers)),
    superlative: word(alternation(file.superlatives)),
    preamble: new RegExp(`^\\s*(?:${alternation(file.preambles)})(?![\\w-])`, 'i'),
    backReference: word(alternation(file.back_references)),
    sectionOpener: new RegExp(`^(?:${alternation(file.section_openers)})(?![\\w'’-])`, 'i'),
    expletiveIt: new RegExp(`^(?:${alternation(file.expletive_it)})\\s+(?:[\\w-]+\\s+){1,3}(?:to|that|for|when|if)\\b`, 'i'),
    questionStart: new RegExp(`^(?:${alternation(file.question_words)})\\b`, 'i'),
    stopWords: new Set(file.stop_words),
  }
}

const cache = new Map<string, WordLists>()

export function wordLists(lang: string): WordLists {
  const known = ['en']
  const language = known.includes(lang) ? lang : 'en'
  let lists = cache.get(language)
  if (!lists) {
    const file = JSON.parse(readFileSync(new URL(`./words/${language}.json`, import.meta.url), 'utf8')) as WordListFile
    lists = compile(file)
    cache.set(language, lists)
  }
  return lists
}
