// A complete stored article record for store tests; any field may be overridden.
import type { ArticleRecord } from '../../src/store/article-record.js'

export function record(slug: string, overrides: Partial<ArticleRecord> = {}): ArticleRecord {
  return {
    slug,
    title: `Title ${slug}`,
    body: '<p>Body</p>',
    rubric: 'strategy',
    lang: 'en',
    tags: ['strategy'],
    excerpt: 'Body',
    status: 'published',
    published_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    created_at: '2026-01-01T00:00:00.000Z',
    translation_of: null,
    author: '',
    author_slug: '',
    meta_title: '',
    featured: false,
    cover_image_url: '',
    cover_image_alt: '',
    content: { faq: [{ q: 'q', a: 'a' }] },
    services: ['pricing-strategy'],
    topics: ['Strategy'],
    ...overrides,
  }
}
