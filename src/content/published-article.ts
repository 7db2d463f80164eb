// The one rule for reading an article in public, shared by the article page, GET
// /api/content/{slug} and the MCP get_article tool: a published article by its slug; a draft reads
// exactly like a slug that does not exist.
import type { ArticleRecord } from '../store/article-record.js'
import type { Store } from '../store/store.js'

export async function findPublishedArticle(store: Pick<Store, 'articles'>, slug: string): Promise<ArticleRecord | undefined> {
  const article = await store.articles.get(slug)
  return article?.status === 'published' ? article : undefined
}
