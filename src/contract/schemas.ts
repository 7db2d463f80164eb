// TypeBox schemas of every payload and answer the spec names. Validation, openapi.json and
// the developer reference read these; the TypeScript types below are derived from them.
import { Type, type Static, type TSchema } from 'typebox'
import { LIMITS, SLUG_PATTERN } from './limits.js'

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()])

export const FaqItem = Type.Object({ q: Type.String({ minLength: 1 }), a: Type.String({ minLength: 1 }) }, { additionalProperties: true })
export const SourceItem = Type.Object(
  {
    title: Type.String({ minLength: 1 }),
    url: Type.Optional(Type.String({ format: 'uri', pattern: '^https?://' })),
    publisher: Type.Optional(Type.String()),
  },
  { additionalProperties: true },
)
export const AeoContent = Type.Object(
  {
    faq: Type.Optional(Type.Array(FaqItem)),
    key_takeaways: Type.Optional(Type.Array(Type.String({ minLength: 1 }))),
    sources: Type.Optional(Type.Array(SourceItem)),
  },
  { additionalProperties: true, description: 'The AEO blocks: faq, key_takeaways, sources.' },
)
export const AeoContentUpdate = Type.Object(
  {
    faq: Type.Optional(Nullable(Type.Array(FaqItem))),
    key_takeaways: Type.Optional(Nullable(Type.Array(Type.String({ minLength: 1 })))),
    sources: Type.Optional(Nullable(Type.Array(SourceItem))),
  },
  { additionalProperties: true, description: 'Changes block by block; an empty list removes that block.' },
)

/** The fields a create payload may carry, each with its rule. `lang` is checked against the site's locales. */
/** The two ways a body may come, as the OpenAPI document and /developers/ describe them. */
export const BODY_DESCRIPTIONS = {
  body: 'HTML, sanitised on write',
  body_markdown:
    'the body as CommonMark + GFM markdown (tables, strikethrough, autolinks): turned into HTML, then sanitised and checked like body; ignored when body is given',
} as const

const articleFields = {
  slug: Type.String({
    minLength: 1,
    maxLength: LIMITS.slugMaxLength,
    pattern: SLUG_PATTERN,
    description: 'lowercase ASCII letters, digits, hyphens',
  }),
  title: Type.String({ minLength: 1 }),
  body: Type.String({ minLength: 1, description: 'HTML, sanitised on write' }),
  body_markdown: Type.String({
    minLength: 1,
    description:
      'the body as CommonMark + GFM markdown (tables, strikethrough, autolinks): turned into HTML, then sanitised and checked like body; ignored when body is given',
  }),
  rubric: Type.String({ minLength: 1, description: 'a category title or category slug from the catalog' }),
  lang: Type.String({ enum: ['en'], description: 'default: the default locale' }),
  tags: Type.Array(Type.String({ minLength: 1 })),
  excerpt: Type.String(),
  status: Type.Union([Type.Literal('published'), Type.Literal('draft')]),
  published_at: Type.String({ format: 'date-time' }),
  translation_of: Type.String({ description: 'slug of the published article in another language that this one translates' }),
  author: Type.String(),
  author_slug: Type.String(),
  meta_title: Type.String({ maxLength: LIMITS.metaTitleMaxLength }),
  featured: Type.Boolean(),
  cover_image_url: Type.String({ description: 'an absolute https URL or a path on this site; any other value shows no image' }),
  content: AeoContent,
  services: Type.Array(Type.String({ minLength: 1 }), {
    maxItems: LIMITS.servicesPerArticle,
    description: 'service slugs or titles from the catalog',
  }),
  dry_run: Type.Boolean({ description: 'validate only; nothing is written' }),
}

export const ArticleCreate = Type.Object(
  {
    slug: articleFields.slug,
    title: articleFields.title,
    body: Type.Optional(articleFields.body),
    body_markdown: Type.Optional(articleFields.body_markdown),
    rubric: articleFields.rubric,
    lang: Type.Optional(articleFields.lang),
    tags: Type.Optional(articleFields.tags),
    excerpt: Type.Optional(articleFields.excerpt),
    status: Type.Optional(articleFields.status),
    published_at: Type.Optional(articleFields.published_at),
    translation_of: Type.Optional(articleFields.translation_of),
    author: Type.Optional(articleFields.author),
    author_slug: Type.Optional(articleFields.author_slug),
    meta_title: Type.Optional(articleFields.meta_title),
    featured: Type.Optional(articleFields.featured),
    cover_image_url: Type.Optional(articleFields.cover_image_url),
    content: Type.Optional(articleFields.content),
    services: Type.Optional(articleFields.services),
    dry_run: Type.Optional(articleFields.dry_run),
  },
  // body or body_markdown: the domain says which is missing; the schema documents the rule.
  {
    additionalProperties: true,
    title: 'ArticleCreate',
    required: ['slug', 'title', 'rubric'],
    anyOf: [{ required: ['body'] }, { required: ['body_markdown'] }],
  },
)
export type ArticleCreate = Static<typeof ArticleCreate>

export const ArticleUpdate = Type.Object(
  {
    slug: Type.Optional(Nullable(Type.String({ description: 'ignored: the path names the article' }))),
    title: Type.Optional(Nullable(articleFields.title)),
    body: Type.Optional(Nullable(articleFields.body)),
    body_markdown: Type.Optional(Nullable(articleFields.body_markdown)),
    rubric: Type.Optional(Nullable(articleFields.rubric)),
    lang: Type.Optional(Nullable(articleFields.lang)),
    tags: Type.Optional(Nullable(articleFields.tags)),
    excerpt: Type.Optional(Nullable(articleFields.excerpt)),
    status: Type.Optional(Nullable(articleFields.status)),
    published_at: Type.Optional(Nullable(articleFields.published_at)),
    translation_of: Type.Optional(Nullable(Type.String({ description: 'null or an empty string clears the translation pair' }))),
    author: Type.Optional(Nullable(articleFields.author)),
    author_slug: Type.Optional(Nullable(articleFields.author_slug)),
    meta_title: Type.Optional(Nullable(articleFields.meta_title)),
    featured: Type.Optional(Nullable(articleFields.featured)),
    cover_image_url: Type.Optional(Nullable(articleFields.cover_image_url)),
    content: Type.Optional(Nullable(AeoContentUpdate)),
    services: Type.Optional(Nullable(articleFields.services)),
    dry_run: Type.Optional(Nullable(articleFields.dry_run)),
  },
  { additionalProperties: true, title: 'ArticleUpdate' },
)
export type ArticleUpdate = Static<typeof ArticleUpdate>

export const Article = Type.Object(
  {
    slug: Type.String(),
    title: Type.String(),
    body: Type.String({ description: 'HTML' }),
    rubric: Type.String({ description: 'the category slug' }),
    rubric_title: Type.String(),
    lang: Type.String(),
    tags: Type.Array(Type.String()),
    excerpt: Type.String(),
    status: Type.Union([Type.Literal('published'), Type.Literal('draft')]),
    published_at: Nullable(Type.String({ format: 'date-time' })),
    updated_at: Nullable(Type.String({ format: 'date-time' })),
    translation_of: Nullable(Type.String()),
    author: Type.String(),
    author_slug: Type.String(),
    meta_title: Type.String(),
    featured: Type.Boolean(),
    cover_image_url: Type.String(),
    content: AeoContent,
    services: Type.Array(Type.String(), { maxItems: LIMITS.servicesPerArticle }),
    topics: Type.Array(Type.String()),
    url: Type.String({ format: 'uri' }),
  },
  { additionalProperties: true, title: 'Article', required: ['slug', 'title', 'rubric', 'lang', 'status', 'body'] },
)
export type Article = Static<typeof Article>

export const WarningRule = Type.Union([
  Type.Literal('relative-date'),
  Type.Literal('superlative'),
  Type.Literal('answer-first'),
  Type.Literal('back-reference'),
  Type.Literal('questions'),
  Type.Literal('unchecked'),
])
/** What the article page renders (GET /api/content/version): connectors then leave those parts out of a body. */
export const RenderCapabilities = Type.Object({
  renders_faqs: Type.Boolean(),
  renders_summary: Type.Boolean(),
  renders_breadcrumbs: Type.Boolean(),
})
export type RenderCapabilities = Static<typeof RenderCapabilities>

export const BodyWarning = Type.Object(
  {
    rule: WarningRule,
    message: Type.String(),
    phrase: Type.Optional(Type.String()),
    where: Type.Optional(Type.Union([Type.Literal('body'), Type.Literal('faq'), Type.Literal('key_takeaways')])),
    section: Type.Optional(Type.String()),
    excerpt: Type.Optional(Type.String()),
    count: Type.Optional(Type.Integer()),
  },
  { title: 'BodyWarning' },
)
export type BodyWarning = Static<typeof BodyWarning>

export const ServiceEntry = Type.Object(
  {
    slug: Type.String(),
    group: Type.Optional(Type.String()),
    title: Type.Record(Type.String(), Type.String(), { description: 'a locale mapped to the title' }),
  },
  { title: 'ServiceEntry', additionalProperties: true },
)
export type ServiceEntry = Static<typeof ServiceEntry>

export const ImageRecord = Type.Object(
  {
    key: Type.String(),
    url: Type.String({ description: 'relative to the site' }),
    type: Type.String(),
    size: Type.Integer(),
  },
  { title: 'ImageRecord' },
)
export type ImageRecord = Static<typeof ImageRecord>

export const Category = Type.Object(
  {
    slug: Type.String(),
    title: Type.String(),
    description: Type.Optional(Type.String()),
    count: Type.Integer({ description: 'published articles in this category' }),
    url: Type.String({ format: 'uri' }),
  },
  { title: 'Category', additionalProperties: true },
)
export type Category = Static<typeof Category>

export const ArticleSummary = Type.Object(
  {
    slug: Type.String(),
    title: Type.String(),
    rubric: Type.String(),
    rubric_title: Type.String(),
    lang: Type.String(),
    excerpt: Type.String(),
    tags: Type.Array(Type.String()),
    status: Type.Union([Type.Literal('published'), Type.Literal('draft')]),
    published_at: Nullable(Type.String({ format: 'date-time' })),
    updated_at: Nullable(Type.String({ format: 'date-time' })),
    url: Type.String({ format: 'uri' }),
  },
  { title: 'ArticleSummary', additionalProperties: true },
)
export type ArticleSummary = Static<typeof ArticleSummary>

/** Fields every success answer carries. */
export const OkEnvelope = {
  status: Type.Literal('ok'),
  version: Type.String(),
}

export const ErrorBody = Type.Object(
  {
    status: Type.Literal('error'),
    code: Type.String(),
    message: Type.String(),
    hint: Type.String(),
    docs: Type.String({ format: 'uri' }),
    errors: Type.Optional(Type.Array(Type.Object({}, { additionalProperties: true }))),
    details: Type.Optional(Type.Array(Type.Object({}, { additionalProperties: true }))),
    version: Type.Optional(Type.String()),
    error: Type.Optional(Type.String()),
    ok: Type.Optional(Type.Literal(false)),
  },
  { title: 'Error', additionalProperties: true },
)
export type ErrorBody = Static<typeof ErrorBody>
