// The firm's pages beside the insights: About, Contact, each person's author page (paged), each
// tag's page (paged) and search. They answer HTML or the markdown twin like every other page.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { AppDeps } from '../app-deps.js'
import { ABOUT_PATH, authorPath, CONTACT_PATH, SEARCH_PATH, tagPath } from '../content/urls.js'
import type { RenderedDocument } from '../http/document-body.js'
import type { PublishedQuery } from '../store/store.js'
import { authorPage } from './pages/author.js'
import { aboutPage, contactPage } from './pages/firm.js'
import { pageCountOf, parsePageNumber, type ListingPage } from './pages/listing.js'
import type { PageContent } from './pages/page.js'
import { searchPage } from './pages/search.js'
import { tagPage } from './pages/tag.js'

/** Longest search the page runs; a longer one is answered with a message, not searched. */
export const SEARCH_QUERY_MAX_LENGTH = 200
/** Hits one search page shows, best first. */
export const SEARCH_RESULT_COUNT = 20

type Format = 'html' | 'markdown'

/** What the firm's routes use of the website's routes. */
export interface PageTools {
  sendPage: (
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    generation: number,
    render: (format: Format) => Promise<RenderedDocument> | RenderedDocument,
  ) => Promise<unknown>
  sendNotFound: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>
  listingPage: (filter: PublishedQuery, page: number, total?: number) => Promise<ListingPage>
  documentOf: (page: PageContent, format: Format, lastModified: Date | null) => RenderedDocument
}

export function firmRoutes(app: FastifyInstance, deps: AppDeps, tools: PageTools) {
  const ctx = { site: deps.site, baseUrl: deps.config.publicUrl }
  const { site } = deps
  const { sendPage, sendNotFound, listingPage, documentOf } = tools

  app.get(ABOUT_PATH, async (request, reply) => {
    const generation = await deps.store.contentGeneration()
    return sendPage(request, reply, ABOUT_PATH, generation, (format) => documentOf(aboutPage(ctx), format, null))
  })

  app.get(CONTACT_PATH, async (request, reply) => {
    const generation = await deps.store.contentGeneration()
    return sendPage(request, reply, CONTACT_PATH, generation, (format) => documentOf(contactPage(ctx), format, null))
  })

  app.get<{ Params: { author: string }; Querystring: { page?: string } }>('/authors/:author/', async (request, reply) => {
    const member = site.teamBySlug.get(request.params.author)
    const page = parsePageNumber(request.query.page)
    if (!member || page === null) return sendNotFound(request, reply)
    const summary = await deps.published.get()
    const total = await deps.store.articles.countPublishedByAuthor(member.slug)
    if (page > pageCountOf(total)) return sendNotFound(request, reply)
    return sendPage(request, reply, `${authorPath(member.slug)}?page=${page}`, summary.generation, async (format) =>
      documentOf(authorPage(member, total, await listingPage({ authorSlug: member.slug }, page, total), ctx), format, summary.lastModified),
    )
  })

  app.get<{ Params: { tag: string }; Querystring: { page?: string } }>('/insights/tags/:tag/', async (request, reply) => {
    // The router has already decoded the percent-encoded segment: this is the tag itself.
    const tag = request.params.tag
    const summary = await deps.published.get()
    const total = summary.countsByTag.get(tag) ?? 0
    const page = parsePageNumber(request.query.page)
    // A tag no published article carries (only drafts, or none at all) has no page.
    if (total === 0 || page === null || page > pageCountOf(total)) return sendNotFound(request, reply)
    return sendPage(request, reply, `${tagPath(tag)}?page=${page}`, summary.generation, async (format) =>
      documentOf(tagPage(tag, total, await listingPage({ tag }, page, total), ctx), format, summary.lastModified),
    )
  })

  // The query parser keeps a repeated parameter's last value (http/query-string.ts).
  app.get<{ Querystring: { q?: string } }>(SEARCH_PATH, async (request, reply) => {
    const query = (request.query.q ?? '').replace(/\s+/g, ' ').trim()
    const tooLong = query.length > SEARCH_QUERY_MAX_LENGTH
    const shown = tooLong ? query.slice(0, SEARCH_QUERY_MAX_LENGTH) : query
    const generation = await deps.store.contentGeneration()
    reply.header('X-Robots-Tag', 'noindex')
    return sendPage(request, reply, `search:${tooLong ? 'too-long' : query}`, generation, async (format) => {
      if (tooLong) {
        const problem = `Searches are limited to ${SEARCH_QUERY_MAX_LENGTH} characters; please shorten yours.`
        return documentOf(searchPage(shown, [], problem, ctx), format, null)
      }
      const hits = query ? await deps.store.search.search(query, { limit: SEARCH_RESULT_COUNT }) : []
      return documentOf(searchPage(query, hits, null, ctx), format, null)
    })
  })
}
