// The Mcp-Name header value: plain, or `=?base64?<standard Base64 of the UTF-8 name>?=` for names
// a header cannot carry (SEP-2243). Markers are lowercase and exact; bad Base64 is a mismatch.

const SENTINEL = /^=\?base64\?(.*)\?=$/s
const STANDARD_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/

/** The name a header value stands for; undefined when the sentinel holds invalid Base64 or UTF-8. */
export function decodeMcpName(value: string): string | undefined {
  const match = SENTINEL.exec(value)
  if (!match) return value
  const encoded = match[1]!
  if (encoded === '' || !STANDARD_BASE64.test(encoded)) return undefined
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(encoded, 'base64'))
  } catch {
    return undefined
  }
}
