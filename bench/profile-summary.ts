// Summarises a V8 CPU profile (npm run bench -- --cpu-prof DIR): where the process spent its time,
// by function (self time) and by package or source folder (self time of its functions), so the
// findings name where the time goes. --busiest S keeps only the S seconds with the least idle time
// (the measured scenario, without start-up and shutdown).
// Usage: node --import tsx bench/profile-summary.ts FILE.cpuprofile [--top N] [--busiest S]
import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  children?: number[]
}

interface Profile {
  nodes: ProfileNode[]
  startTime: number
  endTime: number
  samples: number[]
  timeDeltas: number[]
}

/** Where a function lives: a package under node_modules, a folder of Folio's own code, node's internals or V8. */
function place(url: string, name: string): string {
  if (!url) return name.startsWith('(') ? name : '(native)'
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)
  if (pkg) return pkg[1]!
  const own = /\/(?:dist\/)?(src|bench)\/(.*)\/[^/]+$/.exec(url)
  if (own) return `${own[1]}/${own[2]}`
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`
  return url.replace(/^.*\//, '')
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: 'string', default: '25' }, busiest: { type: 'string' } },
})
if (!positionals[0]) {
  process.stderr.write('usage: node --import tsx bench/profile-summary.ts FILE.cpuprofile [--top N]\n')
  process.exit(2)
}
const profile = JSON.parse(readFileSync(positionals[0], 'utf8')) as Profile
const byId = new Map(profile.nodes.map((node) => [node.id, node]))
const idleId = profile.nodes.find((node) => node.callFrame.functionName === '(idle)')?.id

/** The sample range [from, to) covering `seconds` with the least idle time; every sample without --busiest. */
function window(seconds: number | undefined): [number, number] {
  if (seconds === undefined) return [0, profile.samples.length]
  const span = seconds * 1e6
  let best: [number, number] = [0, 0]
  let bestBusy = -1
  let busy = 0
  let elapsed = 0
  let from = 0
  for (let to = 0; to < profile.samples.length; to++) {
    const delta = profile.timeDeltas[to] ?? 0
    elapsed += delta
    if (profile.samples[to] !== idleId) busy += delta
    while (elapsed > span) {
      const dropped = profile.timeDeltas[from] ?? 0
      elapsed -= dropped
      if (profile.samples[from] !== idleId) busy -= dropped
      from++
    }
    if (busy > bestBusy) {
      bestBusy = busy
      best = [from, to + 1]
    }
  }
  return best
}

const [first, last] = window(values.busiest === undefined ? undefined : Number(values.busiest))
const selfMs = new Map<number, number>()
let total = 0
for (let i = first; i < last; i++) {
  const ms = (profile.timeDeltas[i] ?? 0) / 1000
  total += ms
  selfMs.set(profile.samples[i]!, (selfMs.get(profile.samples[i]!) ?? 0) + ms)
}
const byFunction = new Map<string, number>()
const byPlace = new Map<string, number>()
for (const [id, ms] of selfMs) {
  const { functionName, url, lineNumber } = byId.get(id)!.callFrame
  const name = `${functionName || '(anonymous)'} ${url ? `${url.replace(/^.*\/(node_modules|dist|src|bench)\//, '$1/')}:${lineNumber + 1}` : ''}`
  byFunction.set(name, (byFunction.get(name) ?? 0) + ms)
  const where = place(url, functionName)
  byPlace.set(where, (byPlace.get(where) ?? 0) + ms)
}
const top = Number(values.top)
const lines = (map: Map<string, number>) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, ms]) => `${ms.toFixed(0).padStart(8)} ms ${((100 * ms) / total).toFixed(1).padStart(5)} %  ${name}`)
process.stdout.write(
  [
    `profile of ${total.toFixed(0)} ms`,
    '',
    'self time by package or folder:',
    ...lines(byPlace),
    '',
    'self time by function:',
    ...lines(byFunction),
    '',
  ].join('\n'),
)
