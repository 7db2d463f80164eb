// `folio serve [--port N] [--host H]`: the HTTP server, what `npm start` runs.
import { InvalidArgumentError, type Command } from 'commander'
import { setFlagsFromString } from 'node:v8'
import { loadServerConfig, operatorAction, STORE_ENVIRONMENT } from './server-environment.js'

/**
 * V8 lets the old generation grow to several times what is alive before it collects: under 50
 * concurrent creates the server reached 237 MB peak with 26 MB alive. Collecting once the heap has
 * grown 30% past what survived the last collection took the peak to 170 MB at the same speed
 * (measured with `npm run bench`). V8 reads this flag at every collection, so it can be set here;
 * the size of the young generation cannot, so `npm start` passes it (package.json).
 */
const HEAP_GROWING_PERCENT = 30

function portNumber(value: string): number {
  if (!/^\d{1,5}$/.test(value) || Number(value) > 65535) throw new InvalidArgumentError('a port is a number from 0 to 65535.')
  return Number(value)
}

function hostName(value: string): string {
  if (!/^[\w.:[\]-]+$/.test(value)) throw new InvalidArgumentError('a host is an address or a name, like 127.0.0.1 or ::.')
  return value
}

async function serve(options: { port?: number; host?: string }) {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`)
  // The flags stand for PORT and HOST, so everything derived from them (the default public URL) follows.
  const config = await loadServerConfig({
    ...(options.port === undefined ? {} : { PORT: String(options.port) }),
    ...(options.host === undefined ? {} : { HOST: options.host }),
  })
  const { buildApp } = await import('../app.js')
  const { app, deps } = await buildApp(config)
  if (config.demoContent) {
    const { seedDemoContent } = await import('../site/seed-demo.js')
    const seeded = await seedDemoContent(deps.store, deps.site, deps.articles)
    if (seeded > 0) app.log.info({ seeded }, 'seeded demo articles into the empty store')
  }
  let closing = false
  const shutdown = (signal: string) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'draining in-flight requests, then closing the store')
    // app.close() waits for in-flight requests, then the onClose hook closes the store.
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed')
        process.exit(1)
      },
    )
  }
  process.on('SIGTERM', () => shutdown('SIGTERM'))
  process.on('SIGINT', () => shutdown('SIGINT'))
  await app.listen({ port: config.port, host: config.host })
}

export function registerServe(program: Command) {
  program
    .command('serve')
    .description('Start the HTTP server: the website, the Content API, MCP and the discovery documents.')
    .option('--port <n>', 'TCP port (overrides PORT; default 8080)', portNumber)
    .option('--host <address>', 'listen address (overrides HOST; default 0.0.0.0)', hostName)
    .addHelpText(
      'after',
      `${STORE_ENVIRONMENT}
  PORT, HOST          where to listen, when --port/--host are not given
  FOLIO_REDIS_URL     redis://… for rate-limit windows and idempotency locks shared by instances
  FOLIO_DEMO_CONTENT  0 starts an empty store empty (default 1: seed the demo articles)
  LOG_LEVEL           info by default; logs are JSON lines on stdout
  (README "Configuration" lists every variable)`,
    )
    .action(operatorAction(serve))
}
