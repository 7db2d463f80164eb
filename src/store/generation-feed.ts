// The content generation pushed to this process on PostgreSQL. Every kept public answer asks for
// the generation; on PostgreSQL that was a query per hit, which held cached reads to a fifth of a
// bare node:http server. The database now announces each new generation (NOTIFY, sent at commit
// by the trigger of migration 0014) and one dedicated connection listens, so a read knows the
// generation without a round trip. Three rules keep it exact:
// - never backwards: the generation this process answers with only grows;
// - read your own writes: after a write of this process the next read asks the database (the
//   notice of that write may still be on its way);
// - no silent staleness: while the listening connection is down (a restart, a network cut) every
//   read asks the database, as before, and the connection is made again with a growing pause.
import pg from 'pg'

export const GENERATION_CHANNEL = 'folio_content_generation'

export interface GenerationFeedOptions {
  connectionString: string
  /** The committed generation, read from the database. */
  read: () => Promise<number>
  /** Told when the listening connection fails (it is made again). */
  onTrouble?: (error: Error) => void
  /** Pause before making the connection again, doubled per failure up to `maxRetryMs`. */
  retryMs?: number
  maxRetryMs?: number
}

export class GenerationFeed {
  /** The newest generation the database announced or answered; undefined while not vouched for. */
  private known: number | undefined
  /** The newest generation seen: no answer may go below it. */
  private newest = -1
  /** Writes of this process so far: a read that began before one cannot vouch for it. */
  private doubts = 0
  private client: pg.Client | undefined
  private stopped = false
  private retryMs: number
  private retryTimer: NodeJS.Timeout | undefined

  constructor(private readonly options: GenerationFeedOptions) {
    this.retryMs = options.retryMs ?? 250
  }

  /** Connects and listens; resolves once the feed vouches for the generation (or has failed to). */
  async start(): Promise<void> {
    await this.connect()
  }

  /** The generation now, when the feed can vouch for it without asking the database. */
  current(): number | undefined {
    return this.known
  }

  /** The generation asked of the database; the feed vouches for it again unless this process wrote meanwhile. */
  async read(): Promise<number> {
    const doubtsBefore = this.doubts
    const value = await this.options.read()
    this.newest = Math.max(this.newest, value)
    // A write of this process that began after the question may not be in the answer.
    if (this.client && this.doubts === doubtsBefore) this.known = Math.max(this.known ?? -1, this.newest)
    return this.newest
  }

  /** This process wrote: until the database is asked again, the feed vouches for nothing. */
  doubt(): void {
    this.doubts++
    this.known = undefined
  }

  async stop(): Promise<void> {
    this.stopped = true
    clearTimeout(this.retryTimer)
    const client = this.client
    this.lose()
    await client?.end().catch(() => {})
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.options.connectionString, application_name: 'folio-generation-feed' })
    // An error and the end that follows it are one failure.
    let failed = false
    const failOnce = (error: Error) => {
      if (failed) return
      failed = true
      this.fail(client, error)
    }
    client.on('error', failOnce)
    client.on('end', () => failOnce(new Error('the listening connection closed')))
    let schema: string | undefined
    client.on('notification', (message) => {
      // "<schema> <generation>": stores in other schemas of the same database announce theirs too.
      const payload = message.payload ?? ''
      const from = payload.slice(0, payload.lastIndexOf(' '))
      const value = Number(payload.slice(payload.lastIndexOf(' ') + 1))
      if (message.channel !== GENERATION_CHANNEL || from !== schema || !Number.isSafeInteger(value)) return
      // A notice is only trusted while nothing of this process doubts it (doubt() waits for a read).
      this.newest = Math.max(this.newest, value)
      if (this.known !== undefined) this.known = this.newest
    })
    try {
      await client.connect()
      // The same connection string as the store's pool, so the same search_path and schema.
      schema = (await client.query<{ schema: string }>('select current_schema() as schema')).rows[0]?.schema
      await client.query(`LISTEN ${GENERATION_CHANNEL}`)
      if (this.stopped) {
        await client.end()
        return
      }
      this.client = client
      // Listening first, then reading: a write committed in between is both read and announced.
      await this.read()
      this.retryMs = this.options.retryMs ?? 250
    } catch (error) {
      failOnce(error as Error)
    }
  }

  private fail(client: pg.Client, error: Error) {
    if (this.client !== undefined && this.client !== client) return
    this.lose()
    client.end().catch(() => {})
    // Stopping ends the connection too: that is no failure to report or repair.
    if (this.stopped) return
    this.options.onTrouble?.(error)
    clearTimeout(this.retryTimer)
    this.retryTimer = setTimeout(() => void this.connect(), this.retryMs)
    this.retryTimer.unref()
    this.retryMs = Math.min(this.retryMs * 2, this.options.maxRetryMs ?? 10_000)
  }

  private lose() {
    this.client = undefined
    this.known = undefined
  }
}
