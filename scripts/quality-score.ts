// `npm run quality:score`: scores the body quality checks against the annotated corpus and prints
// one table per set (the tuning corpus, each held-out set), exit 1 below the targets.
import { parseArgs } from 'node:util'
import { checkFixture, corpusSets, loadFixtures, score, scoreTable, type FixtureResult, TARGETS, type RuleScore } from './quality-corpus.js'

const HELP = `Usage: npm run quality:score -- [--set NAME]... [--details] [--json]

Scores the body quality warnings against the annotated corpus and prints, per rule, the
expected warnings (must), those found (TP) and missed (FN), the must-not annotations, the
false alarms (FP), precision and recall. The sets: "tuning" (test/fixtures/quality/*.json)
and one held-out set per folder of test/fixtures/quality/ (held-out, held-out-2, and the
blind sets blind-a, blind-b, written without reading the checker), each written to estimate
how the checks do on text they were not tuned on, until it is; "all" is the whole corpus.

  --set NAME   score this set (repeatable; default: each set, then all)
  --details    also list every missed warning and every false alarm
  --json       print the scores as JSON
  --help       show this text

Exit status: 0 when every rule and the total reach precision ${TARGETS.precision} and recall ${TARGETS.recall} on
the tuning set and on the whole corpus (a held-out set alone has too few cases per rule for a
threshold), 1 when one does not, 2 on a usage error.`

function fail(message: string): never {
  process.stderr.write(`quality:score: ${message} (see --help)\n`)
  process.exit(2)
}

function parse() {
  try {
    return parseArgs({
      options: {
        set: { type: 'string', multiple: true },
        details: { type: 'boolean' },
        json: { type: 'boolean' },
        help: { type: 'boolean' },
      },
      strict: true,
      allowPositionals: false,
    }).values
  } catch (error) {
    fail((error as Error).message)
  }
}

// A reader that stops early ("| head") closes the pipe: the rest of the report is not wanted.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error
  process.exit(process.exitCode ?? 0)
})

const options = parse()
if (options.help) {
  process.stdout.write(`${HELP}\n`)
  process.exit(0)
}
const sets = new Map([...corpusSets()].map(([name, dir]) => [name, [dir]]))
sets.set('all', [...sets.values()].flat())
const chosen = options.set ?? [...sets.keys()]
for (const name of chosen) if (!sets.has(name)) fail(`unknown set "${name}" (sets: ${[...sets.keys()].join(', ')})`)

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

const scoreOf = (name: string) => {
  const results = sets.get(name)!.flatMap(loadFixtures).map(checkFixture)
  return { results, rows: score(results) }
}
const ok = meetsTargets(scoreOf('tuning').rows) && meetsTargets(scoreOf('all').rows)
const report: Record<string, { fixtures: number; scores: RuleScore[] }> = {}
for (const name of chosen) {
  const { results, rows } = scoreOf(name)
  report[name] = { fixtures: results.length, scores: rows }
  if (options.json) continue
  process.stdout.write(`\n${name} set: ${results.length} articles\n\n${scoreTable(rows)}\n`)
  if (options.details) process.stdout.write(`${details(results).join('\n') || '  no missed warning and no false alarm'}\n`)
}
if (options.json) process.stdout.write(`${JSON.stringify({ targets: TARGETS, ...report }, null, 2)}\n`)
else
  process.stdout.write(
    `\ntargets (precision ≥ ${TARGETS.precision}, recall ≥ ${TARGETS.recall} per rule and overall, on the tuning set and the whole corpus): ${ok ? 'met' : 'NOT met'}\n`,
  )
// Not process.exit(): piped into a slow reader, the report's last writes may still be queued.
process.exitCode = ok ? 0 : 1
