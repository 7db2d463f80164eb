// Where image bytes live, behind one interface: files under $FOLIO_DATA_DIR/images for the
// embedded SQLite default, or the image_blobs table when the store is PostgreSQL (so several
// instances serve the same bytes). Keys are relative paths like `<slug>/<name>.<ext>`.
import { randomBytes } from 'node:crypto'
import { mkdir, readdir, readFile, rename, rmdir, unlink, writeFile } from 'node:fs/promises'
import { dirname, join, relative, resolve, sep } from 'node:path'
import type { Kysely, Transaction } from 'kysely'
import type { Database } from './schema.js'

export interface BlobStore {
  put(key: string, bytes: Buffer): Promise<void>
  get(key: string): Promise<Buffer | undefined>
  delete(keys: string[]): Promise<void>
  /** Every key starting with `prefix`, sorted. */
  list(prefix: string): Promise<string[]>
  /** The same store inside a database transaction, when the bytes live in the database. */
  within?(trx: Transaction<Database>): BlobStore
}

export class InvalidBlobKeyError extends Error {}

// A key is segments of safe characters: no empty, dot-only or hidden segment, no backslash, no
// absolute path. Checked before any file-system call, so no key can leave the folder.
const SAFE_KEY = /^(?:[A-Za-z0-9_-][A-Za-z0-9_.-]*\/)*[A-Za-z0-9_-][A-Za-z0-9_.-]*$/

export function assertBlobKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.split('/').some((segment) => segment === '.' || segment === '..' || segment.includes('..'))) {
    throw new InvalidBlobKeyError(`not a blob key: ${JSON.stringify(key)}`)
  }
}

export class DiskBlobStore implements BlobStore {
  private readonly root: string

  constructor(root: string) {
    this.root = resolve(root)
  }

  private pathOf(key: string): string {
    assertBlobKey(key)
    const path = resolve(this.root, key)
    if (!path.startsWith(this.root + sep)) throw new InvalidBlobKeyError(`key leaves the folder: ${JSON.stringify(key)}`)
    return path
  }

  /** Atomic: written to a temp file in the same folder, then renamed over the key. */
  async put(key: string, bytes: Buffer): Promise<void> {
    const path = this.pathOf(key)
    await mkdir(dirname(path), { recursive: true })
    const temp = join(dirname(path), `.tmp-${randomBytes(8).toString('hex')}`)
    try {
      await writeFile(temp, bytes, { flag: 'wx' })
      await rename(temp, path)
    } catch (error) {
      await unlink(temp).catch(() => {})
      throw error
    }
  }

  async get(key: string): Promise<Buffer | undefined> {
    try {
      return await readFile(this.pathOf(key))
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
      throw error
    }
  }

  async delete(keys: string[]): Promise<void> {
    for (const key of keys) {
      const path = this.pathOf(key)
      await unlink(path).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error
      })
      // An emptied slug folder goes too; a folder still holding files stays (ENOTEMPTY).
      if (dirname(path) !== this.root) await rmdir(dirname(path)).catch(() => {})
    }
  }

  async list(prefix: string): Promise<string[]> {
    const keys: string[] = []
    const walk = async (dir: string) => {
      let entries
      try {
        entries = await readdir(dir, { withFileTypes: true })
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return
        throw error
      }
      for (const entry of entries) {
        if (entry.name.startsWith('.')) continue
        const path = join(dir, entry.name)
        if (entry.isDirectory()) await walk(path)
        else keys.push(relative(this.root, path).split(sep).join('/'))
      }
    }
    await walk(this.root)
    return keys.filter((key) => key.startsWith(prefix)).sort()
  }
}

export class DatabaseBlobStore implements BlobStore {
  constructor(private readonly db: Kysely<Database> | Transaction<Database>) {}

  within(trx: Transaction<Database>): BlobStore {
    return new DatabaseBlobStore(trx)
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    assertBlobKey(key)
    await this.db
      .insertInto('image_blobs')
      .values({ key, bytes })
      .onConflict((oc) => oc.column('key').doUpdateSet({ bytes }))
      .execute()
  }

  async get(key: string): Promise<Buffer | undefined> {
    const row = await this.db.selectFrom('image_blobs').select('bytes').where('key', '=', key).executeTakeFirst()
    return row ? Buffer.from(row.bytes) : undefined
  }

  async delete(keys: string[]): Promise<void> {
    if (keys.length > 0) await this.db.deleteFrom('image_blobs').where('key', 'in', keys).execute()
  }

  async list(prefix: string): Promise<string[]> {
    const rows = await this.db.selectFrom('image_blobs').select('key').execute()
    return rows
      .map((r) => r.key)
      .filter((key) => key.startsWith(prefix))
      .sort()
  }
}
