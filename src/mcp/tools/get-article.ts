// get_article: one published article with its body as markdown and its AEO blocks.
import { htmlToMarkdown } from '../../content/markdown.js'
import { findPublishedArticle } from '../../content/published-article.js'
import { articleUrl } from '../../content/urls.js'
import { failure, success, type ToolImplementation } from './tool.js'

export const getArticle: ToolImplementation<{ slug: string }> = {
  name: 'get_article',
  async run({ slug }, deps) {
    const article = await findPublishedArticle(deps.store, slug)
    if (!article) {
      return failure(`No published article with slug "${slug}". Find slugs with search_articles or list_articles.`)
    }
    const { faq, key_takeaways: takeaways, sources } = article.content
    return success({
      article: {
        slug: article.slug,
        title: article.title,
        url: articleUrl(deps.config.publicUrl, article.rubric, article.slug),
        rubric: article.rubric,
        rubric_title: deps.site.rubricTitle(article.rubric),
        lang: article.lang,
        author: article.author,
        excerpt: article.excerpt,
        tags: article.tags,
        services: article.services,
        published_at: article.published_at,
        updated_at: article.updated_at,
        markdown: htmlToMarkdown(article.body),
        faq: faq ?? [],
        key_takeaways: takeaways ?? [],
        sources: sources ?? [],
      },
    })
  },
}
