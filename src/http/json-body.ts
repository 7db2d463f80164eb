// JSON request bodies: parsed without prototype pollution (__proto__ and constructor.prototype
// keys are dropped), size-limited, and a parse failure (or another media type) is the spec's invalid_json.
import type { FastifyInstance } from 'fastify'
import secureJson from 'secure-json-parse'
import { ApiError } from '../contract/errors.js'

export function registerJsonBody(app: FastifyInstance) {
  // JSON only: Fastify's own text/plain parser would hand a string to the routes, and the client
  // would hear "must be a JSON object" about a body it sent as text rather than about its Content-Type.
  app.removeContentTypeParser(['application/json', 'text/plain'])
  app.addContentTypeParser(/^application\/([\w.+-]+\+)?json(\s*;.*)?$/i, { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body)
    if (text.trim() === '')
      return done(new ApiError('invalid_json', { message: 'The request body is empty; send a JSON object.' }), undefined)
    try {
      done(null, secureJson.parse(text, undefined, { protoAction: 'remove', constructorAction: 'remove' }))
    } catch (error) {
      done(new ApiError('invalid_json', { message: `The request body is not valid JSON: ${(error as Error).message}` }), undefined)
    }
  })
}
