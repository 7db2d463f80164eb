// The error catalogue: every code of the spec with its HTTP status, message and hint.
// The error handler, the developer reference anchors and openapi.json all read this table.
import { LIMITS, megabytes } from './limits.js'

export const ERROR_CATALOGUE = {
  bad_request: {
    status: 400,
    message: 'The request is malformed.',
    hint: 'Check the method, the path, the query and the headers against the developer reference.',
  },
  invalid_json: {
    status: 400,
    message: 'The request body is not valid JSON.',
    hint: 'Send a JSON object with Content-Type: application/json.',
  },
  validation_failed: {
    status: 400,
    message: 'The payload failed validation.',
    hint: 'Each item of errors[] names a field and what it needs; fix them all and send the request again.',
  },
  unsupported_version: {
    status: 400,
    message: 'This API version is not served.',
    hint: 'Send X-Content-API-Version: 1, or leave the header out.',
  },
  unauthorized: {
    status: 401,
    message: 'A valid API token is required.',
    hint: 'Send Authorization: Bearer <API_TOKEN>. Keys are issued by a person: see /auth.md.',
  },
  forbidden: {
    status: 403,
    message: 'This request is not allowed.',
    hint: 'The token or origin may not do this; a write needs a key with the write scope.',
  },
  not_found: {
    status: 404,
    message: 'Nothing here.',
    hint: 'Check the path and the slug; drafts are not visible in public.',
  },
  method_not_allowed: {
    status: 405,
    message: 'This path does not accept this method.',
    hint: 'Use one of the methods listed in the Allow header.',
  },
  conflict: {
    status: 409,
    message: 'The resource already exists.',
    hint: 'To change an existing article, send PUT /api/content/{slug}.',
  },
  idempotency_in_progress: {
    status: 409,
    message: 'A request with this Idempotency-Key is still being processed.',
    hint: 'Wait Retry-After seconds, then send the same request again.',
  },
  payload_too_large: {
    status: 413,
    message: 'The body is too large.',
    hint: `An article with its images must stay under ${megabytes(LIMITS.articleWithImagesBytes)}; an image file at most ${megabytes(LIMITS.imageFileBytes)}.`,
  },
  idempotency_key_reused: {
    status: 422,
    message: 'This Idempotency-Key was used with a different body.',
    hint: 'Use a new Idempotency-Key for a new request.',
  },
  rate_limited: {
    status: 429,
    message: 'Too many requests.',
    hint: 'Wait Retry-After seconds before sending again.',
  },
  internal_error: {
    status: 500,
    message: 'The server failed.',
    hint: 'Retry later; a write cut short may be half done, so read the article before writing again.',
  },
  bad_gateway: {
    status: 502,
    message: 'An upstream service failed.',
    hint: 'Retry later.',
  },
  unavailable: {
    status: 503,
    message: 'The service or its store is unavailable.',
    hint: 'Nothing was written; wait Retry-After seconds and send the same request again.',
  },
} as const satisfies Record<string, { status: number; message: string; hint: string }>

export type ErrorCode = keyof typeof ERROR_CATALOGUE
export const ERROR_CODES = Object.keys(ERROR_CATALOGUE) as ErrorCode[]

/** One item of `errors[]`: a field problem, a slug, or any other detail. */
export type ErrorDetail = Record<string, unknown>

export interface ApiErrorOptions {
  message?: string
  hint?: string
  errors?: ErrorDetail[]
  headers?: Record<string, string>
  cause?: unknown
}

/** Thrown anywhere; the one error handler turns it into the spec's error shape. */
export class ApiError extends Error {
  readonly code: ErrorCode
  readonly status: number
  readonly hint: string
  readonly errors?: ErrorDetail[]
  readonly headers: Record<string, string>

  constructor(code: ErrorCode, options: ApiErrorOptions = {}) {
    const entry = ERROR_CATALOGUE[code]
    super(options.message ?? entry.message, options.cause === undefined ? undefined : { cause: options.cause })
    this.name = 'ApiError'
    this.code = code
    this.status = entry.status
    this.hint = options.hint ?? entry.hint
    if (options.errors) this.errors = options.errors
    this.headers = options.headers ?? {}
  }
}

export function docsUrl(baseUrl: string, code: ErrorCode): string {
  return `${baseUrl}/developers/#error-${code}`
}
