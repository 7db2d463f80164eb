// One measured scenario (autocannon) as a report row, the judging of its target, and the fixed CPU
// check that tells how busy the shared machine was.
import { loadavg } from 'node:os'
import autocannon from 'autocannon'
import { log } from './servers.js'

export interface Row {
  name: string
  connections: number
  rps: number
  p50: number
  p99: number
  /** Mean bytes received per answer (headers and body): what the wire carries for this scenario. */
  bytes: number
  /** Answers that were not 2xx (e.g. 404 while a surface is not built yet), as "404×1234". */
  notOk: string
  /** Requests answered in the scenario (for round trips per request). */
  requests: number
  /** The 1-minute load average when the scenario started: other work on the machine moves every figure. */
  load: number
  /** The server's peak RSS so far, read right after this scenario. */
  peakRssMb?: number
  ratio?: number
  /** Cached reads: req/s over a bare node:http server answering the very same bytes. */
  sameBytesRatio?: number
  target?: string
  met?: boolean
}

/**
 * Milliseconds a fixed piece of JavaScript takes (building, serialising and parsing objects, the
 * kind of work Folio does), run at the start and at the end: this machine shares its cores with
 * others, and when the two differ the rows measured late in the run are slower for that reason.
 */
export function cpuCheckMs(): number {
  const once = () => {
    const started = performance.now()
    for (let round = 0; round < 20; round++) {
      const items = Array.from({ length: 5_000 }, (_, i) => ({
        slug: `article-${i}`,
        title: `Title ${i}`,
        tags: ['a', 'b', String(i % 40)],
        n: i,
      }))
      const text = JSON.stringify(items)
      if ((JSON.parse(text) as unknown[]).length !== items.length) throw new Error('cpu check')
    }
    return performance.now() - started
  }
  // The fastest of five: the first runs include compiling the code.
  return Math.round(Math.min(...Array.from({ length: 5 }, once)))
}

/** What autocannon is given: its types say one URL, but it takes several and alternates its connections between them. */
export type Scenario = Omit<autocannon.Options, 'url' | 'duration'> & { url: string | string[] }

/** Runs one scenario. */
export async function measure(name: string, options: Scenario & { connections: number; duration: number }): Promise<Row> {
  const load = loadavg()[0]!
  const result = await autocannon(options as autocannon.Options)
  const codes = Object.entries(result.statusCodeStats ?? {}).filter(([code]) => !code.startsWith('2'))
  const notOk = [
    ...codes.map(([code, stat]) => `${code}×${(stat as { count: number }).count}`),
    ...(result.errors ? [`errors×${result.errors}`] : []),
    ...(result.timeouts ? [`timeouts×${result.timeouts}`] : []),
    // Every request still in flight when the time ran out: no figure at all, not a speed of zero.
    ...(result.requests.total === 0 ? ['no answer in the time'] : []),
  ].join(', ')
  const bytes = result.requests.total ? Math.round(result.throughput.total / result.requests.total) : 0
  const row: Row = {
    name,
    connections: options.connections,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    bytes,
    notOk,
    requests: result.requests.total,
    load,
  }
  log(
    `  ${name} (${row.connections} conn, load ${load.toFixed(2)}): ${row.rps} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, ${row.bytes} B${notOk ? `  ! not 2xx: ${notOk}` : ''}`,
  )
  return row
}

/** A target is judged only on a row whose every answer was 2xx; the speed of 404s is no result. */
export function judge(row: Row, target: string, met: boolean): Row {
  return { ...row, target, ...(row.notOk ? {} : { met }) }
}
