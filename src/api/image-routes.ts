// POST /api/content/images (multipart upload, streamed up to the image size limit) and GET /images/<key>
// (the stored bytes of a published article's image: see serve-image.ts).
import multipart from '@fastify/multipart'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { AppDeps } from '../app-deps.js'
import { ApiError } from '../contract/errors.js'
import { LIMITS, megabytes } from '../contract/limits.js'
import { ImageService, type UploadRequest } from '../content/images.js'
import { ok } from './envelope.js'
import { FLAG_ON_VALUES } from '../contract/endpoint-definition.js'
import { route } from '../http/endpoint-route.js'
import { imageNotFound, serveImage } from './serve-image.js'

const FIELDS = new Set(['slug', 'variant', 'dry_run'])

function fileTooLarge(): ApiError {
  return new ApiError('payload_too_large', {
    message: `The image file is larger than ${LIMITS.imageFileBytes} bytes (${megabytes(LIMITS.imageFileBytes)}).`,
    hint: `Send an image of at most ${megabytes(LIMITS.imageFileBytes)}.`,
    errors: [{ field: 'file', message: `at most ${LIMITS.imageFileBytes} bytes` }],
  })
}

/**
 * Reads the parts; the file is read into memory only up to the limit, then the upload is refused.
 * `dryRun` is the query's flag, which a dry_run part can also turn on.
 */
async function readUpload(request: FastifyRequest, dryRun: boolean): Promise<UploadRequest> {
  if (!request.isMultipart()) {
    throw new ApiError('bad_request', {
      message: 'POST /api/content/images takes multipart/form-data.',
      hint: 'Send Content-Type: multipart/form-data with the parts file and slug (variant and dry_run optional).',
    })
  }
  const upload: UploadRequest = { dryRun }
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname === 'file' && upload.file === undefined) upload.file = await part.toBuffer()
        else part.file.resume()
        continue
      }
      if (!FIELDS.has(part.fieldname) || typeof part.value !== 'string') continue
      if (part.fieldname === 'slug') upload.slug = part.value
      else if (part.fieldname === 'variant') upload.variant = part.value
      else if ((FLAG_ON_VALUES as readonly string[]).includes(part.value)) upload.dryRun = true
    }
  } catch (error) {
    if (error instanceof ApiError) throw error
    const failure = error as { code?: string; statusCode?: number; message?: string }
    if (failure.code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge()
    if (failure.statusCode === 413)
      throw new ApiError('payload_too_large', { message: `The multipart body has too many parts: ${failure.message ?? ''}` })
    // Nothing but the client's bytes is read here: a body that does not parse is the client's error.
    throw new ApiError('bad_request', {
      message: `The multipart/form-data body could not be read: ${failure.message ?? 'malformed'}.`,
      hint: 'Send a well-formed multipart/form-data body with a boundary and the parts file and slug.',
    })
  }
  return upload
}

export function imageRoutes(app: FastifyInstance, deps: AppDeps) {
  const images = new ImageService(deps.store, deps.clock)

  // Multipart parsing lives in this scope only, so JSON parsing everywhere else is untouched;
  // any other content type here is a clear 400 rather than a parse of the wrong kind.
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers()
    await scope.register(multipart, {
      throwFileSizeLimit: true,
      limits: { fileSize: LIMITS.imageFileBytes, fields: 10, fieldSize: 1024, parts: 12, headerPairs: 50 },
    })
    scope.addContentTypeParser('*', (request, _payload, done) => {
      done(
        new ApiError('bad_request', {
          message: `POST /api/content/images takes multipart/form-data, not "${request.headers['content-type'] ?? ''}".`,
          hint: 'Send Content-Type: multipart/form-data with the parts file and slug (variant and dry_run optional).',
        }),
        undefined,
      )
    })
    route(scope, 'uploadImage', async (request) => {
      const upload = await readUpload(request, request.query.dry_run)
      const image = await images.upload(upload)
      return ok({ ok: true, ...(upload.dryRun ? { dry_run: true, persisted: false } : {}), image })
    })
  })

  // Public with their article: an image of a draft, or of a slug with no article, looks like no image.
  app.get('/images/*', async (request, reply) => {
    const key = (request.params as { '*': string })['*']
    const record = await images.find(key)
    if (!record || !(await images.isPublic(record))) throw imageNotFound()
    return serveImage(request, reply, record, () => images.bytes(record))
  })
}
