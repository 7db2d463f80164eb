// The command line itself: --help and --version on every command, one-line errors with the usage
// and exit 2 for a wrong command line, never a stack trace; serve's --port and --host.
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, test } from 'node:test'
import { promisify } from 'node:util'
import { API_VERSION } from '../../src/contract/version.js'
import { runFolio } from '../helpers/folio-cli.js'

const dataDir = mkdtempSync(join(tmpdir(), 'folio-cli-line-'))
after(() => rmSync(dataDir, { recursive: true, force: true }))

type Failure = { code: number; stdout: string; stderr: string }
const fails = (args: string[], env: Record<string, string> = {}) =>
  runFolio(dataDir, args, env).then(
    () => assert.fail(`folio ${args.join(' ')} succeeded`),
    (error: Failure) => error,
  )

const COMMANDS = [
  [],
  ['serve'],
  ['keys'],
  ['keys', 'add'],
  ['keys', 'list'],
  ['keys', 'rotate'],
  ['keys', 'retire'],
  ['catalog', 'rebuild'],
  ['images', 'prune'],
]

test('every command answers --help on stdout with exit 0, naming its options and the environment it reads', async () => {
  for (const command of COMMANDS) {
    const { stdout, stderr } = await runFolio(dataDir, [...command, '--help'])
    assert.match(stdout, new RegExp(`^Usage: folio${command.map((c) => ` ${c}`).join('')} `), command.join(' '))
    assert.equal(stderr, '')
    const environment = ['publish', 'pull'].includes(command[0]!) ? 'FOLIO_URL' : 'FOLIO_DATA_DIR'
    if (command.length > 0 && command[0] !== 'keys') assert.match(stdout, new RegExp(`Environment:\n {2}${environment}`), command.join(' '))
  }
  assert.match((await runFolio(dataDir, ['serve', '--help'])).stdout, /--port <n>[\s\S]*--host <address>[\s\S]*PORT, HOST/)
})

test('--version prints the version', async () => {
  assert.equal((await runFolio(dataDir, ['--version'])).stdout, `${API_VERSION}\n`)
})

test('an unknown option or command is one line naming it, then the usage; exit 2, no stack trace', async () => {
  const cases: [string[], RegExp][] = [
    [['--bogus'], /^folio: unknown option '--bogus'\nUsage: folio \[options\] \[command\]\n/],
    [['publsh'], /^folio: unknown command 'publsh'/],
    [['keys', 'list', '--jsn'], /^folio: unknown option '--jsn' \(did you mean --json\?\)\nUsage: folio keys list \[options\]\n/],
    [['keys', 'rotate'], /^folio: missing required argument 'name'\nUsage: folio keys rotate /],
    [
      ['serve', '--port', '1x'],
      /^folio: option '--port <n>' argument '1x' is invalid\. a port is a number from 0 to 65535\.\nUsage: folio serve /,
    ],
    [['serve', '--port', '70000'], /^folio: option '--port <n>' argument '70000' is invalid/],
  ]
  for (const [args, message] of cases) {
    const error = await fails(args)
    assert.equal(error.code, 2, args.join(' '))
    assert.match(error.stderr, message, args.join(' '))
    assert.doesNotMatch(error.stderr, /\n\s+at /, 'no stack trace')
  }
})

test('a command group without its subcommand prints its help to stderr and exits 2', async () => {
  const error = await fails(['keys'])
  assert.equal(error.code, 2)
  assert.match(error.stderr, /^Usage: folio keys \[options\] \[command\][\s\S]*rotate <name>/)
})

test('a wrong environment is one line naming the variable, exit 2', async () => {
  const error = await fails(['keys', 'list'], { FOLIO_DATABASE_URL: 'mysql://x' })
  assert.equal(error.code, 2)
  assert.equal(error.stderr, 'folio: FOLIO_DATABASE_URL must start with postgres:// (leave it unset for SQLite)\n')
})

test('serve --port and --host override PORT and HOST, and the default public URL follows the port', async () => {
  const port = 20000 + (process.pid % 20000)
  const { FOLIO_PUBLIC_URL: _unset, ...env } = process.env
  const child = execFile(
    process.execPath,
    ['--import', 'tsx', new URL('../../src/main.ts', import.meta.url).pathname, 'serve', '--port', String(port), '--host', '127.0.0.1'],
    {
      env: { ...env, FOLIO_DATA_DIR: dataDir, FOLIO_DEMO_CONTENT: '0', LOG_LEVEL: 'silent', PORT: '1', HOST: '0.0.0.0' },
    },
  )
  try {
    let answer: Response | undefined
    for (let i = 0; i < 100 && !answer; i++) {
      answer = await fetch(`http://127.0.0.1:${port}/api/content/catalog`).catch(() => undefined)
      if (!answer) await new Promise((resolve) => setTimeout(resolve, 100))
    }
    assert.ok(answer, 'the server answered on --port')
    const catalog = (await answer.json()) as { url?: string; links?: unknown }
    assert.ok(JSON.stringify(catalog).includes(`http://localhost:${port}/`), 'absolute URLs carry the served port')
  } finally {
    child.kill('SIGTERM')
    await promisify((callback: () => void) => child.once('exit', () => callback()))()
  }
})
