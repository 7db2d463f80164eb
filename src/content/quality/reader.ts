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
