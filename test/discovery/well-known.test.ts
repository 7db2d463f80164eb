// The well-known JSON and markdown documents: agent skills (sha256 of the served bytes), the MCP
// server card, the api-catalog linkset, the agent resource catalog and auth.md.
import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { after, before, describe, test } from 'node:test'
import { bearerChallenge } from '../../src/auth/challenge.js'
import { ENDPOINTS } from '../../src/contract/endpoints.js'
import { MCP_TOOLS } from '../../src/contract/mcp-tools.js'
import { API_VERSION, MCP_PROTOCOL_VERSIONS } from '../../src/contract/version.js'
import { AGENT_SKILLS_SCHEMA, loadSkillTemplates, renderSkill, SKILL_NAME_PATTERN } from '../../src/discovery/agent-skills.js'
import { DISCOVERY_DOCUMENTS } from '../../src/contract/discovery-documents.js'
import { SERVER_CARD_SCHEMA } from '../../src/discovery/server-card.js'
import { BASE_URL, startTestApp, type TestApp } from '../helpers/test-app.js'

let t: TestApp
before(async () => {
  t = await startTestApp()
})
after(() => t.close())

const get = (url: string) => t.request({ method: 'GET', url, token: null })

describe('/.well-known/agent-skills/index.json', () => {
  test('lists each skill with the sha256 of exactly the bytes served at its URL', async () => {
    const index = (await get('/.well-known/agent-skills/index.json')).json()
    assert.equal(index.$schema, AGENT_SKILLS_SCHEMA)
    assert.deepEqual(index.skills.map((s: { name: string }) => s.name).sort(), ['publish-article', 'read-articles-mcp'])
    for (const skill of index.skills) {
      assert.match(skill.name, SKILL_NAME_PATTERN)
      assert.ok(skill.name.length <= 64)
      assert.equal(skill.type, 'skill-md')
      assert.ok(skill.description.length > 0 && skill.description.length <= 1024)
      assert.match(skill.digest, /^sha256:[0-9a-f]{64}$/)
      const url = new URL(skill.url, `${BASE_URL}/.well-known/agent-skills/index.json`)
      assert.equal(url.origin, BASE_URL)
      const served = await get(url.pathname)
      assert.equal(served.statusCode, 200)
      assert.equal(
        skill.digest,
        `sha256:${createHash('sha256').update(served.rawPayload).digest('hex')}`,
        `${skill.name} digest matches the served bytes`,
      )
      const text = served.rawPayload.toString('utf8')
      assert.ok(
        text.startsWith(`---\nname: ${skill.name}\ndescription: ${skill.description}\n---\n`),
        'front matter name and description match the index',
      )
      assert.ok(!text.includes('\r'), 'LF line ends only')
      assert.ok(!/\{[a-z_]+\}/.test(text), 'every placeholder is filled')
      assert.ok(text.includes(`${BASE_URL}/`), 'the skill names this site by its URL')
    }
  })

  test('the MCP skill names every tool of the tool table; the publish skill uses dry run and Idempotency-Key', async () => {
    const mcp = (await get('/.well-known/agent-skills/read-articles-mcp/SKILL.md')).body
    for (const tool of MCP_TOOLS) assert.ok(mcp.includes(`\`${tool.name}\``), `${tool.name} is described`)
    assert.ok(mcp.includes(`${BASE_URL}${ENDPOINTS.mcp.path}`))
    for (const version of MCP_PROTOCOL_VERSIONS) assert.ok(mcp.includes(version))
    const publish = (await get('/.well-known/agent-skills/publish-article/SKILL.md')).body
    for (const needle of [
      `POST ${BASE_URL}/api/content/?dry_run=1`,
      'Idempotency-Key:',
      'Idempotent-Replayed: true',
      'idempotency_key_reused',
      'Retry-After',
      `${BASE_URL}/auth.md`,
    ]) {
      assert.ok(publish.includes(needle), `the publish skill mentions ${needle}`)
    }
  })

  test('a template naming an unknown placeholder or another name is refused', () => {
    const [template] = loadSkillTemplates()
    assert.throws(
      () => renderSkill({ name: template!.name, text: `${template!.text}\n{no_such_value}` }, { base_url: BASE_URL }),
      /placeholder/,
    )
    assert.throws(() => renderSkill({ name: 'other-name', text: '---\nname: not-other\ndescription: d\n---\n' }, {}), /must carry name/)
  })
})

describe('/.well-known/mcp/server-card.json', () => {
  test('names the server, version, endpoint, transport, protocol versions and the tools of the tool table', async () => {
    const card = (await get('/.well-known/mcp/server-card.json')).json()
    assert.equal(card.$schema, SERVER_CARD_SCHEMA)
    assert.match(card.name, /^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/)
    assert.equal(card.name, 'test.folio/folio')
    assert.equal(card.version, API_VERSION)
    assert.ok(card.description.length >= 1 && card.description.length <= 100)
    assert.deepEqual(card.remotes, [
      { type: 'streamable-http', url: `${BASE_URL}/mcp`, supportedProtocolVersions: [...MCP_PROTOCOL_VERSIONS] },
    ])
    assert.deepEqual(
      card.tools.map((tool: { name: string }) => tool.name),
      MCP_TOOLS.map((tool) => tool.name),
    )
    for (const tool of card.tools) assert.equal(tool.inputSchema.type, 'object')
  })

  test('the card agrees with what the MCP server says of itself (server/discover)', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/mcp',
      token: null,
      headers: { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'server/discover' },
      payload: {
        jsonrpc: '2.0',
        id: 1,
        method: 'server/discover',
        params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} } },
      },
    })
    const result = res.json().result
    const card = (await get('/.well-known/mcp/server-card.json')).json()
    assert.deepEqual(result.supportedVersions, card.remotes[0].supportedProtocolVersions)
    assert.equal(result._meta['io.modelcontextprotocol/serverInfo'].version, card.version)
    assert.equal(result._meta['io.modelcontextprotocol/serverInfo'].name, card.serverInfo.name)
  })
})

describe('/.well-known/api-catalog', () => {
  test('is an RFC 9264 linkset pointing at openapi.json, /developers/, /api/health and the MCP endpoint', async () => {
    const res = await get('/.well-known/api-catalog')
    const body = res.json()
    assert.deepEqual(Object.keys(body), ['linkset'], 'linkset is the sole member')
    for (const context of body.linkset) {
      assert.match(context.anchor, /^https:\/\//)
      for (const [relation, targets] of Object.entries(context)) {
        if (relation === 'anchor') continue
        assert.ok(Array.isArray(targets), `${relation} is an array`)
        for (const target of targets as { href: string }[]) assert.match(target.href, /^https:\/\//)
      }
    }
    const api = body.linkset.find((c: { anchor: string }) => c.anchor === `${BASE_URL}/api/`)
    assert.equal(api['service-desc'][0].href, `${BASE_URL}/openapi.json`)
    assert.equal(api['service-doc'][0].href, `${BASE_URL}/developers/`)
    assert.equal(api.status[0].href, `${BASE_URL}/api/health`)
    const catalog = body.linkset.find((c: { anchor: string }) => c.anchor === `${BASE_URL}/.well-known/api-catalog`)
    assert.deepEqual(
      catalog.item.map((i: { href: string }) => i.href),
      [`${BASE_URL}/api/`, `${BASE_URL}/mcp`],
    )
    // Every linked document is really served.
    for (const href of [`${BASE_URL}/openapi.json`, `${BASE_URL}/api/health`, `${BASE_URL}/.well-known/mcp/server-card.json`]) {
      assert.equal((await get(new URL(href).pathname)).statusCode, 200, `${href} answers`)
    }
  })
})

describe('/.well-known/ai-catalog.json and ard.json', () => {
  test('an ARD manifest listing the MCP server, the API, the skills and the llms.txt files, each served', async () => {
    const manifest = (await get('/.well-known/ai-catalog.json')).json()
    assert.deepEqual(Object.keys(manifest).sort(), ['entries', 'host', 'specVersion'])
    assert.equal(manifest.specVersion, '1.0')
    assert.equal(manifest.host.displayName, t.deps.site.name)
    const urls = manifest.entries.map((e: { url: string }) => e.url)
    for (const path of [
      '/.well-known/mcp/server-card.json',
      '/openapi.json',
      '/.well-known/api-catalog',
      '/.well-known/agent-skills/index.json',
      '/llms.txt',
      '/insights/llms.txt',
      '/services/llms.txt',
      '/developers/llms.txt',
    ]) {
      assert.ok(urls.includes(BASE_URL + path), `${path} is listed`)
    }
    for (const entry of manifest.entries) {
      assert.match(entry.identifier, /^urn:air:[a-zA-Z0-9.-]+(:[a-zA-Z0-9._-]+)+$/)
      assert.equal(typeof entry.displayName, 'string')
      assert.match(entry.type, /^[a-z]+\/[a-z0-9.+-]+$/)
      assert.ok(!('data' in entry), 'url xor data')
      assert.equal((await get(new URL(entry.url).pathname)).statusCode, 200, `${entry.url} answers`)
    }
    assert.equal(
      new Set(manifest.entries.map((e: { identifier: string }) => e.identifier)).size,
      manifest.entries.length,
      'identifiers are unique',
    )
    assert.equal(
      manifest.entries.find((e: { url: string }) => e.url.endsWith('/server-card.json')).type,
      'application/mcp-server-card+json',
    )
    assert.equal(manifest.entries.length, DISCOVERY_DOCUMENTS.filter((d) => d.catalog).length)
  })
})

describe('auth.md', () => {
  test('says how to get a key (e-mail with organisation, purpose, volume, scope), Bearer use, scopes, rotation, challenges, what is not served', async () => {
    const text = (await get('/auth.md')).body
    for (const needle of [
      t.deps.site.definition.contact_email,
      'organisation',
      'purpose',
      'volume',
      '`read` or `write`',
      'Authorization: Bearer <API_TOKEN>',
      'rotated',
      'retired key answers 401',
      `WWW-Authenticate: ${bearerChallenge()}`,
      'error="invalid_token"',
      `WWW-Authenticate: ${bearerChallenge({ error: 'insufficient_scope', scope: 'write' })}`,
      '403 forbidden',
      '/.well-known/oauth-authorization-server',
      '/.well-known/oauth-protected-resource',
      '/.well-known/agent-card.json',
      'no self-service registration',
    ]) {
      assert.ok(text.includes(needle), `auth.md says "${needle}"`)
    }
  })

  test('the challenges it quotes are the ones the API sends', async () => {
    const text = (await get('/auth.md')).body
    const anonymous = await t.request({ method: 'POST', url: '/api/content/', token: null, payload: {} })
    const invalid = await t.request({ method: 'POST', url: '/api/content/', token: 'wrong', payload: {} })
    const readOnly = await t.request({ method: 'POST', url: '/api/content/', token: t.readToken, payload: {} })
    assert.equal(anonymous.statusCode, 401)
    assert.equal(invalid.statusCode, 401)
    assert.equal(readOnly.statusCode, 403)
    for (const res of [anonymous, invalid, readOnly]) {
      assert.ok(
        text.includes(`WWW-Authenticate: ${res.headers['www-authenticate']}`),
        `auth.md quotes "${res.headers['www-authenticate']}"`,
      )
    }
  })
})
