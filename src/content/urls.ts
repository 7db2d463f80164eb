// The public URL of every thing Folio shows (docs/decisions.md, decision 8). Every `url` field,
// the sitemap, the feeds and the pages build their links here.
export function articlePath(rubric: string, slug: string): string {
  return `/insights/${rubric}/${slug}/`
}
export function articleUrl(baseUrl: string, rubric: string, slug: string): string {
  return baseUrl + articlePath(rubric, slug)
}
export function rubricPath(rubric: string): string {
  return `/insights/${rubric}/`
}
export function rubricUrl(baseUrl: string, rubric: string): string {
  return baseUrl + rubricPath(rubric)
}
export function servicePath(service: string): string {
  return `/services/${service}/`
}
export function serviceUrl(baseUrl: string, service: string): string {
  return baseUrl + servicePath(service)
}
export function imagePath(key: string): string {
  return `/images/${key}`
}

/** The site's own listings under /insights/ beside the rubrics: a rubric cannot take their first segment. */
export const INSIGHTS_LISTING_PATHS = { tag: '/insights/tags/{tag}/' } as const
/** Rubric slugs the listings above take (derived from their paths, so they cannot drift apart). */
export const RESERVED_RUBRIC_SLUGS: ReadonlySet<string> = new Set(
  Object.values(INSIGHTS_LISTING_PATHS).flatMap((path) => /^\/insights\/([^/{}]+)\//.exec(path)?.[1] ?? []),
)
/** A tag's page; the tag is percent-encoded, so any tag makes one path segment. */
export function tagPath(tag: string): string {
  return INSIGHTS_LISTING_PATHS.tag.replace('{tag}', encodeURIComponent(tag))
}
export function tagUrl(baseUrl: string, tag: string): string {
  return baseUrl + tagPath(tag)
}
export function authorPath(slug: string): string {
  return `/authors/${slug}/`
}
export function authorUrl(baseUrl: string, slug: string): string {
  return baseUrl + authorPath(slug)
}
export const ABOUT_PATH = '/about/'
export const CONTACT_PATH = '/contact/'
export const SEARCH_PATH = '/search'
