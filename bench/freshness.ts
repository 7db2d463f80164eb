// Freshness across instances: N creates through instance A, each followed by polling instance B's
// public surfaces (article JSON, article page, feed, sitemap, catalog through the API) until the new
// article shows; the delay per surface from A's answer to B's first answer showing it, and a check
// that B never goes backwards: no answer of B may show less than an answer B finished earlier.
import { randomBytes } from 'node:crypto'
import type { Site } from '../src/content/site-definition.js'
import { datasetArticle, datasetPayload } from './dataset.js'

export interface FreshnessReport {
  writes: number
  polls: number
  surfaces: { name: string; p50: number; p99: number; max: number }[]
  /** Each time an answer of B showed less than an answer of B that had finished before it was asked. */
  backwards: string[]
}

/** One answer of B: the newest write it shows is at least `lower` and at most `upper`. */
interface Poll {
  surface: string
  start: number
  end: number
  lower: number
  upper: number
}

interface Surface {
  name: string
  /** Reads one URL per write (the article itself), rather than a list that names every write. */
  perWrite: boolean
  /** The newest write index this answer proves shown (lower) and the newest it can show (upper), for write `i`. */
  read(i: number): Promise<{ lower: number; upper: number }>
}

/** Polls of one surface are this far apart, so five pollers do not starve B's rendering of the new generation. */
const POLL_GAP_MS = 2
/** A write not shown by then counts as this late and the run goes on. */
const GIVE_UP_MS = 10_000

function percentile(sorted: number[], p: number): number {
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!
}

export async function measureFreshness(options: {
  writer: string
  reader: string
  token: string
  site: Site
  writes: number
}): Promise<FreshnessReport> {
  const { writer, reader, token, site } = options
  const run = randomBytes(3).toString('hex')
  const slugOf = (i: number) => `fresh-${run}-${i}`
  const auth = { authorization: `Bearer ${token}` }
  const newest = new RegExp(`fresh-${run}-(\\d+)`, 'g')
  /** The highest write index named in a document: lists show every write up to the newest they know. */
  const listed = (text: string) => Math.max(-1, ...[...text.matchAll(newest)].map((m) => Number(m[1])))
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(reader + path, { headers })
    return { status: res.status, etag: res.headers.get('etag'), text: await res.text() }
  }
  // Past 50 000 URLs /sitemap.xml is an index; the newest articles are in its first child.
  const sitemapPath = (await get('/sitemap.xml')).text.includes('<sitemapindex') ? '/sitemap-1.xml' : '/sitemap.xml'
  const single = (name: string, path: (slug: string, i: number) => string): Surface => ({
    name,
    perWrite: true,
    read: async (i) => {
      const { status } = await get(path(slugOf(i), i))
      if (status !== 200 && status !== 404) throw new Error(`${name}: ${status}`)
      return status === 200 ? { lower: i, upper: Infinity } : { lower: -1, upper: i - 1 }
    },
  })
  const list = (name: string, path: string, headers: Record<string, string> = {}): Surface => {
    // Revalidated with its ETag: an unchanged 16 MB sitemap child is a 304, not 16 MB per poll,
    // and shows what the answer it revalidated showed.
    let last: { etag: string; shown: number } | undefined
    return {
      name,
      perWrite: false,
      read: async () => {
        const { status, etag, text } = await get(path, last ? { ...headers, 'if-none-match': last.etag } : headers)
        if (status === 304 && last) return { lower: last.shown, upper: last.shown }
        if (status !== 200) throw new Error(`${name}: ${status}`)
        const shown = listed(text)
        last = etag ? { etag, shown } : undefined
        return { lower: shown, upper: shown }
      },
    }
  }
  const surfaces: Surface[] = [
    single('article JSON', (slug) => `/api/content/${slug}`),
    single('article page (HTML)', (slug, i) => `/insights/${datasetArticle(i, site).rubric}/${slug}/`),
    list('/feed.xml', '/feed.xml'),
    list(sitemapPath, sitemapPath),
    list('catalog through the API (first page)', '/api/content/catalog?limit=20', auth),
  ]
  const delays = new Map<string, number[]>(surfaces.map((s) => [s.name, []]))
  const polls: Poll[] = []
  const pollOnce = async (surface: Surface, i: number) => {
    const start = performance.now()
    const shown = await surface.read(i)
    polls.push({ surface: surface.name, start, end: performance.now(), ...shown })
    return shown
  }

  for (let i = 0; i < options.writes; i++) {
    const res = await fetch(`${writer}/api/content/`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify(datasetPayload(i, site, slugOf(i), 2_000)),
    })
    const answer = await res.text()
    if (res.status !== 200) throw new Error(`create ${slugOf(i)} through A: ${res.status} ${answer}`)
    const written = performance.now()
    let pending = surfaces.length
    await Promise.all(
      surfaces.map(async (surface) => {
        // The previous write must still show on the article surfaces (the lists prove it themselves).
        if (i > 0 && surface.perWrite) await pollOnce(surface, i - 1)
        let seen = false
        // Keeps polling after its own first sight until every surface has shown the write, so a
        // surface that showed it and then hid it is caught.
        while (pending > 0) {
          const shown = await pollOnce(surface, i)
          if (!seen && shown.lower >= i) {
            seen = true
            delays.get(surface.name)!.push(performance.now() - written)
            pending--
          } else if (!seen && performance.now() - written > GIVE_UP_MS) {
            seen = true
            delays.get(surface.name)!.push(GIVE_UP_MS)
            pending--
          }
          if (pending > 0) await new Promise((r) => setTimeout(r, POLL_GAP_MS))
        }
      }),
    )
    if (i % 100 === 99) process.stderr.write(`  freshness: ${i + 1} writes\n`)
  }
  return {
    writes: options.writes,
    polls: polls.length,
    surfaces: surfaces.map((s) => {
      const sorted = delays.get(s.name)!.sort((a, b) => a - b)
      return { name: s.name, p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), max: sorted[sorted.length - 1] ?? NaN }
    }),
    backwards: backwardsAnswers(polls),
  }
}

/**
 * Every answer that shows less than an answer finished before it was asked (on any surface: all of
 * B's surfaces read the one content generation). Sweeps the answers by start time against those
 * finished earlier, keeping the most any of them proved shown.
 */
export function backwardsAnswers(polls: readonly Poll[]): string[] {
  const byEnd = [...polls].sort((a, b) => a.end - b.end)
  const byStart = [...polls].sort((a, b) => a.start - b.start)
  const found: string[] = []
  let finished = 0
  let proven: Poll | undefined
  for (const poll of byStart) {
    while (finished < byEnd.length && byEnd[finished]!.end < poll.start) {
      const done = byEnd[finished++]!
      if (!proven || done.lower > proven.lower) proven = done
    }
    if (proven && poll.upper < proven.lower)
      found.push(`${poll.surface} showed at most write ${poll.upper} after ${proven.surface} had shown write ${proven.lower}`)
  }
  return found
}
