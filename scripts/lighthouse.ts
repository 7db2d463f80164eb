// `npm run lighthouse`: Lighthouse's scores for the demo site's home page, an article, a rubric
// page and a search, as a reader's phone would see them (Lighthouse's mobile defaults), the
// median of three runs each. It starts the built `folio serve` on an empty data directory (the
// demo content, as `npm start` shows it) and drives Debian's Chromium. Outside `npm test`: scores
// jitter on a shared two-core machine, so a run that misses a target says so but is not a test.
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { CHROMIUM, CHROMIUM_FLAGS } from './chromium.js'

const SERVER = 'dist/src/main.js'
const OUTPUT_DIR = 'test-output/lighthouse'
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const
/** What every page must reach; SEO is reported only: search is `noindex` by the spec's robots rules. */
const TARGETS: Partial<Record<(typeof CATEGORIES)[number], number>> = { performance: 100, accessibility: 100, 'best-practices': 100 }

const HELP = `Usage: npm run lighthouse -- [--runs N] [--page NAME]... [--json]

Builds Folio, starts it on a fresh data directory with the demo content, and runs Lighthouse
(mobile defaults, Debian's Chromium at ${CHROMIUM}) on the home page, an article, a rubric page
and a search, N times each (default 3). Prints the median score per category and page, and
writes every run's report to ${OUTPUT_DIR}/.

  --runs N     runs per page (default 3; the median is printed)
  --page NAME  only this page: home, article, rubric, search (repeatable)
  --json       print the medians as JSON
  --help       show this text

Exit status: 0 when every page's median reaches 100 for performance, accessibility and best
practices, 1 when one does not, 2 on a usage error or when the browser or the server is missing.`

function stop(message: string, status = 2): never {
  process.stderr.write(`lighthouse: ${message}\n`)
  process.exit(status)
}

function options() {
  try {
    return parseArgs({
      options: {
        runs: { type: 'string', default: '3' },
        page: { type: 'string', multiple: true },
        json: { type: 'boolean' },
        help: { type: 'boolean' },
      },
      strict: true,
      allowPositionals: false,
    }).values
  } catch (error) {
    stop(`${(error as Error).message} (see --help)`)
  }
}

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

/** Starts `folio serve` and resolves once it answers. */
async function startFolio(dataDir: string): Promise<{ origin: string; child: ChildProcess }> {
  const port = await freePort()
  const child = spawn(process.execPath, [SERVER, 'serve'], {
    env: { ...process.env, FOLIO_DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const origin = `http://127.0.0.1:${port}`
  for (let attempt = 0; attempt < 100; attempt++) {
    if (child.exitCode !== null) stop(`folio serve exited with status ${child.exitCode}`)
    const up = await fetch(`${origin}/api/health`).then(
      (r) => r.ok,
      () => false,
    )
    if (up) return { origin, child }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  child.kill()
  stop('folio serve did not answer within 10 s')
}

/** The pages to score: an article and a rubric are the newest the sitemap lists. */
async function pagesOf(origin: string): Promise<Record<string, string>> {
  const sitemap = await (await fetch(`${origin}/sitemap.xml`)).text()
  const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname)
  const article = locs.find((p) => /^\/insights\/[^/]+\/[^/]+\/$/.test(p) && !p.startsWith('/insights/tags/'))
  const rubric = locs.find((p) => /^\/insights\/[^/]+\/$/.test(p) && p !== '/insights/tags/')
  if (!article || !rubric) stop('the demo site lists no article or no rubric in its sitemap')
  return { home: '/', article, rubric, search: '/search?q=pricing' }
}

/**
 * One Lighthouse run. A run that fails to record its trace (NO_NAVSTART and the like: the browser,
 * not the page) scores every category 0, so it is run again, up to three times, before it counts.
 */
async function audited(url: string, port: number) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] })
    if (!result) stop(`Lighthouse returned nothing for ${url}`, 1)
    const failure = result.lhr.runtimeError
    if (!failure) return result
    if (attempt === 3) stop(`Lighthouse could not audit ${url}: ${failure.code} (${failure.message})`, 1)
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

async function main() {
  const opts = options()
  if (opts.help) {
    process.stdout.write(`${HELP}\n`)
    return
  }
  const runs = Number(opts.runs)
  if (!Number.isInteger(runs) || runs < 1 || runs > 20) stop(`--runs must be a whole number from 1 to 20 (got "${opts.runs}")`)
  if (!existsSync(CHROMIUM)) stop(`${CHROMIUM} is missing: install Debian's chromium package (apt-get install -y chromium)`)
  if (!existsSync(SERVER)) stop(`${SERVER} is missing: run npm run build first`)

  const dataDir = mkdtempSync(join(tmpdir(), 'folio-lighthouse-'))
  const { origin, child } = await startFolio(dataDir)
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: CHROMIUM_FLAGS,
  })
  try {
    const all = await pagesOf(origin)
    const chosen = opts.page ?? Object.keys(all)
    for (const name of chosen) if (!all[name]) stop(`unknown page "${name}" (pages: ${Object.keys(all).join(', ')})`)
    mkdirSync(OUTPUT_DIR, { recursive: true })
    const medians: Record<string, Record<string, number>> = {}
    for (const name of chosen) {
      const scores: Record<string, number[]> = {}
      for (let run = 1; run <= runs; run++) {
        const result = await audited(`${origin}${all[name]}`, chrome.port)
        writeFileSync(join(OUTPUT_DIR, `${name}-${run}.json`), result.report as string)
        for (const category of CATEGORIES) (scores[category] ??= []).push(Math.round((result.lhr.categories[category]?.score ?? 0) * 100))
      }
      medians[name] = Object.fromEntries(CATEGORIES.map((c) => [c, median(scores[c]!)]))
      if (!opts.json) process.stderr.write(`  ${name}: ${CATEGORIES.map((c) => `${c} ${scores[c]!.join('/')}`).join(', ')}\n`)
    }
    const missed = Object.entries(medians).flatMap(([page, byCategory]) =>
      Object.entries(TARGETS).flatMap(([category, target]) =>
        byCategory[category]! < target ? [`${page} ${category} ${byCategory[category]}`] : [],
      ),
    )
    if (opts.json) process.stdout.write(`${JSON.stringify({ runs, pages: all, medians }, null, 2)}\n`)
    else {
      process.stdout.write(`\nLighthouse medians of ${runs} run(s), mobile defaults, ${CHROMIUM}\n\n`)
      process.stdout.write(`| page | path | ${CATEGORIES.join(' | ')} |\n|---|---|${CATEGORIES.map(() => '---:').join('|')}|\n`)
      for (const [page, byCategory] of Object.entries(medians))
        process.stdout.write(`| ${page} | \`${all[page]}\` | ${CATEGORIES.map((c) => byCategory[c]).join(' | ')} |\n`)
      process.stdout.write(missed.length ? `\nbelow target: ${missed.join('; ')}\n` : '\ntargets met\n')
    }
    process.exitCode = missed.length ? 1 : 0
  } finally {
    chrome.kill()
    child.kill()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => stop(error instanceof Error ? error.message : String(error), 1))
