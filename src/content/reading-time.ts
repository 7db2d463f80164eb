// How long an article takes to read: its body's words (HTML tags and entities left out) at 220
// words a minute, a common figure for attentive reading of non-fiction, never less than a minute.
const WORDS_PER_MINUTE = 220

export function wordCount(bodyHtml: string): number {
  const text = bodyHtml.replace(/<[^>]*>/g, ' ').replace(/&[#a-z0-9]+;/gi, ' ')
  return text.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu)?.length ?? 0
}

export function readingMinutes(bodyHtml: string): number {
  return Math.max(1, Math.round(wordCount(bodyHtml) / WORDS_PER_MINUTE))
}
