// .tar.gz archives of an export or a backup: packed from a folder beside the target, unpacked into a
// temporary folder. A truncated or damaged archive is an error of one line.
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdtemp, readdir, rename, rm } from 'node:fs/promises'
import { pipeline } from 'node:stream/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { ExportFormatError } from './export-format.js'

export const isTarGz = (path: string) => /\.(tar\.gz|tgz)$/i.test(path)

/** Runs `fill` on a fresh folder beside `archive`, packs the folder into `archive` (written whole, then renamed), removes the folder. */
export async function packFolder<T>(archive: string, fill: (dir: string) => Promise<T>): Promise<T> {
  const work = await mkdtemp(join(dirname(archive), '.folio-pack-'))
  try {
    const folder = join(work, 'content')
    const result = await fill(folder)
    const partial = join(work, 'archive.tar.gz')
    // Loaded when an archive is made: the other commands never pay for it.
    const tar = await import('tar')
    // Streamed through pipeline(): with `file:` node-tar buffers what the disk has not taken yet
    // (an archive of 100 000 articles then costs some 400 MB more memory).
    await pipeline(tar.create({ gzip: true, cwd: folder, portable: true }, await readdir(folder)), createWriteStream(partial))
    await rename(partial, archive)
    return result
  } finally {
    await rm(work, { recursive: true, force: true })
  }
}

/** Unpacks `archive` into a temporary folder, runs `use` on it, removes the folder. */
export async function withUnpacked<T>(archive: string, use: (dir: string) => Promise<T>): Promise<T> {
  const work = await mkdtemp(join(tmpdir(), 'folio-unpack-'))
  try {
    const tar = await import('tar')
    try {
      await pipeline(createReadStream(archive), tar.extract({ cwd: work, strict: true }))
    } catch (error) {
      throw new ExportFormatError(`${archive} is not a readable .tar.gz (truncated or damaged): ${(error as Error).message}`)
    }
    return await use(work)
  } finally {
    await rm(work, { recursive: true, force: true })
  }
}
