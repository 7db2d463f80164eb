// /auth.md and /.well-known/auth.md (same bytes): how agents authenticate — keys requested by
// e-mail from a person, Bearer use, scopes, rotation, the 401/403 challenges, what is not served.
import { bearerChallenge } from '../auth/challenge.js'
import { ENDPOINT_IDS, ENDPOINTS, keyedQueryNotes, type EndpointDefinition, type Scope } from '../contract/endpoints.js'
import type { Site } from '../content/site-definition.js'
import { DEVELOPERS_PATH } from './site-pages.js'
import { discoveryUrl } from '../contract/discovery-documents.js'

function endpointsNeeding(scope: Scope): string {
  return ENDPOINT_IDS.map((id): EndpointDefinition => ENDPOINTS[id])
    .filter((d) => d.auth === 'bearer' && d.scope === scope)
    .map((d) => `- \`${d.method} ${d.path}\` — ${d.summary}`)
    .join('\n')
}

export function renderAuthMd(site: Site, baseUrl: string): string {
  const email = site.definition.contact_email
  return `# auth.md

How software and agents authenticate with ${site.name} (${baseUrl}).

## Reading needs nothing

Every reading surface answers anonymously: the website and its markdown twins, \`GET /api/\`,
\`GET /api/content/<slug>\`, the MCP server at \`${baseUrl}${ENDPOINTS.mcp.path}\`, the feeds, llms.txt files
and every discovery document. No key, no login, no registration. Drafts are for key holders:
on \`GET /api/content/<slug>\`, ${keyedQueryNotes(ENDPOINTS.getArticle).join('; ')}.

## Writing needs an API key

Send the key as a Bearer token on every write:

\`\`\`http
Authorization: Bearer <API_TOKEN>
\`\`\`

The token is the key itself. It does not expire; it stops working when it is rotated. Keep it on
the server side: authenticated endpoints are server to server and send no CORS headers.

## How to get a key

Keys are issued by a person, not by an endpoint. Write to **${email}** with:

1. your organisation,
2. the purpose of the integration,
3. the expected volume (requests per day, articles per month),
4. the scope you need: \`read\` or \`write\`.

There is no self-service registration, no claim step, no code to enter and nothing to poll: the
key is handed over out of band.

## Scopes

\`read\` — reads the catalog and the tags:

${endpointsNeeding('read')}

\`write\` — everything \`read\` allows, plus:

${endpointsNeeding('write')}

## Rotation and withdrawal

There is no revocation endpoint. To withdraw or replace a key, ask the person who issued it: they
set a new key, which works beside the old one until the old one is retired; from then on the
retired key answers 401. Switch your integration to the new key before the old one is retired.

## When a request is refused

No key sent — \`401 unauthorized\` with:

\`\`\`http
WWW-Authenticate: ${bearerChallenge()}
\`\`\`

An unknown, malformed or retired key, or a credential of another scheme (\`Basic …\`, \`Token …\`) — \`401 unauthorized\` with:

\`\`\`http
WWW-Authenticate: ${bearerChallenge({ error: 'invalid_token', description: 'The token is unknown, malformed or retired' })}
\`\`\`

A valid key without the needed scope (a \`read\` key on a write) — \`403 forbidden\` with:

\`\`\`http
WWW-Authenticate: ${bearerChallenge({ error: 'insufficient_scope', scope: 'write' })}
\`\`\`

A token or origin not allowed to do a thing answers \`403 forbidden\`. Every error body has the
same JSON shape with \`code\`, \`message\`, \`hint\` and \`docs\` (\`${baseUrl}${DEVELOPERS_PATH}#error-<code>\`).

## Not served

This site runs no OAuth: there is no OAuth authorization server metadata
(\`/.well-known/oauth-authorization-server\`), no OAuth protected resource metadata
(\`/.well-known/oauth-protected-resource\`) and no agent card (\`/.well-known/agent-card.json\`);
each answers 404.

## See also

- OpenAPI description: ${discoveryUrl(baseUrl, 'openapi')}
- Developer reference: ${baseUrl}${DEVELOPERS_PATH}
- Agent skills: ${discoveryUrl(baseUrl, 'agentSkills')}
`
}
