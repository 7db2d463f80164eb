// What a page renderer produces: the content of <main> and what the document around it needs
// (title, description, canonical path, alternates, structured data). The layout turns it into
// HTML; the markdown twin is made from the same content.
import type { Site } from '../../content/site-definition.js'
import type { JsonLdNode } from '../structured-data.js'

export type Section = 'home' | 'insights' | 'services' | 'about' | 'contact' | 'developers' | 'none'

export interface PageContent {
  /** Canonical path with its query (e.g. `/insights/?page=2`). */
  path: string
  /** The <title> text, without the firm's name. */
  title: string
  description: string
  /** The HTML of <main>, escaped where it must be. */
  main: string
  section: Section
  lang: string
  ogType: 'website' | 'article'
  /** Structured data besides the Organization every page carries. */
  jsonLd: JsonLdNode[]
  /** hreflang alternates (translations), each with an absolute URL; the page itself included. */
  alternates?: { lang: string; url: string }[]
  /** rel=prev / rel=next of a paged list. */
  pagination?: { prev?: string; next?: string }
  /** False for the 404 page: no canonical, and robots are asked not to index it. */
  indexable?: boolean
  /** Absolute URL of an image for Open Graph. */
  image?: string
  /** A banner above the page saying what it is (a preview of an article, not its public page). */
  notice?: string
}

/** What every renderer reads: the site and the base URL. Renderers read no clock and no request. */
export interface PageContext {
  site: Site
  baseUrl: string
}
