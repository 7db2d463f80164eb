// The site's finish: the icon (/favicon.ico, /favicon.svg) and web app manifest with their types
// and links from every page, "Developers" in the footer rather than the main navigation, dark mode
// and print rules in the stylesheet expressed through custom properties.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { articlePayload, startTestApp, type TestApp } from '../helpers/test-app.js'

let t: TestApp
before(async () => {
  t = await startTestApp()
})
after(() => t.close())

const get = (url: string, headers: Record<string, string> = {}) => t.request({ method: 'GET', url, token: null, headers })

describe('icon and manifest', () => {
  test('/favicon.ico is a 32×32 32-bit icon with an ETag that answers 304', async () => {
    const res = await get('/favicon.ico')
    assert.equal(res.statusCode, 200)
    assert.equal(res.headers['content-type'], 'image/x-icon')
    const body = res.rawPayload
    assert.deepEqual([...body.subarray(0, 6)], [0, 0, 1, 0, 1, 0], 'ICONDIR: reserved, type icon, one image')
    assert.equal(body[6], 32)
    assert.equal(body[7], 32)
    assert.equal(body.readUInt16LE(12), 32, 'bits per pixel')
    const size = body.readUInt32LE(14)
    const offset = body.readUInt32LE(18)
    assert.equal(offset + size, body.length, 'the entry describes the image exactly')
    assert.equal(body.readUInt32LE(offset), 40, 'a BITMAPINFOHEADER')
    const again = await get('/favicon.ico', { 'if-none-match': String(res.headers.etag) })
    assert.equal(again.statusCode, 304)
  })

  test('/favicon.svg is an SVG in the firm colour', async () => {
    const res = await get('/favicon.svg')
    assert.equal(res.statusCode, 200)
    assert.match(String(res.headers['content-type']), /^image\/svg\+xml/)
    assert.match(res.body, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/)
    assert.match(res.body, /fill="#0b5563"/)
  })

  test('/manifest.webmanifest names the firm, starts at the home page and lists both icons', async () => {
    const res = await get('/manifest.webmanifest')
    assert.equal(res.statusCode, 200)
    assert.match(String(res.headers['content-type']), /^application\/manifest\+json/)
    const manifest = JSON.parse(res.body) as Record<string, unknown>
    const home = await get('/')
    assert.ok(home.body.includes(`<title>${String(manifest.name)} — `), 'the manifest name is the firm name')
    assert.equal(manifest.start_url, '/')
    const icons = manifest.icons as { src: string; type: string }[]
    assert.deepEqual(
      icons.map((i) => [i.src, i.type]),
      [
        ['/favicon.svg', 'image/svg+xml'],
        ['/favicon.ico', 'image/x-icon'],
      ],
    )
  })

  for (const url of ['/', '/insights/', '/services/', '/developers/', '/no-such-page/']) {
    test(`${url} links the icons and the manifest, which its CSP allows`, async () => {
      const res = await get(url)
      assert.match(res.body, /<link rel="icon" href="\/favicon\.ico" sizes="32x32"/)
      assert.match(res.body, /<link rel="icon" href="\/favicon\.svg" type="image\/svg\+xml"/)
      assert.match(res.body, /<link rel="manifest" href="\/manifest\.webmanifest"/)
      assert.match(String(res.headers['content-security-policy']), /manifest-src 'self'/)
    })
  }
})

describe('reading time', () => {
  test('an article page says how long it takes to read', async () => {
    const body = `<p>${Array.from({ length: 660 }, (_, i) => `word${i}`).join(' ')}</p>`
    const created = await t.request({ method: 'POST', url: '/api/content/', payload: articlePayload({ slug: 'long-read', body }) })
    assert.equal(created.statusCode, 200, created.body)
    const res = await get('/insights/strategy/long-read/')
    assert.match(res.body, /<span class="reading-time">3 min read<\/span>/)
  })
})

describe('navigation', () => {
  test('Developers is linked from the footer, not from the main navigation', async () => {
    const res = await get('/')
    const main = /<nav aria-label="Main">([\s\S]*?)<\/nav>/.exec(res.body)?.[1] ?? ''
    const footer = /<nav aria-label="Footer">([\s\S]*?)<\/nav>/.exec(res.body)?.[1] ?? ''
    assert.match(main, /href="\/insights\/"/)
    assert.doesNotMatch(main, /\/developers\//)
    assert.match(footer, /href="\/developers\/"/)
  })
})

describe('stylesheet', () => {
  test('dark mode and print rules exist, and colours outside :root blocks come from custom properties', async () => {
    const css = (await get('/assets/style.css')).body
    assert.match(css, /@media \(prefers-color-scheme: dark\) \{\s*:root \{[^}]*--paper: #12181c/)
    assert.match(css, /@media print \{[\s\S]*\.site-header,[\s\S]*display: none[\s\S]*attr\(href\)/)
    // Strip the blocks that define the properties; what is left must not hard-code a colour, or
    // dark mode would miss it.
    const rules = css
      .replace(/:root \{[^}]*\}/g, '')
      .replace(/@media print \{[\s\S]*$/, '')
      .replace(/\/\*[\s\S]*?\*\//g, '')
    const hardCoded = [...rules.matchAll(/(?:^|[;{\s])(color|background(?:-color)?|border(?:-[a-z]+)?):[^;]*#[0-9a-f]{3,6}/gi)].map((m) =>
      m[0].trim(),
    )
    assert.deepEqual(hardCoded, ['color: #fff'], 'only the preview notice on its fixed orange keeps a literal white')
  })
})
