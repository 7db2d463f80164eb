// list_rubrics: the site's rubrics with description, published article count and page URL.
import { categoriesOf } from '../../content/present.js'
import { success, type ToolImplementation } from './tool.js'

export const listRubrics: ToolImplementation<Record<string, never>> = {
  name: 'list_rubrics',
  async run(_args, deps) {
    const snapshot = await deps.snapshots.get()
    const counts = new Map([...snapshot.byRubric].map(([rubric, articles]) => [rubric, articles.length]))
    const rubrics = categoriesOf(deps.site, counts, deps.config.publicUrl).map((c) => ({ ...c, description: c.description ?? '' }))
    return success({ rubrics })
  },
}
