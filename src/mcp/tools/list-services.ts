// list_services: the firm's services, optionally of one group, with summary and page URL.
import { serviceUrl } from '../../content/urls.js'
import { failure, success, type ToolImplementation } from './tool.js'

export const listServices: ToolImplementation<{ group?: string }> = {
  name: 'list_services',
  async run({ group }, deps) {
    const { site } = deps
    const wanted = group?.trim().toLowerCase()
    const services = site.services.filter((s) => wanted === undefined || s.group.toLowerCase() === wanted)
    if (wanted !== undefined && services.length === 0) {
      const groups = [...new Set(site.services.map((s) => s.group))]
      return failure(`No service group "${group}". Groups: ${groups.join(', ')}.`)
    }
    return success({
      services: services.map((s) => ({
        slug: s.slug,
        group: s.group,
        title: site.serviceTitle(s),
        summary: site.serviceSummary(s),
        url: serviceUrl(deps.config.publicUrl, s.slug),
      })),
    })
  },
}
