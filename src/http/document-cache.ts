// Renderings of public documents kept per content generation: site-wide documents always, pages
// and articles within a byte budget, least recently used out first.
import { CONTENT_INDEPENDENT, type RenderedDocument } from './document-body.js'

export interface CacheOptions {
  /** Site-wide documents (the discovery documents: a fixed set of keys) are always kept; pages
   *  and articles, of which there may be 100 000, share a byte budget, least recently used out first. */
  pinned?: boolean
}

interface CacheEntry {
  generation: number
  document: RenderedDocument
  pinned: boolean
}

/**
 * Keeps the last rendering of each document (by key) with the generation it was made for.
 * A key may carry a variant (e.g. `page:/insights/|markdown`). Requests that miss the same key at
 * the same generation share one rendering, so fifty readers of a new sitemap cost one.
 */
export class DocumentCache {
  private readonly entries = new Map<string, CacheEntry>()
  private readonly rendering = new Map<string, { generation: number; document: Promise<RenderedDocument> }>()
  private budgetedBytes = 0
  /** The newest content generation asked for: renderings of older ones are never served again. */
  private newestGeneration = -1

  /** `budgetBytes`: bodies of unpinned documents kept at most (their compressed copies are smaller and come on top). */
  constructor(private readonly budgetBytes = 32 * 1024 * 1024) {}

  async get(
    key: string,
    generation: number,
    render: () => Promise<RenderedDocument> | RenderedDocument,
    options: CacheOptions = {},
  ): Promise<RenderedDocument> {
    if (generation > this.newestGeneration) this.moveTo(generation)
    const hit = this.entries.get(key)
    if (hit && hit.generation === generation) {
      if (!hit.pinned) {
        // Re-inserted, so the map's order is least recently used first.
        this.entries.delete(key)
        this.entries.set(key, hit)
      }
      return hit.document
    }
    const pending = this.rendering.get(key)
    if (pending && pending.generation === generation) return pending.document
    const document = Promise.resolve().then(render)
    this.rendering.set(key, { generation, document })
    try {
      const made = await document
      this.keep(key, { generation, document: made, pinned: options.pinned ?? false })
      return made
    } finally {
      if (this.rendering.get(key)?.document === document) this.rendering.delete(key)
    }
  }

  /** A write moved the generation: every rendering of the content so far is let go at once (a
   *  26 MB llms.txt is not held beside its next rendering). */
  private moveTo(generation: number) {
    this.newestGeneration = generation
    for (const [key, entry] of this.entries)
      if (entry.generation !== CONTENT_INDEPENDENT && entry.generation < generation) this.forget(key, entry)
  }

  private keep(key: string, entry: CacheEntry) {
    if (entry.generation !== CONTENT_INDEPENDENT && entry.generation < this.newestGeneration) return
    const previous = this.entries.get(key)
    // A slower rendering of an older generation never replaces a newer one.
    if (previous && previous.generation > entry.generation) return
    if (previous) this.forget(key, previous)
    this.entries.set(key, entry)
    if (entry.pinned) return
    this.budgetedBytes += entry.document.size
    for (const [oldKey, old] of this.entries) {
      if (this.budgetedBytes <= this.budgetBytes) break
      if (old.pinned || oldKey === key) continue
      this.forget(oldKey, old)
    }
  }

  private forget(key: string, entry: CacheEntry) {
    this.entries.delete(key)
    if (!entry.pinned) this.budgetedBytes -= entry.document.size
  }
}
