// `npm run bench`: seeds a dataset into the chosen store, starts `folio serve` (one or more
// instances), measures each public read and write with autocannon beside a bare node:http baseline
// in the same run, checks freshness across instances, and writes the run's section of BENCHMARKS.md.
// Usage: npm run bench -- [--store sqlite|postgres] [--instances N] [--articles 10000] … (--help)
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { DEMO_SITE_DIR, PACKAGE_ROOT } from '../src/paths.js'
import { loadSite } from '../src/content/site-definition.js'
import { preparePostgres, prepareSqlite } from './bench-store.js'
import { measureFreshness, type FreshnessReport } from './freshness.js'
import { cpuCheckMs, type Row } from './measure.js'
import { OptionError, readOptions, USAGE, type BenchOptions } from './options.js'
import { renderSection, writeReport } from './report.js'
import { runScenarios } from './scenarios.js'
import { log, peakRssMb, startFolio, stopProcess, type FolioInstance } from './servers.js'

/** Creates per second each store is asked for: SQLite's from the first performance issue, PostgreSQL's from the scale issue. */
const CREATES_TARGET = { sqlite: 500, postgres: 400 }

const loadNow = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ')

/** The body-quality checker's own figures (bench/quality.ts). */
async function qualityFigures(): Promise<{ name: string; ms: number; target: number }[]> {
  const module = join(PACKAGE_ROOT, 'bench', 'quality.ts')
  return existsSync(module) ? ((await import(pathToFileURL(module).href)) as typeof import('./quality.js')).benchQuality() : []
}

async function startInstances(options: BenchOptions, env: Record<string, string>): Promise<FolioInstance[]> {
  for (const dir of [options.traceQueries, options.cpuProf]) if (dir) mkdirSync(dir, { recursive: true })
  const instances: FolioInstance[] = []
  // One after another, so each start-up is measured alone.
  for (let i = 0; i < options.instances; i++) {
    const instance = await startFolio({
      env,
      workers: options.workers,
      traceQueries: options.traceQueries,
      cpuProf: options.cpuProf,
      preload: options.preload,
    })
    log(`folio serve ${i + 1} of ${options.instances} answered after ${Math.round(instance.startupMs)} ms at ${instance.url}`)
    instances.push(instance)
  }
  return instances
}

async function main(): Promise<void> {
  const options = readOptions(process.argv.slice(2))
  if (options === 'help') {
    process.stdout.write(`${USAGE}\n`)
    return
  }
  const loadAtStart = loadNow()
  const cpuAtStart = cpuCheckMs()
  const site = loadSite(DEMO_SITE_DIR)
  const store = options.store === 'postgres' ? await preparePostgres(site, options) : await prepareSqlite(site, options)
  let instances: FolioInstance[] = []
  try {
    instances = await startInstances(options, store.env)
    const peak = () => Math.max(...instances.map((instance) => peakRssMb(instance.child.pid!)))
    const peaks: string[] = []
    // With --trace-queries each server writes what it counted at the end of every scenario.
    const traced: { name: string; requests: number; connections: number }[] = []
    let firstWriteMs: number | undefined
    const measured = (row: Row) => {
      row.peakRssMb = peak()
      peaks.push(`${row.name}${row.connections === 1 ? ' (1 conn)' : ''}: ${row.peakRssMb} MB`)
      if (options.traceQueries) {
        for (const instance of instances) instance.child.kill('SIGUSR2')
        traced.push({ name: row.name, requests: row.requests, connections: row.connections })
      }
    }
    const rows = await runScenarios({
      options,
      site,
      urls: instances.map((instance) => instance.url),
      token: store.token,
      workDir: store.workDir,
      measured,
      createsTarget: CREATES_TARGET[options.store],
      wroteFirst: (ms) => (firstWriteMs = ms),
    })
    let freshness: FreshnessReport | undefined
    if (options.instances > 1 && options.freshnessWrites > 0 && (!options.only || options.only.test('freshness'))) {
      log(`freshness: ${options.freshnessWrites} writes through A, polled on B (load ${loadNow()})`)
      freshness = await measureFreshness({
        writer: instances[0]!.url,
        reader: instances[1]!.url,
        token: store.token,
        site,
        writes: options.freshnessWrites,
      })
      for (const s of freshness.surfaces)
        log(`  ${s.name}: p50 ${s.p50.toFixed(1)} ms, p99 ${s.p99.toFixed(1)} ms, max ${s.max.toFixed(1)} ms`)
      log(
        `  never backwards: ${freshness.backwards.length === 0 ? 'held' : `broken ${freshness.backwards.length} times`} over ${freshness.polls} polls`,
      )
    }
    const rss = peak()
    await Promise.all(instances.map((instance) => stopProcess(instance.child)))
    if (options.traceQueries) writeFileSync(join(options.traceQueries, 'scenarios.json'), JSON.stringify(traced, null, 1))
    log(`peak RSS after each scenario: ${peaks.join('; ')}`)
    const section = renderSection(options, rows, {
      load: [loadAtStart, loadNow()],
      cpuCheck: [cpuAtStart, cpuCheckMs()],
      rss,
      startupMs: instances.map((instance) => instance.startupMs),
      ...(firstWriteMs === undefined ? {} : { firstWriteMs }),
      quality: options.only ? [] : await qualityFigures(),
      storeDescription: store.description,
      ...(freshness ? { freshness } : {}),
    })
    // A partial run (--only) or an experiment (--preload) is a diagnosis: printed, never written over the report.
    if (!options.only && !options.preload) writeReport(options.output, section)
    process.stdout.write(section)
  } finally {
    await Promise.all(instances.map((instance) => stopProcess(instance.child)))
    await store.cleanup()
  }
}

main().catch((error: unknown) => {
  if (error instanceof OptionError) {
    log(`bench: ${error.message}\n${USAGE}`)
    process.exit(2)
  }
  log(`bench failed: ${(error as Error).stack ?? String(error)}`)
  process.exit(1)
})
