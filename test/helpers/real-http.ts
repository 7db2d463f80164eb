// HTTP over a real socket, for the tests of what inject() skips (the kept-answer lane in front of
// Fastify): a GET that answers status, headers and bytes, and a count of the requests Fastify saw.
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http'
import type { FastifyInstance } from 'fastify'

export interface Answer {
  status: number
  headers: IncomingHttpHeaders
  body: Buffer
}

export function httpGet(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }))
    })
    req.on('error', reject)
    req.end()
  })
}

/** Counts the requests that reach Fastify (its onRequest hooks run for each): a kept answer never does. */
export function fastifyRequestCounter() {
  const counter = {
    count: 0,
    install: (app: FastifyInstance) => app.addHook('onRequest', (_request, _reply, done) => (counter.count++, done())),
  }
  return counter
}
