// What FOLIO_WORKERS=N would run, measured before it exists: N `folio serve` processes on one port
// through node:cluster (the primary accepts connections and hands them to the workers in turn).
// The workers inherit the primary's node options (those of `npm start`). SIGTERM stops them all.
// Usage: node [node options] bench/cluster-serve.mjs N
import cluster from 'node:cluster'
import { fileURLToPath } from 'node:url'

const main = fileURLToPath(new URL('../dist/src/main.js', import.meta.url))

if (cluster.isPrimary) {
  const workers = Number(process.argv[2] ?? 2)
  for (let i = 0; i < workers; i++) cluster.fork()
  let stopping = false
  cluster.on('exit', (worker, code) => {
    if (!stopping) {
      process.stderr.write(`cluster-serve: worker ${worker.process.pid} exited with ${code}\n`)
      process.exit(1)
    }
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0)
  })
  process.on('SIGTERM', () => {
    stopping = true
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM')
  })
} else {
  process.argv = [process.argv[0], main, 'serve']
  await import(main)
}
