// /llms.txt: the site's index for language models — one index per section (insights, services,
// developers) and, for the articles, one per language — then the other discovery documents.
import type { PublishedSummary } from '../content/published-summary.js'
import { rubricUrl } from '../content/urls.js'
import type { Site } from '../content/site-definition.js'
import { DISCOVERY_DOCUMENTS, discoveryUrl } from '../contract/discovery-documents.js'
import { languageName, llmsFile, llmsItem } from './llms-format.js'

const SECTION_INDEXES = ['insightsLlms', 'servicesLlms', 'developersLlms'] as const

export function renderLlmsIndex(site: Site, summary: Pick<PublishedSummary, 'count' | 'countsByLanguage'>, baseUrl: string): string {
  const byLanguage = summary.countsByLanguage
  const languages = [...byLanguage.keys()].sort((a, b) =>
    a === site.defaultLocale ? -1 : b === site.defaultLocale ? 1 : a.localeCompare(b),
  )
  const sections = [
    {
      title: 'Sections',
      items: SECTION_INDEXES.map((id) => {
        const doc = DISCOVERY_DOCUMENTS.find((d) => d.id === id)!
        return llmsItem(doc.title, discoveryUrl(baseUrl, id), doc.description)
      }),
    },
    ...languages.map((lang) => ({
      title: `Insights in ${languageName(lang)} (${lang})`,
      items: site.rubrics
        .filter((rubric) => byLanguage.get(lang)!.has(rubric.slug))
        .map((rubric) => {
          const count = byLanguage.get(lang)!.get(rubric.slug)!
          return llmsItem(
            rubric.title,
            rubricUrl(baseUrl, rubric.slug),
            `${rubric.description} (${count} article${count === 1 ? '' : 's'})`,
          )
        }),
    })),
    {
      title: 'Optional',
      items: DISCOVERY_DOCUMENTS.filter((d) => d.id !== 'llms' && !(SECTION_INDEXES as readonly string[]).includes(d.id)).map((d) =>
        llmsItem(d.title, baseUrl + d.paths[0], d.description),
      ),
    },
  ]
  const languageList = languages.length ? languages.map((l) => `${languageName(l)} (${l})`).join(', ') : 'none yet'
  return llmsFile(
    site.name,
    `${site.definition.tagline}. ${site.definition.description}`,
    [
      `${summary.count} published article${summary.count === 1 ? '' : 's'}; languages: ${languageList}. Every page of the site also answers as markdown when asked with Accept: text/markdown.`,
    ],
    sections,
  )
}
