// The quality checks against an annotated corpus: each fixture names the warnings it must produce
// and the rules it must not trigger. Precision matters as much as recall: clean articles get [].
import assert from 'node:assert/strict'
import { readdirSync, readFileSync } from 'node:fs'
import { test } from 'node:test'
import { bodyQualityWarnings, type QualityInput } from '../../../src/content/quality/index.js'
import type { BodyWarning } from '../../../src/contract/schemas.js'

interface Fixture extends Omit<QualityInput, 'lang'> {
  expect: { must: Partial<BodyWarning>[]; mustNot: string[] }
}

const dir = new URL('../../fixtures/quality/', import.meta.url)
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort()

test('the corpus holds at least 30 annotated article bodies', () => {
  assert.ok(files.length >= 30, `${files.length} fixtures`)
})

for (const file of files) {
  const fixture = JSON.parse(readFileSync(new URL(file, dir), 'utf8')) as Fixture
  test(`corpus ${file}`, () => {
    const warnings = bodyQualityWarnings({ ...fixture, lang: 'en' })
    for (const wanted of fixture.expect.must) {
      const found = warnings.find((w) => Object.entries(wanted).every(([key, value]) => (w as Record<string, unknown>)[key] === value))
      assert.ok(found, `${file}: expected ${JSON.stringify(wanted)} among ${JSON.stringify(warnings, null, 1)}`)
    }
    for (const rule of fixture.expect.mustNot) {
      const unwanted = warnings.filter((w) => w.rule === rule)
      assert.deepEqual(unwanted, [], `${file}: no ${rule} warning expected`)
    }
  })
}
