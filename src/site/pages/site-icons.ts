// The site's icon and web app manifest: one simple mark (a white page with three lines of text on
// the firm's teal) drawn as SVG for browsers that take it and as a 32×32 .ico for /favicon.ico,
// which browsers and crawlers request without being told. Both are built here from the same
// geometry, so no binary file has to be kept in step with the SVG by hand.
import type { Site } from '../../content/site-definition.js'

const SIZE = 32
const TEAL = { r: 0x0b, g: 0x55, b: 0x63 }
const WHITE = { r: 0xff, g: 0xff, b: 0xff }
const CORNER = 6
const PAGE = { x: 9, y: 6, w: 14, h: 20 }
const LINES = [11, 15, 19].map((y) => ({ x: 12, y, w: 8, h: 2 }))

export const THEME_COLOR = '#0b5563'

export function faviconSvg(): string {
  const lines = LINES.map((l) => `<rect x="${l.x}" y="${l.y}" width="${l.w}" height="${l.h}" fill="${THEME_COLOR}"/>`).join('')
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SIZE} ${SIZE}" width="${SIZE}" height="${SIZE}">` +
    `<rect width="${SIZE}" height="${SIZE}" rx="${CORNER}" fill="${THEME_COLOR}"/>` +
    `<rect x="${PAGE.x}" y="${PAGE.y}" width="${PAGE.w}" height="${PAGE.h}" fill="#fff"/>${lines}</svg>\n`
  )
}

type Box = { x: number; y: number; w: number; h: number }
const inside = (b: Box, x: number, y: number) => x >= b.x && x < b.x + b.w && y >= b.y && y < b.y + b.h

/** Outside the rounded corners of the square: transparent. */
function outsideCorner(x: number, y: number): boolean {
  const cx = x < CORNER ? CORNER - 0.5 : x >= SIZE - CORNER ? SIZE - CORNER - 0.5 : x + 0.5
  const cy = y < CORNER ? CORNER - 0.5 : y >= SIZE - CORNER ? SIZE - CORNER - 0.5 : y + 0.5
  return (x + 0.5 - cx) ** 2 + (y + 0.5 - cy) ** 2 > CORNER ** 2
}

/** A 32×32, 32-bit .ico: ICONDIR, one entry, a BITMAPINFOHEADER, bottom-up BGRA rows, an empty AND mask. */
export function faviconIco(): Buffer {
  const header = 40
  const pixels = SIZE * SIZE * 4
  const mask = SIZE * 4 // 32 one-bit pixels per row is 4 bytes, already a multiple of 4
  const image = Buffer.alloc(header + pixels + mask)
  image.writeUInt32LE(header, 0)
  image.writeInt32LE(SIZE, 4)
  image.writeInt32LE(SIZE * 2, 8) // colour rows plus mask rows
  image.writeUInt16LE(1, 12)
  image.writeUInt16LE(32, 14)
  image.writeUInt32LE(pixels + mask, 20)
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      const offset = header + ((SIZE - 1 - y) * SIZE + x) * 4
      if (outsideCorner(x, y)) continue // stays 0: transparent
      const onPage = inside(PAGE, x, y) && !LINES.some((l) => inside(l, x, y))
      const c = onPage ? WHITE : TEAL
      image[offset] = c.b
      image[offset + 1] = c.g
      image[offset + 2] = c.r
      image[offset + 3] = 0xff
    }
  }
  const directory = Buffer.alloc(6 + 16)
  directory.writeUInt16LE(0, 0)
  directory.writeUInt16LE(1, 2) // type 1: icon
  directory.writeUInt16LE(1, 4) // one image
  directory[6] = SIZE
  directory[7] = SIZE
  directory.writeUInt16LE(1, 10) // colour planes
  directory.writeUInt16LE(32, 12) // bits per pixel
  directory.writeUInt32LE(image.length, 14)
  directory.writeUInt32LE(directory.length, 18)
  return Buffer.concat([directory, image])
}

/** The web app manifest: the firm's name, its colours, the home page as start, the SVG icon. */
export function webManifest(site: Site): string {
  const manifest = {
    name: site.name,
    short_name: site.name.length <= 12 ? site.name : site.name.split(/\s+/)[0],
    description: site.definition.tagline,
    lang: site.defaultLocale,
    start_url: '/',
    scope: '/',
    display: 'browser',
    background_color: '#ffffff',
    theme_color: THEME_COLOR,
    icons: [
      { src: '/favicon.svg', type: 'image/svg+xml', sizes: 'any', purpose: 'any' },
      { src: '/favicon.ico', type: 'image/x-icon', sizes: '32x32' },
    ],
  }
  return `${JSON.stringify(manifest, null, 2)}\n`
}
