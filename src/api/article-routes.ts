// The article endpoints of the Content API: create, read, update, delete.
import type { FastifyInstance } from 'fastify'
import type { AppDeps } from '../app-deps.js'
import { RESERVED_SLUGS } from '../contract/endpoints.js'
import type { DryRunResult, WrittenResult } from '../content/article-service.js'
import { toApiArticle } from '../content/api-representations.js'
import { ApiError } from '../contract/errors.js'
import { isSlug, LIMITS } from '../contract/limits.js'
import { apiNotFound } from '../http/error-handler.js'
import { renderedDocument, sendDocument } from '../http/public-document.js'
import { ok, queryFlag } from './envelope.js'
import { addEndpointHook } from '../http/endpoint-hooks.js'
import { route } from '../http/endpoint-route.js'

type SlugParams = { slug: string }

export function articleRoutes(app: FastifyInstance, deps: AppDeps) {
  const { articles, site, config } = deps

  // /api/content/{slug} must not swallow the other methods of /api/content/catalog, /tags, /images:
  // those answer 405 with their own Allow list. A path segment that cannot be a slug names no
  // article: 404 without asking the store (which may not even hold such text: U+0000 on PostgreSQL).
  addEndpointHook(
    app,
    'preHandler',
    (def) => def.path.includes('{slug}'),
    async (request, reply) => {
      const slug = (request.params as Partial<SlugParams> | undefined)?.slug
      if (slug === undefined) return
      if (RESERVED_SLUGS.has(slug)) return apiNotFound(request, reply, config.publicUrl)
      if (!isSlug(slug)) {
        throw new ApiError('not_found', {
          message: `No article with slug "${slug.slice(0, 100)}".`,
          hint: `A slug is lowercase ASCII letters, digits and hyphens, at most ${LIMITS.slugMaxLength} characters.`,
        })
      }
    },
  )

  route(app, 'createArticle', async (request) => {
    const result = await articles.create(request.body, { dryRun: queryFlag(request.query, 'dry_run') })
    return writeAnswer(result)
  })

  // Rendered once per content generation and served from memory until the next write.
  route(app, 'getArticle', async (request, reply) => {
    const { slug } = request.params as SlugParams
    const generation = await deps.store.contentGeneration()
    const document = await deps.documents.get(`api-article:${slug}`, generation, async () => {
      const article = await articles.readPublished(slug)
      return renderedDocument(
        JSON.stringify(ok({ article: toApiArticle(article, site, config.publicUrl) })),
        'application/json; charset=utf-8',
        article.updated_at ? new Date(article.updated_at) : null,
      )
    })
    return sendDocument(request, reply, document, { generation })
  })

  route(app, 'updateArticle', async (request) => {
    const { slug } = request.params as SlugParams
    const result = await articles.update(slug, request.body, { dryRun: queryFlag(request.query, 'dry_run') })
    return writeAnswer(result)
  })

  route(app, 'deleteArticle', async (request) => {
    const { slug } = request.params as SlugParams
    await articles.delete(slug)
    return ok({ ok: true, deleted: slug })
  })
}

function writeAnswer(result: WrittenResult | DryRunResult) {
  if (result.kind === 'written') {
    return ok({ ok: true, slug: result.slug, url: result.url, warnings: result.warnings })
  }
  const { kind: _kind, ...report } = result
  return ok({ dry_run: true, persisted: false, ...report })
}
