// A real `folio serve` process for end-to-end tests: a free loopback port, its log lines to wait on,
// and a clean stop. The environment given is laid over a neutral one (no inherited backends).
import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))

export interface FolioServer {
  child: ChildProcess
  /** http://127.0.0.1:<port> */
  base: string
  /** Resolves with the first match of a pattern in the server's stdout (its JSON log). */
  waitFor(pattern: RegExp): Promise<string>
  exited: Promise<number | null>
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | null>
}

/** Starts `folio serve` on PORT=0 and resolves once it listens. */
export async function startFolioServer(env: Record<string, string>): Promise<FolioServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', 'serve'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      FOLIO_DEMO_CONTENT: '0',
      FOLIO_DATABASE_URL: '',
      FOLIO_REDIS_URL: '',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  let errors = ''
  const waiters: { pattern: RegExp; resolve: (line: string) => void }[] = []
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk
    for (const w of [...waiters]) {
      const match = w.pattern.exec(output)
      if (match) {
        waiters.splice(waiters.indexOf(w), 1)
        w.resolve(match[0])
      }
    }
  })
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (errors += chunk))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  const waitFor = (pattern: RegExp) =>
    new Promise<string>((resolve, reject) => {
      const match = pattern.exec(output)
      if (match) return resolve(match[0])
      waiters.push({ pattern, resolve })
      void exited.then(() => reject(new Error(`server exited before logging ${pattern}:\n${output}\n${errors}`)))
    })
  const listening = await waitFor(/Server listening at http:\/\/127\.0\.0\.1:\d+/)
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
    return exited
  }
  return { child, base: listening.slice(listening.indexOf('http')), waitFor, exited, stop }
}
