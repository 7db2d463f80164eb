// `folio images prune --older-than AGE`: removes images whose slug has no article and that are
// older than AGE; images of existing articles and recent uploads stay.
import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, test } from 'node:test'
import { runFolio } from '../helpers/folio-cli.js'
import { STORE_DERIVATIONS } from '../../src/content/store-derivations.js'
import type { KyselyStore } from '../../src/store/kysely-store.js'
import { openStore } from '../../src/store/open-store.js'
import { png } from '../helpers/image-fixtures.js'

let dataDir: string
let store: KyselyStore

const folio = (...args: string[]) => runFolio(dataDir, args)

async function image(slug: string, createdAt: string) {
  const bytes = png()
  const record = {
    key: `${slug}/featured.png`,
    slug,
    variant: 'featured',
    type: 'image/png',
    size: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    created_at: createdAt,
  }
  await store.images.put(record, bytes, { replaceVariant: true })
}

before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'folio-cli-images-'))
  store = await openStore({ dataDir, derivations: STORE_DERIVATIONS })
  await store.articles.create({
    slug: 'has-article',
    title: 'T',
    body: '<p>B</p>',
    rubric: 'strategy',
    lang: 'en',
    tags: [],
    excerpt: 'B',
    status: 'draft',
    published_at: null,
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
  const old = new Date(Date.now() - 8 * 86_400_000).toISOString()
  await image('has-article', old)
  await image('orphan-old', old)
  await image('orphan-new', new Date(Date.now() - 3_600_000).toISOString())
})
after(async () => {
  await store.close()
  rmSync(dataDir, { recursive: true, force: true })
})

test('images prune --older-than 7d removes old images of slugs without an article, files included', async () => {
  const { stdout, stderr } = await folio('images', 'prune', '--older-than', '7d')
  assert.match(stdout, /^removed orphan-old\/featured\.png /m)
  assert.match(stderr, /1 image\(s\) without an article/)
  assert.deepEqual(await store.images.listFor('orphan-old'), [])
  assert.ok(!existsSync(join(dataDir, 'images', 'orphan-old', 'featured.png')))
  assert.equal((await store.images.listFor('orphan-new')).length, 1, 'a recent upload stays')
  assert.equal((await store.images.listFor('has-article')).length, 1, 'an article keeps its images, draft or not')
  assert.ok(existsSync(join(dataDir, 'images', 'has-article', 'featured.png')))
})

test('images prune without a valid --older-than exits 2 with a message', async () => {
  for (const args of [
    ['images', 'prune'],
    ['images', 'prune', '--older-than', 'seven days'],
  ]) {
    await assert.rejects(folio(...args), (error: { code: number; stderr: string }) => {
      assert.equal(error.code, 2)
      assert.match(error.stderr, /^folio: .*'--older-than <AGE>'.*\nUsage: folio images prune /)
      return true
    })
  }
})
