// The bench's command line: which store, how many instances, how large a dataset, how long each
// scenario runs, and the diagnosis switches (a subset of scenarios, query tracing, CPU profiles).
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { PACKAGE_ROOT } from '../src/paths.js'

export const USAGE = `usage: npm run bench -- [options]
  --store sqlite|postgres   the store (postgres reads FOLIO_DATABASE_URL and FOLIO_REDIS_URL; default sqlite)
  --instances N             folio serve processes sharing the store; the load is split across them (default 1)
  --workers N               each instance runs as N processes on one port (node:cluster; default 1)
  --articles N              dataset size, at most 100000 (default 10000)
  --duration S              seconds per scenario (default 5)
  --connections N           concurrent connections of the throughput rows (default 50)
  --freshness-writes N      writes of the freshness check with 2 or more instances (default 1000; 0 skips it)
  --only REGEX              run only the scenarios whose name matches (with --preload: prints, never writes the report)
  --schema NAME             postgres: use (and keep) this schema, seeding only what is missing
  --trace-queries DIR       postgres: each server counts and times its queries, written to DIR at exit
  --cpu-prof DIR            each server writes a V8 CPU profile to DIR at exit
  --preload FILE            each server imports FILE first (node --import): experiments measured before they are built
  --output FILE             the report (default BENCHMARKS.md)`

/** A bad command line: said in one line with the usage, exit 2. */
export class OptionError extends Error {}

export interface BenchOptions {
  store: 'sqlite' | 'postgres'
  instances: number
  workers: number
  articles: number
  duration: number
  connections: number
  freshnessWrites: number
  only?: RegExp
  schema?: string
  traceQueries?: string
  cpuProf?: string
  preload?: string
  output: string
}

function positiveInteger(name: string, raw: string | undefined, fallback: number, max = Number.MAX_SAFE_INTEGER, min = 1): number {
  if (raw === undefined) return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < min || value > max)
    throw new OptionError(`--${name} must be an integer from ${min} to ${max} (got "${raw}")`)
  return value
}

export function readOptions(argv: string[]): BenchOptions | 'help' {
  try {
    return parsedOptions(argv)
  } catch (error) {
    // node:util's own refusals (an unknown option, a missing value) are command-line errors too.
    if ((error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) throw new OptionError((error as Error).message)
    throw error
  }
}

function parsedOptions(argv: string[]): BenchOptions | 'help' {
  const { values } = parseArgs({
    args: argv,
    options: {
      store: { type: 'string' },
      instances: { type: 'string' },
      workers: { type: 'string' },
      articles: { type: 'string' },
      duration: { type: 'string' },
      connections: { type: 'string' },
      'freshness-writes': { type: 'string' },
      only: { type: 'string' },
      schema: { type: 'string' },
      'trace-queries': { type: 'string' },
      'cpu-prof': { type: 'string' },
      preload: { type: 'string' },
      output: { type: 'string' },
      help: { type: 'boolean' },
    },
  })
  if (values.help) return 'help'
  const store = values.store ?? 'sqlite'
  if (store !== 'sqlite' && store !== 'postgres') throw new OptionError(`--store must be sqlite or postgres (got "${store}")`)
  const instances = positiveInteger('instances', values.instances, 1, 8)
  if (store === 'sqlite' && instances > 1)
    throw new OptionError('--instances above 1 needs --store postgres: SQLite is the store of one process')
  if (values.schema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(values.schema))
    throw new OptionError('--schema must be a lower-case PostgreSQL identifier')
  if (store === 'sqlite' && (values.schema || values['trace-queries']))
    throw new OptionError('--schema and --trace-queries need --store postgres')
  // The trace is cut per scenario by a signal to each server process; cluster workers would not get it.
  if (values['trace-queries'] && values.workers !== undefined && values.workers !== '1')
    throw new OptionError('--trace-queries needs one process per instance (leave out --workers)')
  return {
    store,
    instances,
    workers: positiveInteger('workers', values.workers, 1, 16),
    articles: positiveInteger('articles', values.articles, 10_000, 100_000),
    duration: positiveInteger('duration', values.duration, 5, 600),
    connections: positiveInteger('connections', values.connections, 50, 1_000),
    freshnessWrites: positiveInteger('freshness-writes', values['freshness-writes'], 1_000, 100_000, 0),
    ...(values.only ? { only: new RegExp(values.only, 'i') } : {}),
    ...(values.schema ? { schema: values.schema } : {}),
    ...(values['trace-queries'] ? { traceQueries: values['trace-queries'] } : {}),
    ...(values['cpu-prof'] ? { cpuProf: values['cpu-prof'] } : {}),
    ...(values.preload ? { preload: resolve(values.preload) } : {}),
    output: values.output ?? join(PACKAGE_ROOT, 'BENCHMARKS.md'),
  }
}
