// Builds an in-process Folio for HTTP tests: a fresh store (SQLite in a temp folder, or the
// PostgreSQL of FOLIO_TEST_DATABASE_URL when FOLIO_TEST_BACKEND=postgres), the test site, keys.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import { buildApp, type BuildOptions, type BuiltApp } from '../../src/app.js'
import { issueKey } from '../../src/auth/api-keys.js'
import { loadConfig, type Config } from '../../src/config.js'
import { loadSite } from '../../src/content/site-definition.js'
import type { Store } from '../../src/store/store.js'
import { openTestStore } from './test-store.js'

export const TEST_SITE_DIR = fileURLToPath(new URL('../fixtures/site/', import.meta.url))
export const BASE_URL = 'https://folio.test'

export interface TestApp extends BuiltApp {
  app: FastifyInstance
  store: Store
  config: Config
  writeToken: string
  readToken: string
  dataDir: string
  /** inject() with the write key unless headers say otherwise. */
  request(options: InjectOptions & { token?: string | null }): Promise<LightMyRequestResponse>
  close(): Promise<void>
}

export async function startTestApp(
  options: {
    env?: Record<string, string>
    clock?: () => Date
    store?: (store: Store) => Store
    beforeReady?: (app: FastifyInstance) => unknown
    idempotencyLease?: BuildOptions['idempotencyLease']
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'folio-test-'))
  const config = loadConfig({
    FOLIO_DATA_DIR: dataDir,
    FOLIO_PUBLIC_URL: BASE_URL,
    FOLIO_DEMO_CONTENT: '0',
    LOG_LEVEL: 'silent',
    FOLIO_RATE_LIMIT_CONTENT: '100000/60',
    FOLIO_RATE_LIMIT_MCP: '100000/60',
    ...options.env,
  })
  const opened = await openTestStore(dataDir)
  const store = options.store ? options.store(opened) : opened
  const built = await buildApp(config, {
    store,
    site: loadSite(TEST_SITE_DIR),
    clock: options.clock,
    logger: false,
    idempotencyLease: options.idempotencyLease,
  })
  const write = await issueKey(store.keys, 'test-writer', 'write')
  const read = await issueKey(store.keys, 'test-reader', 'read')
  options.beforeReady?.(built.app)
  await built.app.ready()
  return {
    ...built,
    store,
    config,
    dataDir,
    writeToken: write.token,
    readToken: read.token,
    request({ token, headers, ...rest }) {
      const auth = token === null ? {} : { authorization: `Bearer ${token ?? write.token}` }
      return built.app.inject({ ...rest, headers: { ...auth, ...headers } })
    },
    async close() {
      await built.app.close()
      await opened.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** A valid create payload; fields may be overridden. */
export function articlePayload(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    slug: 'pricing-playbook',
    title: 'What is a pricing playbook?',
    body: '<p>A pricing playbook is a written set of rules that tells sales teams which price to quote and when to discount.</p><h2>Why write one?</h2><p>Teams with written rules discount less.</p>',
    rubric: 'strategy',
    ...overrides,
  }
}
