// The `folio` an installation runs: the package's bin (dist/, made by `npm ci` through `prepare`),
// not the sources through tsx. Every command of the program answers --help; the publishing commands
// start without loading any of the server's modules; a folder is published, pulled and published
// back unchanged.
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import type { Command } from 'commander'
import { buildProgram } from '../../src/cli/program.js'
import { runFolio } from '../helpers/folio-cli.js'
import { startFolioServer, type FolioServer } from '../helpers/folio-server.js'
import { png } from '../helpers/image-fixtures.js'

const run = promisify(execFile)
const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string; bin: { folio: string } }
const BIN = join(ROOT, pkg.bin.folio)

/**
 * Prints, at exit, every loaded module of the server's own CommonJS dependencies: the SQLite and
 * PostgreSQL drivers, the HTTP server, Redis (all load through require, so its cache sees them).
 */
const SERVER_MODULES_PROBE = `data:text/javascript,${encodeURIComponent(`
import { createRequire } from 'node:module'
const cache = createRequire(${JSON.stringify(BIN)}).cache
process.on('exit', () => {
  const loaded = Object.keys(cache).filter((path) => /node_modules\\/(better-sqlite3|pg|fastify|ioredis)\\//.test(path))
  process.stderr.write('server modules: ' + JSON.stringify(loaded) + '\\n')
})`)}`

let dataDir: string
let work: string
let server: FolioServer
let token: string

function folio(args: string[], env: Record<string, string> = {}, nodeOptions: string[] = []) {
  return run(process.execPath, [...nodeOptions, BIN, ...args], {
    env: { ...process.env, FOLIO_DATA_DIR: dataDir, FOLIO_URL: server.base, FOLIO_TOKEN: token, LOG_LEVEL: 'silent', ...env },
  })
}

before(async () => {
  assert.ok(existsSync(BIN), `${pkg.bin.folio} is missing: run npm run build (npm ci does it)`)
  dataDir = mkdtempSync(join(tmpdir(), 'folio-bin-data-'))
  work = mkdtempSync(join(tmpdir(), 'folio-bin-work-'))
  server = await startFolioServer({ FOLIO_DATA_DIR: dataDir, FOLIO_RATE_LIMIT_CONTENT: '100000/60' })
  token = (await runFolio(dataDir, ['keys', 'add', '--name', 'ci', '--scope', 'write'])).stdout.trim().split('\n').at(-1)!
})
after(async () => {
  await server?.stop()
  rmSync(dataDir, { recursive: true, force: true })
  rmSync(work, { recursive: true, force: true })
})

/** Every command of the program, groups and subcommands, as argument lists: those added later included. */
function everyCommand(command: Command, path: string[] = []): string[][] {
  return command.commands
    .filter((sub) => sub.name() !== 'help')
    .flatMap((sub) => [[...path, sub.name()], ...everyCommand(sub, [...path, sub.name()])])
}

test('the built folio answers --help on every command and --version with the package version', async () => {
  const commands = everyCommand(buildProgram())
  assert.ok(commands.some((c) => c[0] === 'publish') && commands.some((c) => c[0] === 'pull'))
  for (const command of [[], ...commands]) {
    const { stdout, stderr } = await folio([...command, '--help'])
    assert.match(stdout, new RegExp(`^Usage: folio${command.map((c) => ` ${c}`).join('')}`), command.join(' '))
    assert.equal(stderr, '')
    if (command.length > 0) assert.match(stdout, /\nEnvironment:\n {2}FOLIO_/, `${command.join(' ')} names the environment it reads`)
  }
  assert.equal((await folio(['--version'])).stdout.trim(), pkg.version)
  assert.equal((await folio(['publish', '--version'])).stdout.trim(), pkg.version)
})

test('publish and pull load none of the server modules; a store command does', async () => {
  const probe = ['--import', SERVER_MODULES_PROBE]
  for (const args of [
    ['publish', '--help'],
    ['pull', '--help'],
    ['publish', '--dry-run', join(work, 'nothing-here')],
  ]) {
    const stderr = await folio(args, {}, probe).then(
      (done) => done.stderr,
      (failed: { stderr: string }) => failed.stderr,
    )
    assert.match(stderr, /server modules: \[\]\n/, `${args.join(' ')}: ${stderr}`)
  }
  // The probe sees them when they are loaded.
  const { stderr } = await folio(['keys', 'list'], {}, probe)
  assert.match(stderr, /server modules: \[".*better-sqlite3/)
})

test('the built folio publishes a folder with an image, re-publishes it unchanged, pulls it and publishes the pull unchanged', async () => {
  const dir = join(work, 'content')
  mkdirSync(join(dir, 'img'), { recursive: true })
  writeFileSync(join(dir, 'img', 'chart.png'), png(7))
  writeFileSync(
    join(dir, 'supplier-reviews.md'),
    `---
title: How often should a firm review its supplier contracts?
rubric: operations
tags: [procurement]
faq:
  - q: Who runs the review?
    a: The buyer who owns the contract.
sources:
  - { title: Procurement survey, url: https://example.org/survey }
---
Review each supplier contract once a year, and every contract above 100,000 a year each quarter.

![Spend by contract](img/chart.png)

- prices paid against prices agreed
- ~~phone agreements~~ written changes only

| Contract size | Review |
|---|---|
| above 100,000 | quarterly |
`,
  )
  writeFileSync(
    join(dir, 'notice-periods.md'),
    `---\ntitle: What notice period should a supplier contract carry?\nrubric: operations\n---\nThree months, so that a tender fits before the contract ends. See [the guide](https://example.org/guide).\n`,
  )
  const first = JSON.parse((await folio(['publish', '--json', dir])).stdout) as { slug: string; action: string }[]
  assert.deepEqual(first.map((r) => [r.slug, r.action]).sort(), [
    ['notice-periods', 'created'],
    ['supplier-reviews', 'created'],
  ])
  const again = await folio(['publish', dir])
  assert.match(again.stdout, /^2 file\(s\): 2 unchanged; 0 warning\(s\)$/m)

  const out = join(work, 'pulled')
  await folio(['pull', '--out', out])
  assert.match(
    readFileSync(join(out, 'supplier-reviews.md'), 'utf8'),
    /!\[Spend by contract\]\(\/images\/supplier-reviews\/[0-9a-f]{64}\.png\)/,
  )
  const back = JSON.parse((await folio(['publish', '--json', out])).stdout) as { action: string; warnings: unknown[] }[]
  assert.deepEqual(
    back.map((r) => r.action),
    ['unchanged', 'unchanged'],
  )
})
