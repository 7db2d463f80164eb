// Builds a large text document as UTF-8 bytes a slice at a time: a sitemap or an llms.txt of
// 100 000 articles (tens of MB) never exists as one JavaScript string beside its bytes, nor as
// slices beside one buffer they were copied into.
import type { DocumentBody } from '../http/document-body.js'

/** Text gathered before it is turned into bytes: big enough that the slices stay few. */
const SLICE_CHARS = 256 * 1024

export class DocumentBytes {
  private readonly slices: Buffer[] = []
  private pending: string[] = []
  private pendingChars = 0

  push(text: string): void {
    this.pending.push(text)
    this.pendingChars += text.length
    if (this.pendingChars >= SLICE_CHARS) this.settle()
  }

  /** The whole document (one buffer when it fits in one slice); the builder is not used again. */
  bytes(): DocumentBody {
    this.settle()
    return this.slices.length <= 1 ? (this.slices[0] ?? Buffer.alloc(0)) : this.slices
  }

  private settle() {
    if (this.pending.length === 0) return
    this.slices.push(Buffer.from(this.pending.join(''), 'utf8'))
    this.pending = []
    this.pendingChars = 0
  }
}
