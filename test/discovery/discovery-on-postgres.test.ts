// The discovery documents' HTTP tests again on PostgreSQL (the feeds read full articles through the
// store): each test app opens a fresh PostgreSQL schema when FOLIO_TEST_BACKEND=postgres.
import { test } from 'node:test'

const databaseUrl = process.env.FOLIO_TEST_DATABASE_URL
if (!databaseUrl) {
  if (process.env.FOLIO_TEST_REQUIRE_BACKENDS) throw new Error('FOLIO_TEST_DATABASE_URL is required in CI')
  test('discovery documents on PostgreSQL', { skip: 'FOLIO_TEST_DATABASE_URL is not set' }, () => {})
} else {
  process.env.FOLIO_TEST_BACKEND = 'postgres'
  await import('./content-changes.test.js')
  await import('./sitemap-robots-llms.test.js')
}
