// The catalog endpoints of the Content API: one page of the catalog (drafts too on request), the tag list, the rebuild.
import type { FastifyInstance } from 'fastify'
import type { AppDeps } from '../app-deps.js'
import { CatalogService, nextPageLink } from '../content/catalog.js'
import { ok } from './envelope.js'
import { renderedDocument } from '../http/document-body.js'
import { sendDocument } from '../http/public-document.js'
import { route } from '../http/endpoint-route.js'
import { PRIVATE_NO_STORE } from '../http/private-answer.js'

export function catalogRoutes(app: FastifyInstance, deps: AppDeps) {
  const catalog = new CatalogService(deps.store, deps.site, deps.config.publicUrl)

  const render = async (query: { cursor?: string; limit?: string; status?: string }) => {
    const page = await catalog.page(query)
    const link =
      page.next_cursor === null
        ? undefined
        : { Link: nextPageLink(deps.config.publicUrl, page.next_cursor, { limit: query.limit, status: query.status }) }
    return renderedDocument(JSON.stringify(ok({ ...page })), 'application/json; charset=utf-8', null, link)
  }

  route(app, 'getCatalog', async (request, reply) => {
    const { cursor, limit, status } = request.query
    const query = { cursor, limit, status }
    if (status !== undefined && status !== 'published') {
      return sendDocument(request, reply, await render(query), { cacheControl: PRIVATE_NO_STORE })
    }
    // The published catalog reads the same for every key: each page is rendered once per content
    // generation and kept, as public documents are. Its answers still pass the key check, and stay
    // private: a shared cache must not hand them to a reader without a key.
    const generation = await deps.store.contentGeneration()
    const document = await deps.documents.get(`api-catalog:${JSON.stringify([status, limit, cursor])}`, generation, () => render(query))
    return sendDocument(request, reply, document, { cacheControl: 'private, no-cache' })
  })

  route(app, 'listTags', async () => ok({ tags: await catalog.tags() }))

  route(app, 'rebuildCatalog', async (request) => ok({ ...(await catalog.rebuild({ apply: request.query.apply })) }))
}
