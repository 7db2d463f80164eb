// `folio export`: one consistent snapshot of the store, streamed into a folder of ndjson files and
// image files with a manifest of their hashes and counts.
import { createHash } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import type { Store } from '../../store/store.js'
import { FILES, FORMAT, FORMAT_VERSION, IMAGES_FOLDER, type ExportCounts, type Manifest } from './export-format.js'
import { NdjsonWriter } from './ndjson.js'

/** A revision as the export writes it: the stored article as JSON, the key's name as `by`. */
export interface RevisionLine {
  slug: string
  revision: number
  saved_at: string
  change: string
  by: string
  article: unknown
  /** While the article is deleted: when its revisions expire. */
  kept_until: string | null
}

export async function exportStore(
  store: Store,
  dir: string,
  options: { withKeys: boolean; folioVersion: string; progress?: (line: string) => void },
): Promise<Manifest> {
  await mkdir(join(dir, IMAGES_FOLDER), { recursive: true })
  const files: Record<string, string> = {}
  const counts: ExportCounts = { articles: 0, revisions: 0, images: 0 }
  const exportedAt = new Date().toISOString()
  await store.snapshots.read(async (rows) => {
    const articles = new NdjsonWriter(join(dir, FILES.articles))
    for await (const row of rows.articles()) {
      await articles.write(row)
      if (articles.lines % 10_000 === 0) options.progress?.(`${articles.lines} articles`)
    }
    files[FILES.articles] = await articles.close()
    counts.articles = articles.lines

    const revisions = new NdjsonWriter(join(dir, FILES.revisions))
    for await (const row of rows.revisions()) {
      const line: RevisionLine = {
        slug: row.slug,
        revision: Number(row.revision),
        saved_at: row.saved_at,
        change: row.change,
        by: row.by_key,
        article: JSON.parse(row.article),
        kept_until: row.kept_until,
      }
      await revisions.write(line)
    }
    files[FILES.revisions] = await revisions.close()
    counts.revisions = revisions.lines

    const images = new NdjsonWriter(join(dir, FILES.images))
    for await (const row of rows.images()) {
      // An image deleted while the export runs is left out, with its record.
      const bytes = await rows.imageBytes(row.key)
      if (!bytes) continue
      const path = `${IMAGES_FOLDER}/${row.key}`
      await mkdir(dirname(join(dir, path)), { recursive: true })
      await writeFile(join(dir, path), bytes)
      files[path] = createHash('sha256').update(bytes).digest('hex')
      await images.write({ ...row, size: Number(row.size) })
    }
    files[FILES.images] = await images.close()
    counts.images = images.lines

    if (options.withKeys) {
      const keys = new NdjsonWriter(join(dir, FILES.keys))
      for await (const row of rows.keys()) await keys.write(row)
      files[FILES.keys] = await keys.close()
      counts.keys = keys.lines
    }
  })
  const manifest: Manifest = {
    format: FORMAT,
    format_version: FORMAT_VERSION,
    folio_version: options.folioVersion,
    exported_at: exportedAt,
    counts,
    files,
  }
  await writeFile(join(dir, FILES.manifest), `${JSON.stringify(manifest, null, 2)}\n`)
  return manifest
}
