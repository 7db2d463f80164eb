// On an empty store, publish the demo site's articles so a new user sees a living site.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ApiError } from '../contract/errors.js'
import type { ArticleService } from '../content/article-service.js'
import type { Store } from '../store/store.js'
import type { Site } from '../content/site-definition.js'

export async function seedDemoContent(store: Store, site: Site, articles: ArticleService): Promise<number> {
  if ((await store.articles.count()) > 0) return 0
  const dir = join(site.dir, 'articles')
  let files: string[]
  try {
    files = readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort()
  } catch {
    return 0
  }
  let seeded = 0
  for (const file of files) {
    const payload: unknown = JSON.parse(readFileSync(join(dir, file), 'utf8'))
    try {
      // A demo article was last changed when it was published, not on the day the store was seeded.
      await articles.create(payload, { dryRun: false, writtenAt: publishedAtOf(payload) })
      seeded++
    } catch (error) {
      // Several instances starting at once on one empty store seed together: a slug another
      // instance already wrote is theirs, not a failure of this start.
      if (error instanceof ApiError && error.code === 'conflict') continue
      throw error
    }
  }
  return seeded
}

function publishedAtOf(payload: unknown): Date | undefined {
  const stamp = typeof payload === 'object' && payload !== null ? (payload as { published_at?: unknown }).published_at : undefined
  const date = typeof stamp === 'string' ? new Date(stamp) : undefined
  return date && !Number.isNaN(date.getTime()) && date.getTime() <= Date.now() ? date : undefined
}
