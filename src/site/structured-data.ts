// JSON-LD for the pages (docs/standards.md, structured data): Organization on every page; Article, FAQPage and
// BreadcrumbList on article pages; and the one safe way to put JSON inside a <script> element.
import type { ArticleRecord } from '../store/article-record.js'
import type { Site } from '../content/site-definition.js'

export type JsonLdNode = Record<string, unknown>

export function organizationId(baseUrl: string): string {
  return `${baseUrl}/#org`
}

export function organizationNode(site: Site, baseUrl: string): JsonLdNode {
  return {
    '@type': 'Organization',
    '@id': organizationId(baseUrl),
    name: site.name,
    url: `${baseUrl}/`,
    description: site.definition.description,
    ...(site.definition.same_as?.length ? { sameAs: site.definition.same_as } : {}),
    contactPoint: { '@type': 'ContactPoint', email: site.contactEmail, contactType: 'customer service', url: `${baseUrl}/contact/` },
  }
}

export interface Crumb {
  name: string
  /** Absolute URL; the current page's crumb carries none. */
  url?: string
}

export function breadcrumbNode(crumbs: Crumb[]): JsonLdNode {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      ...(crumb.url ? { item: crumb.url } : {}),
    })),
  }
}

export function articleNode(
  article: ArticleRecord,
  ctx: { url: string; rubricTitle: string; baseUrl: string; image?: string },
): JsonLdNode {
  const sources = article.content.sources ?? []
  return {
    '@type': 'Article',
    '@id': `${ctx.url}#article`,
    headline: article.title,
    description: article.excerpt,
    ...(article.published_at ? { datePublished: article.published_at } : {}),
    ...(article.updated_at ? { dateModified: article.updated_at } : {}),
    inLanguage: article.lang,
    articleSection: ctx.rubricTitle,
    keywords: article.tags,
    ...(article.author ? { author: [{ '@type': 'Person', name: article.author }] } : {}),
    publisher: { '@id': organizationId(ctx.baseUrl) },
    mainEntityOfPage: ctx.url,
    ...(ctx.image ? { image: [ctx.image] } : {}),
    ...(sources.length
      ? {
          citation: sources.map((s) => ({
            '@type': 'CreativeWork',
            name: s.title,
            ...(s.url ? { url: s.url } : {}),
            ...(s.publisher ? { publisher: s.publisher } : {}),
          })),
        }
      : {}),
  }
}

export function faqNode(faq: { q: string; a: string }[], url: string): JsonLdNode {
  return {
    '@type': 'FAQPage',
    '@id': `${url}#faq`,
    mainEntity: faq.map((f) => ({ '@type': 'Question', name: f.q, acceptedAnswer: { '@type': 'Answer', text: f.a } })),
  }
}

/**
 * The text of a <script type="application/ld+json"> element. `<` becomes \u003c so no value can
 * close the element (`</script>`) or open a comment; `>` and `&` likewise, and the two JavaScript
 * line terminators, so the text stays valid however it is read.
 */
export function jsonLdScriptText(nodes: JsonLdNode[]): string {
  return JSON.stringify({ '@context': 'https://schema.org', '@graph': nodes })
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}
