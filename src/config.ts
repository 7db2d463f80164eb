// Environment → a validated, typed Config. Every variable is optional (README, Configuration);
// a malformed value stops the start with a message naming the variable.
import { resolve } from 'node:path'
import { DEMO_SITE_DIR } from './paths.js'

export interface RateQuota {
  requests: number
  windowSeconds: number
}

export interface Config {
  port: number
  host: string
  dataDir: string
  /** `{base_url}`: origin of every absolute URL, without a trailing slash. */
  publicUrl: string
  databaseUrl?: string
  redisUrl?: string
  /** Prefix of every Redis key: instances of one site share it, different sites on one Redis differ. */
  redisPrefix: string
  rateLimits: { content: RateQuota; mcp: RateQuota }
  /** false, or the number of proxy hops to trust in X-Forwarded-For (true = all). */
  trustProxy: boolean | number | string
  siteDir: string
  demoContent: boolean
  logLevel: string
  /** Days a preview link lives (FOLIO_PREVIEW_DAYS). */
  previewDays: number
  /** What the store keeps of an article's past states. */
  revisions: RevisionRetention
}

/** Revisions kept: the last `keep` per slug; those of a deleted article for `deletedDays` days (0: purged by the delete). */
export interface RevisionRetention {
  keep: number
  deletedDays: number
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>

export function loadConfig(env: Env = process.env): Config {
  const port = integer(env, 'PORT', 8080, 0, 65535)
  const publicUrl = (env.FOLIO_PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '')
  if (!/^https?:\/\/[^/?#]+$/.test(publicUrl)) {
    throw new ConfigError(`FOLIO_PUBLIC_URL must be an origin like https://example.com (got "${env.FOLIO_PUBLIC_URL}")`)
  }
  const databaseUrl = nonEmpty(env.FOLIO_DATABASE_URL)
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('FOLIO_DATABASE_URL must start with postgres:// (leave it unset for SQLite)')
  }
  const redisUrl = nonEmpty(env.FOLIO_REDIS_URL)
  if (redisUrl && !/^rediss?:\/\//.test(redisUrl)) throw new ConfigError('FOLIO_REDIS_URL must start with redis://')
  const redisPrefix = env.FOLIO_REDIS_PREFIX ?? 'folio:'
  if (!/^[\w:.-]{1,64}$/.test(redisPrefix)) {
    throw new ConfigError('FOLIO_REDIS_PREFIX must be 1–64 letters, digits, "_", "-", "." or ":"')
  }
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: resolve(env.FOLIO_DATA_DIR ?? './data'),
    publicUrl,
    ...(databaseUrl ? { databaseUrl } : {}),
    ...(redisUrl ? { redisUrl } : {}),
    redisPrefix,
    rateLimits: {
      content: quota(env, 'FOLIO_RATE_LIMIT_CONTENT', { requests: 30, windowSeconds: 60 }),
      mcp: quota(env, 'FOLIO_RATE_LIMIT_MCP', { requests: 120, windowSeconds: 60 }),
    },
    trustProxy: trustProxy(env.FOLIO_TRUST_PROXY),
    siteDir: env.FOLIO_SITE ? resolve(env.FOLIO_SITE) : DEMO_SITE_DIR,
    demoContent: (env.FOLIO_DEMO_CONTENT ?? '1') !== '0',
    logLevel: env.LOG_LEVEL ?? 'info',
    previewDays: integer(env, 'FOLIO_PREVIEW_DAYS', 7, 1, 3650),
    revisions: {
      keep: integer(env, 'FOLIO_REVISIONS_KEEP', 50, 1, 100_000),
      deletedDays: integer(env, 'FOLIO_REVISIONS_DAYS', 30, 0, 36_500),
    },
  }
}

function nonEmpty(value: string | undefined): string | undefined {
  return value && value.trim() !== '' ? value.trim() : undefined
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max} (got "${raw}")`)
  }
  return value
}

function quota(env: Env, name: string, fallback: RateQuota): RateQuota {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  const match = /^(\d+)\/(\d+)$/.exec(raw.trim())
  if (!match || Number(match[2]) < 1) throw new ConfigError(`${name} must be requests/window-seconds, e.g. 30/60 (got "${raw}")`)
  return { requests: Number(match[1]), windowSeconds: Number(match[2]) }
}

/** Unset → false; a number → that many hops; "true" → every hop; anything else → Fastify's address list. */
function trustProxy(raw: string | undefined): boolean | number | string {
  if (raw === undefined || raw === '' || raw === '0' || raw === 'false') return false
  if (raw === 'true') return true
  if (/^\d+$/.test(raw)) return Number(raw)
  return raw
}
