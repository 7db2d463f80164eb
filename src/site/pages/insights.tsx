// The insight listings: /insights/ (every published article, newest first, with the rubrics to
// browse by) and /insights/<rubric>/ (one rubric). Both are paged with ?page=N.
import type { ArticleListing } from '../../content/article.js'
import type { PublishedSnapshot } from '../../content/published-snapshot.js'
import { rubricPath, rubricUrl } from '../../content/urls.js'
import type { Rubric } from '../site-definition.js'
import { breadcrumbNode } from '../structured-data.js'
import { ArticleList, Breadcrumbs, Pager } from './components.js'
import { countLabel } from './home.js'
import type { PageContent, PageContext } from './page.js'

export const LISTING_PAGE_SIZE = 12

/** The page number of `?page=`: 1 when absent; null for anything but a positive integer. */
export function parsePageNumber(raw: unknown): number | null {
  if (raw === undefined) return 1
  if (typeof raw !== 'string' || !/^[1-9]\d{0,5}$/.test(raw)) return null
  return Number(raw)
}

export function pageCountOf(total: number): number {
  return Math.max(1, Math.ceil(total / LISTING_PAGE_SIZE))
}

function pagePath(base: string, page: number): string {
  return page === 1 ? base : `${base}?page=${page}`
}

interface Paged {
  items: ArticleListing[]
  path: string
  pagination: { prev?: string; next?: string }
  pager: string
}

function paged(all: ArticleListing[], base: string, page: number): Paged {
  const pageCount = pageCountOf(all.length)
  const pagination = {
    ...(page > 1 ? { prev: pagePath(base, page - 1) } : {}),
    ...(page < pageCount ? { next: pagePath(base, page + 1) } : {}),
  }
  return {
    items: all.slice((page - 1) * LISTING_PAGE_SIZE, page * LISTING_PAGE_SIZE),
    path: pagePath(base, page),
    pagination,
    pager: (<Pager {...pagination} page={page} pageCount={pageCount} />) as string,
  }
}

function pageSuffix(page: number): string {
  return page > 1 ? ` (page ${page})` : ''
}

export function insightsPage(snapshot: PublishedSnapshot, page: number, ctx: PageContext): PageContent {
  const { site } = ctx
  const list = paged(snapshot.articles, '/insights/', page)
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
                  {String(snapshot.byRubric.get(rubric.slug)?.length ?? 0)}
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

export function rubricPage(rubric: Rubric, snapshot: PublishedSnapshot, page: number, ctx: PageContext): PageContent {
  const { site, baseUrl } = ctx
  const articles = snapshot.byRubric.get(rubric.slug) ?? []
  const list = paged(articles, rubricPath(rubric.slug), page)
  const main = (
    <>
      <Breadcrumbs crumbs={[{ name: 'Insights', path: '/insights/' }, { name: rubric.title }]} />
      <header class="page-header">
        <h1 safe>{rubric.title + pageSuffix(page)}</h1>
        <p class="lede" safe>
          {rubric.description}
        </p>
        <p class="meta" safe>
          {countLabel(articles.length)}
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
