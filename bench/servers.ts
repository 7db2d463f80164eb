// The processes the bench measures: `folio serve` started exactly as `npm start` starts it (one or
// more instances, each optionally N cluster workers on one port), and the bare node:http baseline.
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { get as httpGet } from 'node:http'
import { join } from 'node:path'
import { PACKAGE_ROOT } from '../src/paths.js'

export interface FolioInstance {
  child: ChildProcess
  url: string
  startupMs: number
}

export interface InstanceOptions {
  /** Environment laid over the bench's own (store, Redis, data folder). */
  env: Record<string, string>
  /** Processes serving the one port (node:cluster), as FOLIO_WORKERS would run them. */
  workers: number
  /** Each server process counts and times its PostgreSQL queries into this folder at exit. */
  traceQueries?: string
  /** Each server process writes a V8 CPU profile into this folder at exit. */
  cpuProf?: string
  /** A module each server process imports first (an experiment measured before it is built). */
  preload?: string
}

export function log(message: string) {
  process.stderr.write(`${message}\n`)
}

/** The node arguments of `npm start` (its V8 options included), so the bench runs what users run. */
function startArguments(options: InstanceOptions): string[] {
  const [command, ...args] = (
    JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }
  ).scripts.start.split(/\s+/)
  if (command !== 'node') throw new Error(`npm start runs "${command}", not node: the bench cannot start it the same way`)
  if (!existsSync(join(PACKAGE_ROOT, 'dist', 'src', 'main.js'))) throw new Error('dist/ is missing: run npm run build (npm ci does it)')
  const main = args.findIndex((arg) => arg.endsWith('main.js'))
  const v8 = args.slice(0, main)
  const extra = [
    ...(options.traceQueries ? ['--import', join(PACKAGE_ROOT, 'bench', 'pg-trace.mjs')] : []),
    ...(options.cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProf}`] : []),
    ...(options.preload ? ['--import', options.preload] : []),
  ]
  // Several workers: the cluster primary forks them with these same node options.
  const entry = options.workers > 1 ? [join(PACKAGE_ROOT, 'bench', 'cluster-serve.mjs'), String(options.workers)] : args.slice(main)
  return [...v8, ...extra, ...entry]
}

export async function startFolio(options: InstanceOptions): Promise<FolioInstance> {
  const port = 20_000 + Math.floor(Math.random() * 20_000)
  const url = `http://127.0.0.1:${port}`
  const started = performance.now()
  const child = spawn(process.execPath, startArguments(options), {
    cwd: PACKAGE_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      FOLIO_PUBLIC_URL: url,
      FOLIO_DEMO_CONTENT: '0',
      LOG_LEVEL: 'warn',
      FOLIO_RATE_LIMIT_CONTENT: '100000000/60',
      FOLIO_RATE_LIMIT_MCP: '100000000/60',
      ...(options.traceQueries ? { FOLIO_BENCH_TRACE_DIR: options.traceQueries } : {}),
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  for (;;) {
    try {
      const res = await fetch(`${url}/api/health`)
      if (res.ok) break
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error(`folio serve exited with ${child.exitCode}`)
    if (performance.now() - started > 60_000) throw new Error('folio serve did not answer within 60 s')
    await new Promise((r) => setTimeout(r, 5))
  }
  return { child, url, startupMs: performance.now() - started }
}

/** Stops a server and waits for it to exit (its CPU profile and query trace are written at exit). */
export function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  child.kill('SIGTERM')
  return exited
}

/** The body of one answer, as sent (compressed when the headers ask for it). */
export function answerBody(url: string, headers: Record<string, string> = {}): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    httpGet(url, { headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => resolve(Buffer.concat(chunks)))
    }).on('error', reject)
  })
}

/** A bare node:http server answering `size` bytes of "x", or the exact bytes of the file `body`. */
export async function startBaseline(body: number | string): Promise<{ child: ChildProcess; url: string }> {
  const args = typeof body === 'number' ? [String(body)] : ['--file', body]
  const child = spawn(process.execPath, [join(PACKAGE_ROOT, 'bench', 'baseline-server.mjs'), ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const port = await new Promise<string>((resolve) => child.stdout.once('data', (d: Buffer) => resolve(d.toString().trim())))
  return { child, url: `http://127.0.0.1:${port}` }
}

function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number)
  } catch {
    return []
  }
}

function vmHwmKb(pid: number): number {
  try {
    return Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0)
  } catch {
    return 0
  }
}

/** A server's peak RSS in MB: its VmHWM, plus its workers' when it runs several (their peaks summed, an upper bound). */
export function peakRssMb(pid: number): number {
  return Math.round([pid, ...childrenOf(pid)].reduce((sum, p) => sum + vmHwmKb(p), 0) / 1024)
}
