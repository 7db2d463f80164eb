// Preview pages: /preview/<token>/ shows the stored article exactly as its page will look, drafts
// included, under a "Preview" banner (markdown twin for Accept: text/markdown), and
// /preview/<token>/images/<key> serves the images it shows from the image store, which the public
// /images/ path may refuse while the article is a draft. Never indexed, never kept by any cache;
// 404 once the link has expired or the article is gone.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { AppDeps } from '../app-deps.js'
import { referencedImageKeys, withImagesUnder } from '../content/image-references.js'
import { IMAGE_KEY } from '../content/images.js'
import { previewPath } from '../content/preview-links.js'
import { PRIVATE_NO_STORE } from '../http/private-answer.js'
import type { ArticleRecord } from '../store/article-record.js'
import { articlePageData } from './article-page-data.js'
import { prefersMarkdownOverHtml } from './negotiate.js'
import { setPageHeaders } from './page-headers.js'
import { articleMarkdown, articlePage } from './pages/article.js'
import { renderDocument } from './pages/layout.js'
import type { PageContext } from './pages/page.js'

type SendNotFound = (request: FastifyRequest, reply: FastifyReply) => unknown

/** What every preview answer carries: kept by nobody, indexed by nobody, its URL told to nobody it links to. */
function setPreviewHeaders(reply: FastifyReply) {
  reply.header('Cache-Control', PRIVATE_NO_STORE)
  reply.header('X-Robots-Tag', 'noindex')
  reply.header('Referrer-Policy', 'no-referrer')
}

/** The banner's words: what the reader sees and until when the link works (UTC, to the minute). */
function noticeOf(article: ArticleRecord, expiresAt: string): string {
  const state = article.status === 'draft' ? 'a draft, not public yet' : 'published; this is how its page looks now'
  return `Preview — ${state}. This link works until ${expiresAt.slice(0, 16).replace('T', ' ')} UTC.`
}

/** The markdown twin with the banner as a quote after its front matter. */
function withNotice(markdown: string, notice: string): string {
  const end = markdown.indexOf('\n---\n', 3) + '\n---\n'.length
  return `${markdown.slice(0, end)}\n> ${notice}\n${markdown.slice(end)}`
}

export function previewRoutes(app: FastifyInstance, deps: AppDeps, sendNotFound: SendNotFound) {
  const ctx: PageContext = { site: deps.site, baseUrl: deps.config.publicUrl }

  app.get<{ Params: { token: string } }>('/preview/:token/', async (request, reply) => {
    const { token } = request.params
    const opened = await deps.previews.open(token)
    if (!opened) return sendNotFound(request, reply)
    const path = previewPath(token)
    const data = await articlePageData(withImagesUnder(opened.article, ctx.baseUrl, path), deps.store, ctx)
    const notice = noticeOf(opened.article, opened.expiresAt)
    setPageHeaders(reply)
    setPreviewHeaders(reply)
    reply.header('Vary', 'Accept')
    if (prefersMarkdownOverHtml(request.headers.accept)) {
      return reply.type('text/markdown; charset=utf-8').send(withNotice(articleMarkdown(data, ctx), notice))
    }
    // The article's own page, only not the public one: its own path, no canonical, noindex, the banner.
    const page = { ...articlePage(data, ctx), path, indexable: false, notice }
    return reply.type('text/html; charset=utf-8').send(renderDocument(page, ctx))
  })

  app.get<{ Params: { token: string; '*': string } }>('/preview/:token/images/*', async (request, reply) => {
    const opened = await deps.previews.open(request.params.token)
    const key = request.params['*']
    // Only the images of the article the link shows: its own, or one its body or cover shows.
    const shown =
      opened !== undefined &&
      IMAGE_KEY.test(key) &&
      (key.startsWith(`${opened.article.slug}/`) || referencedImageKeys(opened.article, ctx.baseUrl).includes(key))
    const record = shown ? await deps.store.images.get(key) : undefined
    const bytes = record ? await deps.store.images.bytes(key) : undefined
    if (!record || !bytes) return sendNotFound(request, reply)
    setPreviewHeaders(reply)
    reply.header('X-Content-Type-Options', 'nosniff')
    // Stored files are accepted by their first bytes, so a polyglot can be among them (as on /images/).
    reply.header('Content-Security-Policy', "default-src 'none'; sandbox")
    reply.header('Content-Length', String(bytes.length))
    return reply.type(record.type).send(bytes)
  })
}
