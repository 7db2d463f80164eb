// Errors the store raises in domain terms, and the recognition of drivers' "cannot write now" codes.

/** Create of a slug that already exists. */
export class SlugTakenError extends Error {
  constructor(readonly slug: string) {
    super(`an article with slug "${slug}" already exists`)
    this.name = 'SlugTakenError'
  }
}

/** The store refused the operation; nothing was written and the same request may be sent again. */
export class StoreUnavailableError extends Error {
  constructor(
    readonly driverCode: string,
    cause: unknown,
    /** Seconds a client should wait before retrying. */
    readonly retryAfterSeconds = 1,
  ) {
    super(`the store is unavailable (${driverCode})`, { cause })
    this.name = 'StoreUnavailableError'
  }
}

/**
 * The store cannot hold a value as it was sent (PostgreSQL's data exceptions: text holding U+0000,
 * a number out of range): nothing was written, and the same request will fail again.
 */
export class StoreValueError extends Error {
  constructor(
    readonly driverCode: string,
    cause: unknown,
  ) {
    super(`the store cannot hold a value as sent (${driverCode})`, { cause })
    this.name = 'StoreValueError'
  }
}

// SQLite result codes (better-sqlite3 puts them on error.code) that mean "not now", not "never".
const SQLITE_REFUSALS = /^SQLITE_(BUSY|LOCKED|FULL|READONLY|IOERR|CANTOPEN|NOMEM|PROTOCOL)/
// PostgreSQL SQLSTATEs and socket errors that mean the same.
const PG_REFUSALS = new Set([
  '40001', // serialization_failure
  '40P01', // deadlock_detected
  '53000', // insufficient_resources
  '53100', // disk_full
  '53200', // out_of_memory
  '53300', // too_many_connections
  '55P03', // lock_not_available
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '08000',
  '08003',
  '08006',
  '08001',
  '08004', // connection exceptions
  '25006', // read_only_sql_transaction
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
])

export function driverCode(error: unknown): string | undefined {
  if (error && typeof error === 'object' && 'code' in error && typeof error.code === 'string') {
    return (error as { code: string }).code
  }
  return undefined
}

/** True when the driver error says the store cannot take the operation right now. */
export function isStoreRefusal(error: unknown): boolean {
  const code = driverCode(error)
  if (!code) return error instanceof Error && /Connection terminated|timeout exceeded when trying to connect/i.test(error.message)
  return SQLITE_REFUSALS.test(code) || PG_REFUSALS.has(code)
}

/** PostgreSQL's class 22 (data exception): a value of the statement cannot be held as given. */
export function isValueRejected(error: unknown): boolean {
  const code = driverCode(error)
  return code !== undefined && /^22[0-9A-Z]{3}$/.test(code)
}

export function isUniqueViolation(error: unknown): boolean {
  const code = driverCode(error)
  return code === '23505' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE'
}

/** Runs a store operation, translating driver refusals into StoreUnavailableError and rejected values into StoreValueError. */
export async function guardStore<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation()
  } catch (error) {
    if (error instanceof SlugTakenError || error instanceof StoreUnavailableError || error instanceof StoreValueError) throw error
    if (isStoreRefusal(error)) throw new StoreUnavailableError(driverCode(error) ?? 'connection', error)
    if (isValueRejected(error)) throw new StoreValueError(driverCode(error)!, error)
    throw error
  }
}
