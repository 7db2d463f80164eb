// The body quality checker's speed: a 20 KB body must be checked in under 3 ms and a
// 100000-character body in under 20 ms (median of repeated runs, the English model already
// loaded, as it is after a server's first write). Each figure comes with the CPU time per check,
// which other load on a shared machine inflates less than the wall time. Run alone, it also prints what the first check
// costs (loading the model) and the model's memory, each measured in a fresh process, and the
// speed on the annotated corpus's text, where most sentences hold a candidate the tagger reads.
import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { bodyQualityWarnings } from '../src/content/quality/index.js'
import { datasetArticle } from './dataset.js'
import { loadSite } from '../src/content/site-definition.js'
import { DEMO_SITE_DIR } from '../src/paths.js'

/** Whole sections of `source`, cut at a heading just under `size` so the body stays valid HTML. */
function cut(source: string, size: number): string {
  const at = source.lastIndexOf('<h2>', size)
  return source.slice(0, at > 0 ? at : size)
}

function datasetBody(size: number): string {
  const site = loadSite(DEMO_SITE_DIR)
  let body = ''
  for (let i = 0; body.length < size; i++) body += datasetArticle(i, site, 2_000).body
  return cut(body, size)
}

function corpusBody(size: number): string {
  const dir = new URL('../test/fixtures/quality/', import.meta.url)
  const bodies = readdirSync(dir)
    .filter((f) => f.endsWith('.json') && !f.startsWith('31-'))
    .map((f) => (JSON.parse(readFileSync(new URL(f, dir), 'utf8')) as { body: string }).body)
  let body = ''
  while (body.length < size) body += bodies.join('')
  return cut(body, size)
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}

const inputOf = (body: string) => ({
  title: 'How a pricing routine reduces quote-to-cash time',
  body,
  lang: 'en',
  content: {},
  published_at: '2026-03-05T09:30:00Z',
})

/** The median wall time of a check and the mean CPU time (user + system) per check, in ms. */
function time(body: string, runs: number): { ms: number; cpuMs: number } {
  const input = inputOf(body)
  for (let i = 0; i < 30; i++) bodyQualityWarnings(input)
  const times: number[] = []
  const cpu = process.cpuUsage()
  for (let i = 0; i < runs; i++) {
    const start = performance.now()
    bodyQualityWarnings(input)
    times.push(performance.now() - start)
  }
  const used = process.cpuUsage(cpu)
  return { ms: median(times), cpuMs: (used.user + used.system) / 1000 / runs }
}

export async function benchQuality(): Promise<{ name: string; ms: number; cpuMs: number; target: number }[]> {
  return [
    { name: '20 KB body', ...time(datasetBody(20 * 1024), 50), target: 3 },
    { name: '100000-character body', ...time(datasetBody(100_000), 50), target: 20 },
  ]
}

/** In a fresh process: the first check's time and the resident memory it adds (the model). */
function firstCheck(): { ms: number; rssMb: number } {
  const child = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--first-check'], { encoding: 'utf8' })
  return JSON.parse(child.stdout) as { ms: number; rssMb: number }
}

if (process.argv.includes('--first-check')) {
  const input = inputOf('<p>It is the best option for most teams.</p>')
  const rss = process.memoryUsage().rss
  const start = performance.now()
  bodyQualityWarnings(input)
  const ms = performance.now() - start
  process.stdout.write(JSON.stringify({ ms, rssMb: (process.memoryUsage().rss - rss) / 2 ** 20 }))
} else if (import.meta.url === `file://${process.argv[1]}`) {
  const line = (name: string, t: { ms: number; cpuMs: number }) =>
    `quality check, ${name}: ${t.ms.toFixed(2)} ms (CPU ${t.cpuMs.toFixed(2)} ms)`
  for (const row of await benchQuality()) console.log(`${line(row.name, row)} (target < ${row.target} ms)`)
  console.log(line("20 KB of the annotated corpus's text", time(corpusBody(20 * 1024), 50)))
  const first = firstCheck()
  console.log(`first check (loads the English model): ${first.ms.toFixed(0)} ms, resident memory +${first.rssMb.toFixed(1)} MB`)
}
