// buildApp(config) → a ready-to-listen Fastify instance with every surface; used by `folio serve` and tests.
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import { articleRoutes } from './api/article-routes.js'
import { indexRoutes } from './api/index-routes.js'
import type { AppDeps } from './app-deps.js'
import type { Config } from './config.js'
import { ArticleService } from './content/article-service.js'
import { PublishedSnapshots } from './content/published-snapshot.js'
import { DocumentCache } from './http/public-document.js'
import { LIMITS } from './contract/limits.js'
import { registerApiVersion } from './http/api-version.js'
import { registerAuthentication } from './http/authenticate.js'
import { apiNotFound, registerErrorHandling } from './http/error-handler.js'
import { registerJsonBody } from './http/json-body.js'
import { mcpRoutes } from './mcp/mcp-routes.js'
import { loadSite, type Site } from './site/site-definition.js'
import { openStore } from './store/open-store.js'
import type { Store } from './store/store.js'

export interface BuildOptions {
  /** A store to use instead of opening the configured one (tests wrap or fake it). */
  store?: Store
  site?: Site
  clock?: () => Date
  logger?: FastifyServerOptions['logger']
}

export interface BuiltApp {
  app: FastifyInstance
  deps: AppDeps
}

// Server limits set on purpose: a slow or hostile client cannot hold a connection or memory for long.
const SERVER_LIMITS = {
  bodyLimit: LIMITS.articleWithImagesBytes,
  connectionTimeout: 30_000,
  requestTimeout: 60_000,
  keepAliveTimeout: 5_000,
  maxParamLength: 200,
} as const

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<BuiltApp> {
  const site = options.site ?? loadSite(config.siteDir)
  const store = options.store ?? (await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }))
  const clock = options.clock ?? (() => new Date())
  const deps: AppDeps = {
    config,
    store,
    site,
    clock,
    articles: new ArticleService(store, site, config.publicUrl, clock),
    snapshots: new PublishedSnapshots(store),
    documents: new DocumentCache(),
    renderCapabilities: null,
  }

  const app = Fastify({
    ...SERVER_LIMITS,
    logger: options.logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy as FastifyServerOptions['trustProxy'],
    ignoreTrailingSlash: true,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    requestIdHeader: 'x-request-id',
  })

  registerErrorHandling(app, { baseUrl: config.publicUrl })
  registerJsonBody(app)
  registerApiVersion(app)
  registerAuthentication(app, store.keys)

  indexRoutes(app, deps)
  articleRoutes(app, deps)
  mcpRoutes(app, deps)

  app.setNotFoundHandler((request, reply) => apiNotFound(request, reply, config.publicUrl))
  app.addHook('onClose', async () => {
    if (!options.store) await store.close()
  })
  return { app, deps }
}
