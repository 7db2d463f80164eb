// The services: /services/ (every service by group) and /services/<slug>/ (one service with the
// published articles that link to it).
import { esc } from './escape.js'
import { CONTACT_PATH, servicePath, serviceUrl } from '../../content/urls.js'
import type { Service } from '../../content/site-definition.js'
import { breadcrumbNode } from '../structured-data.js'
import { ArticleList, Breadcrumbs } from './components.js'
import { paged, pageSuffix, type ListingPage } from './listing.js'
import type { PageContent, PageContext } from './page.js'

export function servicesPage(ctx: PageContext): PageContent {
  const { site, baseUrl } = ctx
  const groups = [...new Set(site.services.map((s) => s.group))]
  const main = (
    <>
      <header class="page-header">
        <h1>Services</h1>
        <p class="lede" safe>
          {`${site.name} works with mid-size firms on a few subjects, in depth. Each service page lists the insights that explain how we approach it.`}
        </p>
      </header>
      {groups.map((group) => (
        <section class="service-section" aria-label={esc(group)}>
          <h2 safe>{group}</h2>
          <ul class="tiles">
            {site.services
              .filter((s) => s.group === group)
              .map((service) => (
                <li class="tile">
                  <h3>
                    <a href={servicePath(service.slug)} safe>
                      {site.serviceTitle(service)}
                    </a>
                  </h3>
                  <p safe>{site.serviceSummary(service)}</p>
                </li>
              ))}
          </ul>
        </section>
      ))}
    </>
  ) as string
  return {
    path: '/services/',
    title: 'Services',
    description: `The services of ${site.name}: ${site.services.map((s) => site.serviceTitle(s)).join(', ')}.`,
    main,
    section: 'services',
    lang: site.defaultLocale,
    ogType: 'website',
    jsonLd: [breadcrumbNode([{ name: 'Home', url: `${baseUrl}/` }, { name: 'Services' }])],
  }
}

/** What the service is, who it is for and how an engagement runs, as the site definition says. */
function ServiceDetail({ detail }: { detail: NonNullable<Service['detail']> }): string {
  return (
    <div class="service-detail">
      <section aria-labelledby="what-title">
        <h2 id="what-title">What it is</h2>
        {detail.what.map((p) => (
          <p safe>{p}</p>
        ))}
      </section>
      <section aria-labelledby="for-title">
        <h2 id="for-title">Who it is for</h2>
        {detail.for_whom.map((p) => (
          <p safe>{p}</p>
        ))}
      </section>
      <section aria-labelledby="engagement-title">
        <h2 id="engagement-title">How an engagement runs</h2>
        <ol class="steps">
          {detail.engagement.map((step) => (
            <li>
              <h3 safe>{step.step}</h3>
              <p safe>{step.text}</p>
            </li>
          ))}
        </ol>
      </section>
    </div>
  ) as string
}

/** A service with the published articles that link to it, newest first, a page at a time. */
export function servicePage(service: Service, linked: ListingPage, ctx: PageContext): PageContent {
  const { site, baseUrl } = ctx
  const title = site.serviceTitle(service)
  const summary = site.serviceSummary(service)
  const list = paged(linked, servicePath(service.slug))
  const main = (
    <>
      <Breadcrumbs crumbs={[{ name: 'Services', path: '/services/' }, { name: title }]} />
      <header class="page-header">
        <p class="eyebrow" safe>
          {service.group}
        </p>
        <h1 safe>{title}</h1>
        <p class="lede" safe>
          {summary}
        </p>
        <p>
          <a class="button" href={CONTACT_PATH}>
            Talk to us about this
          </a>
        </p>
      </header>
      {service.detail ? <ServiceDetail detail={service.detail} /> : ''}
      <section aria-labelledby="related-title">
        <h2 id="related-title" safe>{`Insights on ${title}`}</h2>
        <ArticleList articles={list.items} site={site} />
        {list.pager}
      </section>
    </>
  ) as string
  return {
    path: list.path,
    title: title + pageSuffix(linked.page),
    description: summary,
    main,
    section: 'services',
    lang: site.defaultLocale,
    ogType: 'website',
    jsonLd: [
      {
        '@type': 'Service',
        name: title,
        description: summary,
        url: serviceUrl(baseUrl, service.slug),
        provider: { '@id': `${baseUrl}/#org` },
      },
      breadcrumbNode([
        { name: 'Services', url: `${baseUrl}/services/` },
        { name: title, url: serviceUrl(baseUrl, service.slug) },
      ]),
    ],
    pagination: list.pagination,
  }
}
