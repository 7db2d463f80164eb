// What every surface is built from: configuration, the store, the site, the domain services, a clock.
import type { Config } from './config.js'
import type { ArticleService } from './content/article-service.js'
import type { PreviewLinks } from './content/preview-links.js'
import type { PublishedSummaries } from './content/published-summary.js'
import type { RevisionService } from './content/revisions.js'
import type { DocumentCache } from './http/document-cache.js'
import type { Site } from './content/site-definition.js'
import type { RenderCapabilities } from './contract/schemas.js'
import type { Store } from './store/store.js'

export interface AppDeps {
  config: Config
  store: Store
  site: Site
  articles: ArticleService
  /** The history of every slug, and restoring a past state. */
  revisions: RevisionService
  /** Preview links of articles, drafts included. */
  previews: PreviewLinks
  clock: () => Date
  /** Counts and newest changes of the published articles, per content generation. */
  published: PublishedSummaries
  /** Rendered public documents, per content generation. */
  documents: DocumentCache
  /** What the article page renders (GET /api/content/version); null while no article page is served. */
  renderCapabilities: RenderCapabilities | null
}
