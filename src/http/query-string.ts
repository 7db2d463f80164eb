// How every route reads a query string: a repeated parameter counts once, the last one wins, so no
// route or hook ever meets an array and a value cannot be smuggled past a check by repeating it.
import { parse } from 'node:querystring'

/** Fastify's querystringParser: each parameter's last value, as text. */
export function parseQueryString(text: string): Record<string, string> {
  const parsed = parse(text)
  const last: Record<string, string> = {}
  for (const [name, value] of Object.entries(parsed)) {
    // defineProperty: a parameter named __proto__ is a parameter, not the object's prototype.
    Object.defineProperty(last, name, {
      value: Array.isArray(value) ? value.at(-1)! : value!,
      enumerable: true,
      writable: true,
      configurable: true,
    })
  }
  return last
}

/** The text of a query parameter before the route's schema reads it (an onRequest hook's view). */
export function queryText(query: unknown, name: string): string | undefined {
  const value = (query as Record<string, unknown> | undefined)?.[name]
  return typeof value === 'string' ? value : undefined
}
