// /insights/tags/<tag>/: the published articles carrying a tag, newest first, a page at a time.
import { tagPath, tagUrl } from '../../content/urls.js'
import { breadcrumbNode } from '../structured-data.js'
import { ArticleList, Breadcrumbs } from './components.js'
import { countLabel } from './home.js'
import { paged, pageSuffix, type ListingPage } from './listing.js'
import type { PageContent, PageContext } from './page.js'

export function tagPage(tag: string, total: number, listing: ListingPage, ctx: PageContext): PageContent {
  const { site, baseUrl } = ctx
  const list = paged(listing, tagPath(tag))
  const title = `Tagged “${tag}”`
  const main = (
    <>
      <Breadcrumbs crumbs={[{ name: 'Insights', path: '/insights/' }, { name: tag }]} />
      <header class="page-header">
        <p class="eyebrow">Tag</p>
        <h1 safe>{title + pageSuffix(listing.page)}</h1>
        <p class="meta" safe>
          {countLabel(total)}
        </p>
      </header>
      <ArticleList articles={list.items} site={site} headingLevel={2} />
      {list.pager}
    </>
  ) as string
  return {
    path: list.path,
    title: title + pageSuffix(listing.page),
    description: `Insights of ${site.name} tagged “${tag}”, newest first.`,
    main,
    section: 'insights',
    lang: site.defaultLocale,
    ogType: 'website',
    jsonLd: [
      breadcrumbNode([
        { name: 'Insights', url: `${baseUrl}/insights/` },
        { name: tag, url: tagUrl(baseUrl, tag) },
      ]),
    ],
    pagination: list.pagination,
  }
}
