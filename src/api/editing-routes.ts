// The endpoints editors use beside the writes: the history of a slug, one revision as it was,
// restoring one, and preview links. Every answer is made for a key: private, stored by no cache.
import type { FastifyInstance } from 'fastify'
import type { AppDeps } from '../app-deps.js'
import { toApiArticle } from '../content/api-representations.js'
import { nextPageLink } from '../content/catalog.js'
import { route } from '../http/endpoint-route.js'
import { PRIVATE_NO_STORE } from '../http/private-answer.js'
import { ok } from './envelope.js'

export function editingRoutes(app: FastifyInstance, deps: AppDeps) {
  const { revisions, site, config } = deps

  route(app, 'listRevisions', async (request, reply) => {
    const { slug } = request.params
    const { cursor, limit } = request.query
    const page = await revisions.list(slug, { cursor, limit })
    if (page.next_cursor !== null) {
      reply.header('Link', nextPageLink(config.publicUrl, page.next_cursor, { limit }, `/api/content/${slug}/revisions`))
    }
    reply.header('Cache-Control', PRIVATE_NO_STORE)
    return ok({ ...page })
  })

  route(app, 'getRevision', async (request, reply) => {
    const { slug, n } = request.params
    const { article, ...revision } = await revisions.get(slug, n)
    reply.header('Cache-Control', PRIVATE_NO_STORE)
    return ok({ ...revision, article: toApiArticle(article, site, config.publicUrl) })
  })

  route(app, 'restoreRevision', async (request, reply) => {
    const { slug, n } = request.params
    const dryRun = request.query.dry_run
    const { kind, ...result } = await revisions.restore(slug, n, { dryRun, actor: request.apiKey?.name })
    reply.header('Cache-Control', PRIVATE_NO_STORE)
    if (kind === 'written') {
      const { status_after: _after, ...written } = result
      return ok({ ok: true, ...written })
    }
    return ok({ dry_run: true, persisted: false, ...result })
  })

  route(app, 'createPreview', async (request, reply) => {
    const { slug } = request.params
    reply.header('Cache-Control', PRIVATE_NO_STORE)
    return ok({ ...(await deps.previews.create(slug, request.apiKey?.name)) })
  })
}
