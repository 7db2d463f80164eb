// `folio publish` and `folio pull` as an editor runs them: the real command against a real server.
import assert from 'node:assert/strict'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, test } from 'node:test'
import { runFolio } from '../helpers/folio-cli.js'
import { startFolioServer, type FolioServer } from '../helpers/folio-server.js'
import { png } from '../helpers/image-fixtures.js'

let server: FolioServer
let dataDir: string
let work: string
let token: string

before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'folio-publish-data-'))
  work = mkdtempSync(join(tmpdir(), 'folio-publish-work-'))
  server = await startFolioServer({ FOLIO_DATA_DIR: dataDir, FOLIO_RATE_LIMIT_CONTENT: '100000/60' })
  token = (await runFolio(dataDir, ['keys', 'add', '--name', 'editor', '--scope', 'write'])).stdout.trim().split('\n').at(-1)!
})
after(async () => {
  await server.stop()
  rmSync(dataDir, { recursive: true, force: true })
  rmSync(work, { recursive: true, force: true })
})

type Outcome = { code: number; stdout: string; stderr: string }
async function folio(args: string[], env: Record<string, string> = {}): Promise<Outcome> {
  try {
    const { stdout, stderr } = await runFolio(dataDir, args, { FOLIO_URL: server.base, FOLIO_TOKEN: token, ...env })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const e = error as Outcome
    return { code: e.code, stdout: e.stdout, stderr: e.stderr }
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read field by field and asserted
async function api(path: string): Promise<{ status: number; body: any }> {
  const response = await fetch(`${server.base}${path}`, { headers: { authorization: `Bearer ${token}` } })
  return {
    status: response.status,
    body: response.headers.get('content-type')?.includes('json') ? await response.json() : await response.arrayBuffer(),
  }
}

const PLAYBOOK = `---
title: What belongs in a pricing playbook?
rubric: strategy
tags: [pricing, sales]
cover_image: ./img/cover.png
key_takeaways: [Write the discount rules down.]
faq:
  - q: Who owns the playbook?
    a: The head of sales, with finance.
  - q: How often is it reviewed?
    a: Every quarter, after the pricing committee.
sources:
  - { title: Pricing study, url: https://example.org/study, publisher: Example }
---
A pricing playbook is the written set of rules that tells sales which price to quote and when a *discount* is allowed.

## Which discounts need approval?

| Deal size | Approver |
|---|---|
| under 10k | sales manager |
| over 100k | finance director |

![Discount ladder](img/ladder.png)

## What does the playbook forbid?

- ~~verbal promises~~ nothing agreed by phone
- discounts without a named owner
  - even for the largest customers

1. Write the rule down.
2. Name its owner.

3) Review it every quarter.

See [the study](https://example.org/study).
`

const DRAFT = `---
title: How do you run a pilot with a new market's first customers?
rubric: strategy
status: draft
tags: [market-entry]
---
Pick three customers who feel the problem most and agree what success looks like before the pilot starts.

## Who should the first customers be?

Those who feel the problem every week.

## How long should a pilot run?

Eight to twelve weeks.

## What does the pilot cost them?

Time, mostly: an hour a week of a named person.
`

function writeArticles(dir: string) {
  mkdirSync(join(dir, 'img'), { recursive: true })
  mkdirSync(join(dir, 'drafts'), { recursive: true })
  writeFileSync(join(dir, 'pricing-playbook.md'), PLAYBOOK)
  writeFileSync(join(dir, 'img', 'cover.png'), png(1))
  writeFileSync(join(dir, 'img', 'ladder.png'), png(2))
  writeFileSync(join(dir, 'drafts', 'pilot-customers.md'), DRAFT)
}

test('a folder of articles with images is published, then re-published unchanged, then edited and updated', async () => {
  const dir = join(work, 'content')
  writeArticles(dir)
  const first = await folio(['publish', dir])
  assert.equal(first.code, 0, first.stdout + first.stderr)
  assert.match(first.stdout, /drafts\/pilot-customers\.md: created http:\/\/\S+\/insights\/strategy\/pilot-customers\//)
  assert.match(first.stdout, /pricing-playbook\.md: created http:\/\/\S+\/insights\/strategy\/pricing-playbook\//)
  assert.match(first.stdout, /^2 file\(s\): 2 created; \d+ warning\(s\)$/m)

  const article = (await api('/api/content/pricing-playbook')).body.article
  assert.match(article.body, /<table>/)
  assert.match(article.body, /<em>discount<\/em>/)
  const ladder = /src="(\/images\/pricing-playbook\/[0-9a-f]{64}\.png)"/.exec(article.body)?.[1]
  assert.ok(ladder, 'the body image points at its upload')
  assert.ok(Buffer.from((await api(ladder)).body as ArrayBuffer).equals(png(2)))
  assert.equal(article.cover_image_url, '/images/pricing-playbook/featured.png')
  assert.ok(Buffer.from((await api(article.cover_image_url)).body as ArrayBuffer).equals(png(1)))
  assert.deepEqual(article.content.faq[0], { q: 'Who owns the playbook?', a: 'The head of sales, with finance.' })
  assert.equal((await api('/api/content/pilot-customers?status=all')).body.article.status, 'draft')

  const again = await folio(['publish', dir])
  assert.equal(again.code, 0)
  assert.match(again.stdout, /pricing-playbook\.md: unchanged/)
  assert.match(again.stdout, /pilot-customers\.md: unchanged/)
  assert.match(again.stdout, /2 file\(s\): 2 unchanged; 0 warning\(s\)/)

  writeFileSync(
    join(dir, 'pricing-playbook.md'),
    PLAYBOOK.replace('What belongs in a pricing playbook?', 'What goes in a pricing playbook?'),
  )
  writeFileSync(join(dir, 'img', 'cover.png'), png(3))
  const edited = await folio(['publish', '--json', dir])
  assert.equal(edited.code, 0)
  const results = JSON.parse(edited.stdout) as { file: string; slug: string; action: string; url?: string; warnings: unknown[] }[]
  assert.deepEqual(
    results.map((r) => [r.slug, r.action]),
    [
      ['pilot-customers', 'unchanged'],
      ['pricing-playbook', 'updated'],
    ],
  )
  const updated = (await api('/api/content/pricing-playbook')).body.article
  assert.equal(updated.title, 'What goes in a pricing playbook?')
  assert.ok(Buffer.from((await api(updated.cover_image_url)).body as ArrayBuffer).equals(png(3)), 'the new cover bytes were uploaded')
})

test('pull writes every article in the same format, and publishing the pulled folder changes nothing', async () => {
  const out = join(work, 'pulled')
  const pulled = await folio(['pull', '--out', out, '--status', 'all'])
  assert.equal(pulled.code, 0, pulled.stderr)
  assert.match(pulled.stdout, /2 article\(s\) written to /)
  const text = readFileSync(join(out, 'pricing-playbook.md'), 'utf8')
  assert.match(text, /^---\ntitle: What goes in a pricing playbook\?\nrubric: strategy\n/)
  assert.match(text, /\ncover_image: \/images\/pricing-playbook\/featured\.png\n/)
  assert.match(text, /\| Deal size \| Approver \|/)
  assert.match(readFileSync(join(out, 'pilot-customers.md'), 'utf8'), /\nstatus: draft\n/)
  const published = await folio(['pull', '--out', join(work, 'published-only')])
  assert.match(published.stdout, /1 article\(s\) written/)

  const back = await folio(['publish', out])
  assert.equal(back.code, 0, back.stdout)
  assert.match(back.stdout, /2 file\(s\): 2 unchanged; 0 warning\(s\)/)

  // "unchanged" compares markdown with markdown: the pulled text must also give back the same HTML,
  // or a later edit of a pulled file would quietly lose what markdown did not carry.
  const before = (await api('/api/content/pricing-playbook')).body.article.body as string
  writeFileSync(join(out, 'pricing-playbook.md'), text.replace('title: What goes in', 'title: What really goes in'))
  const edited = await folio(['publish', out])
  assert.match(edited.stdout, /pricing-playbook\.md: updated/)
  const after = (await api('/api/content/pricing-playbook')).body.article.body as string
  assert.equal(after, before)
  assert.match(after, /<s>verbal promises<\/s>/)
  assert.match(after, /<ol>\s*<li>Write the rule down\.<\/li>/)
  assert.match(after, /<\/ol>\s*<ol start="3">\s*<li>Review it every quarter\.<\/li>/, 'two lists side by side stay two')
  assert.match(after, /<li>discounts without a named owner\s*<ul>\s*<li>even for the largest customers<\/li>/)
})

test('a broken file fails alone, with its reason, while the others publish; exit 1', async () => {
  const dir = join(work, 'broken')
  mkdirSync(dir, { recursive: true })
  const good = DRAFT.replace('status: draft\n', '')
  writeFileSync(join(dir, 'a-good-one.md'), good)
  writeFileSync(join(dir, 'b-typo.md'), good.replace('rubric: strategy', 'rubirc: strategy'))
  writeFileSync(join(dir, 'c-bad-rubric.md'), good.replace('rubric: strategy', 'rubric: astrology'))
  writeFileSync(join(dir, 'd-no-title.md'), good.replace(/^title: .*\n/m, ''))
  const run = await folio(['publish', '--json', dir])
  assert.equal(run.code, 1)
  const results = JSON.parse(run.stdout) as {
    slug: string
    action: string
    error?: { code?: string; message: string; errors?: { field: string }[] }
  }[]
  assert.deepEqual(
    results.map((r) => [r.slug, r.action]),
    [
      ['a-good-one', 'created'],
      ['b-typo', 'failed'],
      ['c-bad-rubric', 'failed'],
      ['d-no-title', 'failed'],
    ],
  )
  assert.match(results[1]!.error!.message, /unknown front matter key "rubirc" \(did you mean "rubric"\?\)/)
  assert.equal(results[2]!.error!.code, 'validation_failed')
  assert.deepEqual(
    results[2]!.error!.errors!.map((e) => e.field),
    ['rubric'],
  )
  assert.deepEqual(
    results[3]!.error!.errors!.map((e) => e.field),
    ['title'],
  )
  for (const slug of ['b-typo', 'c-bad-rubric', 'd-no-title']) assert.equal((await api(`/api/content/${slug}?status=all`)).status, 404)

  const lines = await folio(['publish', join(dir, 'b-typo.md')])
  assert.equal(lines.code, 1)
  assert.match(lines.stdout, /b-typo\.md: failed unknown front matter key "rubirc"/)
})

test('--dry-run writes nothing and reports would-create; --strict turns a warning into exit 1', async () => {
  const dir = join(work, 'dry')
  mkdirSync(dir, { recursive: true })
  writeFileSync(
    join(dir, 'weak.md'),
    `---\ntitle: Pricing\nrubric: strategy\n---\nIn today's fast-moving world, pricing is hard. It is the best lever.\n`,
  )
  const dry = await folio(['publish', '--dry-run', dir])
  assert.equal(dry.code, 0)
  assert.match(dry.stdout, /weak\.md: would-create/)
  assert.match(dry.stdout, /weak\.md: warning answer-first: /)
  assert.equal((await api('/api/content/weak?status=all')).status, 404)
  const strict = await folio(['publish', '--dry-run', '--strict', dir])
  assert.equal(strict.code, 1)
})

test('usage errors exit 2 with one line: no token, a path that is not there, an unknown option', async () => {
  const noToken = await folio(['publish', work], { FOLIO_TOKEN: '' })
  assert.equal(noToken.code, 2)
  assert.match(noToken.stderr, /^folio: no API key: set FOLIO_TOKEN or pass --token-file FILE/)
  const missing = await folio(['publish', join(work, 'nowhere')])
  assert.equal(missing.code, 2)
  assert.match(missing.stderr, /^folio: ".*nowhere" does not exist\n$/)
  const unknown = await folio(['publish', '--force', work])
  assert.equal(unknown.code, 2)
  assert.match(unknown.stderr, /^folio: unknown option '--force'\nUsage: folio publish /)
  const tokenFile = join(work, 'token')
  writeFileSync(tokenFile, `${token}\n`)
  const viaFile = await folio(['pull', '--out', join(work, 'via-file'), '--token-file', tokenFile], { FOLIO_TOKEN: '' })
  assert.equal(viaFile.code, 0, viaFile.stderr)
})
