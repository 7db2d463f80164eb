// Runs every test file under test/ (recursively) with node's test runner through tsx, so node's
// own summary line closes the output. Node 20's --test does not expand globs itself.
// Usage: node scripts/run-tests.mjs [folder-or-file …]   (default: test/)
import { spawnSync } from 'node:child_process'
import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

function collect(path) {
  if (statSync(path).isFile()) return path.endsWith('.test.ts') ? [path] : []
  return readdirSync(path)
    .sort()
    .flatMap((name) => (name === 'fixtures' || name === 'helpers' ? [] : collect(join(path, name))))
}

const roots = process.argv.slice(2)
const files = (roots.length ? roots : ['test']).flatMap(collect)
const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=1', '--test-reporter=spec', ...files], {
  stdio: 'inherit',
})
process.exit(result.status ?? 1)
