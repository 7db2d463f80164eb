// `npm run bench:portability`: folio export and folio import of a large store, timed end to end
// as an operator runs them (the built command in its own process), with each process's peak
// resident memory. SQLite always; PostgreSQL too when FOLIO_DATABASE_URL is set (a schema of its own).
// Usage: npm run bench:portability -- [--articles N] [--output FILE]
import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { STORE_DERIVATIONS } from '../src/content/store-derivations.js'
import { loadSite } from '../src/content/site-definition.js'
import { openStore } from '../src/store/open-store.js'
import { DEMO_SITE_DIR, PACKAGE_ROOT } from '../src/paths.js'
import { seedDataset } from './dataset.js'
import { writeReport } from './report.js'

const { values } = parseArgs({
  options: { articles: { type: 'string', default: '100000' }, output: { type: 'string', default: 'BENCHMARKS.md' } },
})
const articles = Number(values.articles)
if (!Number.isInteger(articles) || articles < 1 || articles > 1_000_000) {
  process.stderr.write('bench:portability: --articles must be an integer from 1 to 1000000\n')
  process.exit(2)
}
const MAIN = join(PACKAGE_ROOT, 'dist/src/main.js')
if (!existsSync(MAIN)) {
  process.stderr.write('bench:portability: run npm run build first (the bench times the built command)\n')
  process.exit(2)
}

interface Row {
  step: string
  seconds: number
  peakMb: number
}

/** Runs `folio ARGS` under /usr/bin/time: wall seconds and the peak resident set. */
function timed(step: string, args: string[], env: Record<string, string>): Row {
  const run = spawnSync('/usr/bin/time', ['-f', '%e %M', process.execPath, MAIN, ...args], {
    env: { ...process.env, LOG_LEVEL: 'silent', FOLIO_DEMO_CONTENT: '0', ...env },
    encoding: 'utf8',
  })
  const figures = /([\d.]+) (\d+)\s*$/.exec(run.stderr)
  if (run.status !== 0 || !figures) throw new Error(`folio ${args.join(' ')} failed:\n${run.stderr}`)
  process.stderr.write(`${step}: ${run.stdout.trim()}\n`)
  // A step that moved fewer articles than the store holds measured nothing worth reporting.
  const moved = Number(/(\d+) article\(s\)/.exec(run.stdout)?.[1])
  if (moved !== articles) throw new Error(`${step} moved ${moved} articles, not ${articles}`)
  return { step, seconds: Number(figures[1]), peakMb: Math.round(Number(figures[2]) / 1024) }
}

const work = join(tmpdir(), `folio-bench-portability-${articles}`)
mkdirSync(work, { recursive: true })
const sourceDir = join(work, 'source')
const source = await openStore({ dataDir: sourceDir, derivations: STORE_DERIVATIONS })
process.stderr.write(`seeding ${articles} articles (kept in ${sourceDir} for the next run)…\n`)
await seedDataset(source, loadSite(DEMO_SITE_DIR), articles, (done) => process.stderr.write(`  ${done}\n`))
await source.close()

const rows: Row[] = []
const archive = join(work, 'export.tar.gz')
const folder = join(work, 'export')
for (const path of [archive, folder, join(work, 'target')]) rmSync(path, { recursive: true, force: true })
// FOLIO_DATABASE_URL names the PostgreSQL of the later steps, never the SQLite ones.
const sqlite = (dataDir: string) => ({ FOLIO_DATA_DIR: dataDir, FOLIO_DATABASE_URL: '' })
rows.push(timed('export from SQLite to a folder', ['export', '--out', folder], sqlite(sourceDir)))
rows.push(timed('export from SQLite to a .tar.gz', ['export', '--out', archive], sqlite(sourceDir)))
rows.push(timed('import a .tar.gz into SQLite', ['import', archive], sqlite(join(work, 'target'))))

const databaseUrl = process.env.FOLIO_DATABASE_URL
if (databaseUrl) {
  const schema = `folio_bench_port_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: databaseUrl })
  await admin.connect()
  await admin.query(`create schema ${schema}`)
  const url = new URL(databaseUrl)
  url.searchParams.set('options', `-c search_path=${schema}`)
  const env = { FOLIO_DATABASE_URL: url.toString(), FOLIO_DATA_DIR: join(work, 'pg-data') }
  try {
    rows.push(timed('import a .tar.gz into PostgreSQL', ['import', archive], env))
    rmSync(join(work, 'from-pg.tar.gz'), { force: true })
    rows.push(timed('export from PostgreSQL to a .tar.gz', ['export', '--out', join(work, 'from-pg.tar.gz')], env))
  } finally {
    await admin.query(`drop schema ${schema} cascade`)
    await admin.end()
  }
}

const table = [
  '| step | seconds | peak RSS |',
  '|---|---:|---:|',
  ...rows.map(
    (r) => `| ${r.step} | ${r.seconds.toFixed(1)} ${r.seconds < 60 ? '✓' : '✗'} | ${r.peakMb} MB ${r.peakMb < 300 ? '✓' : '✗'} |`,
  ),
].join('\n')
const section = `## ${articles} articles: export and import\n\nMeasured ${new Date().toISOString().slice(0, 10)} with \`npm run bench:portability -- --articles ${articles}\` (the built \`folio\` command, each step its own process; targets: under 60 s and under 300 MB peak resident memory). No images in the dataset.\n\n${table}\n`
process.stdout.write(`${section}\n`)
writeReport(values.output, section)
