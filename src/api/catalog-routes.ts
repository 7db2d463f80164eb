// The catalog endpoints of the Content API: one page of the catalog (drafts too on request), the tag list, the rebuild.
import type { FastifyInstance } from 'fastify'
import type { AppDeps } from '../app-deps.js'
import { CatalogService, nextPageLink } from '../content/catalog.js'
import { ok } from './envelope.js'
import { route } from '../http/endpoint-route.js'
import { PRIVATE_NO_STORE } from '../http/private-answer.js'

export function catalogRoutes(app: FastifyInstance, deps: AppDeps) {
  const catalog = new CatalogService(deps.store, deps.site, deps.config.publicUrl)

  route(app, 'getCatalog', async (request, reply) => {
    const { cursor, limit, status } = request.query
    const page = await catalog.page({ cursor, limit, status })
    if (page.next_cursor !== null) reply.header('Link', nextPageLink(deps.config.publicUrl, page.next_cursor, { limit, status }))
    if (status !== undefined && status !== 'published') reply.header('Cache-Control', PRIVATE_NO_STORE)
    return ok({ ...page })
  })

  route(app, 'listTags', async () => ok({ tags: await catalog.tags() }))

  route(app, 'rebuildCatalog', async (request) => ok({ ...(await catalog.rebuild({ apply: request.query.apply })) }))
}
