// The document around every page: head (title, description, canonical, hreflang, Open Graph,
// JSON-LD), a skip link, the header with the main navigation, <main>, and the footer.
import { esc } from './escape.js'
import { CONTACT_PATH, SEARCH_PATH } from '../../content/urls.js'
import { organizationNode, jsonLdScriptText } from '../structured-data.js'
import type { PageContent, PageContext, Section } from './page.js'

const NAVIGATION: { section: Section; label: string; path: string }[] = [
  { section: 'insights', label: 'Insights', path: '/insights/' },
  { section: 'services', label: 'Services', path: '/services/' },
  { section: 'about', label: 'About', path: '/about/' },
  { section: 'developers', label: 'Developers', path: '/developers/' },
]

export function renderDocument(page: PageContent, ctx: PageContext): string {
  const { site, baseUrl } = ctx
  const canonical = baseUrl + page.path
  const fullTitle = page.section === 'home' ? `${site.name} — ${site.definition.tagline}` : `${page.title} | ${site.name}`
  const jsonLd = jsonLdScriptText([organizationNode(site, baseUrl), ...page.jsonLd])
  const document = (
    <html lang={page.lang}>
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title safe>{fullTitle}</title>
        <meta name="description" content={esc(page.description)} />
        {page.indexable === false ? <meta name="robots" content="noindex" /> : <link rel="canonical" href={esc(canonical)} />}
        {(page.alternates ?? []).map((alt) => (
          <link rel="alternate" hreflang={esc(alt.lang)} href={esc(alt.url)} />
        ))}
        <link rel="alternate" type="text/markdown" href={esc(canonical)} title="This page as markdown" />
        {page.pagination?.prev ? <link rel="prev" href={baseUrl + page.pagination.prev} /> : ''}
        {page.pagination?.next ? <link rel="next" href={baseUrl + page.pagination.next} /> : ''}
        <meta property="og:type" content={page.ogType} />
        <meta property="og:title" content={esc(page.title)} />
        <meta property="og:description" content={esc(page.description)} />
        <meta property="og:url" content={esc(canonical)} />
        <meta property="og:site_name" content={esc(site.name)} />
        <meta property="og:locale" content={page.lang} />
        {page.image ? <meta property="og:image" content={esc(page.image)} /> : ''}
        <meta name="twitter:card" content={page.image ? 'summary_large_image' : 'summary'} />
        <link rel="stylesheet" href="/assets/style.css" />
        <script type="application/ld+json">{jsonLd}</script>
      </head>
      <body>
        <a class="skip-link" href="#main">
          Skip to content
        </a>
        {page.notice ? (
          <p class="page-notice" role="status" safe>
            {page.notice}
          </p>
        ) : (
          ''
        )}
        <header class="site-header">
          <div class="wrap header-inner">
            <a class="brand" href="/" safe>
              {site.name}
            </a>
            <nav aria-label="Main">
              <ul class="nav-list">
                {NAVIGATION.map((item) => (
                  <li>
                    <a href={item.path} aria-current={item.section === page.section ? 'page' : undefined} safe>
                      {item.label}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
            <form class="header-search" action={SEARCH_PATH} method="get" role="search">
              <label class="visually-hidden" for="site-search-q">
                Search insights
              </label>
              <input id="site-search-q" type="search" name="q" placeholder="Search insights" maxlength="200" />
              <button type="submit">Search</button>
            </form>
          </div>
        </header>
        <main id="main">
          <div class="wrap">{page.main}</div>
        </main>
        <footer class="site-footer">
          <div class="wrap footer-inner">
            <div>
              <p class="footer-name" safe>
                {site.name}
              </p>
              <p class="footer-tagline" safe>
                {site.definition.tagline}
              </p>
            </div>
            <nav aria-label="Footer">
              <ul class="footer-links">
                <li>
                  <a href={CONTACT_PATH}>Contact</a>
                </li>
                <li>
                  <a href="/developers/">Developers</a>
                </li>
                <li>
                  <a href="/feed.xml">RSS feed</a>
                </li>
                <li>
                  <a href="/llms.txt">llms.txt</a>
                </li>
              </ul>
            </nav>
          </div>
        </footer>
      </body>
    </html>
  ) as string
  return `<!DOCTYPE html>\n${document}\n`
}
