// One Ajv instance for every payload check: all errors at once, nothing removed or coerced.
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv'
import addFormatsModule from 'ajv-formats'
import type { TSchema } from 'typebox'

// ajv-formats is CommonJS; its default export arrives wrapped under NodeNext.
const addFormats = (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule

const ajv = new Ajv({ allErrors: true, removeAdditional: false, coerceTypes: false, useDefaults: false, strict: false })
;(addFormats as unknown as (a: Ajv) => void)(ajv)

const cache = new WeakMap<object, ValidateFunction>()

export type FieldProblem = {
  field: string
  message: string
}

/** Validates `value` against `schema`; answers one `{ field, message }` per problem, nested fields by path. */
export function fieldProblems(schema: TSchema, value: unknown, prefix = ''): FieldProblem[] {
  let validate = cache.get(schema)
  if (!validate) {
    validate = ajv.compile(schema)
    cache.set(schema, validate)
  }
  if (validate(value)) return []
  return collapse((validate.errors ?? []).map((error) => toProblem(error, prefix)))
}

/** A value nested deeper or wider than this is not walked further for text problems (schema checks refuse it anyway). */
const TEXT_WALK_LIMIT = 10_000

/**
 * Strings holding U+0000 in the properties `schema` names (the fields that are stored): PostgreSQL
 * cannot hold the character in text, so both stores refuse it alike, field by field. Unknown extra
 * properties are accepted as they are: they are never stored.
 */
export function textProblems(schema: TSchema, value: unknown): FieldProblem[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return []
  const known = Object.keys((schema as { properties?: Record<string, unknown> }).properties ?? {})
  const problems: FieldProblem[] = []
  const pending: [string, unknown][] = known.filter((key) => key in value).map((key) => [key, (value as Record<string, unknown>)[key]])
  for (let walked = 0; pending.length > 0 && walked < TEXT_WALK_LIMIT; walked++) {
    const [path, item] = pending.pop()!
    if (typeof item === 'string') {
      if (item.includes('\u0000')) problems.push({ field: path, message: 'must not contain the character U+0000 (NUL)' })
    } else if (Array.isArray(item)) item.forEach((element, i) => pending.push([`${path}[${i}]`, element]))
    else if (typeof item === 'object' && item !== null)
      for (const [key, inner] of Object.entries(item)) pending.push([`${path}.${key}`, inner])
  }
  return problems.reverse()
}

function toProblem(error: ErrorObject, prefix: string): FieldProblem {
  let path = jsonPointerToPath(error.instancePath)
  if (error.keyword === 'required') {
    const missing = String((error.params as { missingProperty: string }).missingProperty)
    path = path ? `${path}.${missing}` : missing
    return { field: join(prefix, path), message: 'is required' }
  }
  return { field: join(prefix, path) || '(body)', message: describe(error) }
}

function describe(error: ErrorObject): string {
  // ajv's params of the keywords described here.
  const p = error.params as {
    type?: string | string[]
    limit?: number
    pattern?: string
    format?: string
    allowedValue?: unknown
    allowedValues?: unknown[]
  }
  switch (error.keyword) {
    case 'type':
      return `must be ${article(String(p.type).replace(',', ' or '))}`
    case 'maxLength':
      return `must be at most ${p.limit} characters`
    case 'minLength':
      return p.limit === 1 ? 'must not be empty' : `must be at least ${p.limit} characters`
    case 'maxItems':
      return `must have at most ${p.limit} items`
    case 'pattern':
      return error.instancePath.endsWith('slug') ? 'must be lowercase ASCII letters, digits and hyphens' : `must match ${p.pattern}`
    case 'format':
      return p.format === 'date-time' ? 'must be a date-time (RFC 3339, e.g. 2026-03-05T09:30:00Z)' : `must be a valid ${p.format}`
    case 'enum':
      return `must be one of: ${(p.allowedValues as unknown[]).join(', ')}`
    case 'const':
      return `must be ${JSON.stringify(p.allowedValue)}`
    default:
      return error.message ?? 'is invalid'
  }
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`
}

/** A union (e.g. `"published" | "draft"`, or a value-or-null) reports each branch; keep one line per field. */
function collapse(problems: FieldProblem[]): FieldProblem[] {
  const byField = new Map<string, FieldProblem>()
  for (const problem of problems) {
    const seen = byField.get(problem.field)
    if (!seen) byField.set(problem.field, problem)
    else if (problem.message === 'must match a schema in anyOf') continue
    else if (seen.message === 'must match a schema in anyOf') byField.set(problem.field, problem)
    else if (!seen.message.includes(problem.message)) seen.message = mergeMessages(seen.message, problem.message)
  }
  const kept = [...byField.values()].filter((p) => p.message !== 'must match a schema in anyOf')
  // A value-or-null field whose value is wrong inside reports at every level; keep the deepest.
  return kept.filter(
    (p) => !kept.some((other) => other !== p && (other.field.startsWith(`${p.field}.`) || other.field.startsWith(`${p.field}[`))),
  )
}

function mergeMessages(a: string, b: string): string {
  const literal = /^must be "(.*)"$/
  if (literal.test(a) || a.startsWith('must be one of')) {
    const values = [...a.matchAll(/"([^"]*)"/g)].map((m) => m[1])
    const more = b.match(literal)?.[1]
    if (more !== undefined) return `must be one of: ${[...values, more].map((v) => `"${v}"`).join(', ')}`
  }
  return `${a}, or ${b.replace(/^must be /, '')}`
}

function join(prefix: string, path: string): string {
  if (!prefix) return path
  if (!path) return prefix
  return path.startsWith('[') ? `${prefix}${path}` : `${prefix}.${path}`
}

/** `/content/faq/1/q` → `content.faq[1].q` */
export function jsonPointerToPath(pointer: string): string {
  if (!pointer) return ''
  return pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path ? `${path}.${part}` : part), '')
}
