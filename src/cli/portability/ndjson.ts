// Newline-delimited JSON files, written with back-pressure and hashed as they are written, and read
// back a line at a time: an export of 100 000 articles never sits in memory.
import { createHash } from 'node:crypto'
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs'
import { once } from 'node:events'
import { createInterface } from 'node:readline'

export class NdjsonWriter {
  private readonly stream: WriteStream
  private readonly hash = createHash('sha256')
  lines = 0

  constructor(path: string) {
    this.stream = createWriteStream(path)
  }

  async write(value: unknown) {
    const line = `${JSON.stringify(value)}\n`
    this.hash.update(line)
    this.lines++
    if (!this.stream.write(line)) await once(this.stream, 'drain')
  }

  /** Closes the file; answers its sha256. */
  async close(): Promise<string> {
    this.stream.end()
    await once(this.stream, 'finish')
    return this.hash.digest('hex')
  }
}

/** Each line of an ndjson file, parsed; `batch` lines at a time. */
export async function* ndjsonBatches<T>(path: string, batch: number): AsyncGenerator<T[]> {
  let rows: T[] = []
  let number = 0
  for await (const line of createInterface({ input: createReadStream(path), crlfDelay: Infinity })) {
    number++
    if (line === '') continue
    try {
      rows.push(JSON.parse(line) as T)
    } catch {
      throw new Error(`${path.split('/').at(-1)} line ${number} is not JSON`)
    }
    if (rows.length >= batch) {
      yield rows
      rows = []
    }
  }
  if (rows.length > 0) yield rows
}
