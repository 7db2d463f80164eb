// The website in a real browser (playwright-core driving the system's Chromium): a reader opens
// the home page, follows a link to an article and sees its FAQ and key takeaways; every page kind
// is screenshotted into test-output/; XSS payloads in an article never run.
import assert from 'node:assert/strict'
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, test } from 'node:test'
import { chromium, type Browser, type Page } from 'playwright-core'
import { CHROMIUM, CHROMIUM_FLAGS } from '../../scripts/chromium.js'
import { buildApp, type BuiltApp } from '../../src/app.js'
import { loadConfig } from '../../src/config.js'
import { seedDemoContent } from '../../src/site/seed-demo.js'

const OUTPUT_DIR = 'test-output'
const required = process.env.FOLIO_TEST_REQUIRE_BACKENDS === '1'
const missingBrowser = !existsSync(CHROMIUM)
if (missingBrowser) {
  if (required) throw new Error(`${CHROMIUM} is missing and FOLIO_TEST_REQUIRE_BACKENDS=1: the browser tests cannot run`)
  console.log(`# browser tests skipped: ${CHROMIUM} is not installed (install Debian's chromium package to run them)`)
}

/** Every payload sets window.__xss or opens a dialog if it ever runs. */
const XSS_SLUG = 'xss-probe'
const XSS_ARTICLE = {
  slug: XSS_SLUG,
  title: 'Probe <script>window.__xss="title"</script><img src=x onerror="window.__xss=\'title-img\'">',
  rubric: 'strategy',
  // Older than the demo articles, so the home page's screenshots show the demo content.
  published_at: '2024-01-15T09:00:00Z',
  excerpt: 'Excerpt <img src=x onerror="window.__xss=\'excerpt\'"><script>alert("excerpt")</script>',
  author: '<script>window.__xss="author"</script>',
  body: [
    "<p>A probe article checks that no markup in an article can run script in a reader's browser.</p>",
    '<img src="x" onerror="window.__xss=\'body-img\'; alert(1)">',
    '<script>window.__xss = "body-script"; alert(2)</script>',
    '<p><a id="js-link" href="javascript:window.__xss=\'body-link\';alert(3)">A link that must do nothing</a></p>',
    '<svg><script>window.__xss="svg"</script></svg>',
    '<iframe src="javascript:alert(4)"></iframe>',
  ].join(''),
  tags: ['<b onmouseover="window.__xss=1">tag</b>'],
  content: {
    faq: [{ q: 'Does <img src=x onerror="window.__xss=\'faq-q\'"> run?', a: 'No: <script>window.__xss="faq-a"</script> stays text.' }],
    key_takeaways: ['<img src=x onerror="window.__xss=\'takeaway\'">Takeaways are text.'],
    sources: [
      {
        title: '<script>window.__xss="source"</script>',
        url: 'https://example.org/?q=%22%3E%3Cscript%3E&a=b',
        publisher: '<i onclick=alert(5)>P</i>',
      },
    ],
  },
}

let built: BuiltApp
let browser: Browser
let origin: string
let dataDir: string

before(async () => {
  if (missingBrowser) return
  dataDir = mkdtempSync(join(tmpdir(), 'folio-browser-'))
  const config = loadConfig({ FOLIO_DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', FOLIO_DEMO_CONTENT: '0', LOG_LEVEL: 'silent' })
  built = await buildApp(config, { logger: false })
  await seedDemoContent(built.deps.store, built.deps.site, built.deps.articles)
  await built.deps.articles.create(XSS_ARTICLE, { dryRun: false })
  await built.app.listen({ port: 0, host: '127.0.0.1' })
  origin = `http://127.0.0.1:${(built.app.server.address() as AddressInfo).port}`
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: CHROMIUM_FLAGS,
  })
  mkdirSync(OUTPUT_DIR, { recursive: true })
})

after(async () => {
  if (missingBrowser) return
  await browser?.close()
  await built?.app.close()
  rmSync(dataDir, { recursive: true, force: true })
})

/** A page that records every dialog and script error, so a payload that runs cannot hide. */
async function openPage(): Promise<{ page: Page; dialogs: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
  const dialogs: string[] = []
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message())
    void dialog.dismiss()
  })
  return { page, dialogs }
}

test(
  'a reader opens the home page, follows a link to an article, and sees its key takeaways and FAQ',
  { skip: missingBrowser },
  async () => {
    const { page } = await openPage()
    const response = await page.goto(`${origin}/`)
    assert.equal(response?.status(), 200)
    assert.equal(await page.locator('h1').count(), 1)
    await page.screenshot({ path: join(OUTPUT_DIR, 'home.png'), fullPage: true })

    const firstCard = page.locator('.cards .card-title a').first()
    const title = (await firstCard.textContent())!.trim()
    await Promise.all([page.waitForURL(/\/insights\/[a-z0-9-]+\/[a-z0-9-]+\/$/), firstCard.click()])
    assert.equal((await page.locator('h1').textContent())!.trim(), title)
    assert.ok(await page.locator('.takeaways li').first().isVisible(), 'the key takeaways box is visible')
    assert.ok((await page.locator('.faq .faq-item').count()) >= 1, 'the FAQ renders')
    assert.ok(await page.locator('.faq h3').first().isVisible())
    assert.ok(await page.locator('nav.breadcrumbs').isVisible())
    await page.screenshot({ path: join(OUTPUT_DIR, 'article.png'), fullPage: true })
    await page.setViewportSize({ width: 390, height: 844 })
    await page.screenshot({ path: join(OUTPUT_DIR, 'article-mobile.png'), fullPage: true })
    await page.close()
  },
)

test(
  'every page kind renders with the stylesheet applied; a screenshot of each goes to test-output/',
  { skip: missingBrowser },
  async () => {
    const { page } = await openPage()
    const kinds: [string, string, number][] = [
      ['insights', '/insights/', 200],
      ['rubric', '/insights/finance/', 200],
      ['services', '/services/', 200],
      ['service', '/services/working-capital/', 200],
      ['developers', '/developers/', 200],
      ['not-found', '/no-such-page/', 404],
    ]
    for (const [name, path, status] of kinds) {
      const response = await page.goto(origin + path)
      assert.equal(response?.status(), status, path)
      assert.equal(await page.locator('h1').count(), 1, `${path} has one h1`)
      // The stylesheet loaded under the page's CSP: the skip link is moved off-screen by it.
      const skipLeft = await page.locator('.skip-link').evaluate((el) => el.getBoundingClientRect().left)
      assert.ok(skipLeft < 0, `${path}: stylesheet applied`)
      await page.screenshot({ path: join(OUTPUT_DIR, `${name}.png`), fullPage: true })
    }
    await page.close()
  },
)

test('the skip link becomes visible on keyboard focus and leads to the main content', { skip: missingBrowser }, async () => {
  const { page } = await openPage()
  await page.goto(`${origin}/`)
  await page.keyboard.press('Tab')
  const focused = page.locator('.skip-link')
  assert.ok(await page.evaluate('document.activeElement === document.querySelector(".skip-link")'))
  assert.ok((await focused.evaluate((el) => el.getBoundingClientRect().left)) >= 0, 'visible when focused')
  const outline = await page.evaluate('getComputedStyle(document.querySelector(".skip-link")).outlineStyle')
  assert.notEqual(outline, 'none', 'focus is visible')
  await page.close()
})

test(
  'XSS payloads in an article (body, title, excerpt, FAQ, takeaways, sources) never run on any page that shows it',
  { skip: missingBrowser },
  async () => {
    const { page, dialogs } = await openPage()
    const articlePath = `/insights/strategy/${XSS_SLUG}/`
    for (const path of [articlePath, '/', '/insights/', '/insights/strategy/']) {
      const response = await page.goto(origin + path)
      assert.equal(response?.status(), 200, path)
      await page.waitForLoadState('load')
      assert.equal(await page.evaluate('window.__xss'), undefined, `${path}: no payload ran`)
    }
    await page.goto(origin + articlePath)
    // The title shows as text, exactly as written.
    assert.match((await page.locator('h1').textContent())!, /<script>window.__xss="title"<\/script>/)
    // The javascript: link survives only as text: clicking it does nothing.
    const link = page.locator('text=A link that must do nothing')
    assert.equal(await link.count(), 1)
    await link.click()
    await page.waitForTimeout(100)
    assert.equal(await page.locator('.article-body script, .article-body iframe, .article-body [onerror]').count(), 0)
    assert.equal(await page.evaluate('window.__xss'), undefined, 'clicking the link ran nothing')
    assert.deepEqual(dialogs, [], 'no dialog was opened')
    await page.screenshot({ path: join(OUTPUT_DIR, 'article-xss-probe.png'), fullPage: true })
    await page.close()
  },
)

test(
  "the firm's pages: About, Contact, an author page, search from the header form (no script) and a paged tag page",
  { skip: missingBrowser },
  async () => {
    const { page } = await openPage()
    for (const [name, path] of [
      ['about', '/about/'],
      ['contact', '/contact/'],
      ['author', '/authors/maya-lindqvist/'],
    ]) {
      const response = await page.goto(origin + path)
      assert.equal(response?.status(), 200, path)
      assert.equal(await page.locator('h1').count(), 1, `${path} has one h1`)
      await page.screenshot({ path: join(OUTPUT_DIR, `${name}.png`), fullPage: true })
    }
    // The author page lists Maya Lindqvist's demo articles, and each links back to her by its byline.
    await page.goto(`${origin}/authors/maya-lindqvist/`)
    const cards = page.locator('.cards .card-title a')
    assert.ok((await cards.count()) >= 2)
    await Promise.all([page.waitForURL(/\/insights\//), cards.first().click()])
    assert.equal(await page.locator('a[rel="author"][href="/authors/maya-lindqvist/"]').count(), 1)

    // Search: the header's plain GET form, submitted with the keyboard.
    await page.goto(`${origin}/`)
    await page.getByLabel('Search insights').fill('working capital')
    await Promise.all([page.waitForURL(/\/search\?q=working\+capital$/), page.keyboard.press('Enter')])
    assert.ok((await page.locator('.search-hit').count()) >= 1, 'the search finds demo articles')
    assert.ok((await page.locator('.search-snippet mark').count()) >= 1, 'matched words are marked')
    await page.screenshot({ path: join(OUTPUT_DIR, 'search.png'), fullPage: true })

    // Paging: 13 older articles on one tag make a second page, reached by the pager's "Older" link.
    for (let i = 0; i < 13; i++) {
      await built.deps.articles.create(
        {
          slug: `paging-probe-${i}`,
          title: `Quarterly cash review, part ${i + 1}`,
          rubric: 'finance',
          body: '<p>A short note on the weekly cash routine of a mid-size distributor.</p>',
          tags: ['cash-routine'],
          published_at: new Date(Date.UTC(2023, 0, 1 + i)).toISOString(),
        },
        { dryRun: false },
      )
    }
    await page.goto(`${origin}/insights/tags/cash-routine/`)
    assert.equal(await page.locator('.cards .card').count(), 12)
    await Promise.all([page.waitForURL(/\?page=2$/), page.locator('.pager a[rel="next"]').click()])
    assert.equal(await page.locator('.cards .card').count(), 1)
    assert.equal(await page.locator('link[rel="prev"]').count(), 1)
    await page.screenshot({ path: join(OUTPUT_DIR, 'tag-page-2.png'), fullPage: true })
    await page.close()
  },
)

/** WCAG 2 relative luminance of a computed `rgb(…)` colour. */
function luminance(css: string): number {
  const [r, g, b] = (css.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((c) => {
    const s = Number(c) / 255
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (hi! + 0.05) / (lo! + 0.05)
}

test(
  "dark mode: with the reader's system set to dark, the pages turn dark with readable text; a screenshot of each goes to test-output/",
  { skip: missingBrowser },
  async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'dark' })
    const page = await context.newPage()
    for (const [name, path] of [
      ['home-dark', '/'],
      ['article-dark', '/insights/finance/cash-conversion-cycle/'],
      ['search-dark', '/search?q=pricing'],
    ] as const) {
      const response = await page.goto(origin + path)
      assert.equal(response?.status(), 200, path)
      // Colours as the browser computed them; WCAG's contrast ratio between text and page.
      // Strings, not functions: the test's TypeScript knows no DOM, the page does.
      const computed = (selector: string, property: 'color' | 'backgroundColor') =>
        page.evaluate<string>(`getComputedStyle(document.querySelector(${JSON.stringify(selector)})).${property}`)
      const colorOf = (selector: string) => computed(selector, 'color')
      const css = {
        paper: await computed('body', 'backgroundColor'),
        body: await colorOf('main p, main li'),
        heading: await colorOf('h1'),
        // A link on the page's own background (buttons carry their own).
        link: await colorOf('main .card-title a, main article p a, .breadcrumbs a'),
      }
      const colours = {
        paper: luminance(css.paper),
        body: contrast(css.body, css.paper),
        heading: contrast(css.heading, css.paper),
        link: contrast(css.link, css.paper),
      }
      assert.ok(colours.paper < 0.05, `${path}: the page is dark (luminance ${colours.paper.toFixed(3)})`)
      for (const [what, ratio] of [
        ['body text', colours.body],
        ['heading', colours.heading],
        ['link', colours.link],
      ] as const)
        assert.ok(ratio >= 4.5, `${path}: ${what} contrast ${ratio.toFixed(2)} reaches WCAG AA (4.5)`)
      await page.screenshot({ path: join(OUTPUT_DIR, `${name}.png`), fullPage: true })
    }
    // The same page in a light system stays light: the dark palette follows the reader's setting.
    const light = await browser.newPage({ colorScheme: 'light' })
    await light.goto(`${origin}/`)
    const paper = await light.evaluate<string>('getComputedStyle(document.body).backgroundColor')
    assert.equal(paper, 'rgb(255, 255, 255)')
    await light.close()
    await context.close()
  },
)
