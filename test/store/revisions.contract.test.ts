// The store contract for what editors keep: revisions written in the transaction of the change they
// record (nothing is written when the revision cannot be), numbered per slug across a delete and a
// new article, trimmed and expired by the retention; the export's keyset read and the import's
// write as they were; preview links; drafts listed by listing time on their index. Runs on SQLite
// always and on PostgreSQL when FOLIO_TEST_DATABASE_URL is set.
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { sql } from 'kysely'
import type { KyselyStore } from '../../src/store/kysely-store.js'
import type { ChangeNote } from '../../src/store/revision-store.js'
import { StoreUnavailableError } from '../../src/store/store-errors.js'
import { record } from '../helpers/article-record.js'
import { openTestStore, TEST_DATABASE_URL } from '../helpers/test-store.js'

const backends: ('sqlite' | 'postgres')[] = TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite']
if (!TEST_DATABASE_URL) console.log('# revision store contract: PostgreSQL skipped (FOLIO_TEST_DATABASE_URL is not set)')

const note = (at: string, overrides: Partial<ChangeNote> = {}): ChangeNote => ({
  by: 'editor',
  at,
  policy: { keep: 50, deletedDays: 30 },
  ...overrides,
})
const day = (d: number) => `2026-02-${String(d).padStart(2, '0')}T00:00:00.000Z`

/** A driver refusal as better-sqlite3 raises it: the store answers such a failure as "not now". */
const diskFull = () => Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' })

for (const backend of backends) {
  describe(`revision store contract (${backend})`, () => {
    let store: KyselyStore
    let dir: string
    before(async () => {
      dir = mkdtempSync(join(tmpdir(), 'folio-revisions-'))
      store = await openTestStore(dir, backend)
    })
    after(async () => {
      await store.close()
      rmSync(dir, { recursive: true, force: true })
    })

    test('an update keeps the complete record it replaced as revision 1, with the change, the key name and the time', async () => {
      const first = record('r-update', { featured: true, tags: ['a', 'b'], content: { key_takeaways: ['k'] } })
      await store.articles.create(first)
      assert.deepEqual(await store.revisions.list('r-update', { limit: 10 }), [], 'a create replaces nothing')
      assert.equal(await store.articles.update(record('r-update', { title: 'Second' }), note(day(2))), true)
      const [summary] = await store.revisions.list('r-update', { limit: 10 })
      assert.deepEqual(summary, {
        revision: 1,
        saved_at: day(2),
        change: 'update',
        status: 'published',
        title: first.title,
        by: 'editor',
        size: Buffer.byteLength(JSON.stringify(first)),
      })
      const kept = await store.revisions.get('r-update', 1)
      assert.deepEqual(kept, { slug: 'r-update', revision: 1, saved_at: day(2), change: 'update', by: 'editor', article: first })
      assert.deepEqual(Object.keys(kept!.article).sort(), Object.keys(first).sort(), 'every stored field')
    })

    test('revisions are the history of a slug: a delete shows in it, and a new article of the slug continues it', async () => {
      await store.articles.create(record('r-life'))
      await store.articles.update(record('r-life', { title: 'v2' }), note(day(2)))
      await store.articles.update(record('r-life', { title: 'v3', status: 'draft' }), note(day(3)), 'restore')
      assert.equal(await store.articles.delete('r-life', note(day(4), { by: 'remover' })), true)
      assert.equal(await store.revisions.latestDeletion('r-life'), 3)
      await store.articles.create(record('r-life', { title: 'reborn' }))
      await store.articles.update(record('r-life', { title: 'reborn 2' }), note(day(6)))
      const list = await store.revisions.list('r-life', { limit: 10 })
      assert.deepEqual(
        list.map((r) => [r.revision, r.change, r.title, r.status, r.by]),
        [
          [4, 'update', 'reborn', 'published', 'editor'],
          [3, 'delete', 'v3', 'draft', 'remover'],
          [2, 'restore', 'v2', 'published', 'editor'],
          [1, 'update', 'Title r-life', 'published', 'editor'],
        ],
      )
      assert.deepEqual(
        (await store.revisions.list('r-life', { before: 3, limit: 1 })).map((r) => r.revision),
        [2],
      )
    })

    test('the newest `keep` revisions stay: older ones are trimmed by the write that adds one', async () => {
      await store.articles.create(record('r-trim'))
      for (let i = 1; i <= 5; i++) {
        await store.articles.update(record('r-trim', { title: `v${i}` }), note(day(i), { policy: { keep: 3, deletedDays: 30 } }))
      }
      assert.deepEqual(
        (await store.revisions.list('r-trim', { limit: 10 })).map((r) => r.revision),
        [5, 4, 3],
      )
    })

    test("a deleted article's revisions stay for the retention days, then go with the next revision written; a new article of the slug keeps them", async () => {
      await store.articles.create(record('r-expire'))
      await store.articles.update(record('r-expire', { title: 'v2' }), note(day(1)))
      await store.articles.delete('r-expire', note(day(2), { policy: { keep: 50, deletedDays: 3 } }))
      await store.articles.create(record('r-expire-kept'))
      await store.articles.delete('r-expire-kept', note(day(2), { policy: { keep: 50, deletedDays: 3 } }))
      await store.articles.create(record('r-expire-kept'))

      await store.articles.create(record('r-other'))
      await store.articles.update(record('r-other', { title: 'x' }), note(day(4)))
      assert.equal((await store.revisions.list('r-expire', { limit: 10 })).length, 2, 'within 3 days: kept')
      await store.articles.update(record('r-other', { title: 'y' }), note(day(5)))
      assert.deepEqual(await store.revisions.list('r-expire', { limit: 10 }), [], 'past 3 days: purged by a later write')
      assert.equal((await store.revisions.list('r-expire-kept', { limit: 10 })).length, 1, 'the slug lives again: not purged')
    })

    test('with 0 retention days a delete purges the revisions of the slug at once', async () => {
      await store.articles.create(record('r-zero'))
      await store.articles.update(record('r-zero', { title: 'v2' }), note(day(1)))
      await store.articles.delete('r-zero', note(day(2), { policy: { keep: 50, deletedDays: 0 } }))
      assert.deepEqual(await store.revisions.list('r-zero', { limit: 10 }), [])
      assert.equal(await store.revisions.latestDeletion('r-zero'), undefined)
    })

    test('a revision that cannot be written leaves nothing written: not the update, nor the delete, nor the generation', async () => {
      await store.articles.create(record('r-fault', { rubric: 'faults' }))
      const appendWithin = store.revisions.appendWithin
      const counts = async () => (await store.articles.publishedCountsByRubric()).get('faults') ?? 0
      const generation = await store.contentGeneration()
      store.revisions.appendWithin = async () => {
        throw diskFull()
      }
      try {
        await assert.rejects(
          store.articles.update(record('r-fault', { rubric: 'faults', status: 'draft' }), note(day(3))),
          StoreUnavailableError,
        )
        await assert.rejects(store.articles.delete('r-fault', note(day(3))), StoreUnavailableError)
      } finally {
        store.revisions.appendWithin = appendWithin
      }
      assert.deepEqual(await store.articles.get('r-fault'), record('r-fault', { rubric: 'faults' }))
      assert.equal(await counts(), 1, 'derived rows untouched')
      assert.equal(await store.contentGeneration(), generation)
      assert.deepEqual(await store.revisions.list('r-fault', { limit: 10 }), [])
      assert.equal(
        await store.articles.update(record('r-fault', { rubric: 'faults', title: 'after' }), note(day(4))),
        true,
        'then it works',
      )
      assert.equal((await store.revisions.list('r-fault', { limit: 10 })).length, 1)
    })

    test('the database refusing the revision insert itself leaves nothing written', async () => {
      await store.articles.create(record('r-refused', { rubric: 'refusals' }))
      const generation = await store.contentGeneration()
      // A trigger makes the insert into article_revisions fail inside the change's transaction.
      if (backend === 'sqlite') {
        await sql`create trigger refuse_revisions before insert on article_revisions begin select raise(abort, 'refused'); end`.execute(
          store.db,
        )
      } else {
        await sql`create function refuse_revisions() returns trigger language plpgsql as $$
          begin raise exception 'refused' using errcode = '53100'; end $$`.execute(store.db)
        await sql`create trigger refuse_revisions before insert on article_revisions for each row execute function refuse_revisions()`.execute(
          store.db,
        )
      }
      try {
        await assert.rejects(store.articles.update(record('r-refused', { rubric: 'refusals', status: 'draft', title: 'x' }), note(day(3))))
        await assert.rejects(store.articles.delete('r-refused', note(day(3))))
      } finally {
        await sql`drop trigger refuse_revisions${backend === 'postgres' ? sql` on article_revisions` : sql``}`.execute(store.db)
        if (backend === 'postgres') await sql`drop function refuse_revisions()`.execute(store.db)
      }
      assert.deepEqual(await store.articles.get('r-refused'), record('r-refused', { rubric: 'refusals' }))
      assert.equal((await store.articles.publishedCountsByRubric()).get('refusals'), 1)
      assert.equal(await store.contentGeneration(), generation)
      assert.deepEqual(await store.revisions.list('r-refused', { limit: 10 }), [])
    })

    test('scan reads every revision of every slug in (slug, revision) order by keyset; import writes them as they were', async () => {
      await store.articles.create(record('s-a'))
      await store.articles.create(record('s-b'))
      for (const slug of ['s-b', 's-a', 's-b']) await store.articles.update(record(slug, { title: `${slug} later` }), note(day(7)))
      await store.articles.delete('s-b', note(day(8)))
      const all = []
      let after: { slug: string; revision: number } | undefined
      for (;;) {
        const page = await store.revisions.scan({ ...(after ? { after } : {}), limit: 2 })
        if (page.length === 0) break
        all.push(...page)
        after = { slug: page.at(-1)!.slug, revision: page.at(-1)!.revision }
      }
      const keys = all.map((r) => `${r.slug}#${r.revision}`)
      assert.deepEqual(
        keys.filter((k) => k.startsWith('s-')),
        ['s-a#1', 's-b#1', 's-b#2', 's-b#3'],
      )
      assert.deepEqual(
        keys,
        [...keys].sort((x, y) => (x < y ? -1 : 1)),
      )

      const otherDir = mkdtempSync(join(tmpdir(), 'folio-revisions-import-'))
      const copy = await openTestStore(otherDir, backend)
      try {
        await copy.articles.create(record('s-a'))
        const exported = all.filter((r) => r.slug.startsWith('s-'))
        await copy.revisions.importRevisions(exported)
        const reread = []
        for (const r of exported) reread.push(await copy.revisions.get(r.slug, r.revision))
        assert.deepEqual(reread, exported)
        assert.equal(await copy.revisions.latestDeletion('s-b'), 3)
        // s-b has no article: its revisions expire as a delete at their newest saved_at would have made them.
        await copy.articles.update(record('s-a', { title: 'much later' }), note('2026-06-01T00:00:00.000Z'))
        assert.deepEqual(await copy.revisions.list('s-b', { limit: 10 }), [])
        assert.equal((await copy.revisions.list('s-a', { limit: 10 })).length, 2)
      } finally {
        await copy.close()
        rmSync(otherDir, { recursive: true, force: true })
      }
    })

    test('preview links: found while they live, by the hash of their token; gone once expired or once the article is deleted', async () => {
      await store.articles.create(record('p-link'))
      const link = { token_hash: 'a'.repeat(64), slug: 'p-link', created_at: day(1), expires_at: day(8), created_by: 'editor' }
      await store.previews.create(link)
      assert.deepEqual(await store.previews.find(link.token_hash, day(7)), link)
      assert.equal(await store.previews.find(link.token_hash, day(8)), undefined, 'expired')
      assert.equal(await store.previews.find('b'.repeat(64), day(2)), undefined, 'never issued')
      await store.articles.delete('p-link', note(day(2)))
      await store.articles.create(record('p-link'))
      assert.equal(await store.previews.find(link.token_hash, day(3)), undefined, 'died with the article, not back with a new one')
    })

    test('drafts are listed with published articles by listing time (published_at, else updated_at), then slug, by keyset', async () => {
      const at = (h: number) => `2020-05-05T${String(h).padStart(2, '0')}:00:00.000Z`
      await store.articles.create(record('m-pub-old', { rubric: 'mixed', published_at: at(1), updated_at: at(9) }))
      await store.articles.create(record('m-draft-new', { rubric: 'mixed', status: 'draft', published_at: null, updated_at: at(5) }))
      await store.articles.create(record('m-pub-new', { rubric: 'mixed', published_at: at(6), updated_at: at(6) }))
      await store.articles.create(record('m-draft-dated', { rubric: 'mixed', status: 'draft', published_at: at(3), updated_at: at(8) }))
      await store.articles.create(record('m-draft-b', { rubric: 'mixed', status: 'draft', published_at: null, updated_at: at(5) }))
      const mixed = (rows: { slug: string }[]) => rows.map((r) => r.slug).filter((s) => s.startsWith('m-'))
      const all = await store.articles.listWithDrafts({ status: 'all', limit: 1000 })
      assert.deepEqual(mixed(all), ['m-pub-new', 'm-draft-b', 'm-draft-new', 'm-draft-dated', 'm-pub-old'])
      const draft = all.find((r) => r.slug === 'm-draft-new')!
      assert.equal(draft.listed_at, at(5))
      assert.deepEqual(mixed(await store.articles.listWithDrafts({ status: 'draft', limit: 1000 })), [
        'm-draft-b',
        'm-draft-new',
        'm-draft-dated',
      ])
      assert.deepEqual(
        mixed(await store.articles.listWithDrafts({ status: 'all', after: { listed_at: at(5), slug: 'm-draft-b' }, limit: 1000 })),
        ['m-draft-new', 'm-draft-dated', 'm-pub-old'],
      )
      const drafts = (await store.articles.listWithDrafts({ status: 'draft', limit: 100_000 })).length
      assert.equal(await store.articles.countWithDrafts('draft'), drafts)
      assert.equal(await store.articles.countWithDrafts('all'), await store.articles.count())
    })

    test('the listing with drafts reads its index in order: no sort, no scan of the table', async () => {
      const order = sql`order by coalesce(published_at, updated_at, created_at) desc, slug limit 5`
      if (backend === 'sqlite') {
        for (const [where, index] of [
          [sql``, 'articles_listed_order'],
          [sql`where status = ${'draft'}`, 'articles_status_listed_order'],
        ] as const) {
          const plan = await sql<{ detail: string }>`explain query plan select slug from articles ${where} ${order}`.execute(store.db)
          const details = plan.rows.map((r) => r.detail).join(' | ')
          assert.match(details, new RegExp(`USING (COVERING )?INDEX ${index}\\b`), details)
          assert.doesNotMatch(details, /TEMP B-TREE/, details)
        }
        return
      }
      // PostgreSQL prefers a scan of a small table: forbid it, and the plan shows whether the index can serve.
      const plans = await store.db.transaction().execute(async (trx) => {
        await sql`set local enable_seqscan = off`.execute(trx)
        await sql`set local enable_sort = off`.execute(trx)
        const explain = async (where: ReturnType<typeof sql>) =>
          (await sql<{ 'QUERY PLAN': string }>`explain select slug from articles ${where} ${order}`.execute(trx)).rows
            .map((r) => r['QUERY PLAN'])
            .join(' | ')
        return [await explain(sql``), await explain(sql`where status = ${'draft'}`)]
      })
      assert.match(plans[0]!, /articles_listed_order/, plans[0])
      assert.match(plans[1]!, /articles_status_listed_order/, plans[1])
      for (const plan of plans) assert.doesNotMatch(plan, /Sort/, plan)
    })
  })
}
