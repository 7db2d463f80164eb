// The stored images an article shows: `/images/<key>` in its body (or the same path under the
// base URL) and as its cover. A restore lists those a delete removed; a preview page serves them
// under its own path, since the public /images/ path of a draft's image answers nobody.
import type { ArticleRecord } from '../store/article-record.js'
import { IMAGE_KEY } from './images.js'
import { imagePath } from './urls.js'

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** An image path after an attribute quote, a parenthesis, a space, a comma (srcset) or `=`. */
function referencePattern(baseUrl: string): RegExp {
  return new RegExp(`(^|["'(\\s,=])(?:${escapeRegExp(baseUrl)})?/images/([a-z0-9-]+/[A-Za-z0-9_-]+\\.[a-z0-9]+)`, 'g')
}

/** The keys of stored images the article references (body and cover), each once, in order of appearance. */
export function referencedImageKeys(article: Pick<ArticleRecord, 'body' | 'cover_image_url'>, baseUrl: string): string[] {
  const keys = new Set<string>()
  for (const text of [article.cover_image_url, article.body]) {
    for (const match of text.matchAll(referencePattern(baseUrl))) if (IMAGE_KEY.test(match[2]!)) keys.add(match[2]!)
  }
  return [...keys]
}

/** The article with every reference to a stored image pointing under `pathPrefix` (e.g. `/preview/<token>/`) instead. */
export function withImagesUnder(article: ArticleRecord, baseUrl: string, pathPrefix: string): ArticleRecord {
  const rewrite = (text: string) =>
    text.replace(referencePattern(baseUrl), (whole, before: string, key: string) =>
      IMAGE_KEY.test(key) ? `${before}${pathPrefix}images/${key}` : whole,
    )
  return { ...article, body: rewrite(article.body), cover_image_url: rewrite(article.cover_image_url) }
}

/** Site paths of the referenced images that are no longer stored. */
export async function missingImages(
  article: Pick<ArticleRecord, 'body' | 'cover_image_url'>,
  baseUrl: string,
  stored: (key: string) => Promise<unknown>,
): Promise<string[]> {
  const missing: string[] = []
  for (const key of referencedImageKeys(article, baseUrl)) if (!(await stored(key))) missing.push(imagePath(key))
  return missing
}
