// `folio import`: a verified export loaded into an empty store in one transaction. Rows go in as
// they were stored (no sanitiser, no quality check, no default applied again); the derived rows
// (tags, counts, search documents) are rebuilt from them.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { ApiKeysTable, ArticlesTable, ImagesTable } from '../../store/schema.js'
import type { Store } from '../../store/store.js'
import { ExportFormatError, FILES, IMAGES_FOLDER, type Manifest } from './export-format.js'
import type { RevisionLine } from './export-store.js'
import { ndjsonBatches } from './ndjson.js'

const BATCH = 500

/** The target store holds something an import would collide with. */
export class StoreNotEmptyError extends Error {}

export async function assertEmpty(store: Store) {
  const held = await store.snapshots.holdings()
  if (held.articles + held.images + held.keys > 0) {
    throw new StoreNotEmptyError(
      `the target store already holds ${held.articles} article(s), ${held.images} image(s) and ${held.keys} key(s); import into an empty store: a new FOLIO_DATA_DIR, or a new PostgreSQL database (or schema) in FOLIO_DATABASE_URL`,
    )
  }
}

export async function importStore(store: Store, dir: string, manifest: Manifest, progress?: (line: string) => void): Promise<void> {
  await store.snapshots.load(async (sink) => {
    let articles = 0
    for await (const rows of ndjsonBatches<ArticlesTable>(join(dir, FILES.articles), BATCH)) {
      await sink.articles(rows)
      articles += rows.length
      // Only a large import is worth watching.
      if (manifest.counts.articles >= 10_000 && articles % 10_000 < BATCH) progress?.(`${articles}/${manifest.counts.articles} articles`)
    }
    for await (const lines of ndjsonBatches<RevisionLine>(join(dir, FILES.revisions), BATCH)) {
      await sink.revisions(
        lines.map((line) => {
          const article = JSON.stringify(line.article)
          const record = line.article as { status: 'published' | 'draft'; title: string }
          return {
            slug: line.slug,
            revision: line.revision,
            saved_at: line.saved_at,
            change: line.change as 'update' | 'delete' | 'restore',
            by_key: line.by,
            status: record.status,
            title: record.title,
            size: Buffer.byteLength(article),
            article,
            kept_until: line.kept_until ?? null,
          }
        }),
      )
    }
    for await (const rows of ndjsonBatches<ImagesTable>(join(dir, FILES.images), BATCH)) {
      for (const row of rows) {
        const path = `${IMAGES_FOLDER}/${row.key}`
        if (!(path in manifest.files))
          throw new ExportFormatError(`${FILES.images} names ${row.key}, which ${FILES.manifest} does not list`)
        await sink.image(row, await readFile(join(dir, path)))
      }
    }
    if (FILES.keys in manifest.files) {
      for await (const rows of ndjsonBatches<ApiKeysTable>(join(dir, FILES.keys), BATCH)) await sink.keys(rows)
    }
  })
}
