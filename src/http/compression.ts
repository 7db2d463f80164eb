// Compressed copies of a rendered document: br or gzip as the client accepts, made once per
// rendering (on the thread pool for large bodies) and kept with it.
import { Readable } from 'node:stream'
import { promisify } from 'node:util'
import { brotliCompress, brotliCompressSync, constants as zlib, createBrotliCompress, createGzip, gzip, gzipSync } from 'node:zlib'
import type { ContentCoding, DocumentBody, RenderedDocument } from './document-body.js'

/** Smaller bodies go as they are: compressing them saves less than it costs. */
export const COMPRESS_FROM_BYTES = 1_024

/** Bodies from this size are compressed on libuv's thread pool: a 26 MB llms.txt takes a second to compress, which must not stop the event loop. */
const COMPRESS_OFF_LOOP_FROM_BYTES = 256 * 1024

const brotliOffLoop = promisify(brotliCompress)
const gzipOffLoop = promisify(gzip)

function compress(body: DocumentBody, size: number, coding: ContentCoding): Buffer | Promise<Buffer> {
  // Brotli quality 5: near gzip's speed at a smaller size; quality 11 takes seconds on a large sitemap.
  const brotli = { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: size } }
  const gzipLevel = { level: 6 }
  if (!Buffer.isBuffer(body)) return compressSlices(body, coding === 'br' ? createBrotliCompress(brotli) : createGzip(gzipLevel))
  if (size >= COMPRESS_OFF_LOOP_FROM_BYTES) return coding === 'br' ? brotliOffLoop(body, brotli) : gzipOffLoop(body, gzipLevel)
  return coding === 'br' ? brotliCompressSync(body, brotli) : gzipSync(body, gzipLevel)
}

/** A sliced body through a compression stream (on the thread pool), the slices never joined. */
async function compressSlices(parts: readonly Buffer[], compressor: NodeJS.ReadWriteStream): Promise<Buffer> {
  const out: Buffer[] = []
  for await (const chunk of Readable.from(parts).pipe(compressor)) out.push(chunk as Buffer)
  return Buffer.concat(out)
}

/** The coding the client accepts (br before gzip, q=0 refuses), or undefined for the body as it is. */
export function acceptedCoding(acceptEncoding: string | undefined): ContentCoding | undefined {
  if (!acceptEncoding) return undefined
  const accepted = new Set<string>()
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';')
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name.trim())
  }
  if (accepted.has('br')) return 'br'
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip'
  return undefined
}

/** The compressed body for `coding`, made once per rendering; null when compressing does not make it smaller. */
export function encodedBody(document: RenderedDocument, coding: ContentCoding): Buffer | null | Promise<Buffer | null> {
  const encoded = (document.encoded ??= {})
  const kept = encoded[coding]
  if (kept !== undefined) return kept
  const smaller = (made: Buffer) => (made.length < document.size ? made : null)
  const made = compress(document.body, document.size, coding)
  if (Buffer.isBuffer(made)) return (encoded[coding] = smaller(made))
  const pending = made.then(
    (bytes) => (encoded[coding] = smaller(bytes)),
    (error: unknown) => {
      // Not kept: the next reader tries again.
      delete encoded[coding]
      throw error
    },
  )
  encoded[coding] = pending
  return pending
}

/** The ETag of a compressed copy: a strong validator names one exact byte sequence. */
export function encodedEtag(etag: string, coding: ContentCoding): string {
  return `${etag.slice(0, -1)}-${coding}"`
}
