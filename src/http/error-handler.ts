// The one error handler: every failure under /api (and the API's guards on /mcp) leaves in the
// spec's error shape, with hint, docs link and version; unknown throws become internal_error.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { ApiError, docsUrl, type ErrorCode } from '../contract/errors.js'
import { methodsAt, type EndpointDefinition } from '../contract/endpoints.js'
import { endpointOf } from './authenticate.js'
import type { ErrorBody } from '../contract/schemas.js'
import { API_VERSION } from '../contract/version.js'
import { EVERY_ANSWER_HEADERS } from './api-version.js'
import { isStoreRefusal, isValueRejected, StoreUnavailableError, StoreValueError } from '../store/store-errors.js'

export function errorBody(error: ApiError, baseUrl: string): ErrorBody {
  const body: ErrorBody = {
    status: 'error',
    code: error.code,
    message: error.message,
    hint: error.hint,
    docs: docsUrl(baseUrl, error.code),
    version: API_VERSION,
    error: error.message,
  }
  if (error.errors && error.errors.length > 0) {
    body.errors = error.errors
    body.details = error.errors
  }
  if (error.code === 'rate_limited') body.ok = false
  return body
}

export function sendApiError(reply: FastifyReply, error: ApiError, baseUrl: string): FastifyReply {
  for (const [name, value] of Object.entries(error.headers)) reply.header(name, value)
  return reply.code(error.status).type('application/json; charset=utf-8').send(errorBody(error, baseUrl))
}

/** Turns anything thrown into an ApiError. */
export function toApiError(error: unknown, request: FastifyRequest): ApiError {
  if (error instanceof ApiError) return error
  // A driver refusal that reached here unguarded (a wrapped store, a new path) still means "not now".
  if (error instanceof StoreUnavailableError || isStoreRefusal(error)) {
    return new ApiError('unavailable', {
      message: 'The store cannot take the request right now; nothing was written.',
      headers: { 'Retry-After': String(error instanceof StoreUnavailableError ? error.retryAfterSeconds : 1) },
    })
  }
  if (error instanceof StoreValueError || isValueRejected(error)) {
    return new ApiError('bad_request', {
      message: 'A value of the request cannot be read or stored as sent (text holding the character U+0000, say); nothing was written.',
      hint: 'Remove control characters such as U+0000 from the values and send the request again.',
    })
  }
  const fastifyError = error as FastifyError
  const code = fastifyError?.code
  switch (code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError('payload_too_large')
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ApiError('invalid_json', { message: `The request body is not valid JSON: ${fastifyError.message}` })
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH': {
      // invalid_json belongs to the endpoints that take JSON; any other (the multipart upload) is a malformed request.
      const endpoint: EndpointDefinition | undefined = endpointOf(request)?.def
      const mediaType = endpoint?.body?.mediaType
      const takesJson = mediaType === 'application/json'
      return new ApiError(takesJson ? 'invalid_json' : 'bad_request', {
        message: `Content-Type "${request.headers['content-type'] ?? ''}" is not accepted here.`,
        ...(takesJson ? {} : { hint: mediaType ? `Send Content-Type: ${mediaType}.` : 'This endpoint takes no request body.' }),
      })
    }
    case 'FST_ERR_VALIDATION':
      return new ApiError('validation_failed', {
        errors: [{ field: fastifyError.validationContext ?? 'request', message: fastifyError.message }],
      })
  }
  if (error instanceof SyntaxError) return new ApiError('invalid_json', { message: `The request body is not valid JSON: ${error.message}` })
  const status = fastifyError?.statusCode
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const byStatus: Record<number, ErrorCode> = {
      401: 'unauthorized',
      403: 'forbidden',
      404: 'not_found',
      405: 'method_not_allowed',
      413: 'payload_too_large',
      429: 'rate_limited',
    }
    return new ApiError(byStatus[status] ?? 'bad_request', { message: fastifyError.message })
  }
  // The catalogue's hint warns that a write may be half done; a failure before the route's handler
  // ran (a hook: authentication, idempotency) or on a read wrote nothing, and says so.
  const wroteNothing = !handlerStarted(request) || request.method === 'GET' || request.method === 'HEAD'
  return new ApiError('internal_error', {
    cause: error,
    ...(wroteNothing
      ? {
          hint: 'Retry later; nothing was written, so the same request may be sent again.',
        }
      : {}),
  })
}

const HANDLER_STARTED = Symbol('folio.handlerStarted')

/** Called by a route as its handler starts: from here on a failure may have written something. */
export function markHandlerStarted(request: FastifyRequest) {
  ;(request as FastifyRequest & { [HANDLER_STARTED]?: true })[HANDLER_STARTED] = true
}

function handlerStarted(request: FastifyRequest): boolean {
  return (request as FastifyRequest & { [HANDLER_STARTED]?: true })[HANDLER_STARTED] === true
}

export interface ErrorHandlingOptions {
  baseUrl: string
}

export function registerErrorHandling(app: FastifyInstance, options: ErrorHandlingOptions) {
  app.setErrorHandler((error, request, reply) => {
    const apiError = toApiError(error, request)
    if (apiError.code === 'internal_error') request.log.error({ err: error }, 'unhandled error')
    // The client's value, but also where a value of our own making would show: kept in the log.
    else if (error instanceof StoreValueError || isValueRejected(error)) request.log.warn({ err: error }, 'a value the store cannot hold')
    else if (apiError.status >= 500) request.log.warn({ err: error, code: apiError.code }, 'request refused')
    return sendApiError(reply, apiError, options.baseUrl)
  })
}

/** The API and the MCP endpoint answer JSON errors; every other path is a page of the website. */
export function isMachinePath(url: string): boolean {
  return /^\/(api|mcp)(\/|\?|$)/.test(url)
}

/** A request's path for a message: without its query, and cut short (it is the client's text). */
function pathForMessage(url: string): string {
  const path = url.split('?')[0] ?? url
  return path.length > 100 ? `${path.slice(0, 100)}…` : path
}

export interface FrameworkErrorOptions {
  baseUrl: string
  /** The website's 404 page, for a page URL the router could not take. */
  pageNotFound(request: FastifyRequest, reply: FastifyReply): unknown
}

/**
 * Fastify's frameworkErrors: the router could not take the request and no hook has run, so the
 * headers every answer carries are set here. The spec ties each code to one status and has none
 * for 414: a path segment over the router's length cannot be a slug (at most 80 characters), so
 * nothing is there (404); a URL that does not decode is a malformed request (400 bad_request).
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply, options: FrameworkErrorOptions) {
  reply.headers(EVERY_ANSWER_HEADERS)
  const path = pathForMessage(request.url)
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    if (!isMachinePath(request.url)) return options.pageNotFound(request, reply)
    return sendApiError(
      reply,
      new ApiError('not_found', {
        message: `Nothing at ${request.method} ${path}: a path segment is longer than any slug (at most 80 characters).`,
        hint: 'Check the slug in the path.',
      }),
      options.baseUrl,
    )
  }
  if (error.code === 'FST_ERR_BAD_URL') {
    return sendApiError(
      reply,
      new ApiError('bad_request', {
        message: `The URL ${path} is malformed: a percent-escape in its path does not decode to UTF-8 text.`,
        hint: 'Percent-encode each path segment as UTF-8 (encodeURIComponent).',
      }),
      options.baseUrl,
    )
  }
  return sendApiError(reply, toApiError(error, request), options.baseUrl)
}

/** 404 for an unknown /api path, or 405 with Allow when the path exists with other methods. */
export function apiNotFound(request: FastifyRequest, reply: FastifyReply, baseUrl: string) {
  const methods = methodsAt(request.url)
  if (methods.length > 0) {
    const allow = methods.includes('GET') ? [...methods, 'HEAD'] : methods
    return sendApiError(
      reply,
      new ApiError('method_not_allowed', {
        message: `${request.method} is not accepted at ${request.url.split('?')[0]}.`,
        hint: `Use one of: ${allow.join(', ')}.`,
        headers: { Allow: allow.join(', ') },
      }),
      baseUrl,
    )
  }
  return sendApiError(
    reply,
    new ApiError('not_found', {
      message: `No endpoint at ${request.method} ${request.url.split('?')[0]}.`,
      hint: 'GET /api/ lists every endpoint.',
    }),
    baseUrl,
  )
}
