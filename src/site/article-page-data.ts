// What an article page shows beside the article: its rubric's title, its published translations
// the services it links to and the related articles. The article page and its preview read it alike.
import { relatedArticles } from '../content/related-articles.js'
import { articleUrl, servicePath } from '../content/urls.js'
import type { ArticleRecord } from '../store/article-record.js'
import type { Store } from '../store/store.js'
import type { ArticlePageData } from './pages/article.js'
import type { PageContext } from './pages/page.js'

export async function articlePageData(article: ArticleRecord, store: Store, ctx: PageContext): Promise<ArticlePageData> {
  const { site } = ctx
  const twins = new Set<string>()
  if (article.translation_of) twins.add(article.translation_of)
  for (const t of await store.articles.translationsOf(article.slug)) if (t.status === 'published') twins.add(t.slug)
  const translations = []
  for (const twin of twins) {
    const version = await store.articles.get(twin)
    if (version?.status === 'published')
      translations.push({ lang: version.lang, url: articleUrl(ctx.baseUrl, version.rubric, version.slug), title: version.title })
  }
  const services = article.services.flatMap((serviceSlug) => {
    const service = site.servicesBySlug.get(serviceSlug)
    return service
      ? [
          {
            title: site.serviceTitle(service, article.lang),
            summary: site.serviceSummary(service, article.lang),
            url: servicePath(service.slug),
          },
        ]
      : []
  })
  const related = await relatedArticles(article, store)
  return { article, rubricTitle: site.rubricTitle(article.rubric), translations, services, related }
}
