// npm run fuzz -- [--runs N] [--seed S] [--store sqlite|postgres]: the hostile-input fuzz of
// test/api/hostile-input.test.ts, run longer. Sends N hostile requests (default 2000) through an
// in-process Folio on a fresh store (SQLite, or a fresh schema of FOLIO_TEST_DATABASE_URL) and prints
// the figures: requests per target, answers by status, 5xx and broken answers.
// Exits 1 when any answer breaks a rule (a 5xx, an /api error out of shape, a malformed JSON-RPC answer).
import fc from 'fast-check'

const USAGE = 'usage: npm run fuzz -- [--runs N] [--seed S] [--store sqlite|postgres]'

function options(argv: string[]): { runs: number; seed: number; store: 'sqlite' | 'postgres' } {
  const result = { runs: 2000, seed: Date.now() % 2 ** 31, store: 'sqlite' as 'sqlite' | 'postgres' }
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]
    if (flag === '--help' || flag === '-h') {
      console.log(`${USAGE}\nSends N hostile requests (default 2000) to an in-process Folio and prints answers by status.`)
      process.exit(0)
    }
    if (flag === '--store' && (argv[i + 1] === 'sqlite' || argv[i + 1] === 'postgres')) {
      result.store = argv[++i] as 'sqlite' | 'postgres'
      continue
    }
    const value = Number(argv[i + 1])
    if ((flag === '--runs' || flag === '--seed') && Number.isInteger(value) && value > 0) {
      result[flag === '--runs' ? 'runs' : 'seed'] = value
      i++
      continue
    }
    console.error(`fuzz: unknown or incomplete option "${flag}"\n${USAGE}`)
    process.exit(2)
  }
  return result
}

const { runs, seed, store } = options(process.argv.slice(2))
if (store === 'postgres' && !process.env.FOLIO_TEST_DATABASE_URL) {
  console.error('fuzz: --store postgres needs FOLIO_TEST_DATABASE_URL (a database it may create schemas in)')
  process.exit(2)
}
// The test helpers open a fresh schema of FOLIO_TEST_DATABASE_URL when asked for PostgreSQL; they
// read the choice as they load, so they are loaded after it is made.
process.env.FOLIO_TEST_BACKEND = store
const { answerProblems, describeRequest, hostileRequest, sendHostile } = await import('../test/helpers/hostile-requests.js')
const { articlePayload, startTestApp } = await import('../test/helpers/test-app.js')
// Limits far above any run, so long runs measure the endpoints rather than the rate limiter.
const app = await startTestApp({ env: { FOLIO_RATE_LIMIT_CONTENT: '1000000000/60', FOLIO_RATE_LIMIT_MCP: '1000000000/60' } })
const tokens = { write: app.writeToken, read: app.readToken }
await app.request({ method: 'POST', url: '/api/content/', payload: articlePayload({ slug: 'target' }) })

const byStatus = new Map<number, number>()
const byTarget = new Map<string, number>()
const failures: string[] = []
const started = performance.now()
try {
  // fc.sample draws the requests; each is sent and judged here, so every answer is counted.
  for (const request of fc.sample(hostileRequest, { numRuns: runs, seed })) {
    byTarget.set(request.target, (byTarget.get(request.target) ?? 0) + 1)
    const res = await sendHostile(app.app, tokens, request)
    byStatus.set(res.statusCode, (byStatus.get(res.statusCode) ?? 0) + 1)
    const problems = answerProblems(request, res)
    if (problems.length > 0 && failures.length < 20) failures.push(`${problems.join('; ')}\n    ${describeRequest(request)}`)
    else if (problems.length > 0) failures.push('')
  }
} finally {
  await app.close()
}
const seconds = (performance.now() - started) / 1000
const count = (map: Map<string | number, number>) =>
  [...map]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([key, n]) => `${key}: ${n}`)
    .join(', ')
const fiveHundreds = [...byStatus].filter(([status]) => status >= 500).reduce((sum, [, n]) => sum + n, 0)
console.log(`fuzz: ${runs} requests in ${seconds.toFixed(1)} s (seed ${seed}, ${store})`)
console.log(`targets: ${count(byTarget)}`)
console.log(`answers by status: ${count(byStatus)}`)
console.log(`5xx: ${fiveHundreds}; answers breaking a rule: ${failures.length}`)
for (const failure of failures.filter(Boolean)) console.log(`  ${failure}`)
process.exit(failures.length > 0 ? 1 : 0)
