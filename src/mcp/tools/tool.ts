// What a tool is to the MCP server: a row of the tool table plus the function that answers it.
import type { AppDeps } from '../../app-deps.js'
import type { McpToolName } from '../../contract/mcp-tools.js'

/** A tool's answer: the structured result (matching its outputSchema), or a failure told to the caller. */
export type ToolOutcome = { ok: true; result: Record<string, unknown> } | { ok: false; message: string }

export interface ToolImplementation<A = Record<string, unknown>> {
  name: McpToolName
  run(args: A, deps: AppDeps): Promise<ToolOutcome>
}

export const success = (result: Record<string, unknown>): ToolOutcome => ({ ok: true, result })
export const failure = (message: string): ToolOutcome => ({ ok: false, message })

/** A rubric argument that names no rubric of the site is the caller's mistake, said plainly. */
export function unknownRubric(deps: AppDeps, rubric: string): ToolOutcome | undefined {
  if (deps.site.rubricsBySlug.has(rubric)) return undefined
  return failure(`Unknown rubric "${rubric}". Rubrics: ${deps.site.rubrics.map((r) => r.slug).join(', ')} (see list_rubrics).`)
}
