// Publishing connectors send the create payload wrapped ({ article: … } or { data: … }) and with
// their own names for some fields. This maps such a payload onto the flat create payload.

type Json = Record<string, unknown>

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value)

/** Unwraps `{ article }` / `{ data }` and maps the connector aliases; a flat payload passes through unchanged. */
export function normaliseCreatePayload(payload: Json): Json {
  const wrapped = unwrap(payload)
  if (!wrapped) return payload
  const flat: Json = { ...wrapped.inner }
  // A dry_run flag beside the wrapper counts as well.
  if (flat.dry_run === undefined && payload.dry_run !== undefined) flat.dry_run = payload.dry_run
  moveAlias(flat, 'content_html', 'body')
  moveAlias(flat, 'content_markdown', 'body_markdown')
  moveAlias(flat, 'meta_description', 'excerpt')
  const featured = flat.featured_image
  if (isObject(featured) && typeof featured.url === 'string' && flat.cover_image_url === undefined) {
    flat.cover_image_url = featured.url
  }
  delete flat.featured_image
  if (Array.isArray(flat.faq)) {
    const content: Json = isObject(flat.content) ? { ...flat.content } : {}
    if (content.faq === undefined) {
      content.faq = (flat.faq as unknown[]).map((item) =>
        isObject(item) ? { q: item.q ?? item.question, a: item.a ?? item.answer } : item,
      )
    }
    flat.content = content
    delete flat.faq
  }
  return flat
}

/** True when a create payload asks for a dry run in its body: flat, inside the wrapper, or beside it. */
export function createPayloadAsksDryRun(payload: unknown): boolean {
  return isObject(payload) && normaliseCreatePayload(payload).dry_run === true
}

function unwrap(payload: Json): { inner: Json } | undefined {
  // A flat payload carries its own fields; only a payload without them is read as a wrapper.
  if ('slug' in payload || 'title' in payload || 'body' in payload) return undefined
  for (const key of ['article', 'data'] as const) {
    if (isObject(payload[key])) return { inner: payload[key] }
  }
  return undefined
}

function moveAlias(flat: Json, alias: string, field: string) {
  if (alias in flat) {
    if (flat[field] === undefined) flat[field] = flat[alias]
    delete flat[alias]
  }
}
