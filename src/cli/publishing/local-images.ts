// Images an article file names by a relative path (its cover, its body's images): read beside the
// file, hashed, typed from their bytes, so that the URL an upload would get is known before it is
// made and an image already stored is never sent again.
import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import { imageKeyFor, readImageType } from '../../content/images.js'
import { imagePath } from '../../content/urls.js'
import { ArticleFileError } from './article-file.js'

export interface LocalImage {
  /** As the file wrote it. */
  reference: string
  bytes: Buffer
  sha256: string
  /** The site path the upload gets: `/images/<slug>/<variant or hash>.<ext>`. */
  path: string
  variant: string
}

/** A reference to a file beside the article: not a URL, not a site path, not an anchor. */
export function isLocalReference(reference: string): boolean {
  return reference !== '' && !reference.startsWith('/') && !reference.startsWith('#') && !/^[a-z][a-z0-9+.-]*:/i.test(reference)
}

/** Reads one image `reference` relative to the article file; content-hashed unless `variant` is fixed. */
export async function readLocalImage(articlePath: string, reference: string, slug: string, variant: string): Promise<LocalImage> {
  const file = resolve(dirname(articlePath), decodeURI(reference.replace(/^\.\//, '')))
  let bytes: Buffer
  try {
    bytes = await readFile(file)
  } catch {
    throw new ArticleFileError(`image "${reference}" not found beside the article (${file})`)
  }
  const { extension, detected } = await readImageType(bytes)
  if (!extension)
    throw new ArticleFileError(`image "${reference}" is not a WebP, JPEG, PNG, GIF or AVIF image (read as ${detected ?? 'unknown'})`)
  const sha256 = createHash('sha256').update(bytes).digest('hex')
  return { reference, bytes, sha256, variant, path: imagePath(imageKeyFor(slug, variant, sha256, extension)) }
}
