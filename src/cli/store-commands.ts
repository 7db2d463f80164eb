// `folio catalog rebuild` and `folio images prune`: upkeep of the store from the shell.
import { InvalidArgumentError, type Command } from 'commander'
import { operatorAction, STORE_ENVIRONMENT, withStore } from './server-environment.js'

const AGE_UNITS: Record<string, number> = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 }

function age(value: string): number {
  const match = /^(\d+)([smhd])$/.exec(value)
  if (!match) throw new InvalidArgumentError('AGE is a number and a unit, e.g. 7d, 12h or 30m.')
  return Number(match[1]) * AGE_UNITS[match[2]!]!
}

export function registerCatalog(program: Command) {
  program
    .command('catalog')
    .description('Upkeep of the catalog (rubrics and their counts).')
    .addHelpText('after', STORE_ENVIRONMENT)
    .command('rebuild')
    .description('The same rebuild as POST /api/content/catalog: prints its JSON; writes only with --apply.')
    .option('--apply', 'write the changes (without it: a dry run)')
    .addHelpText('after', STORE_ENVIRONMENT)
    .action(
      operatorAction(async (options: { apply?: boolean }) => {
        const [{ CatalogService }, { loadSite }] = await Promise.all([
          import('../content/catalog.js'),
          import('../content/site-definition.js'),
        ])
        const result = await withStore((store, config) =>
          new CatalogService(store, loadSite(config.siteDir), config.publicUrl).rebuild({ apply: options.apply === true }),
        )
        process.stderr.write(
          `${result.changes.length} change(s) ${result.applied ? 'written' : 'found (dry run; add --apply to write them)'}\n`,
        )
        process.stdout.write(`${JSON.stringify(result, null, 2)}\n`)
      }),
    )
}

export function registerImages(program: Command) {
  program
    .command('images')
    .description('Upkeep of stored images.')
    .addHelpText('after', STORE_ENVIRONMENT)
    .command('prune')
    .description('Remove images whose slug has no article and that were uploaded before AGE ago.')
    .requiredOption('--older-than <AGE>', 'AGE like 7d, 12h or 30m', age)
    .addHelpText('after', STORE_ENVIRONMENT)
    .action(
      operatorAction(async (options: { olderThan: number }) => {
        const cutoff = new Date(Date.now() - options.olderThan).toISOString()
        const removed = await withStore((store) => store.images.pruneOrphans(cutoff))
        for (const image of removed) process.stdout.write(`removed ${image.key} (${image.size} bytes, uploaded ${image.created_at})\n`)
        process.stderr.write(`${removed.length} image(s) without an article, uploaded before ${cutoff}, removed\n`)
      }),
    )
}
