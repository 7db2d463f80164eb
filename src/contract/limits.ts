// Every numeric limit of the spec, in one place. Routes, validators, docs and tests read these.
export const LIMITS = {
  /** An article with its images must stay under this many bytes (413 payload_too_large). */
  articleWithImagesBytes: 12 * 1024 * 1024,
  /** One uploaded image file, at most. */
  imageFileBytes: 10 * 1024 * 1024,
  slugMaxLength: 80,
  metaTitleMaxLength: 41,
  /** A cover image's alt text: a sentence or two describing the picture, as screen readers read it. */
  coverImageAltMaxLength: 300,
  servicesPerArticle: 5,
  idempotencyKeyMaxLength: 255,
  idempotencyReplaySeconds: 24 * 60 * 60,
  catalogPageDefault: 100,
  catalogPageMax: 500,
  /** Bodies longer than this are stored without the quality check (one `unchecked` warning). */
  qualityCheckMaxChars: 100_000,
  /** The answer-first rule reads this many words from the top of the body. */
  answerFirstWords: 60,
  /** One JSON-RPC message to POST /mcp, at most (not a spec limit: far more than any request needs). */
  mcpBodyBytes: 1024 * 1024,
} as const

/** A byte limit as people read it: 10485760 → "10 MB" (binary megabytes, as the limits are set). */
export function megabytes(bytes: number): string {
  return `${Number((bytes / (1024 * 1024)).toFixed(2))} MB`
}

/** The characters of a slug: lowercase ASCII letters, digits, hyphens (a regular-expression class). */
export const SLUG_CHARACTERS = '[a-z0-9-]'
export const SLUG_PATTERN = `^${SLUG_CHARACTERS}+$`
export const SLUG_REGEX = new RegExp(SLUG_PATTERN)

/** True for a value in the shape of a slug: lowercase ASCII letters, digits and hyphens, at most 80 characters. */
export function isSlug(value: string): boolean {
  return value.length <= LIMITS.slugMaxLength && SLUG_REGEX.test(value)
}
