// A query parameter as the routes and hooks read it: a repeated parameter counts once, the last one wins.

/** `?dry_run=1` or `?dry_run=true` (the spec: query dry_run); any other value is no flag. */
export function queryFlag(query: unknown, name: string): boolean {
  const last = queryValue(query, name)
  return last === '1' || last === 'true'
}

/** The last value of `name` in a parsed query string, when it is a string. */
export function queryValue(query: unknown, name: string): string | undefined {
  const value = (query as Record<string, unknown> | undefined)?.[name]
  const last: unknown = Array.isArray(value) ? (value as unknown[]).at(-1) : value
  return typeof last === 'string' ? last : undefined
}
