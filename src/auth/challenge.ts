// WWW-Authenticate values (RFC 6750 §3): quoted auth-params, comma-separated, no code on the anonymous 401.
export const AUTH_REALM = 'folio'

export function bearerChallenge(
  params: { error?: 'invalid_token' | 'insufficient_scope'; description?: string; scope?: string } = {},
): string {
  const parts = [`Bearer realm="${AUTH_REALM}"`]
  if (params.error) parts.push(`error="${params.error}"`)
  if (params.description) parts.push(`error_description="${params.description.replace(/["\\]/g, '\\$&')}"`)
  if (params.scope) parts.push(`scope="${params.scope}"`)
  return parts.join(', ')
}
