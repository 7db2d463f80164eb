// The image use cases: upload (type read from the bytes, fixed or content-hashed key, dry run,
// the 12 MB article-with-images limit) and the lookup that serves stored bytes.
import { createHash } from 'node:crypto'
import { ApiError } from '../contract/errors.js'
import { LIMITS, megabytes, SLUG_CHARACTERS, SLUG_REGEX } from '../contract/limits.js'
import type { ImageRecord } from '../contract/schemas.js'
import type { ImageRow, Store } from '../store/store.js'
import { imagePath } from './urls.js'

/** Variants that keep one fixed key per article; a new upload replaces the previous one. */
export const FIXED_VARIANTS = new Set(['featured', 'og', 'square', 'thumbnail'])
export const DEFAULT_VARIANT = 'featured'

/** Accepted media types (read from the bytes) and the extension each key gets. */
const ACCEPTED_TYPES: Record<string, string> = {
  'image/webp': 'webp',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/avif': 'avif',
}
const VARIANT_PATTERN = /^[A-Za-z0-9_-]{1,64}$/
const EXTENSIONS = Object.values(ACCEPTED_TYPES).join('|')
/** The only shape a stored key has: `<slug>/<fixed variant or sha256>.<ext>`. */
export const IMAGE_KEY = new RegExp(
  `^${SLUG_CHARACTERS}{1,${LIMITS.slugMaxLength}}/(?:${[...FIXED_VARIANTS].join('|')}|[0-9a-f]{64})\\.(?:${EXTENSIONS})$`,
)

export interface UploadRequest {
  file?: Buffer
  slug?: string
  variant?: string
  dryRun: boolean
}

/**
 * An image's media type and key extension, read from its bytes; `undefined` type when the bytes are
 * none of the accepted kinds (then `detected` says what they read as).
 */
export async function readImageType(bytes: Uint8Array): Promise<{ type?: string; extension?: string; detected?: string }> {
  // Loaded on the first image: file-type costs start-up some 40 ms a reader never needs.
  const { fileTypeFromBuffer } = await import('file-type')
  const detected = await fileTypeFromBuffer(bytes)
  const extension = detected ? ACCEPTED_TYPES[detected.mime] : undefined
  return extension ? { type: detected!.mime, extension, detected: detected!.mime } : { detected: detected?.mime }
}

/** The key an upload gets: a fixed variant keeps one path per article, any other is stored under its hash. */
export function imageKeyFor(slug: string, variant: string, sha256: string, extension: string): string {
  return `${slug}/${FIXED_VARIANTS.has(variant) ? variant : sha256}.${extension}`
}

export function isHashedKey(key: string): boolean {
  return /\/[0-9a-f]{64}\.[a-z]+$/.test(key)
}

export class ImageService {
  constructor(
    private readonly store: Store,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async upload(request: UploadRequest): Promise<ImageRecord> {
    const problems: { field: string; message: string }[] = []
    if (request.slug === undefined || request.slug === '')
      problems.push({ field: 'slug', message: 'required: the slug of the article the image belongs to' })
    else if (!SLUG_REGEX.test(request.slug) || request.slug.length > LIMITS.slugMaxLength) {
      problems.push({ field: 'slug', message: `lowercase ASCII letters, digits and hyphens, at most ${LIMITS.slugMaxLength} characters` })
    }
    const variant = request.variant === undefined || request.variant === '' ? DEFAULT_VARIANT : request.variant
    if (!VARIANT_PATTERN.test(variant)) problems.push({ field: 'variant', message: 'letters, digits, "-" and "_", at most 64 characters' })
    let type: string | undefined
    if (!request.file || request.file.length === 0)
      problems.push({ field: 'file', message: 'required: the image file (WebP, JPEG, PNG, GIF or AVIF)' })
    else {
      const read = await readImageType(request.file)
      type = read.type
      if (!type)
        problems.push({
          field: 'file',
          message: `not a WebP, JPEG, PNG, GIF or AVIF image (the bytes read as ${read.detected ?? 'unknown'})`,
        })
    }
    if (problems.length > 0) throw new ApiError('validation_failed', { errors: problems })
    const slug = request.slug!
    const bytes = request.file!
    const sha256 = createHash('sha256').update(bytes).digest('hex')
    const fixed = FIXED_VARIANTS.has(variant)
    const key = imageKeyFor(slug, variant, sha256, ACCEPTED_TYPES[type!]!)
    await this.assertArticleFits(slug, bytes.length, fixed ? variant : undefined, key)
    const record: ImageRow = { key, slug, variant, type: type!, size: bytes.length, sha256, created_at: this.clock().toISOString() }
    if (!request.dryRun) await this.store.images.put(record, bytes, { replaceVariant: fixed })
    return toImageRecord(record)
  }

  /** The article (when it exists) with its images, this one included, must stay under 12 MB. */
  private async assertArticleFits(slug: string, size: number, fixedVariant: string | undefined, key: string) {
    const [article, images] = await Promise.all([this.store.articles.get(slug), this.store.images.listFor(slug)])
    const kept = images.filter((image) => image.key !== key && (fixedVariant === undefined || image.variant !== fixedVariant))
    const total =
      (article ? Buffer.byteLength(JSON.stringify(article)) : 0) + kept.reduce((sum, image) => sum + Number(image.size), 0) + size
    if (total >= LIMITS.articleWithImagesBytes) throw articleTooLarge(slug, total)
  }

  /** The record stored under `key`, or undefined (also for a key not in the stored shape). */
  async find(key: string): Promise<ImageRow | undefined> {
    if (!IMAGE_KEY.test(key)) return undefined
    return this.store.images.get(key)
  }

  /** Images are public with their article: a draft's, or those of a slug with no article, are not (yet). */
  isPublic(record: ImageRow): Promise<boolean> {
    return this.store.articles.isPublished(record.slug)
  }

  bytes(record: ImageRow): Promise<Buffer | undefined> {
    return this.store.images.bytes(record.key)
  }
}

export function toImageRecord(row: Pick<ImageRow, 'key' | 'type' | 'size'>): ImageRecord {
  return { key: row.key, url: imagePath(row.key), type: row.type, size: Number(row.size) }
}

export function articleTooLarge(slug: string, total: number): ApiError {
  return new ApiError('payload_too_large', {
    message: `The article "${slug}" with its images would be ${total} bytes; it must stay under ${LIMITS.articleWithImagesBytes} bytes (${megabytes(LIMITS.articleWithImagesBytes)}).`,
    errors: [{ slug, size: total, limit: LIMITS.articleWithImagesBytes }],
  })
}
