// /authors/<slug>/: a person of the firm, their role and bio, and their published articles,
// newest first, a page at a time.
import { ABOUT_PATH, authorPath, authorUrl } from '../../content/urls.js'
import type { TeamMember } from '../../content/site-definition.js'
import { breadcrumbNode } from '../structured-data.js'
import { ArticleList, Breadcrumbs } from './components.js'
import { Portrait } from './firm.js'
import { countLabel } from './home.js'
import { paged, pageSuffix, type ListingPage } from './listing.js'
import type { PageContent, PageContext } from './page.js'

export function authorPage(member: TeamMember, total: number, listing: ListingPage, ctx: PageContext): PageContent {
  const { site, baseUrl } = ctx
  const list = paged(listing, authorPath(member.slug))
  const main = (
    <>
      <Breadcrumbs crumbs={[{ name: 'About', path: ABOUT_PATH }, { name: member.name }]} />
      <header class="page-header author-header">
        <Portrait member={member} size={112} />
        <div>
          <p class="eyebrow" safe>
            {member.role}
          </p>
          <h1 safe>{member.name + pageSuffix(listing.page)}</h1>
          <p class="lede" safe>
            {member.bio}
          </p>
          <p class="meta" safe>
            {countLabel(total)}
          </p>
        </div>
      </header>
      <section aria-labelledby="by-title">
        <h2 id="by-title" safe>{`Insights by ${member.name}`}</h2>
        <ArticleList articles={list.items} site={site} />
        {list.pager}
      </section>
    </>
  ) as string
  return {
    path: list.path,
    title: member.name + pageSuffix(listing.page),
    description: `${member.name}, ${member.role} at ${site.name}: ${member.bio}`,
    main,
    section: 'about',
    lang: site.defaultLocale,
    ogType: 'website',
    jsonLd: [
      {
        '@type': 'ProfilePage',
        url: authorUrl(baseUrl, member.slug),
        mainEntity: { '@type': 'Person', name: member.name, jobTitle: member.role, worksFor: { '@id': `${baseUrl}/#org` } },
      },
      breadcrumbNode([
        { name: 'About', url: baseUrl + ABOUT_PATH },
        { name: member.name, url: authorUrl(baseUrl, member.slug) },
      ]),
    ],
    pagination: list.pagination,
  }
}
