// The bundled demo site: a valid site definition and six publishable demo articles, seeded into
// an empty store on start; and the site loader's refusal of a broken definition.
import assert from 'node:assert/strict'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'node:test'
import { ArticleCreate } from '../../src/contract/schemas.js'
import { fieldProblems } from '../../src/contract/validator.js'
import { ArticleService } from '../../src/content/article-service.js'
import { DEMO_SITE_DIR } from '../../src/paths.js'
import { seedDemoContent } from '../../src/site/seed-demo.js'
import { loadSite, SiteDefinitionError } from '../../src/content/site-definition.js'
import { STORE_DERIVATIONS } from '../../src/content/store-derivations.js'
import { openStore } from '../../src/store/open-store.js'

const site = loadSite(DEMO_SITE_DIR)
const articleDir = join(DEMO_SITE_DIR, 'articles')
const files = readdirSync(articleDir).filter((f) => f.endsWith('.json'))

test('the demo firm has at least 4 rubrics and at least 8 services in at least 3 groups', () => {
  assert.ok(site.rubrics.length >= 4)
  assert.ok(site.services.length >= 8)
  assert.ok(new Set(site.services.map((s) => s.group)).size >= 3)
  assert.deepEqual(site.locales, ['en'])
})

test('every demo article is a valid create payload naming rubrics and services of the site, with all AEO blocks', () => {
  assert.ok(files.length >= 6)
  for (const file of files) {
    const payload = JSON.parse(readFileSync(join(articleDir, file), 'utf8'))
    assert.deepEqual(fieldProblems(ArticleCreate, payload), [], file)
    assert.equal(`${payload.slug}.json`, file)
    assert.ok(site.findRubric(payload.rubric), `${file}: rubric`)
    for (const service of payload.services) assert.ok(site.findService(service), `${file}: service ${service}`)
    assert.ok(payload.content.faq.length >= 3 && payload.content.key_takeaways.length >= 3 && payload.content.sources.length >= 2, file)
  }
  assert.ok(
    new Set(files.map((f) => JSON.parse(readFileSync(join(articleDir, f), 'utf8')).rubric)).size >= 4,
    'at least four rubrics are covered',
  )
})

test('an empty store is seeded with the demo articles once; a store with articles is left alone', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'folio-seed-'))
  const store = await openStore({ dataDir: dir, derivations: STORE_DERIVATIONS })
  try {
    const articles = new ArticleService(store, site, 'https://demo.test')
    assert.equal(await seedDemoContent(store, site, articles), files.length)
    assert.equal(await seedDemoContent(store, site, articles), 0)
    const listed = await store.articles.listPublished()
    assert.equal(listed.length, files.length)
    // Seeding is not an update: each demo article was last changed when it was published.
    for (const article of listed) assert.equal(article.updated_at, article.published_at, article.slug)
    // Each carries its cover from the demo site (scripts/make-demo-covers.ts), stored as its featured image, with an alt text.
    for (const article of listed) {
      assert.equal(article.cover_image_url, `/images/${article.slug}/featured.png`, article.slug)
      assert.match(article.cover_image_alt, /^Abstract cover: /, article.slug)
      const stored = await store.images.bytes(`${article.slug}/featured.png`)
      assert.ok(stored?.equals(readFileSync(join(site.dir, 'covers', `${article.slug}.png`))), article.slug)
    }
  } finally {
    await store.close()
    rmSync(dir, { recursive: true, force: true })
  }
})

test('two instances seeding one empty store at once both start, and each demo article is written once', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'folio-seed-'))
  const store = await openStore({ dataDir: dir, derivations: STORE_DERIVATIONS })
  try {
    const articles = new ArticleService(store, site, 'https://demo.test')
    // Both see the empty store before either writes, so their creates of the same slugs collide.
    const seeded = await Promise.all([seedDemoContent(store, site, articles), seedDemoContent(store, site, articles)])
    assert.equal(seeded[0] + seeded[1], files.length)
    assert.equal((await store.articles.listPublished()).length, files.length)
  } finally {
    await store.close()
    rmSync(dir, { recursive: true, force: true })
  }
})

test('a broken site definition stops the start with every problem named', () => {
  const dir = mkdtempSync(join(tmpdir(), 'folio-site-'))
  try {
    const broken = JSON.parse(readFileSync(join(DEMO_SITE_DIR, 'site.json'), 'utf8'))
    broken.rubrics.push({ ...broken.rubrics[0] })
    delete broken.tagline
    broken.default_locale = 'fr'
    writeFileSync(join(dir, 'site.json'), JSON.stringify(broken))
    assert.throws(
      () => loadSite(dir),
      (error: unknown) => error instanceof SiteDefinitionError && /tagline: is required/.test((error as Error).message),
    )
    broken.tagline = 'back'
    writeFileSync(join(dir, 'site.json'), JSON.stringify(broken))
    assert.throws(
      () => loadSite(dir),
      (error: unknown) =>
        /default_locale: must be one of locales/.test((error as Error).message) && /appears twice/.test((error as Error).message),
    )
    assert.throws(() => loadSite(join(dir, 'missing')), SiteDefinitionError)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})
