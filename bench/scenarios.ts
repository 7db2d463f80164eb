// The measured scenarios, the same for every store: cached public reads (each beside a bare server
// answering its very bytes), catalog pages and MCP searches (throughput, then one connection for
// latency), and creates. With several instances every scenario's connections alternate between them.
import type { ChildProcess } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { encodeCursor } from '../src/content/cursor.js'
import type { Site } from '../src/content/site-definition.js'
import { datasetArticle, datasetPayload } from './dataset.js'
import { judge, measure, type Row, type Scenario } from './measure.js'
import type { BenchOptions } from './options.js'
import { answerBody, startBaseline, stopProcess } from './servers.js'

export interface ScenarioContext {
  options: BenchOptions
  site: Site
  /** One base URL per instance. */
  urls: string[]
  token: string
  workDir: string
  /** Called right after each measured row: notes the servers' peak RSS on it and marks the end of a scenario (query traces). */
  measured(row: Row): void
  /** The creates target, per store: the figure for this store. */
  createsTarget: number
  /** Called with the slowest instance's first write, sent before the creates row. */
  wroteFirst(ms: number): void
}

/** N bare node:http servers (one per instance), so the baseline carries the same load split. */
async function baselines(body: number | string, count: number): Promise<{ urls: string[]; stop(): Promise<void> }> {
  const started: { child: ChildProcess; url: string }[] = []
  for (let i = 0; i < count; i++) started.push(await startBaseline(body))
  return { urls: started.map((s) => s.url), stop: async () => void (await Promise.all(started.map((s) => stopProcess(s.child)))) }
}

/** Waits until the server has worked off what a scenario left queued: one more request of it, answered behind the queue. */
async function settle(scenario: Scenario) {
  for (const url of Array.isArray(scenario.url) ? scenario.url : [scenario.url]) {
    const res = await fetch(url, {
      method: scenario.method ?? 'GET',
      headers: scenario.headers as Record<string, string> | undefined,
      ...(scenario.body ? { body: scenario.body as string } : {}),
    })
    await res.arrayBuffer()
  }
}

/** The target URL(s) of one path: one per instance (autocannon spreads its connections over them). */
function targets(urls: string[], path: string): string | string[] {
  const all = urls.map((url) => url + path)
  return all.length === 1 ? all[0]! : all
}

export async function runScenarios(context: ScenarioContext): Promise<Row[]> {
  const { options, site, urls, token } = context
  const wanted = (name: string) => !options.only || options.only.test(name)
  const run = (name: string, scenario: Scenario) =>
    measure(name, { connections: options.connections, duration: options.duration, ...scenario })
  const rows: Row[] = []
  const record = (row: Row) => {
    rows.push(row)
    context.measured(row)
  }
  const auth = { authorization: `Bearer ${token}` }
  const sample = datasetArticle(Math.floor(options.articles / 2), site)
  const articleJson = await answerBody(`${urls[0]}/api/content/${sample.slug}`)
  const baseline = await baselines(articleJson.length, urls.length)
  const baselineRow = await run('baseline: bare node:http, fixed buffer', { url: targets(baseline.urls, '') })
  await baseline.stop()
  record(baselineRow)

  const articlePath = `/insights/${sample.rubric}/${sample.slug}/`
  const cachedReads: [string, string, Record<string, string>?][] = [
    ['GET /api/content/{slug}', `/api/content/${sample.slug}`],
    ['GET /api/content/{slug}, gzip accepted', `/api/content/${sample.slug}`, { 'accept-encoding': 'gzip, br' }],
    ['article page (HTML)', articlePath],
    ['article page (markdown)', articlePath, { accept: 'text/markdown' }],
    ['/feed.xml', '/feed.xml'],
    ['/sitemap.xml', '/sitemap.xml'],
    ['/insights/llms.txt', '/insights/llms.txt'],
    // Crawlers and feed readers ask for compression; the large documents are mostly bytes on the wire.
    ['/feed.xml, gzip accepted', '/feed.xml', { 'accept-encoding': 'gzip, br' }],
    ['/sitemap.xml, gzip accepted', '/sitemap.xml', { 'accept-encoding': 'gzip, br' }],
    ['/insights/llms.txt, gzip accepted', '/insights/llms.txt', { 'accept-encoding': 'gzip, br' }],
  ]
  // Beside the ratio (to a baseline answering as many "x" bytes as the article JSON), each
  // cached read is compared with a bare server answering its very bytes, measured right after it:
  // a 26 MB llms.txt is bounded by moving its bytes, and autocannon decodes every body into a
  // string, so compressed or non-ASCII bodies cost the load generator more than "x" does.
  for (const [name, path, headers] of cachedReads) {
    if (!wanted(name)) continue
    // A cached read is measured cached: its first rendering (a second for a 26 MB llms.txt) is not.
    // Every instance renders and keeps its own copy first.
    const bodies = await Promise.all(urls.map((url) => answerBody(url + path, headers)))
    const row = await run(name, { url: targets(urls, path), headers })
    const file = join(context.workDir, 'same-bytes-baseline.body')
    writeFileSync(file, bodies[0]!)
    const sameBytes = await baselines(file, urls.length)
    const sameRow = await run(`  bare node:http, the same ${bodies[0]!.length} bytes`, { url: targets(sameBytes.urls, ''), headers })
    await sameBytes.stop()
    // A bare server that answered nothing in the time (a 26 MB body on a busy machine) gives no ratio.
    if (sameRow.rps > 0) row.sameBytesRatio = row.rps / sameRow.rps
    record(judge(row, '≥ 0.7 × baseline', row.rps >= 0.7 * baselineRow.rps))
  }

  // A deep catalog cursor: the page after the dataset's middle article (the dataset's order is its index).
  const deepCursor = encodeCursor({ published_at: sample.published_at!, slug: sample.slug })
  const mcp = (query: string): Scenario => ({
    url: targets(urls, '/mcp'),
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'search_articles', arguments: { query, limit: 10 } },
    }),
  })
  // Latency targets are judged at one connection (the time one request takes); at 50 connections
  // p99 is mostly queueing (about 50 ÷ req/s), shown for throughput.
  const latencyScenarios: [string, Scenario, number][] = [
    ['catalog, first page (limit=100)', { url: targets(urls, '/api/content/catalog?limit=100'), headers: auth }, 10],
    [
      'catalog, deep page (cursor, middle of the catalog)',
      { url: targets(urls, `/api/content/catalog?limit=100&cursor=${encodeURIComponent(deepCursor)}`), headers: auth },
      10,
    ],
    ['MCP search_articles, words in every article', mcp('review quarter'), 20],
    ['MCP search_articles, a subject', mcp('working capital'), 20],
  ]
  for (const [name, scenario, limitMs] of latencyScenarios) {
    if (!wanted(name)) continue
    // The time one request takes, measured first: after the 50-connection row a slow scenario leaves
    // a queue in the server (fifty searches waiting for ten pooled connections) that the
    // one-connection row would wait behind. One connection reaches one instance.
    const oneRequest = await run(name, { ...scenario, url: Array.isArray(scenario.url) ? scenario.url[0]! : scenario.url, connections: 1 })
    const single = judge(oneRequest, `p99 < ${limitMs} ms`, oneRequest.p99 < limitMs)
    context.measured(single)
    const throughput = { ...(await run(name, scenario)), target: '(throughput)' }
    await settle(scenario)
    context.measured(throughput)
    // The table keeps its order: throughput first.
    rows.push(throughput, single)
  }
  const createName = 'POST /api/content/ (5 KB body)'
  if (wanted(createName)) {
    let counter = 0
    // One 5 KB payload made before measuring, only its slug changes per request: the load generator
    // shares the machine, and building bodies during the run would take CPU from the server.
    const createTemplate = JSON.stringify(datasetPayload(options.articles + 1, site, 'SLUG-PLACEHOLDER'))
    const createHeaders = { ...auth, 'content-type': 'application/json' }
    // The first write of a server loads the sanitiser and the English model (some 150–350 ms, once);
    // it is timed on its own, so that the row measures how many creates a running server takes a second.
    let firstWriteMs = 0
    for (const url of urls) {
      const started = performance.now()
      const res = await fetch(`${url}/api/content/`, {
        method: 'POST',
        headers: createHeaders,
        body: createTemplate.replace('SLUG-PLACEHOLDER', `bench-create-${process.pid}-${counter++}`),
      })
      await res.arrayBuffer()
      if (!res.ok) throw new Error(`the first write answered ${res.status}`)
      firstWriteMs = Math.max(firstWriteMs, performance.now() - started)
    }
    context.wroteFirst(firstWriteMs)
    const creates = await run(createName, {
      url: urls.length === 1 ? urls[0]! : urls,
      requests: [
        {
          method: 'POST',
          path: '/api/content/',
          headers: createHeaders,
          setupRequest: (req) => ({ ...req, body: createTemplate.replace('SLUG-PLACEHOLDER', `bench-create-${process.pid}-${counter++}`) }),
        },
      ],
    })
    record(judge(creates, `≥ ${context.createsTarget} creates/s`, creates.rps >= context.createsTarget))
  }
  for (const row of rows) if (row !== baselineRow) row.ratio = row.rps / baselineRow.rps
  return rows
}
