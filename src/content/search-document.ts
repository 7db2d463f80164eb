// What the search index keeps of a published article: its title, and its excerpt, body text, key
// takeaways, FAQ and tags as one plain text (title above body in the ranking).
import type { ArticleRecord } from '../store/article-record.js'
import type { SearchDocument } from '../store/derivations.js'
import { htmlToText } from './sanitize-body.js'

export function searchDocument(article: ArticleRecord): SearchDocument {
  const { faq, key_takeaways: takeaways } = article.content
  const parts = [
    article.excerpt,
    htmlToText(article.body),
    ...(takeaways ?? []),
    ...(faq ?? []).flatMap((f) => [f.q, f.a]),
    article.tags.join(' '),
  ]
  return { slug: article.slug, title: article.title, body: parts.filter((p) => p.trim() !== '').join('\n') }
}
