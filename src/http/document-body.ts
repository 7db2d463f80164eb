// A rendered public document: its body (one buffer, or slices for documents of tens of MB), its
// validators and the compressed copies made of it, and the generation it was rendered for.
import { createHash } from 'node:crypto'

/**
 * A body in one buffer, or in slices: a document of tens of MB (an llms.txt of 100 000 articles)
 * is built a slice at a time and is never copied into one buffer, which would hold it twice.
 */
export type DocumentBody = Buffer | readonly Buffer[]

export function bodySize(body: DocumentBody): number {
  return Buffer.isBuffer(body) ? body.length : body.reduce((sum, part) => sum + part.length, 0)
}

/** Writes a body and ends the response (node:http, for the kept answers). */
export function endWithBody(res: { write(chunk: Buffer): unknown; end(chunk?: Buffer): unknown }, body: DocumentBody) {
  if (Buffer.isBuffer(body)) return res.end(body)
  for (const part of body) res.write(part)
  return res.end()
}

export interface RenderedDocument {
  body: DocumentBody
  /** Bytes of the body. */
  size: number
  contentType: string
  etag: string
  lastModified: Date | null
  /** Headers that belong to this rendering, sent with every answer of it (a catalog page's Link to the next). */
  headers?: Readonly<Record<string, string>>
  /** Compressed copies, made the first time a client accepts them and kept with the rendering
   *  (a promise while a large one is being made, so concurrent readers wait for the same one). */
  encoded?: Partial<Record<ContentCoding, Buffer | null | Promise<Buffer | null>>>
}

export type ContentCoding = 'br' | 'gzip'

export function renderedDocument(
  body: string | DocumentBody,
  contentType: string,
  lastModified: Date | null,
  headers?: Readonly<Record<string, string>>,
): RenderedDocument {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body
  const hash = createHash('sha256')
  for (const part of Buffer.isBuffer(bytes) ? [bytes] : bytes) hash.update(part)
  const etag = `"${hash.digest('base64url').slice(0, 27)}"`
  return { body: bytes, size: bodySize(bytes), contentType, etag, lastModified, ...(headers ? { headers } : {}) }
}

/** The generation under which documents that do not read the content are kept: they never go stale. */
export const CONTENT_INDEPENDENT = -1
