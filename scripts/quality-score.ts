// `npm run quality:score`: scores the body quality checks against the annotated corpus and prints
// one table per set (the tuning corpus, the held-out set), exit 1 below the targets.
import { parseArgs } from 'node:util'
import {
  CORPUS_DIR,
  HELD_OUT_DIR,
  checkFixture,
  loadFixtures,
  score,
  scoreTable,
  type FixtureResult,
  type RuleScore,
} from './quality-corpus.js'

export const TARGETS = { precision: 0.95, recall: 0.9 }

const HELP = `Usage: npm run quality:score -- [--set tuning|held-out|all] [--details] [--json]

Scores the body quality warnings against the annotated corpus in test/fixtures/quality/
(tuning set) and test/fixtures/quality/held-out/ (held-out set) and prints, per rule, the
expected warnings (must), those found (TP) and missed (FN), the must-not annotations, the
false alarms (FP), precision and recall.

  --set SET    which set to score: tuning, held-out or all (default: tuning and held-out, each alone)
  --details    also list every missed warning and every false alarm
  --json       print the scores as JSON
  --help       show this text

Exit status: 0 when every rule and the total reach precision ${TARGETS.precision} and recall ${TARGETS.recall}, 1 when one
does not, 2 on a usage error.`

function fail(message: string): never {
  process.stderr.write(`quality:score: ${message} (see --help)\n`)
  process.exit(2)
}

function parse() {
  try {
    return parseArgs({
      options: { set: { type: 'string' }, details: { type: 'boolean' }, json: { type: 'boolean' }, help: { type: 'boolean' } },
      strict: true,
      allowPositionals: false,
    }).values
  } catch (error) {
    fail((error as Error).message)
  }
}

const options = parse()
if (options.help) {
  process.stdout.write(`${HELP}\n`)
  process.exit(0)
}
const sets: Record<string, URL[]> = { tuning: [CORPUS_DIR], 'held-out': [HELD_OUT_DIR], all: [CORPUS_DIR, HELD_OUT_DIR] }
const chosen = options.set === undefined ? ['tuning', 'held-out'] : [options.set]
for (const name of chosen) if (!(name in sets)) fail(`unknown set "${name}"`)

const meetsTargets = (rows: RuleScore[]) => rows.every((r) => r.precision >= TARGETS.precision && r.recall >= TARGETS.recall)

function details(results: FixtureResult[]): string[] {
  const lines: string[] = []
  for (const { fixture, missed, falseAlarms } of results) {
    for (const m of missed) lines.push(`  missed       ${fixture.file}: ${JSON.stringify(m)}`)
    for (const w of falseAlarms)
      lines.push(`  false alarm  ${fixture.file}: ${w.rule} ${JSON.stringify(w.phrase ?? w.excerpt ?? w.count ?? '')}`)
  }
  return lines
}

let ok = true
const report: Record<string, { fixtures: number; scores: RuleScore[] }> = {}
for (const name of chosen) {
  const results = sets[name]!.flatMap(loadFixtures).map(checkFixture)
  const rows = score(results)
  ok &&= meetsTargets(rows)
  report[name] = { fixtures: results.length, scores: rows }
  if (options.json) continue
  process.stdout.write(`\n${name} set: ${results.length} articles\n\n${scoreTable(rows)}\n`)
  if (options.details) process.stdout.write(`${details(results).join('\n') || '  no missed warning and no false alarm'}\n`)
}
if (options.json) process.stdout.write(`${JSON.stringify({ targets: TARGETS, ...report }, null, 2)}\n`)
else
  process.stdout.write(
    `\ntargets: precision ≥ ${TARGETS.precision}, recall ≥ ${TARGETS.recall} per rule and overall: ${ok ? 'met' : 'NOT met'}\n`,
  )
process.exit(ok ? 0 : 1)
