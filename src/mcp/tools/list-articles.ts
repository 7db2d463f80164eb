// list_articles: published articles newest first, by rubric or tag, a page at a time.
import { MCP_TOOL_LIMITS } from '../../contract/mcp-tools.js'
import { articleUrl } from '../../content/urls.js'
import { decodeListCursor, encodeListCursor } from './list-cursor.js'
import { failure, success, unknownRubric, type ToolImplementation } from './tool.js'

export const listArticles: ToolImplementation<{ rubric?: string; tag?: string; limit?: number; cursor?: string }> = {
  name: 'list_articles',
  async run({ rubric, tag, limit, cursor }, deps) {
    if (rubric !== undefined) {
      const refused = unknownRubric(deps, rubric)
      if (refused) return refused
    }
    const position = cursor === undefined ? undefined : decodeListCursor(cursor)
    if (cursor !== undefined && !position) return failure('This cursor was not issued by list_articles; omit it for the first page.')
    const pageSize = limit ?? MCP_TOOL_LIMITS.listDefault
    // One more than the page tells whether a next page exists.
    const rows = await deps.store.articles.listPublished({
      ...(rubric !== undefined ? { rubric } : {}),
      ...(tag !== undefined ? { tag } : {}),
      ...(position ? { after: { published_at: position.publishedAt, slug: position.slug } } : {}),
      limit: pageSize + 1,
    })
    const page = rows.slice(0, pageSize)
    const base = deps.config.publicUrl
    return success({
      articles: page.map((a) => ({
        slug: a.slug,
        title: a.title,
        url: articleUrl(base, a.rubric, a.slug),
        rubric: a.rubric,
        rubric_title: deps.site.rubricTitle(a.rubric),
        lang: a.lang,
        excerpt: a.excerpt,
        tags: a.tags,
        published_at: a.published_at,
        updated_at: a.updated_at,
      })),
      next_cursor: rows.length > pageSize ? encodeListCursor(page.at(-1)!) : null,
    })
  },
}
