// The success envelope every Content API answer carries: status "ok" and the API version.
import { API_VERSION } from '../contract/version.js'

export function ok<T extends Record<string, unknown>>(body: T): { status: 'ok'; version: string } & T {
  return { status: 'ok', version: API_VERSION, ...body }
}

/** `?dry_run=1` or `?dry_run=true` (the spec: query dry_run). */
export function queryFlag(query: unknown, name: string): boolean {
  const value = (query as Record<string, unknown> | undefined)?.[name]
  const last = Array.isArray(value) ? value.at(-1) : value
  return last === '1' || last === 'true'
}
