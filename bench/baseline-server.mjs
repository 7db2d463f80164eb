// The baseline: a bare node:http server answering a fixed buffer of the given size, measured in
// the same run as Folio so every ratio compares like with like on this machine.
import { createServer } from 'node:http'

const size = Number(process.argv[2] ?? 2048)
const body = Buffer.alloc(size, 'x')
const server = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length })
  res.end(body)
})
server.listen(0, '127.0.0.1', () => process.stdout.write(`${server.address().port}\n`))
