// The website's routes: home, insights (all and by rubric, paged), article pages, services,
// the developer reference, the stylesheet and the helpful 404. Every page answers HTML, or its
// markdown twin for Accept: text/markdown, cached per content generation with ETag and 304.
import { apiCatalogLink } from '../discovery/api-catalog.js'
import { readFileSync } from 'node:fs'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { AppDeps } from '../app-deps.js'
import type { PublishedSnapshot } from '../content/published-snapshot.js'
import { articleUrl, servicePath } from '../content/urls.js'
import { renderedDocument, sendDocument, type RenderedDocument } from '../http/public-document.js'
import { prefersMarkdown } from './negotiate.js'
import { setPageHeaders } from './page-headers.js'
import { articleMarkdown, articlePage, type ArticlePageData } from './pages/article.js'
import { developersPage } from './pages/developers.js'
import { homePage } from './pages/home.js'
import { insightsPage, pageCountOf, parsePageNumber, rubricPage } from './pages/insights.js'
import { renderDocument } from './pages/layout.js'
import { notFoundPage } from './pages/not-found.js'
import type { PageContent, PageContext } from './pages/page.js'
import { pageMarkdown } from './pages/page-markdown.js'
import { servicePage, servicesPage } from './pages/services.js'

const HTML_TYPE = 'text/html; charset=utf-8'
const MARKDOWN_TYPE = 'text/markdown; charset=utf-8'
const STYLESHEET_PATH = '/assets/style.css'

type Format = 'html' | 'markdown'

function formatOf(request: FastifyRequest): Format {
  return prefersMarkdown(request.headers.accept) ? 'markdown' : 'html'
}

function documentOf(
  page: PageContent,
  format: Format,
  ctx: PageContext,
  lastModified: Date | null,
  markdown?: () => string,
): RenderedDocument {
  return format === 'html'
    ? renderedDocument(renderDocument(page, ctx), HTML_TYPE, lastModified)
    : renderedDocument(markdown ? markdown() : pageMarkdown(page, ctx), MARKDOWN_TYPE, lastModified)
}

/** Unpublished or deleted between the snapshot and the read: a write moved on, the page is a 404. */
class ArticleGone extends Error {}

export function webRoutes(app: FastifyInstance, deps: AppDeps) {
  const ctx: PageContext = { site: deps.site, baseUrl: deps.config.publicUrl }
  const { site } = deps

  /** Answers a page from the cache of the current generation (rendering it on a miss). */
  async function sendPage(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    snapshot: PublishedSnapshot,
    render: (format: Format) => Promise<RenderedDocument> | RenderedDocument,
  ) {
    const format = formatOf(request)
    const document = await deps.documents.get(`page:${key}|${format}`, snapshot.generation, () => render(format))
    setPageHeaders(reply)
    return sendDocument(request, reply, document, { vary: 'Accept' })
  }

  async function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
    const snapshot = await deps.snapshots.get()
    const format = formatOf(request)
    const document = await deps.documents.get(`page:404|${format}`, snapshot.generation, () =>
      documentOf(notFoundPage(snapshot, ctx), format, ctx, null),
    )
    setPageHeaders(reply)
    reply.header('Vary', 'Accept')
    reply.header('Cache-Control', 'no-cache')
    return reply.code(404).type(document.contentType).send(document.body)
  }

  const stylesheet = renderedDocument(readFileSync(new URL('./assets/style.css', import.meta.url)), 'text/css; charset=utf-8', null)
  app.get(STYLESHEET_PATH, (request, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff')
    return sendDocument(request, reply, stylesheet)
  })

  // RFC 9727 §3: the home page points API-catalog scanners at /.well-known/api-catalog (GET and HEAD).
  const homeLink = apiCatalogLink(deps.config.publicUrl)
  app.get('/', async (request, reply) => {
    reply.header('Link', homeLink)
    const snapshot = await deps.snapshots.get()
    return sendPage(request, reply, '/', snapshot, (format) => documentOf(homePage(snapshot, ctx), format, ctx, snapshot.lastModified))
  })

  app.get<{ Querystring: { page?: string } }>('/insights/', async (request, reply) => {
    const snapshot = await deps.snapshots.get()
    const page = parsePageNumber(request.query.page)
    if (page === null || page > pageCountOf(snapshot.articles.length)) return sendNotFound(request, reply)
    return sendPage(request, reply, `/insights/?page=${page}`, snapshot, (format) =>
      documentOf(insightsPage(snapshot, page, ctx), format, ctx, snapshot.lastModified),
    )
  })

  app.get<{ Params: { rubric: string }; Querystring: { page?: string } }>('/insights/:rubric/', async (request, reply) => {
    const rubric = site.rubricsBySlug.get(request.params.rubric)
    if (!rubric) return sendNotFound(request, reply)
    const snapshot = await deps.snapshots.get()
    const page = parsePageNumber(request.query.page)
    if (page === null || page > pageCountOf(snapshot.byRubric.get(rubric.slug)?.length ?? 0)) return sendNotFound(request, reply)
    return sendPage(request, reply, `/insights/${rubric.slug}/?page=${page}`, snapshot, (format) =>
      documentOf(rubricPage(rubric, snapshot, page, ctx), format, ctx, snapshot.lastModified),
    )
  })

  app.get<{ Params: { rubric: string; slug: string } }>('/insights/:rubric/:slug/', async (request, reply) => {
    const snapshot = await deps.snapshots.get()
    const listing = snapshot.bySlug.get(request.params.slug)
    if (!listing) return sendNotFound(request, reply)
    // The slug alone names the article; another rubric segment is an old or wrong link (decision 8).
    if (listing.rubric !== request.params.rubric) return reply.redirect(articleUrl(ctx.baseUrl, listing.rubric, listing.slug), 301)
    // The store is read only when this generation's page is not cached yet: a cache hit costs no query.
    try {
      return await sendPage(request, reply, `article:${listing.slug}`, snapshot, async (format) => {
        const data = await articleData(listing.slug, snapshot)
        if (!data) throw new ArticleGone()
        return documentOf(articlePage(data, ctx), format, ctx, lastModifiedOf(data), () => articleMarkdown(data, ctx))
      })
    } catch (error) {
      if (error instanceof ArticleGone) return sendNotFound(request, reply)
      throw error
    }
  })

  /** The article with what its page shows beside it; undefined when it is gone or not published. */
  async function articleData(slug: string, snapshot: PublishedSnapshot): Promise<ArticlePageData | undefined> {
    const article = await deps.store.articles.get(slug)
    if (!article || article.status !== 'published') return undefined
    const twins = new Set<string>()
    if (article.translation_of) twins.add(article.translation_of)
    for (const t of await deps.store.articles.translationsOf(slug)) if (t.status === 'published') twins.add(t.slug)
    const translations = [...twins].flatMap((twin) => {
      const listing = snapshot.bySlug.get(twin)
      return listing ? [{ lang: listing.lang, url: articleUrl(ctx.baseUrl, listing.rubric, listing.slug), title: listing.title }] : []
    })
    const services = article.services.flatMap((serviceSlug) => {
      const service = site.servicesBySlug.get(serviceSlug)
      return service
        ? [
            {
              title: site.serviceTitle(service, article.lang),
              summary: site.serviceSummary(service, article.lang),
              url: servicePath(service.slug),
            },
          ]
        : []
    })
    return { article, rubricTitle: site.rubricsBySlug.get(article.rubric)?.title ?? article.rubric, translations, services }
  }

  app.get('/services/', async (request, reply) => {
    const snapshot = await deps.snapshots.get()
    return sendPage(request, reply, '/services/', snapshot, (format) => documentOf(servicesPage(ctx), format, ctx, null))
  })

  app.get<{ Params: { service: string } }>('/services/:service/', async (request, reply) => {
    const service = site.servicesBySlug.get(request.params.service)
    if (!service) return sendNotFound(request, reply)
    const snapshot = await deps.snapshots.get()
    return sendPage(request, reply, servicePath(service.slug), snapshot, (format) =>
      documentOf(servicePage(service, snapshot, ctx), format, ctx, snapshot.lastModified),
    )
  })

  app.get('/developers/', async (request, reply) => {
    const snapshot = await deps.snapshots.get()
    return sendPage(request, reply, '/developers/', snapshot, (format) => documentOf(developersPage(deps.config, ctx), format, ctx, null))
  })

  return { sendNotFound }
}

function lastModifiedOf(data: ArticlePageData): Date | null {
  const stamp = data.article.updated_at ?? data.article.published_at
  return stamp ? new Date(stamp) : null
}
