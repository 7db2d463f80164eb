// Sentences of the checked texts and their tagged tokens, each computed once per check: several
// rules may look at the same sentence, and tagging is the costly step.
import { tagText, type Token } from './language.js'
import { sentenceSpans, spanAt, type Span } from './sentences.js'

export interface Sentence extends Span {
  text: string
}

export class SentenceReader {
  private readonly spans = new Map<string, Span[]>()
  private readonly tagged = new Map<string, Token[]>()

  constructor(private readonly abbreviations: ReadonlySet<string>) {}

  sentences(text: string): Sentence[] {
    return this.spansOf(text).map((s) => ({ ...s, text: text.slice(s.start, s.end) }))
  }

  /** The sentence of `text` that holds the character at `index`. */
  sentenceAt(text: string, index: number): Sentence {
    const span = spanAt(this.spansOf(text), index)
    return { ...span, text: text.slice(span.start, span.end) }
  }

  /** Tags every sentence not tagged yet in one pass of the tagger (its fixed cost per call is
   * larger than the cost per word); each keeps its own tokens, offsets in the sentence. */
  tagAll(sentences: string[]): void {
    const pending = [...new Set(sentences)].filter((s) => s && !this.tagged.has(s))
    if (pending.length === 0) return
    const starts: number[] = []
    let joined = ''
    for (const sentence of pending) {
      starts.push(joined.length)
      joined += `${sentence}\n`
    }
    const tokens = tagText(joined)
    let t = 0
    pending.forEach((sentence, i) => {
      const start = starts[i]!
      const end = start + sentence.length
      const own: Token[] = []
      while (t < tokens.length && tokens[t]!.start < end) {
        const token = tokens[t++]!
        if (token.start >= start) own.push({ ...token, start: token.start - start, end: token.end - start })
      }
      this.tagged.set(sentence, own)
    })
  }

  tokens(sentence: string): Token[] {
    let tokens = this.tagged.get(sentence)
    if (!tokens) {
      tokens = tagText(sentence)
      this.tagged.set(sentence, tokens)
    }
    return tokens
  }

  private spansOf(text: string): Span[] {
    let spans = this.spans.get(text)
    if (!spans) {
      spans = sentenceSpans(text, this.abbreviations)
      this.spans.set(text, spans)
    }
    return spans
  }
}
