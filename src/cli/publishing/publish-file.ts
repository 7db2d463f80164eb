// Publishing one article file: read it and its images, read the stored article (drafts too), and
// create, update or leave it, as the file says. Every failure is this file's alone.
import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { basename } from 'node:path'
import type { Article, BodyWarning } from '../../contract/schemas.js'
import { markdownToHtml } from '../../content/markdown-body.js'
import { ArticleFileError, BLOCK_KEYS, parseArticleFile, type ArticleFile } from './article-file.js'
import { changedFields } from './article-view.js'
import { ApiAnswerError, type FolioClient } from './folio-client.js'
import { isLocalReference, readLocalImage, type LocalImage } from './local-images.js'

type Json = Record<string, unknown>

export const ACTIONS = ['created', 'updated', 'unchanged', 'would-create', 'would-update', 'failed'] as const
export type Action = (typeof ACTIONS)[number]

export interface FileResult {
  file: string
  slug: string
  action: Action
  url?: string
  warnings: BodyWarning[]
  /** The API's error body, or `{ message }` for a file that never reached the API. */
  error?: Json
}

export interface PublishRun {
  client: FolioClient
  dryRun: boolean
  /** Part of every Idempotency-Key of this run: a file reverted to an earlier text is a new create. */
  runId: string
}

/** The article a file describes, its images read. */
interface Prepared {
  slug: string
  payload: Json
  cover?: LocalImage
  bodyImages: LocalImage[]
}

async function prepare(path: string, file: ArticleFile): Promise<Prepared> {
  const { slug } = file
  const cover =
    file.coverImage && isLocalReference(file.coverImage) ? await readLocalImage(path, file.coverImage, slug, 'featured') : undefined
  const references: string[] = []
  await markdownToHtml(file.markdown, (src) => (references.push(src), src))
  const bodyImages = await Promise.all(
    [...new Set(references.filter(isLocalReference))].map((reference) => readLocalImage(path, reference, slug, 'content')),
  )
  const paths = new Map(bodyImages.map((image) => [image.reference, image.path]))
  const body = await markdownToHtml(file.markdown, (src) => paths.get(src) ?? src)

  const payload: Json = { slug, ...file.fields, body }
  const content: Json = {}
  for (const block of BLOCK_KEYS) {
    if (block in payload) content[block] = payload[block]
    delete payload[block]
  }
  if (Object.keys(content).length > 0) payload.content = content
  if (file.coverImage) payload.cover_image_url = cover ? cover.path : file.coverImage
  return { slug, payload, cover, bodyImages }
}

/** Whether the stored cover is this file's cover image: the same path and the same bytes. */
async function coverIsStored(client: FolioClient, cover: LocalImage, article: Article): Promise<boolean> {
  if (!article.cover_image_url.endsWith(cover.path)) return false
  const bytes = await client.bytes(cover.path)
  return bytes !== undefined && createHash('sha256').update(bytes).digest('hex') === cover.sha256
}

async function upload(client: FolioClient, image: LocalImage, slug: string) {
  const form = new FormData()
  form.set('file', new Blob([image.bytes]), image.reference.split('/').at(-1))
  form.set('slug', slug)
  form.set('variant', image.variant)
  const answer = (await client.json('POST', '/api/content/images', { form })) as { image: { url: string } }
  if (answer.image.url !== image.path) throw new Error(`the server stored ${image.reference} as ${answer.image.url}, not ${image.path}`)
}

function written(answer: Json | undefined): { url?: string; warnings: BodyWarning[] } {
  return { url: typeof answer?.url === 'string' ? answer.url : undefined, warnings: (answer?.warnings as BodyWarning[] | undefined) ?? [] }
}

export async function publishFile(path: string, run: PublishRun): Promise<FileResult> {
  const fallbackSlug = basename(path).replace(/\.md$/i, '')
  let slug = fallbackSlug
  try {
    const file = parseArticleFile(await readFile(path, 'utf8'), fallbackSlug)
    slug = file.slug
    const { payload, cover, bodyImages } = await prepare(path, file)
    const articlePath = `/api/content/${encodeURIComponent(slug)}`
    const stored = (await run.client.json('GET', `${articlePath}?status=all`, { missingIsUndefined: true }))?.article as Article | undefined

    if (stored) {
      const changed = changedFields(payload, stored)
      const coverChanged = cover !== undefined && !(await coverIsStored(run.client, cover, stored))
      if (changed.length === 0 && !coverChanged) return { file: path, slug, action: 'unchanged', url: stored.url, warnings: [] }
      if (run.dryRun) {
        const answer = await run.client.json('PUT', `${articlePath}?dry_run=1`, { body: payload })
        return { file: path, slug, action: 'would-update', ...written(answer), url: stored.url }
      }
      if (coverChanged) await upload(run.client, cover, slug)
      for (const image of bodyImages) if (!stored.body.includes(image.path)) await upload(run.client, image, slug)
      const answer = await run.client.json('PUT', articlePath, { body: payload })
      return { file: path, slug, action: 'updated', ...written(answer) }
    }

    if (run.dryRun) {
      const answer = await run.client.json('POST', '/api/content/?dry_run=1', { body: payload })
      return { file: path, slug, action: 'would-create', ...written(answer) }
    }
    for (const image of [...(cover ? [cover] : []), ...bodyImages]) await upload(run.client, image, slug)
    const key = `${createHash('sha256').update(JSON.stringify(payload)).digest('hex')}-${run.runId}`
    const answer = await run.client.json('POST', '/api/content/', { body: payload, headers: { 'idempotency-key': key } })
    return { file: path, slug, action: 'created', ...written(answer) }
  } catch (error) {
    if (error instanceof ApiAnswerError) return { file: path, slug, action: 'failed', warnings: [], error: error.body }
    if (error instanceof ArticleFileError || error instanceof Error) {
      return { file: path, slug, action: 'failed', warnings: [], error: { message: error.message } }
    }
    throw error
  }
}

/** The one-line reason of a failed file. */
export function failureReason(result: FileResult): string {
  const error = result.error ?? {}
  const fields = Array.isArray(error.errors)
    ? (error.errors as { field?: string; message?: string }[]).map((e) => `${e.field} ${e.message}`).join('; ')
    : ''
  const message = typeof error.message === 'string' ? error.message : 'failed'
  return fields ? `${message}: ${fields}` : message
}
