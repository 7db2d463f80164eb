// Canonical JSON (object keys sorted, no whitespace) and its SHA-256: the "same body" of an idempotent request.
import { createHash } from 'node:crypto'

/** A value still to write, or text to emit as it is. */
type Step = { value: unknown } | string

/**
 * Written with a stack of its own, not by recursion: the spec accepts unknown extra properties
 * however deep, and a body nested 10 000 levels must get the same answer with a key as without.
 */
export function canonicalJson(value: unknown): string {
  const parts: string[] = []
  const steps: Step[] = [{ value }]
  // Steps are popped from the end, so each container pushes its closing text first and its items last-to-first.
  while (steps.length > 0) {
    const step = steps.pop()!
    if (typeof step === 'string') {
      parts.push(step)
      continue
    }
    const current = step.value
    if (Array.isArray(current)) {
      steps.push(']')
      for (let i = current.length - 1; i >= 0; i--) {
        steps.push({ value: current[i] })
        if (i > 0) steps.push(',')
      }
      steps.push('[')
    } else if (current && typeof current === 'object') {
      const record = current as Record<string, unknown>
      const keys = Object.keys(record).sort()
      steps.push('}')
      for (let i = keys.length - 1; i >= 0; i--) {
        steps.push({ value: record[keys[i]!] })
        steps.push(`${JSON.stringify(keys[i])}:`)
        if (i > 0) steps.push(',')
      }
      steps.push('{')
    } else {
      parts.push(JSON.stringify(current) ?? 'null')
    }
  }
  return parts.join('')
}

export function bodyFingerprint(body: unknown): string {
  return createHash('sha256').update(canonicalJson(body)).digest('hex')
}
