// The annotated quality corpus and its scoring, shared by `npm run quality:score` and the corpus
// test. A fixture's `must` lists the warnings it must get; `mustNot` names rules that must stay
// quiet (a string) or a phrase a rule must not report (an object). A rule named anywhere in a
// fixture is annotated in full there: any other warning of that rule is a false alarm.
import { readdirSync, readFileSync } from 'node:fs'
import { bodyQualityWarnings, type QualityInput } from '../src/content/quality/index.js'
import type { BodyWarning } from '../src/contract/schemas.js'

export const CORPUS_DIR = new URL('../test/fixtures/quality/', import.meta.url)
/** What every rule and the total must reach on every set. */
export const TARGETS = { precision: 0.95, recall: 0.9 }
export const SCORED_RULES = ['answer-first', 'relative-date', 'superlative', 'back-reference', 'questions', 'unchecked'] as const

/** An annotation; `known` gives the reason a must the checker misses is accepted for now (it still
 * counts as missed in every score, and the corpus test does not fail on it). */
export type Expected = Partial<BodyWarning> & { rule: BodyWarning['rule']; known?: string }

export interface Fixture extends Omit<QualityInput, 'lang'> {
  file: string
  about?: string
  /** `knownFalseAlarms`: warnings the checker gives that it should not, each with its reason in
   * `known`; they count as false alarms in every score, and the corpus test does not fail on them. */
  expect: { must: Expected[]; mustNot: (string | Expected)[]; knownFalseAlarms?: Expected[] }
}

export interface FixtureResult {
  fixture: Fixture
  warnings: BodyWarning[]
  missed: Expected[]
  falseAlarms: BodyWarning[]
  found: number
}

export interface RuleScore {
  rule: string
  must: number
  tp: number
  fn: number
  mustNot: number
  fp: number
  precision: number
  recall: number
}

/** The corpus's sets: "tuning" (the files at the top) and one held-out set per folder. */
export function corpusSets(): Map<string, URL> {
  const sets = new Map([['tuning', CORPUS_DIR]])
  for (const entry of readdirSync(CORPUS_DIR, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .sort((a, b) => a.name.localeCompare(b.name)))
    sets.set(entry.name, new URL(`${entry.name}/`, CORPUS_DIR))
  return sets
}

/** A long body written out as its parts, so a 100 000-character fixture stays a few lines:
 * `before`, then `repeat` `times` times, then `after`. */
interface RepeatedBody {
  before?: string
  repeat: string
  times: number
  after?: string
}

const bodyOf = (body: string | RepeatedBody) =>
  typeof body === 'string' ? body : `${body.before ?? ''}${body.repeat.repeat(body.times)}${body.after ?? ''}`

export function loadFixtures(dir: URL): Fixture[] {
  return (
    readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort()
      // A fixture may leave out "content", as an API request may: the API stores it as {}.
      .map((file) => {
        const fixture = JSON.parse(readFileSync(new URL(file, dir), 'utf8')) as Omit<Fixture, 'file' | 'content' | 'body'> &
          Partial<Fixture> & { body: string | RepeatedBody }
        return { ...fixture, body: bodyOf(fixture.body), content: fixture.content ?? {}, file }
      })
  )
}

/** An annotation names the words a warning should point at; annotators draw a phrase's edges as
 * they would rewrite it ("Over the past five years", "most"), so a phrase matches the warning's
 * when one holds the other, in any case. Every other field must be equal. */
const samePhrase = (found: unknown, wanted: unknown) => {
  if (typeof found !== 'string' || typeof wanted !== 'string') return found === wanted
  const [a, b] = [found.toLowerCase(), wanted.toLowerCase()]
  return a.includes(b) || b.includes(a)
}

export const matches = (warning: BodyWarning, wanted: Expected) =>
  Object.entries(wanted).every(([key, value]) =>
    key === 'known' ? true : key === 'phrase' ? samePhrase(warning.phrase, value) : (warning as Record<string, unknown>)[key] === value,
  )

/** Runs the checker on one fixture and sorts its warnings into found, missed and false alarms. */
export function checkFixture(fixture: Fixture): FixtureResult {
  const warnings = bodyQualityWarnings({ ...fixture, lang: 'en' })
  const unused = new Set(warnings)
  const missed: Expected[] = []
  for (const wanted of fixture.expect.must) {
    const hit = [...unused].find((w) => matches(w, wanted))
    if (hit) unused.delete(hit)
    else missed.push(wanted)
  }
  const annotated = new Set<string>([
    ...fixture.expect.must.map((m) => m.rule),
    ...fixture.expect.mustNot.filter((m): m is string => typeof m === 'string'),
  ])
  const traps = fixture.expect.mustNot.filter((m): m is Expected => typeof m !== 'string')
  const falseAlarms = [...unused].filter((w) => annotated.has(w.rule) || traps.some((t) => matches(w, t)))
  return { fixture, warnings, missed, falseAlarms, found: fixture.expect.must.length - missed.length }
}

const ratio = (part: number, whole: number) => (whole === 0 ? 1 : part / whole)

/** Must, found, missed, must-not, false alarms, precision and recall per rule, then overall. */
export function score(results: FixtureResult[]): RuleScore[] {
  const rows = SCORED_RULES.map((rule) => {
    let must = 0
    let tp = 0
    let mustNot = 0
    let fp = 0
    for (const { fixture, missed, falseAlarms } of results) {
      const wanted = fixture.expect.must.filter((m) => m.rule === rule).length
      must += wanted
      tp += wanted - missed.filter((m) => m.rule === rule).length
      mustNot += fixture.expect.mustNot.filter((m) => (typeof m === 'string' ? m : m.rule) === rule).length
      fp += falseAlarms.filter((w) => w.rule === rule).length
    }
    return { rule, must, tp, fn: must - tp, mustNot, fp, precision: ratio(tp, tp + fp), recall: ratio(tp, must) }
  })
  const sum = (key: 'must' | 'tp' | 'fn' | 'mustNot' | 'fp') => rows.reduce((n, r) => n + r[key], 0)
  const overall = { rule: 'overall', must: sum('must'), tp: sum('tp'), fn: sum('fn'), mustNot: sum('mustNot'), fp: sum('fp') }
  return [...rows, { ...overall, precision: ratio(overall.tp, overall.tp + overall.fp), recall: ratio(overall.tp, overall.must) }]
}

/** A markdown table of the scores, as README's quality section prints it. */
export function scoreTable(rows: RuleScore[]): string {
  const lines = ['| rule | must | TP | FN | must-not | FP | precision | recall |', '|---|---:|---:|---:|---:|---:|---:|---:|']
  for (const r of rows) {
    lines.push(
      `| ${r.rule} | ${r.must} | ${r.tp} | ${r.fn} | ${r.mustNot} | ${r.fp} | ${r.precision.toFixed(2)} | ${r.recall.toFixed(2)} |`,
    )
  }
  return lines.join('\n')
}

/** True when a fixture expects every rule to stay quiet: a clean article. */
export const isClean = (fixture: Fixture) =>
  fixture.expect.must.length === 0 && SCORED_RULES.every((rule) => fixture.expect.mustNot.includes(rule))
