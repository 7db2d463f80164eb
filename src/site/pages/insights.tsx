// The insight listings: /insights/ (every published article, newest first, with the rubrics to
// browse by) and /insights/<rubric>/ (one rubric). Both are paged with ?page=N.
import type { PublishedSummary } from '../../content/published-summary.js'
import { rubricPath, rubricUrl } from '../../content/urls.js'
import type { Rubric } from '../../content/site-definition.js'
import { breadcrumbNode } from '../structured-data.js'
import { ArticleList, Breadcrumbs } from './components.js'
import { countLabel } from './home.js'
import { paged, pageSuffix, type ListingPage } from './listing.js'
import type { PageContent, PageContext } from './page.js'

export function insightsPage(summary: PublishedSummary, listing: ListingPage, ctx: PageContext): PageContent {
  const { site } = ctx
  const { page } = listing
  const list = paged(listing, '/insights/')
  const main = (
    <>
      <header class="page-header">
        <h1 safe>{`Insights${pageSuffix(page)}`}</h1>
        <p class="lede" safe>
          {`What ${site.name} learns from client work, written to be read on its own: newest first.`}
        </p>
      </header>
      <nav class="rubric-nav" aria-label="Rubrics">
        <ul>
          {site.rubrics.map((rubric) => (
            <li>
              <a href={rubricPath(rubric.slug)}>
                <span safe>{rubric.title}</span>{' '}
                <span class="count" safe>
                  {String(summary.countsByRubric.get(rubric.slug) ?? 0)}
                </span>
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <ArticleList articles={list.items} site={site} headingLevel={2} />
      {list.pager}
    </>
  ) as string
  return {
    path: list.path,
    title: `Insights${pageSuffix(page)}`,
    description: `Every insight ${site.name} has published, by rubric, newest first.`,
    main,
    section: 'insights',
    lang: site.defaultLocale,
    ogType: 'website',
    jsonLd: [breadcrumbNode([{ name: 'Home', url: `${ctx.baseUrl}/` }, { name: 'Insights' }])],
    pagination: list.pagination,
  }
}

export function rubricPage(rubric: Rubric, summary: PublishedSummary, listing: ListingPage, ctx: PageContext): PageContent {
  const { site, baseUrl } = ctx
  const { page } = listing
  const list = paged(listing, rubricPath(rubric.slug))
  const main = (
    <>
      <Breadcrumbs crumbs={[{ name: 'Insights', path: '/insights/' }, { name: rubric.title }]} />
      <header class="page-header">
        <h1 safe>{rubric.title + pageSuffix(page)}</h1>
        <p class="lede" safe>
          {rubric.description}
        </p>
        <p class="meta" safe>
          {countLabel(summary.countsByRubric.get(rubric.slug) ?? 0)}
        </p>
      </header>
      <ArticleList articles={list.items} site={site} headingLevel={2} />
      {list.pager}
    </>
  ) as string
  return {
    path: list.path,
    title: rubric.title + pageSuffix(page),
    description: rubric.description,
    main,
    section: 'insights',
    lang: site.defaultLocale,
    ogType: 'website',
    jsonLd: [
      breadcrumbNode([
        { name: 'Insights', url: `${baseUrl}/insights/` },
        { name: rubric.title, url: rubricUrl(baseUrl, rubric.slug) },
      ]),
    ],
    pagination: list.pagination,
  }
}
