// The tools the MCP server runs: each row of the tool table (src/contract/mcp-tools.ts) with its
// implementation, the tools/list entries derived from the table, and argument checking.
import { MCP_TOOL_ANNOTATIONS, MCP_TOOLS, type McpToolDefinition, type McpToolName } from '../../contract/mcp-tools.js'
import { fieldProblems } from '../../contract/validator.js'
import { getArticle } from './get-article.js'
import { listArticles } from './list-articles.js'
import { listRubrics } from './list-rubrics.js'
import { listServices } from './list-services.js'
import { searchArticles } from './search-articles.js'
import type { ToolImplementation } from './tool.js'

const IMPLEMENTATIONS: Record<McpToolName, ToolImplementation<never>> = {
  search_articles: searchArticles,
  get_article: getArticle,
  list_articles: listArticles,
  list_rubrics: listRubrics,
  list_services: listServices,
}

export interface RegisteredTool {
  definition: McpToolDefinition
  implementation: ToolImplementation
}

const TOOLS = new Map<string, RegisteredTool>(
  MCP_TOOLS.map((definition) => [definition.name, { definition, implementation: IMPLEMENTATIONS[definition.name] }]),
)

export function findTool(name: string): RegisteredTool | undefined {
  return TOOLS.get(name)
}

/** The tools/list entries, in the table's (deterministic) order; plain JSON, built once. */
export const TOOL_LIST: readonly Record<string, unknown>[] = MCP_TOOLS.map(
  (tool) =>
    JSON.parse(
      JSON.stringify({
        name: tool.name,
        title: tool.title,
        description: tool.description,
        inputSchema: tool.inputSchema,
        outputSchema: tool.outputSchema,
        annotations: { title: tool.title, ...MCP_TOOL_ANNOTATIONS },
      }),
    ) as Record<string, unknown>,
)

/** Problems of the arguments against the tool's inputSchema, one line each; empty when they fit. */
export function argumentProblems(tool: RegisteredTool, args: unknown): string[] {
  return fieldProblems(tool.definition.inputSchema, args, 'arguments').map((p) => `${p.field} ${p.message}`)
}
