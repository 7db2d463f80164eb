// Runs the `folio` command (src/main.ts through tsx) on a data folder, as a person would from the shell.
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'

const run = promisify(execFile)
const MAIN = new URL('../../src/main.ts', import.meta.url).pathname

export function runFolio(dataDir: string, args: string[], env: Record<string, string> = {}) {
  return run(process.execPath, ['--import', 'tsx', MAIN, ...args], {
    env: { ...process.env, FOLIO_DATA_DIR: dataDir, FOLIO_DEMO_CONTENT: '0', LOG_LEVEL: 'silent', ...env },
  })
}
