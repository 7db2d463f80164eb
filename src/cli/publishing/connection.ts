// Where `publish` and `pull` talk to and with which key: --url or FOLIO_URL, and the token from
// FOLIO_TOKEN or --token-file, never from the command line (it would stay in the shell's history).
import { readFileSync } from 'node:fs'
import { UsageError } from '../cli-errors.js'
import { FolioClient } from './folio-client.js'

export const DEFAULT_FOLIO_URL = 'http://localhost:8080'

export const CONNECTION_ENVIRONMENT = `
Environment:
  FOLIO_URL     the Folio to talk to (default ${DEFAULT_FOLIO_URL}); --url overrides it
  FOLIO_TOKEN   the API key to send; --token-file FILE reads it from a file instead`

export interface ConnectionOptions {
  url?: string
  tokenFile?: string
}

export function connect(options: ConnectionOptions): FolioClient {
  const url = (options.url ?? process.env.FOLIO_URL ?? DEFAULT_FOLIO_URL).replace(/\/+$/, '')
  if (!/^https?:\/\/[^/?#\s]+(\/[^?#\s]*)?$/.test(url)) throw new UsageError(`the Folio URL must be http(s)://host[:port] (got "${url}")`)
  return new FolioClient(url, token(options.tokenFile))
}

function token(tokenFile: string | undefined): string {
  if (tokenFile !== undefined) {
    let text: string
    try {
      text = readFileSync(tokenFile, 'utf8')
    } catch {
      throw new UsageError(`cannot read the token file "${tokenFile}"`)
    }
    const value = text.trim()
    if (!value) throw new UsageError(`the token file "${tokenFile}" is empty`)
    return value
  }
  const value = process.env.FOLIO_TOKEN?.trim()
  if (!value) throw new UsageError('no API key: set FOLIO_TOKEN or pass --token-file FILE (keys come from: folio keys add)')
  return value
}
