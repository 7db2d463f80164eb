// `folio backup`: the embedded store copied while the server writes. SQLite's online backup API
// copies a consistent database; the images folder is copied after it, so every image the copied
// database names was already there (an image written meanwhile is an extra, harmless file).
import { cp, mkdir, readdir, stat } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { UsageError } from '../cli-errors.js'
import { loadServerConfig } from '../server-environment.js'

export const BACKUP_DATABASE = 'folio.db'

export async function backupSqlite(dir: string): Promise<{ databaseBytes: number; images: number }> {
  const config = await loadServerConfig()
  if (config.databaseUrl)
    throw new UsageError('backup copies the embedded SQLite store; for PostgreSQL use pg_dump (README, "Backups and moving")')
  const database = join(config.dataDir, 'folio.db')
  if (!existsSync(database)) throw new UsageError(`no SQLite store at ${database} (FOLIO_DATA_DIR)`)
  await mkdir(dir, { recursive: true })
  const { default: BetterSqlite3 } = await import('better-sqlite3')
  const source = new BetterSqlite3(database, { readonly: true, fileMustExist: true })
  try {
    await source.backup(join(dir, BACKUP_DATABASE))
  } finally {
    source.close()
  }
  let images = 0
  const imagesDir = join(config.dataDir, 'images')
  if (existsSync(imagesDir)) {
    await cp(imagesDir, join(dir, 'images'), {
      recursive: true,
      // Half-written uploads (their temporary names) are not images yet.
      filter: (path) => !/[/\\]\.tmp-[0-9a-f]+$/.test(path),
    })
    images = (await readdir(join(dir, 'images'), { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).length
  }
  return { databaseBytes: (await stat(join(dir, BACKUP_DATABASE))).size, images }
}
