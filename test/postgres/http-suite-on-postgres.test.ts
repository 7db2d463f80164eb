// The Content API's and the MCP server's HTTP suites again, on PostgreSQL: every test/api and test/mcp file, run in this process
// with FOLIO_TEST_BACKEND=postgres so each test app opens a fresh PostgreSQL schema.
import { readdirSync } from 'node:fs'
import { test } from 'node:test'
import { fileURLToPath, pathToFileURL } from 'node:url'

const databaseUrl = process.env.FOLIO_TEST_DATABASE_URL
if (!databaseUrl) {
  if (process.env.FOLIO_TEST_REQUIRE_BACKENDS) throw new Error('FOLIO_TEST_DATABASE_URL is required in CI')
  test('HTTP suite on PostgreSQL', { skip: 'FOLIO_TEST_DATABASE_URL is not set' }, () => {})
} else {
  process.env.FOLIO_TEST_BACKEND = 'postgres'
  for (const folder of ['../api/', '../mcp/']) {
    const dir = fileURLToPath(new URL(folder, import.meta.url))
    for (const file of readdirSync(dir)
      .filter((f) => f.endsWith('.test.ts'))
      .sort()) {
      await import(pathToFileURL(dir + file).href)
    }
  }
}
