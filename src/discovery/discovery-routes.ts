// Serves every discovery document: GET and HEAD with ETag/Last-Modified/304 and CORS, an OPTIONS
// preflight, each rendering cached per content generation (so a publish, update or delete shows at once).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { AppDeps } from '../app-deps.js'
import { eachPublishedListing, eachPublishedPlace } from '../content/published-scan.js'
import type { PublishedSummary } from '../content/published-summary.js'
import { CONTENT_INDEPENDENT, renderedDocument, type DocumentBody, type RenderedDocument } from '../http/document-body.js'
import { sendPreflight } from '../http/public-cors.js'
import { sendDocument } from '../http/public-document.js'
import { prefersMarkdownOverPlainText } from './accept.js'
import { loadSkillTemplates, renderSkill, renderSkillsIndex, skillValues } from './agent-skills.js'
import { renderAiCatalog } from './ai-catalog.js'
import { renderApiCatalog } from './api-catalog.js'
import { renderAuthMd } from './auth-md.js'
import { DISCOVERY_DOCUMENTS, type DiscoveryDocument, type DiscoveryDocumentId, apiCatalogLink } from '../contract/discovery-documents.js'
import { FEED_ARTICLE_COUNT, FEED_LANGUAGE, feedItems } from './feed-items.js'
import { renderJsonFeed } from './feed-json.js'
import { renderRss } from './feed-rss.js'
import { GenerationClock } from './generation-clock.js'
import { renderDevelopersLlms } from './llms-developers.js'
import { renderLlmsIndex } from './llms-index.js'
import { renderInsightsLlms } from './llms-insights.js'
import { renderServicesLlms } from './llms-services.js'
import { renderOpenApi } from './openapi.js'
import { renderRobots } from './robots.js'
import { renderServerCard } from './server-card.js'
import { publicPageCount, publicPages } from './site-pages.js'
import { renderSitemap, renderSitemapChild, SITEMAP_MAX_URLS, sitemapChildCount } from './sitemap.js'
import { loadTranslationGroups } from './translation-groups.js'

const MARKDOWN = 'text/markdown; charset=utf-8'
const LLMS_FILES: ReadonlySet<DiscoveryDocumentId> = new Set(['llms', 'insightsLlms', 'servicesLlms', 'developersLlms'])

export interface DiscoveryOptions {
  /** URLs per sitemap file before /sitemap.xml becomes an index (tests lower it). */
  sitemapMaxUrls?: number
}

export function discoveryRoutes(app: FastifyInstance, deps: AppDeps, options: DiscoveryOptions = {}) {
  const { site } = deps
  const base = deps.config.publicUrl
  const maxUrls = options.sitemapMaxUrls ?? SITEMAP_MAX_URLS
  // Documents that do not read the content change only with a new deploy: dated from the start.
  const startedAt = new Date(Math.floor(deps.clock().getTime() / 1000) * 1000)
  const generations = new GenerationClock(deps.clock)
  const skills = loadSkillTemplates().map((template) => renderSkill(template, skillValues(site, base, deps.config.rateLimits)))

  const renderers: Record<DiscoveryDocumentId, (summary: PublishedSummary) => string | DocumentBody | Promise<string | DocumentBody>> = {
    robots: () => renderRobots(base),
    sitemap: async (summary) => renderSitemap(await sitemapPages(summary), publicPageCount(site, summary), base, maxUrls),
    llms: (summary) => renderLlmsIndex(site, summary, base),
    insightsLlms: (summary) => renderInsightsLlms(site, summary, (rubric) => eachPublishedListing(deps.store, { rubric }), base),
    servicesLlms: () => renderServicesLlms(site, base),
    developersLlms: () => renderDevelopersLlms(site, base, deps.config.rateLimits),
    feedRss: async () => renderRss(site, await feedArticles(), base),
    feedJson: async () => renderJsonFeed(site, await feedArticles(), base),
    agentSkills: () => renderSkillsIndex(skills, base),
    authMd: () => renderAuthMd(site, base),
    apiCatalog: () => renderApiCatalog(site, base),
    openapi: () => renderOpenApi(site, base),
    serverCard: () => renderServerCard(site, base),
    aiCatalog: () => renderAiCatalog(site, base),
  }

  async function sitemapPages(summary: PublishedSummary) {
    return publicPages(site, summary, eachPublishedPlace(deps.store), await loadTranslationGroups(deps.store))
  }

  async function feedArticles() {
    return feedItems(await deps.store.articles.listPublishedFull({ lang: FEED_LANGUAGE, limit: FEED_ARTICLE_COUNT }), site, base)
  }

  /** The document's current rendering and the generation it is for (CONTENT_INDEPENDENT when it reads no content). */
  async function current(
    key: string,
    readsContent: boolean,
    contentType: string,
    render: (summary: PublishedSummary) => string | DocumentBody | Promise<string | DocumentBody>,
    /** The summary to render from, when the caller has already checked something against it. */
    checked?: PublishedSummary,
  ): Promise<{ rendered: RenderedDocument; generation: number }> {
    if (!readsContent) {
      const rendered = await deps.documents.get(
        `discovery:${key}`,
        CONTENT_INDEPENDENT,
        async () => renderedDocument(await render(await deps.published.get()), contentType, startedAt),
        { pinned: true },
      )
      return { rendered, generation: CONTENT_INDEPENDENT }
    }
    const summary = checked ?? (await deps.published.get())
    const rendered = await deps.documents.get(
      `discovery:${key}`,
      summary.generation,
      async () => renderedDocument(await render(summary), contentType, generations.seenAt(summary.generation)),
      { pinned: true },
    )
    return { rendered, generation: summary.generation }
  }

  async function serveDocument(doc: DiscoveryDocument, request: FastifyRequest, reply: FastifyReply) {
    const { rendered, generation } = await current(doc.id, doc.readsContent, doc.mediaType, renderers[doc.id])
    if (doc.id === 'apiCatalog') reply.header('Link', apiCatalogLink(base))
    if (!LLMS_FILES.has(doc.id)) return sendDocument(request, reply, rendered, { cors: true, generation })
    // The llms.txt files are markdown: plain text by default, text/markdown on request (its own ETag).
    const answer = prefersMarkdownOverPlainText(request.headers.accept) ? markdownTwin(rendered) : rendered
    return sendDocument(request, reply, answer, { cors: true, vary: 'Accept', generation })
  }

  // One twin per rendering, sharing its bytes and compressed copies, so a markdown reader costs no copy and no compression of its own.
  const markdownTwins = new WeakMap<RenderedDocument, RenderedDocument>()
  function markdownTwin(rendered: RenderedDocument): RenderedDocument {
    let twin = markdownTwins.get(rendered)
    if (!twin) {
      twin = { ...rendered, contentType: MARKDOWN, etag: `${rendered.etag.slice(0, -1)}-md"`, encoded: (rendered.encoded ??= {}) }
      markdownTwins.set(rendered, twin)
    }
    return twin
  }

  for (const doc of DISCOVERY_DOCUMENTS) {
    for (const path of doc.paths) {
      app.get(path, (request, reply) => serveDocument(doc, request, reply))
      app.options(path, sendPreflight)
    }
  }

  for (const skill of skills) {
    const rendered = renderedDocument(skill.bytes, MARKDOWN, startedAt)
    app.get(skill.path, (request, reply) => sendDocument(request, reply, rendered, { cors: true, generation: CONTENT_INDEPENDENT }))
    app.options(skill.path, sendPreflight)
  }

  // Child sitemaps exist only past the URL limit; any other number is not found.
  app.get('/sitemap-:n(^\\d+).xml', async (request, reply) => {
    const n = Number((request.params as { n: string }).n)
    const summary = await deps.published.get()
    if (n < 1 || n > sitemapChildCount(publicPageCount(site, summary), maxUrls)) return reply.callNotFound()
    // Rendered from the very summary n was checked against, so the child exists in it.
    const { rendered, generation } = await current(
      `sitemap-${n}`,
      true,
      'application/xml; charset=utf-8',
      async (checked) => (await renderSitemapChild(await sitemapPages(checked), publicPageCount(site, checked), base, n, maxUrls))!,
      summary,
    )
    return sendDocument(request, reply, rendered, { cors: true, generation })
  })
  app.options('/sitemap-:n(^\\d+).xml', sendPreflight)
}
