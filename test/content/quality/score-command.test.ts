// `npm run quality:score` as a command: its whole report reaches the other end of a pipe (the whole
// corpus's details run past a pipe's 64 KB), a reader that stops early gets no stack trace, it exits 0
// on target, and a usage error is one line and status 2.
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { test } from 'node:test'

const SCRIPT = new URL('../../../scripts/quality-score.ts', import.meta.url).pathname

function run(args: string[], pipedInto?: string): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const command = [process.execPath, '--import', 'tsx', SCRIPT, ...args]
    // A pipe the shell makes, as in "npm run quality:score -- --details | grep missed", not one Node makes for its child.
    const child = pipedInto
      ? spawn('bash', ['-o', 'pipefail', '-c', `${command.map((a) => `'${a}'`).join(' ')} | ${pipedInto}`], {
          stdio: ['ignore', 'pipe', 'pipe'],
        })
      : spawn(command[0]!, command.slice(1), { stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8')
    child.stdout.on('data', (chunk: string) => (stdout += chunk))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.on('error', reject)
    child.on('close', (status) => resolve({ status, stdout, stderr }))
  })
}

test('the whole report, past 64 KB, reaches the other end of a shell pipe', async () => {
  const { status, stdout } = await run(['--set', 'all', '--details'], 'cat')
  assert.ok(stdout.length > 64 * 1024, `${stdout.length} characters`)
  assert.match(stdout, /\ntargets \(precision ≥ 0\.95, recall ≥ 0\.9 per rule and overall, [^\n]*\): met\n$/)
  assert.equal(status, 0)
  // Every miss and false alarm the table counts is listed, none lost on the way.
  const [, fn, fp] = /\| overall \| \d+ \| \d+ \| (\d+) \| \d+ \| (\d+) \|/.exec(stdout) ?? []
  assert.equal(stdout.match(/^ {2}missed {7}/gm)?.length, Number(fn))
  assert.equal(stdout.match(/^ {2}false alarm {2}/gm)?.length, Number(fp))
})

test('a reader that stops early ends the report quietly, with no stack trace', async () => {
  const { status, stdout, stderr } = await run(['--set', 'all', '--details'], 'head -n 2')
  assert.match(stdout, /^\nall set: \d+ articles\n$/)
  assert.equal(stderr, '')
  assert.equal(status, 0)
})

test('an unknown set is a usage error: one line on stderr, status 2', async () => {
  const { status, stdout, stderr } = await run(['--set', 'blind-nowhere'])
  assert.equal(status, 2)
  assert.equal(stdout, '')
  assert.match(stderr, /^quality:score: unknown set "blind-nowhere" \(sets: tuning, .*\) \(see --help\)\n$/)
})
