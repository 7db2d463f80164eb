// BENCHMARKS.md: one section per store, dataset size and number of instances (the latest run of
// each), the tables in one format for every store; a run replaces only its own section.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { cpus, totalmem } from 'node:os'
import type { FreshnessReport } from './freshness.js'
import type { Row } from './measure.js'
import type { BenchOptions } from './options.js'

export interface RunFigures {
  /** Load average (1, 5, 15 min) at the start and at the end of the run. */
  load: [string, string]
  cpuCheck: [number, number]
  rss: number
  /** Each instance's start-up to its first answer, ms. */
  startupMs: number[]
  /** The slowest instance's first write, sent before the creates row (it loads the write modules and the English model). */
  firstWriteMs?: number
  quality: { name: string; ms: number; target: number }[]
  storeDescription: string
  freshness?: FreshnessReport
}

/** The section heading of a run: the SQLite sections keep their historical "## N articles". */
export function sectionHeading(options: BenchOptions): string {
  const parts = [`${options.articles} articles`]
  if (options.store === 'postgres') parts.push('PostgreSQL')
  if (options.instances > 1) parts.push(`${options.instances} instances`)
  if (options.workers > 1) parts.push(`${options.workers} workers${options.instances > 1 ? ' each' : ''}`)
  return `## ${parts.join(', ')}`
}

function commandLine(options: BenchOptions): string {
  return [
    'npm run bench --',
    ...(options.store === 'postgres' ? ['--store postgres'] : []),
    ...(options.instances > 1 ? [`--instances ${options.instances}`] : []),
    ...(options.workers > 1 ? [`--workers ${options.workers}`] : []),
    `--articles ${options.articles}`,
  ].join(' ')
}

function split(options: BenchOptions): string {
  const ways = [
    ...(options.instances > 1
      ? [
          `${options.instances} \`folio serve\` instances on ${options.instances} ports share the store and Redis; every scenario's connections alternate between them (half on each), and the baselines are as many bare servers split the same way; the 1-connection rows reach the first instance`,
        ]
      : []),
    ...(options.workers > 1
      ? [`each instance is ${options.workers} processes on one port (node:cluster, as FOLIO_WORKERS would run it)`]
      : []),
  ]
  return ways.length ? ` ${ways.join('; ')}.` : ''
}

function freshnessLines(report: FreshnessReport): string[] {
  return [
    '',
    `Freshness across instances: ${report.writes} creates through instance A, each followed by polling instance B's public surfaces until the new article shows (from A's answer to B's first answer showing it; B's render time included). Never backwards: no answer of B, on any surface, showed fewer writes than an answer of B that had finished before it was asked (${report.backwards.length === 0 ? 'held for every poll' : `**broken ${report.backwards.length} times**: ${report.backwards.slice(0, 3).join('; ')}`}; ${report.polls} polls).`,
    '',
    '| surface of B | p50 ms | p99 ms | max ms | target | met |',
    '|---|---:|---:|---:|---|---|',
    ...report.surfaces.map(
      (s) =>
        `| ${s.name} | ${s.p50.toFixed(1)} | ${s.p99.toFixed(1)} | ${s.max.toFixed(1)} | max < 1000 ms | ${s.max < 1000 ? 'yes' : '**no**'} |`,
    ),
  ]
}

export function renderSection(options: BenchOptions, rows: Row[], figures: RunFigures): string {
  const cpu = cpus()
  const startup = Math.max(...figures.startupMs)
  return [
    sectionHeading(options),
    '',
    `Latest \`${commandLine(options)}\` (${new Date().toISOString().slice(0, 10)}): ${options.connections} connections, ${options.duration} s per scenario, load generator and server on the same machine.${split(options)}`,
    '',
    `Machine: ${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB memory, Node.js ${process.version}, ${figures.storeDescription}; load average ${figures.load[0]} at the start of the run and ${figures.load[1]} at the end; a fixed CPU check (JSON of 100 000 objects) took ${figures.cpuCheck[0]} ms at the start and ${figures.cpuCheck[1]} ms at the end.`,
    '',
    'A row with answers that were not 2xx is no result: its figures are the speed of those answers (a 404 where a surface is not built), and its target is not judged.',
    '',
    '| scenario | conn | req/s | p50 ms | p99 ms | bytes/answer | × baseline | × same-bytes baseline | not 2xx | target | met | server peak RSS so far |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---|---|---|---:|',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.connections} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.bytes} | ${r.ratio === undefined ? '1.00' : r.ratio.toFixed(2)} | ${r.sameBytesRatio === undefined ? '' : r.sameBytesRatio.toFixed(2)} | ${r.notOk ? `**${r.notOk}**` : ''} | ${r.target ?? ''} | ${r.notOk ? '**not measured**' : r.met === undefined ? '' : r.met ? 'yes' : '**no**'} | ${r.peakRssMb ?? ''} MB |`,
    ),
    '',
    '| figure | value | target | met |',
    '|---|---:|---|---|',
    `| start-up to first answer${figures.startupMs.length > 1 ? ` (slowest of ${figures.startupMs.length}: ${figures.startupMs.map((ms) => Math.round(ms)).join(', ')} ms)` : ''} | ${Math.round(startup)} ms | < 1000 ms | ${startup < 1000 ? 'yes' : '**no**'} |`,
    ...(figures.firstWriteMs === undefined
      ? []
      : [
          `| first write after start-up (loads the sanitiser and the English model; sent before the creates row)${figures.startupMs.length > 1 ? ' (slowest instance)' : ''} | ${Math.round(figures.firstWriteMs)} ms | (shown) | |`,
        ]),
    `| server peak RSS${options.instances > 1 ? ' (largest instance)' : ''} | ${figures.rss} MB | < 200 MB | ${figures.rss < 200 ? 'yes' : '**no**'} |`,
    ...figures.quality.map(
      (q) => `| quality check, ${q.name} | ${q.ms.toFixed(2)} ms | < ${q.target} ms | ${q.ms < q.target ? 'yes' : '**no**'} |`,
    ),
    ...(figures.freshness ? freshnessLines(figures.freshness) : []),
    '',
  ].join('\n')
}

const REPORT_HEADER =
  '# Benchmarks\n\nWritten by `npm run bench`; each store, dataset size and number of instances keeps its own latest section. How to read the table: README, "Performance".\n'

/** The report with this section replaced (or added); the other sections stay, ordered by size, then store. */
export function mergeSection(report: string, section: string): string {
  const sections = report.split(/\n(?=## )/).filter((part) => part.startsWith('## '))
  const heading = (part: string) => part.slice(0, part.indexOf('\n'))
  const kept = sections.filter((part) => heading(part) !== heading(section))
  const size = (part: string) => Number(/\d+/.exec(part)?.[0])
  const all = [...kept, section].sort((a, b) => size(a) - size(b) || (heading(a) < heading(b) ? -1 : heading(a) > heading(b) ? 1 : 0))
  return `${REPORT_HEADER}\n${all.map((part) => part.trimEnd()).join('\n\n')}\n`
}

export function writeReport(file: string, section: string) {
  writeFileSync(file, mergeSection(existsSync(file) ? readFileSync(file, 'utf8') : '', section))
}
