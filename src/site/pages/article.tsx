// The article page: breadcrumb, title, date, author, cover image, key takeaways as a summary box,
// the body (the one place raw HTML goes in: it was sanitised on write), FAQ, sources, the
// services it links to, and its translations. Plus the article's markdown twin.
import { readingMinutes } from '../../content/reading-time.js'
import { esc } from './escape.js'
import type { RenderCapabilities } from '../../contract/schemas.js'
import type { ArticleListing, ArticleRecord } from '../../store/article-record.js'
import { articleToMarkdown } from '../../content/markdown.js'
import { articlePath, articleUrl, rubricPath, rubricUrl, tagPath } from '../../content/urls.js'
import { articleNode, breadcrumbNode, faqNode } from '../structured-data.js'
import { bodyWithPageIds } from './body-ids.js'
import { ArticleList, Breadcrumbs, Byline, COVER_BOX, DateTime } from './components.js'
import type { PageContent, PageContext } from './page.js'

/** What this page renders, as GET /api/content/version reports it (tests hold the page to it). */
export const ARTICLE_PAGE_RENDERS: RenderCapabilities = { renders_faqs: true, renders_summary: true, renders_breadcrumbs: true }

export interface ArticlePageData {
  article: ArticleRecord
  rubricTitle: string
  /** Published translations of this article (either direction), each with its language. */
  translations: { lang: string; url: string; title: string }[]
  services: { title: string; summary: string; url: string }[]
  /** Published articles on the same subjects (content/related-articles.ts). */
  related: ArticleListing[]
}

/** Language names for the translation link, in their own language. */
const LANGUAGE_NAMES: Record<string, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  it: 'Italiano',
  nl: 'Nederlands',
}

function coverImageUrl(article: ArticleRecord, baseUrl: string): string | undefined {
  if (!article.cover_image_url) return undefined
  return article.cover_image_url.startsWith('/') ? baseUrl + article.cover_image_url : article.cover_image_url
}

/**
 * The stored body (sanitised on write) goes in as HTML — the one raw insertion of the site. An
 * image the author left without alt text gets the article's title, so every image has one.
 */
function bodyWithImageAlt(body: string, title: string): string {
  return body.replace(/<img\b(?![^>]*\salt=)/gi, `<img alt="${esc(title)}"`)
}

export function articlePage(data: ArticlePageData, ctx: PageContext): PageContent {
  const { article, rubricTitle } = data
  const { baseUrl } = ctx
  const url = articleUrl(baseUrl, article.rubric, article.slug)
  const image = coverImageUrl(article, baseUrl)
  const { key_takeaways: takeaways, faq, sources } = article.content
  const updatedLater = article.updated_at && article.published_at && article.updated_at.slice(0, 10) > article.published_at.slice(0, 10)
  const main = (
    <div class="article-page">
      <Breadcrumbs
        crumbs={[
          { name: 'Insights', path: '/insights/' },
          { name: rubricTitle, path: rubricPath(article.rubric) },
          { name: article.title },
        ]}
      />
      <article class="article" lang={article.lang}>
        <header class="article-header">
          <p class="eyebrow">
            <a href={rubricPath(article.rubric)} safe>
              {rubricTitle}
            </a>
          </p>
          <h1 safe>{article.title}</h1>
          <p class="article-meta">
            <Byline article={article} ctx={ctx} />
            {article.published_at ? (
              <span>
                Published <DateTime iso={article.published_at} />
              </span>
            ) : (
              ''
            )}
            {updatedLater ? (
              <span>
                Updated <DateTime iso={article.updated_at!} />
              </span>
            ) : (
              ''
            )}
            <span class="reading-time">{`${readingMinutes(article.body)} min read`}</span>
          </p>
          {article.excerpt ? (
            <p class="lede" safe>
              {article.excerpt}
            </p>
          ) : (
            ''
          )}
        </header>
        {article.cover_image_url ? (
          <figure class="cover">
            <img
              src={esc(article.cover_image_url)}
              alt={esc(article.cover_image_alt || article.title)}
              width={String(COVER_BOX.width)}
              height={String(COVER_BOX.height)}
              fetchpriority="high"
            />
          </figure>
        ) : (
          ''
        )}
        {takeaways?.length ? (
          <aside class="takeaways" aria-labelledby="takeaways-title">
            <h2 id="takeaways-title">Key takeaways</h2>
            <ul>
              {takeaways.map((t) => (
                <li safe>{t}</li>
              ))}
            </ul>
          </aside>
        ) : (
          ''
        )}
        <div class="article-body">{bodyWithImageAlt(bodyWithPageIds(article.body), article.title)}</div>
        {faq?.length ? (
          <section class="faq" aria-labelledby="faq-title">
            <h2 id="faq-title">Frequently asked questions</h2>
            {faq.map((entry) => (
              <div class="faq-item">
                <h3 safe>{entry.q}</h3>
                <p safe>{entry.a}</p>
              </div>
            ))}
          </section>
        ) : (
          ''
        )}
        {sources?.length ? (
          <section class="sources" aria-labelledby="sources-title">
            <h2 id="sources-title">Sources</h2>
            <ol>
              {sources.map((source) => (
                <li>
                  {source.url ? (
                    <a href={esc(source.url)} rel="noopener noreferrer" safe>
                      {source.title}
                    </a>
                  ) : (
                    <span safe>{source.title}</span>
                  )}
                  {source.publisher ? <span class="publisher" safe>{` — ${source.publisher}`}</span> : ''}
                </li>
              ))}
            </ol>
          </section>
        ) : (
          ''
        )}
        {data.services.length ? (
          <section class="related-services" aria-labelledby="services-title">
            <h2 id="services-title">How we can help</h2>
            <ul class="tiles">
              {data.services.map((service) => (
                <li class="tile">
                  <h3>
                    <a href={esc(service.url)} safe>
                      {service.title}
                    </a>
                  </h3>
                  <p safe>{service.summary}</p>
                </li>
              ))}
            </ul>
          </section>
        ) : (
          ''
        )}
        {data.translations.length ? (
          <p class="translations">
            Also available in:{' '}
            {data.translations.map((t) => (
              <a href={esc(t.url)} hreflang={esc(t.lang)} lang={esc(t.lang)} safe>
                {LANGUAGE_NAMES[t.lang] ?? t.lang}
              </a>
            ))}
          </p>
        ) : (
          ''
        )}
        {article.tags.length ? (
          <div class="tags">
            <p class="tags-label">Tagged</p>
            <ul>
              {article.tags.map((tag) => (
                <li>
                  <a href={tagPath(tag)} safe>
                    {tag}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ) : (
          ''
        )}
      </article>
      {data.related.length ? (
        <section class="related-articles" aria-labelledby="related-title">
          <h2 id="related-title">Related insights</h2>
          <ArticleList articles={data.related} site={ctx.site} headingLevel={3} />
        </section>
      ) : (
        ''
      )}
    </div>
  ) as string
  const jsonLd = [
    articleNode(article, { url, rubricTitle, baseUrl, ...(image ? { image } : {}) }),
    breadcrumbNode([
      { name: 'Insights', url: `${baseUrl}/insights/` },
      { name: rubricTitle, url: rubricUrl(baseUrl, article.rubric) },
      { name: article.title },
    ]),
    ...(faq?.length ? [faqNode(faq, url)] : []),
  ]
  return {
    path: articlePath(article.rubric, article.slug),
    title: article.meta_title || article.title,
    description: article.excerpt,
    main,
    section: 'insights',
    lang: article.lang,
    ogType: 'article',
    jsonLd,
    alternates: data.translations.length
      ? [{ lang: article.lang, url }, ...data.translations.map((t) => ({ lang: t.lang, url: t.url }))]
      : undefined,
    ...(image ? { image } : {}),
  }
}

export function articleMarkdown(data: ArticlePageData, ctx: PageContext): string {
  return articleToMarkdown(data.article, {
    url: articleUrl(ctx.baseUrl, data.article.rubric, data.article.slug),
    rubricTitle: data.rubricTitle,
    services: data.services.map((s) => ({ title: s.title, url: ctx.baseUrl + s.url })),
    related: data.related.map((a) => ({ title: a.title, url: articleUrl(ctx.baseUrl, a.rubric, a.slug) })),
  })
}
