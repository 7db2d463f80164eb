// API keys: issued by a person with the CLI, stored as SHA-256 hashes, rotated by issuing a new
// key beside the old one, withdrawn by retiring. The token is the key itself and never expires.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import type { ApiKeyRecord, KeyStore } from '../store/store.js'

export type KeyScope = 'read' | 'write'
export const KEY_SCOPES: readonly KeyScope[] = ['read', 'write']
const TOKEN_PREFIX = 'folio_'

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex')
}

function newToken(): string {
  return TOKEN_PREFIX + randomBytes(32).toString('base64url')
}

export class KeyError extends Error {}

async function liveKeysNamed(keys: KeyStore, name: string): Promise<ApiKeyRecord[]> {
  return (await keys.list()).filter((k) => k.name === name && k.retired_at === null)
}

/**
 * A new key NAME. A name stands for one holder, so a name a live key already has is refused:
 * a second live key of one name comes only from `rotateKey`, which says which one it replaces.
 */
export async function issueKey(
  keys: KeyStore,
  name: string,
  scope: KeyScope,
  now = new Date(),
): Promise<{ key: ApiKeyRecord; token: string }> {
  if (!name.trim()) throw new KeyError('a key needs a --name')
  if (!KEY_SCOPES.includes(scope)) throw new KeyError(`--scope must be read or write (got "${scope}")`)
  const holder = (await liveKeysNamed(keys, name.trim())).at(-1)
  if (holder) {
    throw new KeyError(`a live key is already named "${name.trim()}" (${holder.id}); rotate it with: folio keys rotate ${name.trim()}`)
  }
  return newKey(keys, name.trim(), scope, now)
}

async function newKey(keys: KeyStore, name: string, scope: KeyScope, now: Date): Promise<{ key: ApiKeyRecord; token: string }> {
  const token = newToken()
  const key: ApiKeyRecord = {
    id: `key_${randomBytes(6).toString('hex')}`,
    name,
    scope,
    token_prefix: token.slice(0, TOKEN_PREFIX.length + 6),
    created_at: now.toISOString(),
    retired_at: null,
  }
  await keys.add({ ...key, token_hash: hashToken(token) })
  return { key, token }
}

/**
 * A new key for NAME with the scope of its newest live key; the old keys keep working until
 * retired, and `replaced` names them so the holder knows which to retire.
 */
export async function rotateKey(keys: KeyStore, name: string, now = new Date()) {
  const replaced = await liveKeysNamed(keys, name)
  const newest = replaced.at(-1)
  if (!newest) throw new KeyError(`no live key named "${name}" (see: folio keys list)`)
  return { ...(await newKey(keys, name, newest.scope, now)), replaced }
}

export async function retireKey(keys: KeyStore, id: string, now = new Date()): Promise<void> {
  const retired = await keys.retire(id, now.toISOString())
  if (!retired) throw new KeyError(`no live key with id "${id}" (see: folio keys list)`)
}

export type Authentication = { result: 'ok'; key: ApiKeyRecord } | { result: 'missing' } | { result: 'invalid' }

/**
 * Reads `Authorization: Bearer <token>` and finds its live key. Any credential sent counts as one:
 * another scheme (`Basic …`, `Token …`) is an invalid credential, not a missing one.
 */
export async function authenticate(keys: KeyStore, authorization: string | undefined): Promise<Authentication> {
  if (authorization === undefined || authorization.trim() === '') return { result: 'missing' }
  const match = /^Bearer[ ]+([A-Za-z0-9\-._~+/]+=*)\s*$/i.exec(authorization)
  if (!match) return { result: 'invalid' }
  const presented = hashToken(match[1]!)
  const stored = await keys.findByHash(presented)
  if (!stored || stored.retired_at !== null) return { result: 'invalid' }
  // The look-up went by hash; compare again in constant time so no timing tells how much matched.
  if (!timingSafeEqual(Buffer.from(stored.token_hash, 'hex'), Buffer.from(presented, 'hex'))) return { result: 'invalid' }
  const { token_hash: _hash, ...key } = stored
  return { result: 'ok', key }
}

export function scopeAllows(granted: KeyScope, needed: KeyScope): boolean {
  return granted === 'write' || granted === needed
}
