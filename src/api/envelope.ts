// The success envelope every Content API answer carries: status "ok" and the API version.
import { API_VERSION } from '../contract/version.js'

export function ok<T extends Record<string, unknown>>(body: T): { status: 'ok'; version: string } & T {
  return { status: 'ok', version: API_VERSION, ...body }
}
