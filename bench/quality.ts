// The body quality checker's speed: a 20 KB body must be checked in under 2 ms and a
// 100000-character body in under 20 ms (median of repeated runs). Run alone or from bench/run.ts.
import { bodyQualityWarnings } from '../src/content/quality/index.js'
import { datasetArticle } from './dataset.js'
import { loadSite } from '../src/content/site-definition.js'
import { DEMO_SITE_DIR } from '../src/paths.js'

function bodyOf(size: number): string {
  const site = loadSite(DEMO_SITE_DIR)
  let body = ''
  for (let i = 0; body.length < size; i++) body += datasetArticle(i, site, 2_000).body
  // Cut at a tag boundary just under the wanted size so the body stays valid HTML.
  return body.slice(0, body.lastIndexOf('<h2>', size) > 0 ? body.lastIndexOf('<h2>', size) : size)
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}

function time(body: string, runs: number): number {
  const input = {
    title: 'How a pricing routine reduces quote-to-cash time',
    body,
    lang: 'en',
    content: {},
    published_at: '2026-03-05T09:30:00Z',
  }
  for (let i = 0; i < 5; i++) bodyQualityWarnings(input)
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const start = performance.now()
    bodyQualityWarnings(input)
    times.push(performance.now() - start)
  }
  return median(times)
}

export async function benchQuality(): Promise<{ name: string; ms: number; target: number }[]> {
  return [
    { name: '20 KB body', ms: time(bodyOf(20 * 1024), 50), target: 2 },
    { name: '100000-character body', ms: time(bodyOf(100_000), 50), target: 20 },
  ]
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const row of await benchQuality()) console.log(`quality check, ${row.name}: ${row.ms.toFixed(2)} ms (target < ${row.target} ms)`)
}
