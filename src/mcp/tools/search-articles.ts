// search_articles: full-text search over published articles, best match first, with a snippet.
import { MCP_TOOL_LIMITS } from '../../contract/mcp-tools.js'
import { articleUrl } from '../../content/urls.js'
import { success, unknownRubric, type ToolImplementation } from './tool.js'

export const searchArticles: ToolImplementation<{ query: string; rubric?: string; limit?: number }> = {
  name: 'search_articles',
  async run({ query, rubric, limit }, deps) {
    if (rubric !== undefined) {
      const refused = unknownRubric(deps, rubric)
      if (refused) return refused
    }
    const hits = await deps.store.search.search(query, { rubric, limit: limit ?? MCP_TOOL_LIMITS.searchDefault })
    return success({
      query,
      results: hits.map((hit) => ({
        slug: hit.slug,
        title: hit.title,
        url: articleUrl(deps.config.publicUrl, hit.rubric, hit.slug),
        rubric: hit.rubric,
        excerpt: hit.excerpt,
        snippet: hit.snippet,
        published_at: hit.published_at,
        score: hit.score,
      })),
    })
  },
}
