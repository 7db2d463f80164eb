// The helpful 404 page: says what happened and offers the ways on (home, insights by rubric,
// services, the developer reference).
import type { ArticleListing } from '../../store/article-record.js'
import { rubricPath } from '../../content/urls.js'
import { ArticleList } from './components.js'
import type { PageContent, PageContext } from './page.js'

/** How many of the newest articles the 404 page offers. */
export const NOT_FOUND_LATEST_COUNT = 3

export function notFoundPage(latest: ArticleListing[], ctx: PageContext): PageContent {
  const { site } = ctx
  const main = (
    <>
      <header class="page-header">
        <p class="eyebrow">Error 404</p>
        <h1>We could not find that page</h1>
        <p class="lede">
          The address may be mistyped, or the page may have moved. Insights keep their address when they change rubric, so an old link to an
          insight that still exists leads to it.
        </p>
      </header>
      <section aria-labelledby="ways-title">
        <h2 id="ways-title">Where to go from here</h2>
        <ul class="ways">
          <li>
            <a href="/">Home page</a>
          </li>
          <li>
            <a href="/insights/">All insights</a>
          </li>
          <li>
            <a href="/services/">Our services</a>
          </li>
          <li>
            <a href="/developers/">Developer reference</a>
          </li>
          {site.rubrics.map((rubric) => (
            <li>
              <a href={rubricPath(rubric.slug)} safe>{`Insights on ${rubric.title}`}</a>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="latest-title">
        <h2 id="latest-title">Latest insights</h2>
        <ArticleList articles={latest} site={site} />
      </section>
    </>
  ) as string
  return {
    path: '/404',
    title: 'Page not found',
    description: `The page was not found on the ${site.name} website.`,
    main,
    section: 'none',
    lang: site.defaultLocale,
    ogType: 'website',
    jsonLd: [],
    indexable: false,
  }
}
