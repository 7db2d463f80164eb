// DNS-rebinding protection for /mcp: a browser page of another site must not reach the server
// through a name that resolves here. Origin (when sent) and Host must be this site's or loopback.

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]'])

function isLoopback(hostname: string): boolean {
  const host = hostname.toLowerCase()
  return LOOPBACK_HOSTS.has(host) || host.endsWith('.localhost') || /^127(?:\.\d{1,3}){3}$/.test(host)
}

/** The hostname of a Host header value: `example.com:8080` → `example.com`, `[::1]:80` → `[::1]`. */
function hostnameOf(host: string): string {
  const bracket = /^(\[[^\]]+\])(?::\d+)?$/.exec(host)
  if (bracket) return bracket[1]!
  return host.replace(/:\d+$/, '')
}

export class OriginGuard {
  private readonly siteOrigin: string
  private readonly siteHostname: string

  constructor(publicUrl: string) {
    const url = new URL(publicUrl)
    this.siteOrigin = url.origin
    this.siteHostname = url.hostname.toLowerCase()
  }

  /** Why the request is refused, or undefined when it may pass. */
  refusal(origin: string | undefined, host: string | undefined): string | undefined {
    if (origin !== undefined) {
      let parsed: URL | undefined
      try {
        parsed = new URL(origin)
      } catch {
        parsed = undefined
      }
      if (!parsed || (parsed.origin !== this.siteOrigin && !isLoopback(parsed.hostname)))
        return `Origin ${origin} is not allowed to use this MCP server.`
    }
    if (host !== undefined) {
      const hostname = hostnameOf(host.trim()).toLowerCase()
      if (hostname !== this.siteHostname && !isLoopback(hostname)) return `Host ${host} is not this site's.`
    }
    return undefined
  }
}
