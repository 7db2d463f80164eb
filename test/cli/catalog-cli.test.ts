// `folio catalog rebuild [--apply]`: the rebuild of POST /api/content/catalog from the shell.
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, test } from 'node:test'
import { runFolio } from '../helpers/folio-cli.js'
import { STORE_DERIVATIONS } from '../../src/content/store-derivations.js'
import type { KyselyStore } from '../../src/store/kysely-store.js'
import { openStore } from '../../src/store/open-store.js'

let dataDir: string
let store: KyselyStore

const folio = (...args: string[]) => runFolio(dataDir, args)

before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'folio-cli-catalog-'))
  store = await openStore({ dataDir, derivations: STORE_DERIVATIONS })
  await store.articles.create({
    slug: 'cli-article',
    title: 'T',
    body: '<p>B</p>',
    rubric: 'strategy',
    lang: 'en',
    tags: ['one'],
    excerpt: 'B',
    status: 'published',
    published_at: '2026-01-01T00:00:00.000Z',
    updated_at: null,
    created_at: '2026-01-01T00:00:00.000Z',
    translation_of: null,
    author: '',
    author_slug: '',
    meta_title: '',
    featured: false,
    cover_image_url: '',
    content: {},
    services: [],
    topics: [],
  })
  await store.db.deleteFrom('tag_stats').execute()
})
after(async () => {
  await store.close()
  rmSync(dataDir, { recursive: true, force: true })
})

test('catalog rebuild without --apply prints the changes and writes nothing; with --apply it repairs', async () => {
  const dry = await folio('catalog', 'rebuild')
  const report = JSON.parse(dry.stdout)
  assert.equal(report.applied, false)
  assert.deepEqual(report.changes, [{ kind: 'tag_count', target: 'one', before: 0, after: 1 }])
  assert.equal(report.articles.length, 1)
  assert.match(dry.stderr, /1 change\(s\) found \(dry run/)
  assert.equal((await store.db.selectFrom('tag_stats').selectAll().execute()).length, 0)

  const applied = JSON.parse((await folio('catalog', 'rebuild', '--apply')).stdout)
  assert.equal(applied.applied, true)
  assert.deepEqual(await store.db.selectFrom('tag_stats').selectAll().execute(), [{ tag: 'one', published_count: 1 }])
  assert.deepEqual(JSON.parse((await folio('catalog', 'rebuild')).stdout).changes, [])
})

test('an unknown catalog action is named on one line, with the usage, and exits 2', async () => {
  await assert.rejects(folio('catalog', 'shuffle'), (error: { code: number; stderr: string }) => {
    assert.equal(error.code, 2)
    assert.match(error.stderr, /^folio: unknown command 'shuffle'\nUsage: folio catalog /)
    assert.doesNotMatch(error.stderr, /\s+at /, 'no stack trace')
    return true
  })
})
