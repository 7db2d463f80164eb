// `folio export`, `folio import` and `folio backup`: the store's data out and in, verifiable, while
// the server keeps serving.
import { type Command } from 'commander'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { PACKAGE_ROOT } from '../paths.js'
import { CommandFailed, UsageError } from './cli-errors.js'
import { isTarGz, packFolder, withUnpacked } from './portability/archives.js'
import { ExportFormatError, verifyExport, type ExportCounts } from './portability/export-format.js'
import { exportStore } from './portability/export-store.js'
import { assertEmpty, importStore, StoreNotEmptyError } from './portability/import-store.js'
import { backupSqlite } from './portability/sqlite-backup.js'
import { operatorAction, STORE_ENVIRONMENT, withStore } from './server-environment.js'

const progress = (line: string) => process.stderr.write(`${line}\n`)

function described(counts: ExportCounts): string {
  const keys = counts.keys === undefined ? 'no keys (add --with-keys to take them)' : `${counts.keys} key(s)`
  return `${counts.articles} article(s), ${counts.revisions} revision(s), ${counts.images} image(s), ${keys}`
}

function assertFreshTarget(path: string) {
  if (isTarGz(path)) {
    if (existsSync(path)) throw new UsageError(`"${path}" exists; choose a new file name`)
  } else if (existsSync(path) && (!statSync(path).isDirectory() || readdirSync(path).length > 0)) {
    throw new UsageError(`"${path}" exists and is not an empty folder; choose a new one`)
  }
}

async function runExport(options: { out: string; withKeys?: boolean }) {
  assertFreshTarget(options.out)
  const folioVersion = (JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string }).version
  const write = (dir: string) =>
    withStore((store) => exportStore(store, dir, { withKeys: options.withKeys === true, folioVersion, progress }))
  const manifest = isTarGz(options.out) ? await packFolder(options.out, write) : await write(options.out)
  process.stdout.write(`exported ${described(manifest.counts)} to ${options.out}\n`)
}

async function runImport(path: string, options: { dryRun?: boolean }) {
  if (!existsSync(path)) throw new UsageError(`"${path}" does not exist`)
  const load = async (dir: string) => {
    const manifest = await verifyExport(dir)
    await withStore(async (store) => {
      await assertEmpty(store)
      if (!options.dryRun) await importStore(store, dir, manifest, progress)
    })
    return manifest
  }
  try {
    const manifest = statSync(path).isDirectory() ? await load(path) : await withUnpacked(path, load)
    process.stdout.write(
      `${options.dryRun ? 'checked (dry run, nothing written)' : 'imported'} ${described(manifest.counts)} from ${path}\n`,
    )
  } catch (error) {
    if (error instanceof ExportFormatError || error instanceof StoreNotEmptyError)
      throw new CommandFailed(`nothing imported: ${error.message}`)
    throw error
  }
}

export function registerPortability(program: Command) {
  program
    .command('export')
    .description('Write a consistent, verifiable copy of the store: a folder, or one .tar.gz archive. Safe while the server runs.')
    .requiredOption('--out <path>', 'a new folder, or a file ending in .tar.gz')
    .option('--with-keys', 'include the API keys (hashes, never tokens), so a restored site keeps its keys')
    .addHelpText('after', STORE_ENVIRONMENT)
    .action(operatorAction(runExport))

  program
    .command('import')
    .description('Load an export into the empty store the environment names: checked first, then all or nothing.')
    .argument('<path>', 'an export folder or .tar.gz archive')
    .option('--dry-run', 'check the export and the target store; write nothing')
    .addHelpText('after', STORE_ENVIRONMENT)
    .action(operatorAction(runImport))

  program
    .command('backup')
    .description('SQLite only: an online snapshot of the database and the images folder, safe while the server writes.')
    .requiredOption('--out <path>', 'a new folder, or a file ending in .tar.gz')
    .addHelpText('after', `${STORE_ENVIRONMENT}\n\nFor PostgreSQL use pg_dump (README, "Backups and moving").`)
    .action(
      operatorAction(async (options: { out: string }) => {
        assertFreshTarget(options.out)
        const take = (dir: string) => backupSqlite(dir)
        const taken = isTarGz(options.out) ? await packFolder(options.out, take) : await take(options.out)
        process.stdout.write(`backed up the database (${taken.databaseBytes} bytes) and ${taken.images} image file(s) to ${options.out}\n`)
      }),
    )
}
