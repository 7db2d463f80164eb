// Turns a create or update payload into the ArticleRecord to store: schema check, then the
// rules that need the site (rubric, services, locales) and the store (translation_of), then
// defaults, sanitising and derived fields. Every problem is collected; none stops the others.
import { Type, type TSchema } from 'typebox'
import { RESERVED_SLUGS } from '../contract/endpoints.js'
import { ApiError } from '../contract/errors.js'
import { ArticleCreate, ArticleUpdate } from '../contract/schemas.js'
import { fieldProblems, textProblems, type FieldProblem } from '../contract/validator.js'
import type { Site } from './site-definition.js'
import type { AeoBlocks, ArticleRecord } from '../store/article-record.js'
import { deriveExcerpt } from './excerpt.js'
import { asMarkdownProblems, withMarkdownBody } from './markdown-body.js'
import { sanitizeBody } from './sanitize-body.js'

type Json = Record<string, unknown>

const AEO_BLOCK_NAMES = ['faq', 'key_takeaways', 'sources'] as const

/** What the resolver needs from the store: a look-up of other articles (for translation_of). */
export type ArticleLookup = (slug: string) => Promise<ArticleRecord | undefined>

/** The payload schemas with `lang` narrowed to the site's locales. */
export class PayloadSchemas {
  readonly create: TSchema
  readonly update: TSchema
  constructor(site: Site) {
    const lang = Type.String({ enum: site.locales })
    this.create = Type.Object({ ...ArticleCreate.properties, lang: Type.Optional(lang) }, { additionalProperties: true })
    this.update = Type.Object(
      { ...ArticleUpdate.properties, lang: Type.Optional(Type.Union([lang, Type.Null()])) },
      { additionalProperties: true },
    )
  }
}

export function assertPayloadObject(payload: unknown): asserts payload is Json {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
    throw new ApiError('validation_failed', { errors: [{ field: '(body)', message: 'must be a JSON object' }] })
  }
}

export async function resolveCreate(
  rawPayload: Json,
  ctx: { site: Site; schemas: PayloadSchemas; lookup: ArticleLookup; now: string },
): Promise<ArticleRecord> {
  const { payload, fromMarkdown } = await withMarkdownBody(rawPayload)
  const problems = [...fieldProblems(ctx.schemas.create, payload), ...textProblems(ctx.schemas.create, payload)]
  const p = payload as ArticleCreate
  if (p.body === undefined && !('body_markdown' in payload)) problems.push({ field: 'body', message: 'is required (or body_markdown)' })
  const bad = new Set(problems.map((x) => x.field.split(/[.[]/)[0]))
  if (!bad.has('slug') && RESERVED_SLUGS.has(p.slug)) problems.push({ field: 'slug', message: `"${p.slug}" is reserved by the API` })

  const rubric = bad.has('rubric') ? undefined : resolveRubric(p.rubric, ctx.site, problems)
  const services = bad.has('services') || p.services === undefined ? [] : resolveServices(p.services, ctx.site, problems)
  const lang = p.lang ?? ctx.site.defaultLocale
  const translationOf =
    bad.has('translation_of') || !p.translation_of ? null : await checkTranslation(p.translation_of, p.slug, lang, ctx.lookup, problems)
  const body = bad.has('body') || p.body === undefined ? '' : sanitizedBody(p.body, problems)
  throwIfAny(asMarkdownProblems(problems, fromMarkdown))

  const status = p.status ?? 'published'
  const tags = normaliseTags(p.tags ?? [rubric!.slug])
  const record: ArticleRecord = {
    slug: p.slug,
    title: p.title.trim(),
    body,
    rubric: rubric!.slug,
    lang,
    tags,
    excerpt: p.excerpt?.trim() || deriveExcerpt(body),
    status,
    published_at: p.published_at ? new Date(p.published_at).toISOString() : status === 'published' ? ctx.now : null,
    updated_at: ctx.now,
    created_at: ctx.now,
    translation_of: translationOf,
    author: p.author ?? '',
    author_slug: p.author_slug ?? '',
    meta_title: p.meta_title ?? '',
    featured: p.featured ?? false,
    cover_image_url: acceptedCoverImage(p.cover_image_url),
    cover_image_alt: p.cover_image_alt?.trim() ?? '',
    content: cleanBlocks(p.content ?? {}),
    services,
    topics: [],
  }
  record.topics = topicsOf(record, ctx.site)
  return record
}

export async function resolveUpdate(
  stored: ArticleRecord,
  rawPayload: Json,
  ctx: { site: Site; schemas: PayloadSchemas; lookup: ArticleLookup; now: string },
): Promise<ArticleRecord> {
  const { payload, fromMarkdown } = await withMarkdownBody(rawPayload)
  const problems = [...fieldProblems(ctx.schemas.update, payload), ...textProblems(ctx.schemas.update, payload)]
  const p = payload as ArticleUpdate
  const bad = new Set(problems.map((x) => x.field.split(/[.[]/)[0]))
  const given = <K extends keyof ArticleUpdate>(key: K): boolean => !bad.has(key) && p[key] !== undefined && p[key] !== null

  const next: ArticleRecord = { ...stored, content: { ...stored.content } }
  if (given('title')) next.title = p.title!.trim()
  if (given('rubric')) {
    const rubric = resolveRubric(p.rubric!, ctx.site, problems)
    if (rubric) next.rubric = rubric.slug
  }
  if (given('lang')) next.lang = p.lang!
  if (given('services')) next.services = resolveServices(p.services!, ctx.site, problems)
  if (given('body')) next.body = sanitizedBody(p.body!, problems)
  if (!bad.has('translation_of') && p.translation_of !== undefined) {
    // null or "" clears the pair (update rule 2).
    next.translation_of = p.translation_of ? await checkTranslation(p.translation_of, stored.slug, next.lang, ctx.lookup, problems) : null
  }
  throwIfAny(asMarkdownProblems(problems, fromMarkdown))

  if (given('tags')) next.tags = normaliseTags(p.tags!)
  if (given('excerpt')) next.excerpt = p.excerpt!.trim()
  else if (given('body') && stored.excerpt === deriveExcerpt(stored.body)) next.excerpt = deriveExcerpt(next.body)
  if (!next.excerpt) next.excerpt = deriveExcerpt(next.body)
  if (given('status')) next.status = p.status!
  if (given('published_at')) next.published_at = new Date(p.published_at!).toISOString()
  if (next.status === 'published' && next.published_at === null) next.published_at = ctx.now
  if (given('author')) next.author = p.author!
  if (given('author_slug')) next.author_slug = p.author_slug!
  if (given('meta_title')) next.meta_title = p.meta_title!
  if (given('featured')) next.featured = p.featured!
  if (given('cover_image_url')) next.cover_image_url = acceptedCoverImage(p.cover_image_url!)
  if (given('cover_image_alt')) next.cover_image_alt = p.cover_image_alt?.trim() ?? ''
  if (given('content')) {
    // Block by block: a carried list replaces, an empty list removes, a block not carried stays.
    for (const name of AEO_BLOCK_NAMES) {
      const block = (p.content as Record<string, unknown>)[name]
      if (block === undefined || block === null) continue
      if (Array.isArray(block) && block.length === 0) delete next.content[name]
      else (next.content as Record<string, unknown>)[name] = block
    }
    next.content = cleanBlocks(next.content)
  }
  next.updated_at = ctx.now
  next.topics = topicsOf(next, ctx.site)
  return next
}

function throwIfAny(problems: FieldProblem[]) {
  if (problems.length > 0) throw new ApiError('validation_failed', { errors: problems })
}

function resolveRubric(value: string, site: Site, problems: FieldProblem[]) {
  const rubric = site.findRubric(value)
  if (!rubric) {
    problems.push({
      field: 'rubric',
      message: `must be a category slug or title from the catalog: ${site.rubrics.map((r) => r.slug).join(', ')}`,
    })
  }
  return rubric
}

function resolveServices(values: string[], site: Site, problems: FieldProblem[]): string[] {
  const slugs: string[] = []
  values.forEach((value, index) => {
    const service = site.findService(value)
    if (!service) problems.push({ field: `services[${index}]`, message: `"${value}" is not a service slug or title from the catalog` })
    else if (!slugs.includes(service.slug)) slugs.push(service.slug)
  })
  return slugs
}

export async function checkTranslation(
  twin: string,
  self: string,
  lang: string,
  lookup: ArticleLookup,
  problems: FieldProblem[],
): Promise<string | null> {
  if (twin === self) {
    problems.push({ field: 'translation_of', message: 'cannot name the article itself' })
    return null
  }
  const other = await lookup(twin)
  if (!other || other.status !== 'published') {
    problems.push({ field: 'translation_of', message: `must be the slug of a published article; "${twin}" is not one` })
    return null
  }
  if (other.lang === lang) {
    problems.push({ field: 'translation_of', message: `must name an article in another language; "${twin}" is also in "${lang}"` })
    return null
  }
  return twin
}

function sanitizedBody(html: string, problems: FieldProblem[]): string {
  const clean = sanitizeBody(html)
  if (clean === '') problems.push({ field: 'body', message: 'has no content left once unsafe markup is removed' })
  return clean
}

function normaliseTags(tags: string[]): string[] {
  const seen = new Set<string>()
  for (const tag of tags) {
    const t = tag.trim()
    if (t) seen.add(t)
  }
  return [...seen]
}

/** Kept only when it is an absolute https URL or a path on this site; any other value shows no image. */
export function acceptedCoverImage(value: string | undefined): string {
  if (!value) return ''
  const v = value.trim()
  if (/^\/(?!\/)[^\s\\]*$/.test(v)) return v
  try {
    const url = new URL(v)
    return url.protocol === 'https:' ? url.href : ''
  } catch {
    return ''
  }
}

function cleanBlocks(content: Json | AeoBlocks): AeoBlocks {
  const blocks: AeoBlocks = {}
  const c = content as AeoBlocks
  if (c.faq?.length) blocks.faq = c.faq.map(({ q, a }) => ({ q: q.trim(), a: a.trim() }))
  if (c.key_takeaways?.length) blocks.key_takeaways = c.key_takeaways.map((t) => t.trim())
  if (c.sources?.length) {
    blocks.sources = c.sources.map(({ title, url, publisher }) => ({
      title: title.trim(),
      ...(url ? { url } : {}),
      ...(publisher ? { publisher: publisher.trim() } : {}),
    }))
  }
  return blocks
}

/** Topics: the subjects an article is about in readers' words — its rubric and its services. */
export function topicsOf(article: ArticleRecord, site: Site): string[] {
  const topics = [site.rubricTitle(article.rubric)]
  for (const slug of article.services) {
    const service = site.servicesBySlug.get(slug)
    if (service) topics.push(site.serviceTitle(service, article.lang))
  }
  return topics
}
