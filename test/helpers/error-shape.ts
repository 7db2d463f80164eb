// The spec's one error shape, checked against the contract's own schema (src/contract/schemas.ts):
// status "error", a code of the catalogue with its own HTTP status, message, hint and docs link.
import assert from 'node:assert/strict'
import { ERROR_CATALOGUE, type ErrorCode } from '../../src/contract/errors.js'
import { ErrorBody } from '../../src/contract/schemas.js'
import { fieldProblems } from '../../src/contract/validator.js'
import { API_VERSION } from '../../src/contract/version.js'

/** Problems with an error answer (empty when it is in the one shape); for the fuzz, which counts rather than throws. */
export function errorShapeProblems(statusCode: number, headers: Record<string, unknown>, text: string): string[] {
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return [`not JSON: ${text.slice(0, 120)}`]
  }
  const problems = fieldProblems(ErrorBody, body).map((p) => `${p.field} ${p.message}`)
  const code = (body as { code?: unknown }).code
  const entry = ERROR_CATALOGUE[code as ErrorCode] as { status: number } | undefined
  if (!entry) problems.push(`code ${String(code)} is not in the catalogue`)
  else if (entry.status !== statusCode) problems.push(`code ${String(code)} is ${entry.status}, answered ${statusCode}`)
  if ((body as { docs?: unknown }).docs !== undefined && !String((body as { docs: unknown }).docs).endsWith(`#error-${String(code)}`))
    problems.push('docs does not point at the code')
  if (!/^application\/json/.test(String(headers['content-type']))) problems.push(`content-type ${String(headers['content-type'])}`)
  if (headers['x-content-api-version'] !== API_VERSION) problems.push('no X-Content-API-Version')
  return problems
}

/** Asserts the one error shape with the expected status and code; answers the body. */
export function assertErrorShape(
  res: { statusCode: number; headers: Record<string, unknown>; body: string },
  status: number,
  code: ErrorCode,
): Record<string, unknown> {
  assert.equal(res.statusCode, status, res.body.slice(0, 300))
  assert.deepEqual(errorShapeProblems(res.statusCode, res.headers, res.body), [], res.body.slice(0, 300))
  const body = JSON.parse(res.body) as Record<string, unknown>
  assert.equal(body.code, code, res.body.slice(0, 300))
  return body
}
