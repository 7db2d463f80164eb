// Reads what `npm run bench -- --trace-queries DIR` counted and prints, per scenario, the
// PostgreSQL round trips and Redis commands per request by statement, their mean time, and the
// waits for a pooled connection. The server also counts the requests still in flight when autocannon
// stopped counting (up to one per connection), so short scenarios read a little high.
// Usage: node --import tsx bench/trace-summary.ts DIR [--top N]
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'

interface Counted {
  key: string
  count: number
  totalMs: number
  maxMs: number
}

interface Trace {
  pid: number
  seconds: number
  poolWaits: { count: number; totalMs: number; maxMs: number }
  queries: Counted[]
  redis: Counted[]
}

function merge(into: Map<string, Counted>, rows: Counted[]) {
  for (const row of rows) {
    const kept = into.get(row.key)
    if (!kept) into.set(row.key, { ...row })
    else {
      kept.count += row.count
      kept.totalMs += row.totalMs
      kept.maxMs = Math.max(kept.maxMs, row.maxMs)
    }
  }
}

function table(title: string, rows: Map<string, Counted>, requests: number, top: number): string[] {
  const sorted = [...rows.values()].sort((a, b) => b.count - a.count).slice(0, top)
  const total = [...rows.values()].reduce((sum, r) => sum + r.count, 0)
  return [
    `  ${title}: ${(total / requests).toFixed(2)} per request`,
    ...sorted.map(
      (r) =>
        `    ${(r.count / requests).toFixed(3).padStart(8)}/req  mean ${(r.totalMs / r.count).toFixed(2).padStart(7)} ms  max ${r.maxMs.toFixed(1).padStart(7)} ms  ${r.key}`,
    ),
  ]
}

const { values, positionals } = parseArgs({ allowPositionals: true, options: { top: { type: 'string', default: '12' } } })
const dir = positionals[0]
if (!dir) {
  process.stderr.write('usage: node --import tsx bench/trace-summary.ts DIR [--top N]\n')
  process.exit(2)
}
const scenarios = JSON.parse(readFileSync(join(dir, 'scenarios.json'), 'utf8')) as { name: string; requests: number; connections: number }[]
const files = readdirSync(dir).filter((f) => /^trace-\d+-\d+\.json$/.test(f))
const lines: string[] = []
for (const [index, scenario] of scenarios.entries()) {
  const traces = files
    .filter((f) => Number(/-(\d+)\.json$/.exec(f)![1]) === index)
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as Trace)
  const queries = new Map<string, Counted>()
  const redis = new Map<string, Counted>()
  const waits = { count: 0, totalMs: 0, maxMs: 0 }
  for (const trace of traces) {
    merge(queries, trace.queries)
    merge(redis, trace.redis)
    waits.count += trace.poolWaits.count
    waits.totalMs += trace.poolWaits.totalMs
    waits.maxMs = Math.max(waits.maxMs, trace.poolWaits.maxMs)
  }
  const requests = Math.max(1, scenario.requests)
  lines.push(
    `${scenario.name} (${scenario.connections} conn, ${scenario.requests} requests)`,
    `  pool: ${(waits.count / requests).toFixed(2)} checkouts per request, mean wait ${(waits.totalMs / Math.max(1, waits.count)).toFixed(2)} ms, max ${waits.maxMs.toFixed(1)} ms`,
    ...table('PostgreSQL statements', queries, requests, Number(values.top)),
    ...table('Redis commands', redis, requests, Number(values.top)),
    '',
  )
}
process.stdout.write(`${lines.join('\n')}\n`)
