// JSON request bodies: parsed without prototype pollution (__proto__ and constructor.prototype
// keys are dropped), size-limited, and a parse failure is the spec's invalid_json.
import type { FastifyInstance } from 'fastify'
import secureJson from 'secure-json-parse'
import { ApiError } from '../contract/errors.js'

export function registerJsonBody(app: FastifyInstance) {
  app.removeContentTypeParser(['application/json'])
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
