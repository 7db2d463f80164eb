// The website's routes: home, insights (all and by rubric, paged), article pages, services, the
// firm's pages (firm-routes.ts),
// the developer reference, the stylesheet and the helpful 404. Every page answers HTML, or its
// markdown twin for Accept: text/markdown, cached per content generation with ETag and 304.
import { readFileSync } from 'node:fs'
import { apiCatalogLink } from '../contract/discovery-documents.js'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { AppDeps } from '../app-deps.js'
import { isSlug } from '../contract/limits.js'
import { articleUrl, servicePath } from '../content/urls.js'
import { articlePageData } from './article-page-data.js'
import { CONTENT_INDEPENDENT, renderedDocument, type RenderedDocument } from '../http/document-body.js'
import { sendDocument } from '../http/public-document.js'
import { firmRoutes } from './firm-routes.js'
import { prefersMarkdownOverHtml } from './negotiate.js'
import { setPageHeaders } from './page-headers.js'
import { articleMarkdown, articlePage, type ArticlePageData } from './pages/article.js'
import { developersPage } from './pages/developers.js'
import { HOME_LATEST_COUNT, homePage } from './pages/home.js'
import { insightsPage, rubricPage } from './pages/insights.js'
import { LISTING_PAGE_SIZE, listingOffset, pageCountOf, parsePageNumber, type ListingPage } from './pages/listing.js'
import { renderDocument } from './pages/layout.js'
import { NOT_FOUND_LATEST_COUNT, notFoundPage } from './pages/not-found.js'
import type { PageContent, PageContext } from './pages/page.js'
import type { PublishedQuery } from '../store/store.js'
import { pageMarkdown } from './pages/page-markdown.js'
import { servicePage, servicesPage } from './pages/services.js'
import { faviconIco, faviconSvg, webManifest } from './pages/site-icons.js'
import { findPublishedArticle } from '../content/published-article.js'

const HTML_TYPE = 'text/html; charset=utf-8'
const MARKDOWN_TYPE = 'text/markdown; charset=utf-8'
const STYLESHEET_PATH = '/assets/style.css'

type Format = 'html' | 'markdown'

function formatOf(request: FastifyRequest): Format {
  return prefersMarkdownOverHtml(request.headers.accept) ? 'markdown' : 'html'
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

/** Nothing to show at this URL (no published article by that slug, a page past the last): a 404. */
class NothingHere extends Error {}

/** The article lives in another rubric: the link answers 301 to its canonical URL (decision 8). */
class ArticleElsewhere extends Error {
  constructor(readonly rubric: string) {
    super(`the article is in rubric ${rubric}`)
  }
}

export function webRoutes(app: FastifyInstance, deps: AppDeps) {
  const ctx: PageContext = { site: deps.site, baseUrl: deps.config.publicUrl }
  const { site } = deps

  /** Answers a page from the cache of the current generation (rendering it on a miss). */
  async function sendPage(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    generation: number,
    render: (format: Format) => Promise<RenderedDocument> | RenderedDocument,
  ) {
    const format = formatOf(request)
    const document = await deps.documents.get(`page:${key}|${format}`, generation, () => render(format))
    setPageHeaders(reply)
    return sendDocument(request, reply, document, { vary: 'Accept', generation })
  }

  async function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
    const summary = await deps.published.get()
    const format = formatOf(request)
    const document = await deps.documents.get(`page:404|${format}`, summary.generation, async () =>
      documentOf(notFoundPage(await deps.store.articles.listPublished({ limit: NOT_FOUND_LATEST_COUNT }), ctx), format, ctx, null),
    )
    setPageHeaders(reply)
    reply.header('Vary', 'Accept')
    reply.header('Cache-Control', 'no-cache')
    return reply.code(404).type(document.contentType).send(document.body)
  }

  /** Page `page` of the published articles matching `filter`; `total` when the count is known (else one more row tells if a next page exists). */
  async function listingPage(filter: PublishedQuery, page: number, total?: number): Promise<ListingPage> {
    const rows = await deps.store.articles.listPublished({ ...filter, offset: listingOffset(page), limit: LISTING_PAGE_SIZE + 1 })
    const items = rows.slice(0, LISTING_PAGE_SIZE)
    return total === undefined
      ? { items, page, hasNext: rows.length > LISTING_PAGE_SIZE }
      : { items, page, pageCount: pageCountOf(total), hasNext: page < pageCountOf(total) }
  }

  const stylesheet = renderedDocument(readFileSync(new URL('./assets/style.css', import.meta.url)), 'text/css; charset=utf-8', null)
  app.get(STYLESHEET_PATH, (request, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff')
    return sendDocument(request, reply, stylesheet, { generation: CONTENT_INDEPENDENT })
  })

  // The icon and the manifest depend only on the site definition: built once, cached by ETag.
  const assets: [string, RenderedDocument][] = [
    ['/favicon.ico', renderedDocument(faviconIco(), 'image/x-icon', null)],
    ['/favicon.svg', renderedDocument(faviconSvg(), 'image/svg+xml', null)],
    ['/manifest.webmanifest', renderedDocument(webManifest(site), 'application/manifest+json', null)],
  ]
  for (const [path, document] of assets) {
    app.get(path, (request, reply) => {
      reply.header('X-Content-Type-Options', 'nosniff')
      return sendDocument(request, reply, document, { generation: CONTENT_INDEPENDENT })
    })
  }

  // RFC 9727 §3: the home page points API-catalog scanners at /.well-known/api-catalog (GET and HEAD).
  const homeLink = apiCatalogLink(deps.config.publicUrl)
  app.get('/', async (request, reply) => {
    reply.header('Link', homeLink)
    const summary = await deps.published.get()
    return sendPage(request, reply, '/', summary.generation, async (format) => {
      const latest = await deps.store.articles.listPublished({ lang: site.defaultLocale, limit: HOME_LATEST_COUNT })
      return documentOf(homePage(summary, latest, ctx), format, ctx, summary.lastModified)
    })
  })

  app.get<{ Querystring: { page?: string } }>('/insights/', async (request, reply) => {
    const summary = await deps.published.get()
    const page = parsePageNumber(request.query.page)
    if (page === null || page > pageCountOf(summary.count)) return sendNotFound(request, reply)
    return sendPage(request, reply, `/insights/?page=${page}`, summary.generation, async (format) =>
      documentOf(insightsPage(summary, await listingPage({}, page, summary.count), ctx), format, ctx, summary.lastModified),
    )
  })

  app.get<{ Params: { rubric: string }; Querystring: { page?: string } }>('/insights/:rubric/', async (request, reply) => {
    const rubric = site.rubricsBySlug.get(request.params.rubric)
    if (!rubric) return sendNotFound(request, reply)
    const summary = await deps.published.get()
    const page = parsePageNumber(request.query.page)
    const total = summary.countsByRubric.get(rubric.slug) ?? 0
    if (page === null || page > pageCountOf(total)) return sendNotFound(request, reply)
    return sendPage(request, reply, `/insights/${rubric.slug}/?page=${page}`, summary.generation, async (format) =>
      documentOf(
        rubricPage(rubric, summary, await listingPage({ rubric: rubric.slug }, page, total), ctx),
        format,
        ctx,
        summary.lastModified,
      ),
    )
  })

  app.get<{ Params: { rubric: string; slug: string } }>('/insights/:rubric/:slug/', async (request, reply) => {
    const { rubric, slug } = request.params
    // Not in the shape of a slug: no article, and no store read (nor a cached page) for it.
    if (!isSlug(slug)) return sendNotFound(request, reply)
    const generation = await deps.store.contentGeneration()
    // The store is read only when this generation's page is not cached yet: a cache hit costs no
    // query. The key holds the rubric segment, so only the canonical URL is ever cached as a page.
    try {
      return await sendPage(request, reply, `article:${rubric}/${slug}`, generation, async (format) => {
        const data = await articleData(slug)
        if (!data) throw new NothingHere()
        // The slug alone names the article; another rubric segment is an old or wrong link (decision 8).
        if (data.article.rubric !== rubric) throw new ArticleElsewhere(data.article.rubric)
        return documentOf(articlePage(data, ctx), format, ctx, lastModifiedOf(data), () => articleMarkdown(data, ctx))
      })
    } catch (error) {
      if (error instanceof NothingHere) return sendNotFound(request, reply)
      if (error instanceof ArticleElsewhere) return reply.redirect(articleUrl(ctx.baseUrl, error.rubric, slug), 301)
      throw error
    }
  })

  /** The article with what its page shows beside it; undefined when it is gone or not published. */
  async function articleData(slug: string): Promise<ArticlePageData | undefined> {
    const article = await findPublishedArticle(deps.store, slug)
    return article && articlePageData(article, deps.store, ctx)
  }

  app.get('/services/', async (request, reply) => {
    const generation = await deps.store.contentGeneration()
    return sendPage(request, reply, '/services/', generation, (format) => documentOf(servicesPage(ctx), format, ctx, null))
  })

  app.get<{ Params: { service: string }; Querystring: { page?: string } }>('/services/:service/', async (request, reply) => {
    const service = site.servicesBySlug.get(request.params.service)
    const page = parsePageNumber(request.query.page)
    if (!service || page === null) return sendNotFound(request, reply)
    const summary = await deps.published.get()
    try {
      return await sendPage(request, reply, `${servicePath(service.slug)}?page=${page}`, summary.generation, async (format) => {
        // How many articles link to a service is not counted anywhere: one more row tells whether an older page follows.
        const linked = await listingPage({ service: service.slug }, page)
        if (page > 1 && linked.items.length === 0) throw new NothingHere()
        return documentOf(servicePage(service, linked, ctx), format, ctx, summary.lastModified)
      })
    } catch (error) {
      if (error instanceof NothingHere) return sendNotFound(request, reply)
      throw error
    }
  })

  app.get('/developers/', async (request, reply) => {
    const generation = await deps.store.contentGeneration()
    return sendPage(request, reply, '/developers/', generation, (format) => documentOf(developersPage(deps.config, ctx), format, ctx, null))
  })

  firmRoutes(app, deps, {
    sendPage,
    sendNotFound,
    listingPage,
    documentOf: (page, format, lastModified) => documentOf(page, format, ctx, lastModified),
  })

  return { sendNotFound }
}

function lastModifiedOf(data: ArticlePageData): Date | null {
  const stamp = data.article.updated_at ?? data.article.published_at
  return stamp ? new Date(stamp) : null
}
