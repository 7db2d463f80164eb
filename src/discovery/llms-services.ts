// /services/llms.txt: each service of the site definition, by group, with its page and summary.
import { serviceUrl } from '../content/urls.js'
import type { Site } from '../content/site-definition.js'
import { llmsFile, llmsItem } from './llms-format.js'
import { SERVICES_PATH } from './site-pages.js'

export function renderServicesLlms(site: Site, baseUrl: string): string {
  const groups: string[] = []
  for (const service of site.services) if (!groups.includes(service.group)) groups.push(service.group)
  return llmsFile(
    `${site.name} — Services`,
    `The services ${site.name} offers, each with its page and summary.`,
    [`${site.services.length} services in ${groups.length} groups. Overview page: ${baseUrl}${SERVICES_PATH}`],
    groups.map((group) => ({
      title: group,
      items: site.services
        .filter((s) => s.group === group)
        .map((s) => llmsItem(site.serviceTitle(s), serviceUrl(baseUrl, s.slug), site.serviceSummary(s))),
    })),
  )
}
