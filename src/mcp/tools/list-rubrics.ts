// list_rubrics: the site's rubrics with description, published article count and page URL.
import { categoriesOf } from '../../content/api-representations.js'
import { success, type ToolImplementation } from './tool.js'

export const listRubrics: ToolImplementation<Record<string, never>> = {
  name: 'list_rubrics',
  async run(_args, deps) {
    const summary = await deps.published.get()
    const rubrics = categoriesOf(deps.site, summary.countsByRubric, deps.config.publicUrl).map((c) => ({
      ...c,
      description: c.description ?? '',
    }))
    return success({ rubrics })
  },
}
