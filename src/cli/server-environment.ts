// The environment the server-side commands read, shown in their --help, and the store they open.
// Server modules are loaded on demand, so the publishing commands start without SQLite or Fastify.
import type { Config } from '../config.js'
import type { Store } from '../store/store.js'
import { UsageError } from './cli-errors.js'

export const STORE_ENVIRONMENT = `
Environment:
  FOLIO_DATA_DIR      SQLite file and images of the embedded store (default ./data)
  FOLIO_DATABASE_URL  postgres://… to use PostgreSQL instead of SQLite
  FOLIO_SITE          the site definition folder (default: the bundled demo firm)
  FOLIO_PUBLIC_URL    origin of every absolute URL (default http://localhost:$PORT)`

/** The server's configuration from the environment, with `overrides` (variables a flag sets) on top. */
export async function loadServerConfig(overrides: Record<string, string> = {}): Promise<Config> {
  const { loadConfig } = await import('../config.js')
  return loadConfig({ ...process.env, ...overrides })
}

/** Opens the store the environment names, runs `work` and closes it, whatever happens. */
export async function withStore<T>(work: (store: Store, config: Config) => Promise<T>): Promise<T> {
  const config = await loadServerConfig()
  const [{ openStore }, { STORE_DERIVATIONS }] = await Promise.all([
    import('../store/open-store.js'),
    import('../content/store-derivations.js'),
  ])
  const store = await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, derivations: STORE_DERIVATIONS })
  try {
    return await work(store, config)
  } finally {
    await store.close()
  }
}

/**
 * Wraps a server-side command's action: what an operator can mend (a bad variable, a key name, a
 * site definition, a store that will not open) is a usage error of one line, exit 2.
 */
export function operatorAction<A extends unknown[]>(action: (...args: A) => Promise<void>): (...args: A) => Promise<void> {
  return async (...args: A) => {
    try {
      await action(...args)
    } catch (error) {
      const [{ ConfigError }, { KeyError }, { SiteDefinitionError }, { StoreStartError }] = await Promise.all([
        import('../config.js'),
        import('../auth/api-keys.js'),
        import('../content/site-definition.js'),
        import('../store/open-store.js'),
      ])
      const mendable = [ConfigError, KeyError, SiteDefinitionError, StoreStartError].some((kind) => error instanceof kind)
      throw mendable ? new UsageError((error as Error).message) : error
    }
  }
}
