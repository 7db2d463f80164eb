// How the Content API represents an article, the catalog's categories and its services: stored
// records and the site definition mapped to the contract's Article, Category and ServiceEntry shapes.
import type { Article, Category, ServiceEntry } from '../contract/schemas.js'
import type { Site } from './site-definition.js'
import type { ArticleRecord } from '../store/article-record.js'
import { articleUrl, rubricUrl } from './urls.js'

export function toApiArticle(record: ArticleRecord, site: Site, baseUrl: string): Article {
  return {
    slug: record.slug,
    title: record.title,
    body: record.body,
    rubric: record.rubric,
    rubric_title: site.rubricTitle(record.rubric),
    lang: record.lang,
    tags: record.tags,
    excerpt: record.excerpt,
    status: record.status,
    published_at: record.published_at,
    updated_at: record.updated_at,
    translation_of: record.translation_of,
    author: record.author,
    author_slug: record.author_slug,
    meta_title: record.meta_title,
    featured: record.featured,
    cover_image_url: record.cover_image_url,
    cover_image_alt: record.cover_image_alt,
    content: record.content,
    services: record.services,
    topics: record.topics,
    url: articleUrl(baseUrl, record.rubric, record.slug),
  }
}

export function categoriesOf(site: Site, counts: ReadonlyMap<string, number>, baseUrl: string): Category[] {
  return site.rubrics.map((rubric) => ({
    slug: rubric.slug,
    title: rubric.title,
    description: rubric.description,
    count: counts.get(rubric.slug) ?? 0,
    url: rubricUrl(baseUrl, rubric.slug),
  }))
}

export function serviceEntriesOf(site: Site): ServiceEntry[] {
  return site.services.map((service) => ({ slug: service.slug, group: service.group, title: { ...service.title } }))
}
