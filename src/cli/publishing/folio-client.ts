// The Content API as `folio publish` and `folio pull` call it: the key on every request, retries
// that are safe (429 and 503 after Retry-After, a lost connection with the same Idempotency-Key),
// and the API's error body kept for the report.
import { setTimeout as sleep } from 'node:timers/promises'

type Json = Record<string, unknown>

const ATTEMPTS = 5
/** A Retry-After beyond this is not waited for: the run would look hung. */
const LONGEST_WAIT_SECONDS = 120

/** An answer that is not a success, with the API's error body (one shape: code, message, hint, errors?). */
export class ApiAnswerError extends Error {
  constructor(
    readonly status: number,
    readonly body: Json,
  ) {
    super(describeError(status, body))
  }
}

function describeError(status: number, body: Json): string {
  const fields = Array.isArray(body.errors)
    ? (body.errors as { field?: string; message?: string }[]).map((e) => `${e.field}: ${e.message}`).join('; ')
    : ''
  const message = typeof body.message === 'string' ? body.message : `HTTP ${status}`
  return `${typeof body.code === 'string' ? `${body.code}: ` : ''}${message}${fields ? ` (${fields})` : ''}`
}

export class FolioClient {
  constructor(
    private readonly baseUrl: string,
    private readonly token: string,
    /** Waits between attempts; tests shorten it. */
    private readonly wait: (seconds: number) => Promise<unknown> = (seconds) => sleep(seconds * 1000),
  ) {}

  /** JSON answer of a request; `undefined` for a 404 when `missingIsUndefined`. */
  async json(
    method: string,
    path: string,
    options: { body?: unknown; form?: FormData; headers?: Record<string, string>; missingIsUndefined?: boolean } = {},
  ) {
    const response = await this.send(method, path, options)
    const text = await response.text()
    let body: Json
    try {
      body = JSON.parse(text) as Json
    } catch {
      throw new ApiAnswerError(response.status, { message: `not a Folio answer (HTTP ${response.status}) from ${this.baseUrl}${path}` })
    }
    if (response.status === 404 && options.missingIsUndefined) return undefined
    if (!response.ok) throw new ApiAnswerError(response.status, body)
    return body
  }

  /** Bytes of a site path (an image), or undefined when it is not there. */
  async bytes(path: string): Promise<Buffer | undefined> {
    const response = await this.send('GET', path, {})
    if (response.status === 404) return undefined
    if (!response.ok) throw new ApiAnswerError(response.status, { message: `GET ${path} answered ${response.status}` })
    return Buffer.from(await response.arrayBuffer())
  }

  private async send(method: string, path: string, options: { body?: unknown; form?: FormData; headers?: Record<string, string> }) {
    const headers: Record<string, string> = { authorization: `Bearer ${this.token}`, accept: 'application/json', ...options.headers }
    if (options.body !== undefined) headers['content-type'] = 'application/json'
    const body = options.form ?? (options.body === undefined ? undefined : JSON.stringify(options.body))
    for (let attempt = 1; ; attempt++) {
      let response: Response
      try {
        response = await fetch(`${this.baseUrl}${path}`, { method, headers, body })
      } catch (error) {
        // A lost connection: the same request again (a create carries the same Idempotency-Key).
        if (attempt >= ATTEMPTS) throw new Error(`cannot reach ${this.baseUrl}: ${connectionProblem(error)}`, { cause: error })
        await this.wait(attempt)
        continue
      }
      if ((response.status === 429 || response.status === 503) && attempt < ATTEMPTS) {
        const seconds = Number(response.headers.get('retry-after'))
        if (Number.isFinite(seconds) && seconds <= LONGEST_WAIT_SECONDS) {
          await response.arrayBuffer()
          await this.wait(Math.max(seconds, 1))
          continue
        }
      }
      return response
    }
  }
}

function connectionProblem(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause
  return cause?.code ?? cause?.message ?? (error as Error).message
}
