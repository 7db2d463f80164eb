// Small pieces several pages share: an article card, a breadcrumb trail, a pager, a date.
import type { ArticleListing, ArticleRecord } from '../../store/article-record.js'
import { esc } from './escape.js'
import type { PageContext } from './page.js'
import { articlePath, authorPath, rubricPath } from '../../content/urls.js'
import type { Site } from '../../content/site-definition.js'

/** "23 September 2026" in UTC, the same on every server (no locale or zone of the machine). */
export function displayDate(iso: string): string {
  const date = new Date(iso)
  const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']
  return `${date.getUTCDate()} ${months[date.getUTCMonth()]} ${date.getUTCFullYear()}`
}

export function DateTime({ iso }: { iso: string }): string {
  return (
    <time datetime={iso} safe>
      {displayDate(iso)}
    </time>
  ) as string
}

/** The shape every cover is shown in (the Open Graph proportion, 1.91:1). */
export const COVER_BOX = { width: 1200, height: 630 }

export function ArticleCard({ article, site, headingLevel = 3 }: { article: ArticleListing; site: Site; headingLevel?: 2 | 3 }): string {
  const rubricTitle = site.rubricTitle(article.rubric)
  const heading = (
    <a href={articlePath(article.rubric, article.slug)} safe>
      {article.title}
    </a>
  ) as string
  return (
    <li class="card">
      {article.cover_image_url ? (
        // The box is fixed (width/height, CSS crops to it), so the page does not move as covers load.
        <img
          class="card-cover"
          src={esc(article.cover_image_url)}
          alt={esc(article.cover_image_alt || article.title)}
          width={String(COVER_BOX.width)}
          height={String(COVER_BOX.height)}
          loading="lazy"
          decoding="async"
        />
      ) : (
        ''
      )}
      <p class="card-meta">
        <a class="card-rubric" href={rubricPath(article.rubric)} safe>
          {rubricTitle}
        </a>
        {article.published_at ? <DateTime iso={article.published_at} /> : ''}
      </p>
      {headingLevel === 2 ? <h2 class="card-title">{heading}</h2> : <h3 class="card-title">{heading}</h3>}
      <p class="card-excerpt" safe>
        {article.excerpt}
      </p>
    </li>
  ) as string
}

export function ArticleList({ articles, site, headingLevel }: { articles: ArticleListing[]; site: Site; headingLevel?: 2 | 3 }): string {
  if (articles.length === 0) return (<p class="empty">No insights are published here yet.</p>) as string
  return (
    <ul class="cards">
      {articles.map((article) => (
        <ArticleCard article={article} site={site} headingLevel={headingLevel} />
      ))}
    </ul>
  ) as string
}

export interface Crumb {
  name: string
  /** Path of the crumb; the current page has none. */
  path?: string
}

export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }): string {
  return (
    <nav class="breadcrumbs" aria-label="Breadcrumb">
      <ol>
        {crumbs.map((crumb) =>
          crumb.path ? (
            <li>
              <a href={crumb.path} safe>
                {crumb.name}
              </a>
            </li>
          ) : (
            <li aria-current="page" safe>
              {crumb.name}
            </li>
          ),
        )}
      </ol>
    </nav>
  ) as string
}

/** Newer/older links; "Page N of M" when the number of pages is known, else "Page N". */
export function Pager({ prev, next, page, pageCount }: { prev?: string; next?: string; page: number; pageCount?: number }): string {
  if (!prev && !next) return ''
  return (
    <nav class="pager" aria-label="Pages">
      {prev ? (
        <a href={prev} rel="prev">
          ← Newer
        </a>
      ) : (
        <span />
      )}
      <span class="pager-status" safe>
        {pageCount === undefined ? `Page ${page}` : `Page ${page} of ${pageCount}`}
      </span>
      {next ? (
        <a href={next} rel="next">
          Older →
        </a>
      ) : (
        <span />
      )}
    </nav>
  ) as string
}

/** "By <author>", linked to the author's page when author_slug names a person of the firm. */
export function Byline({ article, ctx }: { article: Pick<ArticleRecord, 'author' | 'author_slug'>; ctx: PageContext }): string {
  if (!article.author) return ''
  const member = article.author_slug ? ctx.site.teamBySlug.get(article.author_slug) : undefined
  if (!member) return (<span class="author" safe>{`By ${article.author}`}</span>) as string
  return (
    <span class="author">
      By{' '}
      <a href={authorPath(member.slug)} rel="author" safe>
        {article.author}
      </a>
    </span>
  ) as string
}
