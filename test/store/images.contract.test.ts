// The store contract for images, blobs and the catalog's keyset page: the same rules on SQLite
// (bytes as files) and PostgreSQL (bytes in the database) when FOLIO_TEST_DATABASE_URL is set.
import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import type { ArticleRecord } from '../../src/store/article-record.js'
import { assertBlobKey, DiskBlobStore, InvalidBlobKeyError } from '../../src/store/blob-store.js'
import type { ImageRow } from '../../src/store/store.js'
import type { KyselyStore } from '../../src/store/kysely-store.js'
import { record } from '../helpers/article-record.js'
import { openTestStore, TEST_DATABASE_URL } from '../helpers/test-store.js'

/** A stored article as these tests need it: no services, no AEO blocks, never updated. */
function article(slug: string, overrides: Partial<ArticleRecord> = {}): ArticleRecord {
  return record(slug, { tags: ['t'], updated_at: null, content: {}, services: [], topics: [], ...overrides })
}

function image(slug: string, name: string, bytes: Buffer, overrides: Partial<ImageRow> = {}): ImageRow {
  return {
    key: `${slug}/${name}`,
    slug,
    variant: name.split('.')[0]!,
    type: 'image/png',
    size: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    created_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  }
}

const backends: ('sqlite' | 'postgres')[] = TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite']
if (!TEST_DATABASE_URL) console.log('# image store contract: PostgreSQL skipped (FOLIO_TEST_DATABASE_URL is not set)')

for (const backend of backends) {
  describe(`image and catalog store contract (${backend})`, () => {
    let store: KyselyStore
    let dir: string
    before(async () => {
      dir = mkdtempSync(join(tmpdir(), 'folio-images-'))
      store = await openTestStore(dir, backend)
    })
    after(async () => {
      await store.close()
      rmSync(dir, { recursive: true, force: true })
    })

    test('put then get answers the record and the same bytes', async () => {
      const bytes = Buffer.from([1, 2, 3, 0, 255])
      const record = image('p-one', 'featured.png', bytes)
      await store.images.put(record, bytes, { replaceVariant: true })
      assert.deepEqual({ ...(await store.images.get('p-one/featured.png'))!, size: record.size }, record)
      assert.deepEqual(await store.images.bytes('p-one/featured.png'), bytes)
      assert.equal(await store.images.totalBytesFor('p-one'), 5)
    })

    test('replaceVariant removes the earlier image of the same slug and variant, bytes included; hashed images add up', async () => {
      const a = Buffer.from('a')
      const b = Buffer.from('bb')
      await store.images.put(image('p-rep', 'og.png', a), a, { replaceVariant: true })
      await store.images.put(image('p-rep', 'og.gif', b, { variant: 'og' }), b, { replaceVariant: true })
      assert.deepEqual(
        (await store.images.listFor('p-rep')).map((r) => r.key),
        ['p-rep/og.gif'],
      )
      assert.equal(await store.images.bytes('p-rep/og.png'), undefined)
      await store.images.put(image('p-rep', 'aaaa.png', a, { variant: 'gallery' }), a, { replaceVariant: false })
      await store.images.put(image('p-rep', 'bbbb.png', b, { variant: 'gallery' }), b, { replaceVariant: false })
      assert.equal((await store.images.listFor('p-rep')).length, 3)
    })

    test('the blob store lists by prefix', async () => {
      const blobs = store.images.blobs
      await blobs.put('list-a/one.png', Buffer.from('1'))
      await blobs.put('list-a/two.png', Buffer.from('2'))
      await blobs.put('list-b/one.png', Buffer.from('3'))
      assert.deepEqual(await blobs.list('list-a/'), ['list-a/one.png', 'list-a/two.png'])
      await blobs.delete(['list-a/one.png'])
      assert.deepEqual(await blobs.list('list-a/'), ['list-a/two.png'])
      assert.equal(await blobs.get('list-a/one.png'), undefined)
    })

    test('deleting an article removes its images and their bytes in the same operation; other slugs keep theirs', async () => {
      const bytes = Buffer.from('img')
      await store.articles.create(article('p-del'))
      await store.images.put(image('p-del', 'featured.png', bytes), bytes, { replaceVariant: true })
      await store.images.put(image('p-keep', 'featured.png', bytes), bytes, { replaceVariant: true })
      assert.equal(await store.articles.delete('p-del'), true)
      assert.deepEqual(await store.images.listFor('p-del'), [])
      assert.equal(await store.images.bytes('p-del/featured.png'), undefined)
      assert.deepEqual(await store.images.bytes('p-keep/featured.png'), bytes)
    })

    test('pruneOrphans removes only old images of slugs without an article', async () => {
      const bytes = Buffer.from('x')
      await store.articles.create(article('p-live'))
      await store.images.put(image('p-live', 'featured.png', bytes, { created_at: '2020-01-01T00:00:00.000Z' }), bytes, {
        replaceVariant: true,
      })
      await store.images.put(image('p-orphan', 'featured.png', bytes, { created_at: '2020-01-01T00:00:00.000Z' }), bytes, {
        replaceVariant: true,
      })
      await store.images.put(image('p-young', 'featured.png', bytes, { created_at: '2030-01-01T00:00:00.000Z' }), bytes, {
        replaceVariant: true,
      })
      const removed = await store.images.pruneOrphans('2025-01-01T00:00:00.000Z')
      assert.ok(removed.some((r) => r.key === 'p-orphan/featured.png'))
      assert.ok(!removed.some((r) => r.slug === 'p-live' || r.slug === 'p-young'))
      assert.equal(await store.images.bytes('p-orphan/featured.png'), undefined)
      assert.equal((await store.images.listFor('p-live')).length, 1)
      assert.equal((await store.images.listFor('p-young')).length, 1)
    })

    test('listPublished pages the catalog order by keyset, drafts excluded', async () => {
      for (const [slug, day] of [
        ['k-a', 3],
        ['k-b', 3],
        ['k-c', 2],
        ['k-d', 9],
      ] as const) {
        await store.articles.create(article(slug, { published_at: `2027-01-0${day}T00:00:00.000Z`, rubric: 'keyset' }))
      }
      await store.articles.create(article('k-draft', { status: 'draft', published_at: null, rubric: 'keyset' }))
      const first = await store.articles.listPublished({ limit: 2 })
      assert.deepEqual(
        first.map((a) => a.slug),
        ['k-d', 'k-a'],
      )
      const last = first.at(-1)!
      const next = await store.articles.listPublished({ after: { published_at: last.published_at!, slug: last.slug }, limit: 2 })
      assert.deepEqual(
        next.map((a) => a.slug),
        ['k-b', 'k-c'],
      )
      assert.equal(await store.articles.countPublished(), (await store.articles.listPublished()).length)
    })

    test('publishedTags answers the tags of published articles, sorted by code point', async () => {
      await store.articles.create(article('tg-1', { tags: ['Zeta', 'alpha', 'Beta'] }))
      await store.articles.create(article('tg-2', { tags: ['only-draft'], status: 'draft', published_at: null }))
      const tags = await store.articles.publishedTags()
      assert.deepEqual(
        tags,
        [...tags].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
      )
      assert.ok(tags.includes('Zeta') && tags.includes('alpha') && !tags.includes('only-draft'))
      assert.ok(tags.indexOf('Beta') < tags.indexOf('alpha'), 'code point order, not a locale collation')
    })
  })
}

describe('disk blob store', () => {
  test('keys that could leave the folder are refused before any file-system call', () => {
    for (const key of ['../x', 'a/../../x', '/etc/passwd', 'a\\..\\b', '..', 'a//b', '.hidden/x', 'a/./b', 'a/b\0.png', '', 'a/..x']) {
      assert.throws(() => assertBlobKey(key), InvalidBlobKeyError, JSON.stringify(key))
    }
    assertBlobKey('slug/featured.png')
  })

  test('put is atomic: no temp file stays behind and a second put replaces the bytes', async () => {
    const root = mkdtempSync(join(tmpdir(), 'folio-blobs-'))
    try {
      const blobs = new DiskBlobStore(root)
      await blobs.put('s/featured.png', Buffer.from('one'))
      await blobs.put('s/featured.png', Buffer.from('two'))
      assert.deepEqual(readdirSync(join(root, 's')), ['featured.png'])
      assert.equal((await blobs.get('s/featured.png'))!.toString(), 'two')
      await assert.rejects(blobs.get('../outside'), InvalidBlobKeyError)
      await blobs.delete(['s/featured.png'])
      assert.deepEqual(readdirSync(root), [], 'the emptied slug folder goes too')
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  })
})
