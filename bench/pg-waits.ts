// Samples what the bench servers' PostgreSQL connections are doing, every few milliseconds for a
// while: running, waiting on a lock (which), on I/O, or idle inside a transaction (waiting for the
// next statement from Node while holding its locks); and the CPU time those backends used meanwhile
// (from /proc, when PostgreSQL runs on this machine). Run beside a scenario, e.g.
//   npm run bench -- --store postgres --schema s --only POST & node --import tsx bench/pg-waits.ts --seconds 8 --after 3
import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { BENCH_APPLICATION_NAME } from './bench-store.js'

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '5' }, after: { type: 'string', default: '0' }, every: { type: 'string', default: '5' } },
})
const databaseUrl = process.env.FOLIO_DATABASE_URL
if (!databaseUrl) {
  process.stderr.write('pg-waits: FOLIO_DATABASE_URL is not set\n')
  process.exit(2)
}
const client = new pg.Client({ connectionString: databaseUrl })
await client.connect()
await new Promise((r) => setTimeout(r, Number(values.after) * 1000))
/** Seconds of CPU a process has used (user and system), or 0 when it cannot be read. */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
      .replace(/^.*\) /, '')
      .split(' ')
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after the command name; in clock ticks (100 a second).
    return (Number(fields[11]) + Number(fields[12])) / 100
  } catch {
    return 0
  }
}

/** Each sampled backend's CPU seconds when first and last seen (a backend may end before the sampling does). */
const cpuSeen = new Map<number, { first: number; last: number }>()
const counts = new Map<string, number>()
let samples = 0
const until = performance.now() + Number(values.seconds) * 1000
while (performance.now() < until) {
  const { rows } = await client.query<{ pid: number; state: string; wait: string | null; query: string }>(
    `select pid, state, wait_event_type || ':' || wait_event as wait, left(regexp_replace(query, '\\s+', ' ', 'g'), 60) as query
     from pg_stat_activity where application_name = $1 and pid <> pg_backend_pid()`,
    [BENCH_APPLICATION_NAME],
  )
  samples++
  for (const row of rows) {
    const cpu = cpuSeconds(row.pid)
    const seen = cpuSeen.get(row.pid)
    if (seen) seen.last = Math.max(seen.last, cpu)
    else cpuSeen.set(row.pid, { first: cpu, last: cpu })
    const what =
      row.state === 'active'
        ? `active ${row.wait ?? 'on CPU'}  ${row.query}`
        : `${row.state}${row.state === 'idle' ? '' : `  ${row.query}`}`
    counts.set(what, (counts.get(what) ?? 0) + 1)
  }
  await new Promise((r) => setTimeout(r, Number(values.every)))
}
const backendCpu = [...cpuSeen.values()].reduce((sum, { first, last }) => sum + (last - first), 0)
await client.end()
process.stdout.write(
  `${samples} samples over ${values.seconds} s; the sampled backends used ${backendCpu.toFixed(2)} s of CPU meanwhile; connections in each state, on average per sample:\n`,
)
for (const [what, count] of [...counts].sort((a, b) => b[1] - a[1]))
  process.stdout.write(`${(count / samples).toFixed(2).padStart(7)}  ${what}\n`)
