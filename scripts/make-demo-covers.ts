// Draws the demo articles' cover images: small, flat abstract art in the site's palette (a field,
// bands and a circle placed by the slug's hash), written as PNG to site/demo/covers/<slug>.png with
// their alt texts in covers.json. Deterministic: the same slugs give the same bytes; nothing is
// downloaded. Usage: node --import tsx scripts/make-demo-covers.ts
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { crc32, deflateSync } from 'node:zlib'
import { DEMO_SITE_DIR } from '../src/paths.js'

const WIDTH = 600
const HEIGHT = 315
type Rgb = [number, number, number]

/** A palette per rubric: background, band and mark, from the site's teal and its neighbours. */
const PALETTES: Record<string, { colours: [Rgb, Rgb, Rgb]; words: string }> = {
  strategy: {
    colours: [
      [11, 85, 99],
      [23, 122, 138],
      [243, 201, 105],
    ],
    words: 'teal and gold',
  },
  finance: {
    colours: [
      [31, 41, 51],
      [60, 90, 110],
      [108, 197, 211],
    ],
    words: 'slate and light teal',
  },
  operations: {
    colours: [
      [232, 239, 241],
      [11, 85, 99],
      [180, 77, 18],
    ],
    words: 'pale grey, teal and rust',
  },
  technology: {
    colours: [
      [8, 63, 73],
      [20, 105, 120],
      [230, 234, 238],
    ],
    words: 'deep teal and white',
  },
  people: {
    colours: [
      [243, 246, 247],
      [120, 144, 156],
      [11, 85, 99],
    ],
    words: 'light grey, blue-grey and teal',
  },
}

function png(pixels: Buffer): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8)
    head.writeUInt32BE(data.length, 0)
    head.write(type, 4, 'ascii')
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0)
    return Buffer.concat([head, data, crc])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(WIDTH, 0)
  header.writeUInt32BE(HEIGHT, 4)
  header.set([8, 2, 0, 0, 0], 8) // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/** Bands slanting at an angle and a circle, placed by the hash of the slug. */
function draw(slug: string, [field, band, mark]: [Rgb, Rgb, Rgb]): Buffer {
  const hash = createHash('sha256').update(slug).digest()
  const slope = 0.3 + (hash[0]! / 255) * 0.9
  const period = 90 + (hash[1]! % 60)
  const cx = 120 + (hash[2]! / 255) * 360
  const cy = 80 + (hash[3]! / 255) * 155
  const radius = 40 + (hash[4]! % 50)
  const rows = Buffer.alloc((WIDTH * 3 + 1) * HEIGHT)
  for (let y = 0; y < HEIGHT; y++) {
    const row = y * (WIDTH * 3 + 1)
    rows[row] = 0 // filter: none
    for (let x = 0; x < WIDTH; x++) {
      const inBand = Math.floor((x + y * slope) / period) % 2 === 1 && x - y * 0.6 > WIDTH * 0.2
      const inCircle = (x - cx) ** 2 + (y - cy) ** 2 < radius ** 2
      const colour = inCircle ? mark : inBand ? band : field
      rows.set(colour, row + 1 + x * 3)
    }
  }
  return png(rows)
}

const articlesDir = join(DEMO_SITE_DIR, 'articles')
const coversDir = join(DEMO_SITE_DIR, 'covers')
mkdirSync(coversDir, { recursive: true })
const alts: Record<string, string> = {}
for (const file of readdirSync(articlesDir)
  .filter((f) => f.endsWith('.json'))
  .sort()) {
  const { slug, rubric } = JSON.parse(readFileSync(join(articlesDir, file), 'utf8')) as { slug: string; rubric: string }
  const palette = PALETTES[rubric] ?? PALETTES.strategy!
  const bytes = draw(slug, palette.colours)
  writeFileSync(join(coversDir, `${slug}.png`), bytes)
  alts[slug] = `Abstract cover: slanted bands and a circle in ${palette.words}`
  process.stdout.write(`${slug}.png ${bytes.length} bytes\n`)
}
writeFileSync(join(coversDir, 'covers.json'), `${JSON.stringify(alts, null, 2)}\n`)
