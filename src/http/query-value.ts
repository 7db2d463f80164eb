// A query parameter as the routes and hooks read it: a repeated parameter counts once, the last one wins.

/** The last value of `name` in a parsed query string, when it is a string. */
export function queryValue(query: unknown, name: string): string | undefined {
  const value = (query as Record<string, unknown> | undefined)?.[name]
  const last = Array.isArray(value) ? value.at(-1) : value
  return typeof last === 'string' ? last : undefined
}
