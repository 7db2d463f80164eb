// The catalog endpoints of the Content API: one page of the catalog, the tag list, the rebuild.
import type { FastifyInstance } from 'fastify'
import type { AppDeps } from '../app-deps.js'
import { CatalogService, nextPageLink } from '../content/catalog.js'
import { ok, queryFlag } from './envelope.js'
import { route } from '../http/endpoint-route.js'

/** The last value of a query parameter (a repeated parameter counts once, the last one wins). */
function queryValue(query: unknown, name: string): string | undefined {
  const value = (query as Record<string, unknown> | undefined)?.[name]
  const last = Array.isArray(value) ? value.at(-1) : value
  return typeof last === 'string' ? last : undefined
}

export function catalogRoutes(app: FastifyInstance, deps: AppDeps) {
  const catalog = new CatalogService(deps.store, deps.site, deps.config.publicUrl)

  route(app, 'getCatalog', async (request, reply) => {
    const limit = queryValue(request.query, 'limit')
    const page = await catalog.page({ cursor: queryValue(request.query, 'cursor'), limit })
    if (page.next_cursor !== null) reply.header('Link', nextPageLink(deps.config.publicUrl, page.next_cursor, limit))
    return ok({ ...page })
  })

  route(app, 'listTags', async () => ok({ tags: await catalog.tags() }))

  route(app, 'rebuildCatalog', async (request) => ok({ ...(await catalog.rebuild({ apply: queryFlag(request.query, 'apply') })) }))
}
