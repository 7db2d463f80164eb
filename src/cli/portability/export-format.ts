// The export's files and its manifest: what `folio export` writes and `folio import` verifies.
// Every file is listed with its sha256, and the counts with it, so that a changed byte, a missing
// file or a truncated archive is found before anything is written.
import { createHash } from 'node:crypto'
import { createReadStream, existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join, normalize, sep } from 'node:path'

export const FORMAT = 'folio-export'
export const FORMAT_VERSION = 1

export const FILES = {
  articles: 'articles.ndjson',
  revisions: 'revisions.ndjson',
  images: 'images.ndjson',
  keys: 'keys.ndjson',
  manifest: 'manifest.json',
} as const
export const IMAGES_FOLDER = 'images'

export interface ExportCounts {
  articles: number
  revisions: number
  images: number
  keys?: number
}

export interface Manifest {
  format: typeof FORMAT
  format_version: number
  folio_version: string
  exported_at: string
  counts: ExportCounts
  files: Record<string, string>
}

/** An export that cannot be imported: damaged, truncated, foreign or incomplete. One line, naming the file. */
export class ExportFormatError extends Error {}

export async function sha256OfFile(path: string): Promise<string> {
  const hash = createHash('sha256')
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer)
  return hash.digest('hex')
}

async function countLines(path: string): Promise<number> {
  let lines = 0
  for await (const chunk of createReadStream(path)) {
    for (const byte of chunk as Buffer) if (byte === 0x0a) lines++
  }
  return lines
}

/** A manifest path that stays inside the export (no absolute path, no `..`). */
function insideExport(path: string): boolean {
  const normal = normalize(path)
  return !normal.startsWith('..') && !normal.startsWith(sep) && !normal.split(sep).includes('..') && normal === path
}

/** Reads and checks the manifest of the export in `dir`: format, every file's hash, every count. */
export async function verifyExport(dir: string): Promise<Manifest> {
  const manifestPath = join(dir, FILES.manifest)
  if (!existsSync(manifestPath)) throw new ExportFormatError(`not a Folio export: ${FILES.manifest} is missing`)
  let manifest: Manifest
  try {
    manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as Manifest
  } catch {
    throw new ExportFormatError(`${FILES.manifest} is not valid JSON (damaged or truncated)`)
  }
  if (manifest?.format !== FORMAT)
    throw new ExportFormatError(`not a Folio export: ${FILES.manifest} names format "${String(manifest?.format)}"`)
  if (manifest.format_version !== FORMAT_VERSION) {
    throw new ExportFormatError(
      `export format version ${String(manifest.format_version)} is not supported (this Folio reads version ${FORMAT_VERSION})`,
    )
  }
  if (typeof manifest.files !== 'object' || manifest.files === null || typeof manifest.counts !== 'object' || manifest.counts === null) {
    throw new ExportFormatError(`${FILES.manifest} lists no files or counts`)
  }
  for (const required of [FILES.articles, FILES.revisions, FILES.images]) {
    if (!(required in manifest.files)) throw new ExportFormatError(`${FILES.manifest} does not list ${required}`)
  }
  for (const [path, sha256] of Object.entries(manifest.files)) {
    if (!insideExport(path)) throw new ExportFormatError(`${FILES.manifest} names a path outside the export: ${path}`)
    const file = join(dir, path)
    if (!existsSync(file)) throw new ExportFormatError(`${path} is missing`)
    if ((await sha256OfFile(file)) !== sha256)
      throw new ExportFormatError(`${path} does not match its sha256 in ${FILES.manifest} (damaged)`)
  }
  const counted: [keyof ExportCounts, string][] = [
    ['articles', FILES.articles],
    ['revisions', FILES.revisions],
    ['images', FILES.images],
  ]
  if (FILES.keys in manifest.files) counted.push(['keys', FILES.keys])
  for (const [name, path] of counted) {
    const lines = await countLines(join(dir, path))
    if (lines !== manifest.counts[name])
      throw new ExportFormatError(`${path} holds ${lines} lines; ${FILES.manifest} counts ${String(manifest.counts[name])}`)
  }
  const imageFiles = Object.keys(manifest.files).filter((path) => path.startsWith(`${IMAGES_FOLDER}/`)).length
  if (imageFiles !== manifest.counts.images)
    throw new ExportFormatError(`${FILES.manifest} lists ${imageFiles} image files for ${manifest.counts.images} images`)
  return manifest
}
