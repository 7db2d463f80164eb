// An excerpt derived from the body when the author gives none: the opening text, cut at a word.
import { htmlToText } from './sanitize-body.js'

const EXCERPT_MAX = 200

export function deriveExcerpt(bodyHtml: string): string {
  // Only the opening is read: one character more than the excerpt tells whether the text runs on.
  const text = htmlToText(bodyHtml, EXCERPT_MAX)
  if (text.length <= EXCERPT_MAX) return text
  // Prefer ending on a full sentence when one ends reasonably late.
  const window = text.slice(0, EXCERPT_MAX)
  const sentenceEnd = Math.max(window.lastIndexOf('. '), window.lastIndexOf('? '), window.lastIndexOf('! '))
  if (sentenceEnd >= 80) return window.slice(0, sentenceEnd + 1)
  const wordEnd = window.lastIndexOf(' ')
  return `${window.slice(0, wordEnd > 0 ? wordEnd : EXCERPT_MAX).replace(/[\s,;:.-]+$/, '')}…`
}
