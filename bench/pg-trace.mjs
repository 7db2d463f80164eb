// Loaded into a server with `node --import bench/pg-trace.mjs` (npm run bench -- --trace-queries DIR):
// counts and times every PostgreSQL query by its SQL text, the waits for a pooled connection and
// every Redis command. SIGUSR2 writes what was counted since the last one to
// DIR/trace-<pid>-<n>.json and starts again (the bench sends it after each scenario); exit writes the
// rest. Round trips per request are these counts divided by the requests the bench sent. Diagnosis only.
import { writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'

const dir = process.env.FOLIO_BENCH_TRACE_DIR
const require = createRequire(new URL('../package.json', import.meta.url))
let queries = new Map()
let poolWaits = { count: 0, totalMs: 0, maxMs: 0 }
let redis = new Map()
let started = performance.now()
let written = 0

function record(map, key, ms) {
  let entry = map.get(key)
  if (!entry) map.set(key, (entry = { count: 0, totalMs: 0, maxMs: 0 }))
  entry.count++
  entry.totalMs += ms
  if (ms > entry.maxMs) entry.maxMs = ms
}

/** The SQL text with literals and whitespace folded, so one statement shape is one line. */
function shape(text) {
  return String(text)
    .replace(/\s+/g, ' ')
    .replace(/'[^']*'/g, "'…'")
    .replace(/\(\$\d+(, \$\d+)*\)(, \(\$\d+(, \$\d+)*\))+/g, '(…rows…)')
    .slice(0, 300)
}

const pg = require('pg')
const query = pg.Client.prototype.query
pg.Client.prototype.query = function (config, values, callback) {
  const text = typeof config === 'string' ? config : config?.text
  const at = performance.now()
  const result = query.call(this, config, values, callback)
  if (result && typeof result.then === 'function') {
    result.then(
      () => record(queries, shape(text), performance.now() - at),
      () => record(queries, `FAILED ${shape(text)}`, performance.now() - at),
    )
  }
  return result
}
const connect = pg.Pool.prototype.connect
pg.Pool.prototype.connect = function (callback) {
  if (callback) return connect.call(this, callback)
  const at = performance.now()
  return connect.call(this).then((client) => {
    const ms = performance.now() - at
    poolWaits.count++
    poolWaits.totalMs += ms
    if (ms > poolWaits.maxMs) poolWaits.maxMs = ms
    return client
  })
}

try {
  const { Redis } = require('ioredis')
  const send = Redis.prototype.sendCommand
  Redis.prototype.sendCommand = function (command, stream) {
    const at = performance.now()
    const result = send.call(this, command, stream)
    command.promise?.then(
      () => record(redis, command.name, performance.now() - at),
      () => record(redis, `FAILED ${command.name}`, performance.now() - at),
    )
    return result
  }
} catch {
  // no Redis client installed: nothing to count
}

function write() {
  if (!dir) return
  const rows = (map) => [...map].map(([key, v]) => ({ key, ...v, meanMs: v.totalMs / v.count })).sort((a, b) => b.totalMs - a.totalMs)
  writeFileSync(
    join(dir, `trace-${process.pid}-${written++}.json`),
    JSON.stringify(
      { pid: process.pid, seconds: (performance.now() - started) / 1000, poolWaits, queries: rows(queries), redis: rows(redis) },
      null,
      1,
    ),
  )
  queries = new Map()
  poolWaits = { count: 0, totalMs: 0, maxMs: 0 }
  redis = new Map()
  started = performance.now()
}

process.on('SIGUSR2', write)
process.on('exit', write)
