// buildApp(config) → a ready-to-listen Fastify instance with every surface; used by `folio serve` and tests.
import { parseQueryString } from './http/query-string.js'
import { createServer } from 'node:http'
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import { articleRoutes } from './api/article-routes.js'
import { catalogRoutes } from './api/catalog-routes.js'
import { editingRoutes } from './api/editing-routes.js'
import { imageRoutes } from './api/image-routes.js'
import { indexRoutes } from './api/index-routes.js'
import type { AppDeps } from './app-deps.js'
import type { Config } from './config.js'
import { ArticleService } from './content/article-service.js'
import { PreviewLinks } from './content/preview-links.js'
import { PublishedSummaries } from './content/published-summary.js'
import { RevisionService } from './content/revisions.js'
import { discoveryRoutes } from './discovery/discovery-routes.js'
import { CachedAnswers } from './http/cached-answers.js'
import { clientErrorHandler, refuseWhileClosing } from './http/raw-error-answers.js'
import { closeAfterUnreadBody } from './http/unread-body.js'
import { DocumentCache } from './http/document-cache.js'
import { LIMITS } from './contract/limits.js'
import { registerApiVersion } from './http/api-version.js'
import { registerAuthentication } from './http/authenticate.js'
import { registerIdempotency, type LockLeaseOptions } from './http/idempotency.js'
import { registerRateLimits } from './http/rate-limit.js'
import { answerFrameworkError, apiNotFound, isMachinePath, registerErrorHandling } from './http/error-handler.js'
import { registerJsonBody } from './http/json-body.js'
import { mcpRoutes } from './mcp/mcp-routes.js'
import { ARTICLE_PAGE_RENDERS } from './site/pages/article.js'
import { loadSite, type Site } from './content/site-definition.js'
import { previewRoutes } from './site/preview-routes.js'
import { webRoutes } from './site/web-routes.js'
import type { Counters } from './store/counters.js'
import { STORE_DERIVATIONS } from './content/store-derivations.js'
import { openStore } from './store/open-store.js'
import { RedisCounters } from './store/redis-counters.js'
import type { Store } from './store/store.js'

export interface BuildOptions {
  /** A store to use instead of opening the configured one (tests wrap or fake it). */
  store?: Store
  site?: Site
  clock?: () => Date
  logger?: FastifyServerOptions['logger']
  /** Rate windows and idempotency locks to use instead of the configured ones (tests isolate Redis with a prefix). */
  counters?: Counters
  /** URLs per sitemap file before /sitemap.xml becomes an index (default 50000; tests lower it). */
  sitemapMaxUrls?: number
  /** Lease and renewal of in-flight idempotency locks (tests renew more often). */
  idempotencyLease?: LockLeaseOptions
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
  // Request line and headers together; larger answers 400 bad_request before any route runs.
  http: { maxHeaderSize: 16_384 },
} as const

/**
 * FOLIO_TRUST_PROXY as Fastify takes it. A hop count becomes a trust function: Fastify 5 reads a
 * bare number as "trust nothing" (it cannot check the peer), but the README promises "hops as in
 * the value", i.e. the nearest N addresses (the peer first) are proxies of ours.
 */
function fastifyTrustProxy(trust: Config['trustProxy']): FastifyServerOptions['trustProxy'] {
  if (typeof trust === 'number') return (_address: string, hop: number) => hop < trust
  return trust
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<BuiltApp> {
  const site = options.site ?? loadSite(config.siteDir)
  const store =
    options.store ??
    (await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, derivations: STORE_DERIVATIONS, followGeneration: true }))
  const clock = options.clock ?? (() => new Date())
  const counters = options.counters ?? (config.redisUrl ? new RedisCounters(config.redisUrl, config.redisPrefix) : store.counters)
  const articles = new ArticleService(store, site, config.publicUrl, clock, config.revisions)
  const deps: AppDeps = {
    config,
    store,
    site,
    clock,
    articles,
    revisions: new RevisionService(store, site, config.publicUrl, articles, clock),
    previews: new PreviewLinks(store, config.publicUrl, clock, config.previewDays),
    published: new PublishedSummaries(store),
    documents: new DocumentCache(),
    // The website below serves the article page; this says what that page renders.
    renderCapabilities: ARTICLE_PAGE_RENDERS,
  }

  const app = Fastify({
    ...SERVER_LIMITS,
    // The server Fastify would make, with the cached answers of public documents in front of it.
    // (Fastify applies no server limits to a server it did not make: they are set here.)
    serverFactory: (handler) => {
      const server = createServer(SERVER_LIMITS.http, (req, res) => {
        closeAfterUnreadBody(req, res)
        // Fastify's own 503 while closing is not in the spec's error shape.
        if (closing) return refuseWhileClosing(res, config.publicUrl)
        answers.answer(req, res, () => handler(req, res))
      })
      server.keepAliveTimeout = SERVER_LIMITS.keepAliveTimeout
      server.requestTimeout = SERVER_LIMITS.requestTimeout
      server.setTimeout(SERVER_LIMITS.connectionTimeout)
      return server
    },
    clientErrorHandler: clientErrorHandler({
      baseUrl: config.publicUrl,
      maxHeaderBytes: SERVER_LIMITS.http.maxHeaderSize,
      requestTimeoutMs: SERVER_LIMITS.requestTimeout,
    }),
    logger: options.logger ?? { level: config.logLevel },
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // One reading of every query string: a repeated parameter's last value (query-string.ts).
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200, querystringParser: parseQueryString },
    // A URL the router cannot take answers in the spec's error shape (or the website's 404 page), not Fastify's.
    frameworkErrors: (error, request, reply) =>
      answerFrameworkError(error, request, reply, {
        baseUrl: config.publicUrl,
        pageNotFound: (notFoundRequest, notFoundReply) => website.sendNotFound(notFoundRequest, notFoundReply),
      }),
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    requestIdHeader: 'x-request-id',
  })

  const answers = new CachedAnswers({ generation: () => store.contentGenerationNow?.() ?? store.contentGeneration(), log: app.log })
  let closing = false
  app.addHook('preClose', (done) => {
    closing = true
    answers.close()
    done()
  })

  registerErrorHandling(app, { baseUrl: config.publicUrl })
  registerJsonBody(app)
  registerApiVersion(app)
  // Rate limits count before authentication, so guessing keys is limited too.
  registerRateLimits(app, counters, config, clock)
  registerAuthentication(app, store.keys)
  registerIdempotency(app, store.idempotency, counters, clock, options.idempotencyLease)

  indexRoutes(app, deps)
  articleRoutes(app, deps)
  catalogRoutes(app, deps)
  editingRoutes(app, deps)
  imageRoutes(app, deps)
  mcpRoutes(app, deps)
  const website = webRoutes(app, deps)
  previewRoutes(app, deps, website.sendNotFound)
  discoveryRoutes(app, deps, { sitemapMaxUrls: options.sitemapMaxUrls })

  app.setNotFoundHandler((request, reply) =>
    isMachinePath(request.url) ? apiNotFound(request, reply, config.publicUrl) : website.sendNotFound(request, reply),
  )
  app.addHook('onClose', async () => {
    if (!options.counters) await counters.close()
    if (!options.store) await store.close()
  })
  return { app, deps }
}
