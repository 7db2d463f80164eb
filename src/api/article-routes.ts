// The article endpoints of the Content API: create, read (drafts too for a key, on request), update, delete.
import type { FastifyInstance } from 'fastify'
import type { AppDeps } from '../app-deps.js'
import { RESERVED_SLUGS } from '../contract/endpoints.js'
import { articleReadStatus, type DryRunResult, type WrittenResult } from '../content/article-service.js'
import { toApiArticle } from '../content/api-representations.js'
import { ApiError } from '../contract/errors.js'
import { isSlug, LIMITS } from '../contract/limits.js'
import { apiNotFound } from '../http/error-handler.js'
import { renderedDocument } from '../http/document-body.js'
import { sendDocument } from '../http/public-document.js'
import { ok } from './envelope.js'
import { addEndpointHook } from '../http/endpoint-hooks.js'
import { route } from '../http/endpoint-route.js'
import { PRIVATE_NO_STORE } from '../http/private-answer.js'
import type { ArticleRecord } from '../store/article-record.js'

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
      const slug = (request.params as { slug?: string } | undefined)?.slug
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
    const result = await articles.create(request.body, { dryRun: request.query.dry_run })
    return writeAnswer(result)
  })

  const articleDocument = (article: ArticleRecord) =>
    renderedDocument(
      JSON.stringify(ok({ article: toApiArticle(article, site, config.publicUrl) })),
      'application/json; charset=utf-8',
      article.updated_at ? new Date(article.updated_at) : null,
    )

  // Rendered once per content generation and served from memory until the next write.
  route(app, 'getArticle', async (request, reply) => {
    const { slug } = request.params
    const status = articleReadStatus(request.query.status)
    // A request with credentials (its key checked by the hook when it asks for status=all) reads
    // the store itself: no rendering kept for everyone answers it, and its answer is kept by no one (decision 12).
    if (status === 'all' || request.headers.authorization !== undefined) {
      const article = status === 'all' ? await articles.readAnyStatus(slug) : await articles.readPublished(slug)
      return sendDocument(request, reply, articleDocument(article), { cacheControl: PRIVATE_NO_STORE })
    }
    const generation = await deps.store.contentGeneration()
    const document = await deps.documents.get(`api-article:${slug}`, generation, async () =>
      articleDocument(await articles.readPublished(slug)),
    )
    return sendDocument(request, reply, document, { generation })
  })

  route(app, 'updateArticle', async (request) => {
    const { slug } = request.params
    const result = await articles.update(slug, request.body, { dryRun: request.query.dry_run, actor: request.apiKey?.name })
    return writeAnswer(result)
  })

  route(app, 'deleteArticle', async (request) => {
    const { slug } = request.params
    await articles.delete(slug, request.apiKey?.name)
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
