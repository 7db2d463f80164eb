// The floors of the house, kept (docs/architecture.md): every file under src/ imports only from its
// own floor or the floors beneath it, no surface imports another surface, and no files import each
// other, directly or around a longer loop. Reads every file and resolves its relative imports.
import assert from 'node:assert/strict'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { test } from 'node:test'
import ts from 'typescript'

const SRC = resolve(import.meta.dirname, '../../src')

/** The floors, lowest first. A file belongs to the first floor one of whose patterns matches its path under src/. */
const FLOORS: { name: string; files: RegExp }[] = [
  { name: 'contract', files: /^(contract\/|types\/|config\.ts$|paths\.ts$)/ },
  { name: 'store', files: /^store\// },
  { name: 'content', files: /^content\// },
  { name: 'auth', files: /^auth\// },
  // Pure renderers: they see the records and the site they are handed, never transport or wiring.
  { name: 'renderers', files: /^site\/(pages\/|structured-data\.ts$)/ },
  { name: 'http', files: /^http\// },
  { name: 'surface deps', files: /^app-deps\.ts$/ },
  // Peers: each folder is a room of its own, and no room imports another.
  { name: 'surfaces', files: /^(api|site|discovery|mcp)\// },
  { name: 'app', files: /^app\.ts$/ },
  { name: 'main', files: /^(main\.ts$|cli\/)/ },
]
const SURFACES = FLOORS.findIndex((floor) => floor.name === 'surfaces')

type Graph = Map<string, string[]>

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : []
  })
}

/** The file a relative specifier names: `./x.js` is `./x.ts` or `./x.tsx` in the sources. */
function resolveImport(from: string, specifier: string): string | undefined {
  const target = resolve(dirname(from), specifier)
  const candidates = [target.replace(/\.js$/, '.ts'), target.replace(/\.js$/, '.tsx'), target]
  return candidates.find((path) => existsSync(path) && statSync(path).isFile())
}

/** Every file under src/ with the files it imports (static, type-only, re-exports and import()). */
function importGraph(): Graph {
  const graph: Graph = new Map()
  for (const file of sourceFiles(SRC)) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true)
    const targets = importedFiles
      .map((imported) => imported.fileName)
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) => {
        const target = resolveImport(file, specifier)
        assert.ok(target, `${relative(SRC, file)} imports ${specifier}, which names no file`)
        return relative(SRC, target)
      })
    graph.set(relative(SRC, file), targets)
  }
  return graph
}

function floorOf(file: string): number {
  return FLOORS.findIndex((floor) => floor.files.test(file))
}

/** Imports that climb a floor or cross from one surface to another, as `from -> to`. */
function wrongWayImports(graph: Graph): string[] {
  const wrong: string[] = []
  for (const [from, targets] of graph) {
    for (const to of targets) {
      const [fromFloor, toFloor] = [floorOf(from), floorOf(to)]
      const crosses = fromFloor === SURFACES && toFloor === SURFACES && from.split('/')[0] !== to.split('/')[0]
      if (toFloor > fromFloor || crosses) wrong.push(`${from} -> ${to}`)
    }
  }
  return [...new Set(wrong)].sort()
}

/** Every set of files that import each other, directly or around a loop (Tarjan's components). */
function importCycles(graph: Graph): string[] {
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const cycles: string[] = []
  const visit = (file: string) => {
    index.set(file, index.size)
    low.set(file, index.get(file)!)
    stack.push(file)
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next)
        low.set(file, Math.min(low.get(file)!, low.get(next)!))
      } else if (stack.includes(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!))
    }
    if (low.get(file) !== index.get(file)) return
    const component: string[] = []
    let member: string
    do {
      member = stack.pop()!
      component.push(member)
    } while (member !== file)
    if (component.length > 1 || graph.get(file)?.includes(file)) cycles.push(component.sort().join(' <-> '))
  }
  for (const file of graph.keys()) if (!index.has(file)) visit(file)
  return cycles.sort()
}

const graph = importGraph()

test('every file under src/ stands on a floor', () => {
  assert.ok(graph.size > 100, 'the sources were read')
  const homeless = [...graph.keys()].filter((file) => floorOf(file) === -1)
  assert.deepEqual(homeless, [], 'a new top-level file or folder needs its floor in FLOORS and docs/architecture.md')
})

test('imports run one way: no file imports a floor above its own, no surface another surface', () => {
  assert.deepEqual(wrongWayImports(graph), [], 'move what both need to the lower floor')
})

test('no two files import each other, directly or around a loop', () => {
  assert.deepEqual(importCycles(graph), [], 'move what both files need into a third one beneath them')
})

test('the check itself sees a climb, a crossing between surfaces and a loop', () => {
  const made: Graph = new Map([
    ['store/a.ts', ['content/b.ts']],
    ['content/b.ts', ['store/a.ts']],
    ['site/c.ts', ['discovery/d.ts', 'site/pages/e.tsx']],
    ['discovery/d.ts', []],
    ['site/pages/e.tsx', ['http/f.ts']],
    ['http/f.ts', []],
  ])
  assert.deepEqual(wrongWayImports(made), ['site/c.ts -> discovery/d.ts', 'site/pages/e.tsx -> http/f.ts', 'store/a.ts -> content/b.ts'])
  assert.deepEqual(importCycles(made), ['content/b.ts <-> store/a.ts'])
})

/** A file that grows past this does more than one job: split it along its jobs. */
const MOST_LINES = 300

test(`no file under src/ is over ${MOST_LINES} lines`, () => {
  const long = sourceFiles(SRC)
    .map((file) => ({ file: relative(SRC, file), lines: readFileSync(file, 'utf8').split('\n').length - 1 }))
    .filter(({ lines }) => lines > MOST_LINES)
    .map(({ file, lines }) => `${file}: ${lines} lines`)
  assert.deepEqual(long, [])
})
