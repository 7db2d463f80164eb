// Samples what the bench servers' PostgreSQL connections are doing, every few milliseconds for a
// while: running, waiting on a lock (which), on I/O, or idle inside a transaction (waiting for the
// next statement from Node while holding its locks). Run beside a scenario, e.g.
//   npm run bench -- --store postgres --schema s --only POST & node --import tsx bench/pg-waits.ts --seconds 8 --after 3
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
const counts = new Map<string, number>()
let samples = 0
const until = performance.now() + Number(values.seconds) * 1000
while (performance.now() < until) {
  const { rows } = await client.query<{ state: string; wait: string | null; query: string }>(
    `select state, wait_event_type || ':' || wait_event as wait, left(regexp_replace(query, '\\s+', ' ', 'g'), 60) as query
     from pg_stat_activity where application_name = $1 and pid <> pg_backend_pid()`,
    [BENCH_APPLICATION_NAME],
  )
  samples++
  for (const row of rows) {
    const what =
      row.state === 'active'
        ? `active ${row.wait ?? 'on CPU'}  ${row.query}`
        : `${row.state}${row.state === 'idle' ? '' : `  ${row.query}`}`
    counts.set(what, (counts.get(what) ?? 0) + 1)
  }
  await new Promise((r) => setTimeout(r, Number(values.every)))
}
await client.end()
process.stdout.write(`${samples} samples; connections in each state, on average per sample:\n`)
for (const [what, count] of [...counts].sort((a, b) => b[1] - a[1]))
  process.stdout.write(`${(count / samples).toFixed(2).padStart(7)}  ${what}\n`)
