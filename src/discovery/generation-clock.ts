// When this process first saw each content generation: the Last-Modified of documents that change
// with the content. A generation's time never moves backwards, even when a delete makes the newest
// article older, so If-Modified-Since never answers 304 for a changed document.
export class GenerationClock {
  private latest: { generation: number; at: Date } | undefined

  constructor(private readonly clock: () => Date) {}

  /** The time `generation` was first seen (seconds precision, as HTTP dates carry). */
  seenAt(generation: number): Date {
    if (this.latest?.generation === generation) return this.latest.at
    const now = new Date(Math.floor(this.clock().getTime() / 1000) * 1000)
    // A new generation is never dated before the previous one, even if the clock stepped back.
    const at = this.latest && this.latest.at > now ? this.latest.at : now
    this.latest = { generation, at }
    return at
  }
}
