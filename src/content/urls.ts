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
