// A one-line progress bar on stderr, only when a person watches it (a TTY) and there is more than one file.
export class Progress {
  constructor(
    private readonly total: number,
    private readonly enabled: boolean,
  ) {}

  show(done: number, label: string) {
    if (!this.enabled) return
    const width = 24
    const filled = Math.round((done / this.total) * width)
    const columns = process.stderr.columns || 80
    const line = `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${this.total} ${label}`
    process.stderr.write(`\r${line.slice(0, columns - 1)}\x1b[K`)
  }

  clear() {
    if (this.enabled) process.stderr.write('\r\x1b[K')
  }
}
