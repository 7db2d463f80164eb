// Every numeric limit of the spec, in one place. Routes, validators, docs and tests read these.
export const LIMITS = {
  /** An article with its images must stay under this many bytes (413 payload_too_large). */
  articleWithImagesBytes: 12 * 1024 * 1024,
  /** One uploaded image file, at most. */
  imageFileBytes: 10 * 1024 * 1024,
  slugMaxLength: 80,
  metaTitleMaxLength: 41,
  servicesPerArticle: 5,
  idempotencyKeyMaxLength: 255,
  idempotencyReplaySeconds: 24 * 60 * 60,
  catalogPageDefault: 100,
  catalogPageMax: 500,
  /** Bodies longer than this are stored without the quality check (one `unchecked` warning). */
  qualityCheckMaxChars: 100_000,
  /** The answer-first rule reads this many words from the top of the body. */
  answerFirstWords: 60,
} as const

export const SLUG_PATTERN = '^[a-z0-9-]+$'
export const SLUG_REGEX = /^[a-z0-9-]+$/

/** True for a value in the shape of a slug: lowercase ASCII letters, digits and hyphens, at most 80 characters. */
export function isSlug(value: string): boolean {
  return value.length <= LIMITS.slugMaxLength && SLUG_REGEX.test(value)
}
