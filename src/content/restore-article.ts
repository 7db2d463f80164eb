// A revision made the article again: the stored record as it was, checked against what may have
// changed since it was saved (the site's rubrics, services and locales, the twin it translates,
// the sanitiser's rules), with a new updated_at. Every problem is collected; none stops the others.
import { ApiError } from '../contract/errors.js'
import type { FieldProblem } from '../contract/validator.js'
import type { ArticleRecord } from '../store/article-record.js'
import { checkTranslation, topicsOf, type ArticleLookup } from './resolve-article.js'
import { sanitizeBody } from './sanitize-body.js'
import type { Site } from './site-definition.js'

export interface RestoreContext {
  site: Site
  lookup: ArticleLookup
  now: string
  /** The article stored now, when there is one (its created_at stays). */
  current: ArticleRecord | undefined
  /** The revision number, for the messages. */
  revision: number
}

export async function restoredRecord(saved: ArticleRecord, ctx: RestoreContext): Promise<ArticleRecord> {
  const { site } = ctx
  const problems: FieldProblem[] = []
  const record: ArticleRecord = {
    ...saved,
    created_at: ctx.current?.created_at ?? saved.created_at,
    updated_at: ctx.now,
    body: sanitizeBody(saved.body),
    // A revision kept before cover images had alt text carries none.
    cover_image_alt: saved.cover_image_alt ?? '',
  }
  if (record.status === 'published' && !record.published_at) record.published_at = ctx.now
  if (record.body === '') problems.push({ field: 'body', message: 'has no content left under the current sanitising rules' })
  if (!site.rubricsBySlug.has(record.rubric)) {
    problems.push({ field: 'rubric', message: `"${record.rubric}" is no longer a category of the site` })
  }
  if (!site.locales.includes(record.lang)) problems.push({ field: 'lang', message: `"${record.lang}" is no longer a locale of the site` })
  record.services.forEach((service, index) => {
    if (!site.servicesBySlug.has(service)) problems.push({ field: `services[${index}]`, message: `"${service}" is no longer a service` })
  })
  if (record.translation_of) {
    record.translation_of = await checkTranslation(record.translation_of, record.slug, record.lang, ctx.lookup, problems)
  }
  if (problems.length > 0) {
    throw new ApiError('validation_failed', {
      message: `Revision ${ctx.revision} names what the site no longer allows.`,
      hint: `Read it with GET /api/content/${record.slug}/revisions/${ctx.revision} and send what still fits with PUT (or POST when the article is deleted).`,
      errors: problems,
    })
  }
  record.topics = topicsOf(record, site)
  return record
}
