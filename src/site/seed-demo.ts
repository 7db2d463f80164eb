// On an empty store, publish the demo site's articles so a new user sees a living site.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ApiError } from '../contract/errors.js'
import type { ArticleService } from '../content/article-service.js'
import { ImageService } from '../content/images.js'
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
  const covers = demoCovers(site.dir)
  const images = new ImageService(store)
  let seeded = 0
  for (const file of files) {
    const payload = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<string, unknown>
    try {
      const cover = typeof payload.slug === 'string' ? covers.get(payload.slug) : undefined
      if (cover && payload.cover_image_url === undefined) {
        const image = await images.upload({ file: readFileSync(cover.file), slug: payload.slug as string, dryRun: false })
        payload.cover_image_url = image.url
        payload.cover_image_alt ??= cover.alt
      }
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

/** The demo's cover images (scripts/make-demo-covers.ts): covers/<slug>.png with covers.json holding their alt texts. */
function demoCovers(siteDir: string): Map<string, { file: string; alt: string }> {
  const index = join(siteDir, 'covers', 'covers.json')
  if (!existsSync(index)) return new Map()
  const alts = JSON.parse(readFileSync(index, 'utf8')) as Record<string, string>
  return new Map(
    Object.entries(alts)
      .map(([slug, alt]) => [slug, { file: join(siteDir, 'covers', `${slug}.png`), alt }] as const)
      .filter(([, cover]) => existsSync(cover.file)),
  )
}

function publishedAtOf(payload: unknown): Date | undefined {
  const stamp = typeof payload === 'object' && payload !== null ? (payload as { published_at?: unknown }).published_at : undefined
  const date = typeof stamp === 'string' ? new Date(stamp) : undefined
  return date && !Number.isNaN(date.getTime()) && date.getTime() <= Date.now() ? date : undefined
}
