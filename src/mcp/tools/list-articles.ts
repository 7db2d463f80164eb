// list_articles: published articles newest first, by rubric or tag, a page at a time.
import { MCP_TOOL_LIMITS } from '../../contract/mcp-tools.js'
import { articleUrl } from '../../content/urls.js'
import { decodeListCursor, encodeListCursor, isAfter } from './list-cursor.js'
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
    const snapshot = await deps.snapshots.get()
    const pageSize = limit ?? MCP_TOOL_LIMITS.listDefault
    const pool = rubric !== undefined ? (snapshot.byRubric.get(rubric) ?? []) : snapshot.articles
    const matching = pool.filter((a) => (tag === undefined || a.tags.includes(tag)) && (!position || isAfter(a, position)))
    const page = matching.slice(0, pageSize)
    const base = deps.config.publicUrl
    return success({
      articles: page.map((a) => ({
        slug: a.slug,
        title: a.title,
        url: articleUrl(base, a.rubric, a.slug),
        rubric: a.rubric,
        rubric_title: deps.site.rubricsBySlug.get(a.rubric)?.title ?? a.rubric,
        lang: a.lang,
        excerpt: a.excerpt,
        tags: a.tags,
        published_at: a.published_at,
        updated_at: a.updated_at,
      })),
      next_cursor: matching.length > pageSize ? encodeListCursor(page.at(-1)!) : null,
    })
  },
}
