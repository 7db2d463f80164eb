// The home page: the firm, its latest insights, the rubrics it writes in, and its services.
import type { ArticleListing } from '../../store/article-record.js'
import type { PublishedSummary } from '../../content/published-summary.js'
import { rubricPath, servicePath } from '../../content/urls.js'
import { ArticleList } from './components.js'
import type { PageContent, PageContext } from './page.js'

/** How many of the newest articles (in the site's default language) the home page shows. */
export const HOME_LATEST_COUNT = 6

export function homePage(summary: PublishedSummary, latest: ArticleListing[], ctx: PageContext): PageContent {
  const { site } = ctx
  const groups = [...new Set(site.services.map((s) => s.group))]
  const main = (
    <>
      <section class="hero" aria-labelledby="hero-title">
        <p class="eyebrow" safe>
          {site.name}
        </p>
        <h1 id="hero-title" safe>
          {site.definition.tagline}
        </h1>
        <p class="lede" safe>
          {site.definition.description}
        </p>
        <p class="actions">
          <a class="button" href="/insights/">
            Read our insights
          </a>
          <a class="button button-quiet" href="/services/">
            See our services
          </a>
        </p>
      </section>
      <section aria-labelledby="latest-title">
        <h2 id="latest-title">Latest insights</h2>
        <ArticleList articles={latest} site={site} />
        <p>
          <a class="more" href="/insights/">
            All insights →
          </a>
        </p>
      </section>
      <section aria-labelledby="rubrics-title">
        <h2 id="rubrics-title">What we write about</h2>
        <ul class="tiles">
          {site.rubrics.map((rubric) => (
            <li class="tile">
              <h3>
                <a href={rubricPath(rubric.slug)} safe>
                  {rubric.title}
                </a>
              </h3>
              <p safe>{rubric.description}</p>
              <p class="tile-count" safe>
                {countLabel(summary.countsByRubric.get(rubric.slug) ?? 0)}
              </p>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="services-title">
        <h2 id="services-title">How we help</h2>
        <div class="service-groups">
          {groups.map((group) => (
            <div class="service-group">
              <h3 safe>{group}</h3>
              <ul>
                {site.services
                  .filter((s) => s.group === group)
                  .map((service) => (
                    <li>
                      <a href={servicePath(service.slug)} safe>
                        {site.serviceTitle(service)}
                      </a>
                    </li>
                  ))}
              </ul>
            </div>
          ))}
        </div>
      </section>
    </>
  ) as string
  return {
    path: '/',
    title: site.name,
    description: site.definition.description,
    main,
    section: 'home',
    lang: site.defaultLocale,
    ogType: 'website',
    jsonLd: [],
  }
}

export function countLabel(count: number): string {
  return count === 1 ? '1 article' : `${count} articles`
}
