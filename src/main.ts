#!/usr/bin/env node
// The `folio` command: serve | keys add/list/rotate/retire | catalog rebuild | images prune.
import { parseArgs } from 'node:util'
import { setFlagsFromString } from 'node:v8'
import { buildApp } from './app.js'
import { issueKey, KeyError, retireKey, rotateKey, type KeyScope } from './auth/api-keys.js'
import { ConfigError, loadConfig, type Config } from './config.js'
import { CatalogService } from './content/catalog.js'
import { seedDemoContent } from './site/seed-demo.js'
import { loadSite, SiteDefinitionError } from './content/site-definition.js'
import { STORE_DERIVATIONS } from './content/store-derivations.js'
import { openStore, StoreStartError } from './store/open-store.js'

const USAGE = `usage:
  folio serve
  folio keys add --name NAME --scope read|write
  folio keys list [--json]
  folio keys rotate NAME
  folio keys retire ID
  folio catalog rebuild [--apply]
  folio images prune --older-than AGE   (AGE like 7d, 12h, 30m: images of slugs with no article, older than AGE)`

/**
 * V8 lets the old generation grow to several times what is alive before it collects: under 50
 * concurrent creates the server reached 237 MB peak with 26 MB alive. Collecting once the heap has
 * grown 30% past what survived the last collection took the peak to 170 MB at the same speed
 * (measured with `npm run bench`). V8 reads this flag at every collection, so it can be set here;
 * the size of the young generation cannot, so `npm start` passes it (package.json).
 */
const HEAP_GROWING_PERCENT = 30

async function serve(config: Config) {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`)
  const { app, deps } = await buildApp(config)
  if (config.demoContent) {
    const seeded = await seedDemoContent(deps.store, deps.site, deps.articles)
    if (seeded > 0) app.log.info({ seeded }, 'seeded demo articles into the empty store')
  }
  let closing = false
  const shutdown = (signal: string) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'draining in-flight requests, then closing the store')
    // app.close() waits for in-flight requests, then the onClose hook closes the store.
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed')
        process.exit(1)
      },
    )
  }
  process.on('SIGTERM', () => shutdown('SIGTERM'))
  process.on('SIGINT', () => shutdown('SIGINT'))
  await app.listen({ port: config.port, host: config.host })
}

async function keys(config: Config, args: string[]) {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { name: { type: 'string' }, scope: { type: 'string' }, json: { type: 'boolean' } },
  })
  const [action, target] = positionals
  const store = await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, derivations: STORE_DERIVATIONS })
  try {
    switch (action) {
      case 'add': {
        if (!values.name || !values.scope) throw new KeyError('keys add needs --name NAME --scope read|write')
        const { key, token } = await issueKey(store.keys, values.name, values.scope as KeyScope)
        process.stderr.write(`issued ${key.id} "${key.name}" (${key.scope}); the token is shown once:\n`)
        process.stdout.write(`${token}\n`)
        return
      }
      case 'list': {
        const list = await store.keys.list()
        if (values.json) {
          process.stdout.write(`${JSON.stringify(list, null, 2)}\n`)
          return
        }
        const rows = list.map((k) => [k.id, k.name, k.scope, k.created_at, k.retired_at ?? '-', `${k.token_prefix}…`])
        const header = ['ID', 'NAME', 'SCOPE', 'CREATED', 'RETIRED', 'TOKEN']
        const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)))
        for (const row of [header, ...rows])
          process.stdout.write(
            `${row
              .map((c, i) => c.padEnd(widths[i]!))
              .join('  ')
              .trimEnd()}\n`,
          )
        return
      }
      case 'rotate': {
        if (!target) throw new KeyError('keys rotate needs the key NAME')
        const { key, token } = await rotateKey(store.keys, target)
        process.stderr.write(`issued ${key.id} for "${key.name}" beside the old key(s); retire the old one with: folio keys retire <ID>\n`)
        process.stdout.write(`${token}\n`)
        return
      }
      case 'retire': {
        if (!target) throw new KeyError('keys retire needs the key ID (see: folio keys list)')
        await retireKey(store.keys, target)
        process.stdout.write(`retired ${target}\n`)
        return
      }
      default:
        throw new KeyError(USAGE)
    }
  } finally {
    await store.close()
  }
}

/** `folio catalog rebuild [--apply]`: the same rebuild as POST /api/content/catalog; prints its JSON. */
async function catalog(config: Config, args: string[]) {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { apply: { type: 'boolean' } } })
  if (positionals[0] !== 'rebuild' || positionals.length !== 1) throw new KeyError(USAGE)
  const store = await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, derivations: STORE_DERIVATIONS })
  try {
    const result = await new CatalogService(store, loadSite(config.siteDir), config.publicUrl).rebuild({ apply: values.apply === true })
    process.stderr.write(
      `${result.changes.length} change(s) ${result.applied ? 'written' : 'found (dry run; add --apply to write them)'}\n`,
    )
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`)
  } finally {
    await store.close()
  }
}

const AGE_UNITS: Record<string, number> = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 }

/** `folio images prune --older-than 7d`: removes images whose slug has no article and that are older than the age. */
async function images(config: Config, args: string[]) {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { 'older-than': { type: 'string' } } })
  if (positionals[0] !== 'prune' || positionals.length !== 1) throw new KeyError(USAGE)
  const age = /^(\d+)([smhd])$/.exec(values['older-than'] ?? '')
  if (!age) throw new KeyError('images prune needs --older-than AGE, e.g. 7d, 12h or 30m')
  const cutoff = new Date(Date.now() - Number(age[1]) * AGE_UNITS[age[2]!]!).toISOString()
  const store = await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, derivations: STORE_DERIVATIONS })
  try {
    const removed = await store.images.pruneOrphans(cutoff)
    for (const image of removed) process.stdout.write(`removed ${image.key} (${image.size} bytes, uploaded ${image.created_at})\n`)
    process.stderr.write(`${removed.length} image(s) without an article, uploaded before ${cutoff}, removed\n`)
  } finally {
    await store.close()
  }
}

async function main(argv: string[]) {
  const [command, ...rest] = argv
  const config = loadConfig()
  switch (command) {
    case 'serve':
      return serve(config)
    case 'keys':
      return keys(config, rest)
    case 'catalog':
      return catalog(config, rest)
    case 'images':
      return images(config, rest)
    default:
      throw new KeyError(USAGE)
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  const known =
    error instanceof KeyError || error instanceof ConfigError || error instanceof SiteDefinitionError || error instanceof StoreStartError
  process.stderr.write(`folio: ${known ? (error as Error).message : ((error as Error)?.stack ?? String(error))}\n`)
  process.exit(known ? 2 : 1)
})
