// The baseline: a bare node:http server answering a fixed body, measured in the same run as Folio
// so every ratio compares like with like on this machine. The body is `size` bytes of "x", or the
// exact bytes of a file (a Folio answer saved by the bench: the load generator decodes every body
// into a string, so what the bytes are moves the figures as much as how many there are).
// Usage: node bench/baseline-server.mjs <size> | --file <path>
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'

const body = process.argv[2] === '--file' ? readFileSync(process.argv[3]) : Buffer.alloc(Number(process.argv[2] ?? 2048), 'x')
const server = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length })
  res.end(body)
})
server.listen(0, '127.0.0.1', () => process.stdout.write(`${server.address().port}\n`))
