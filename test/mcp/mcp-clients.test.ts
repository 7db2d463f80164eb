// The official TypeScript MCP clients against a real listening Folio: @modelcontextprotocol/sdk 1.x
// (2025 era, negotiated down to 2025-06-18) and @modelcontextprotocol/client 2.x (2026-07-28), each
// connecting, listing the tools and calling every one over the streamable HTTP transport.
import assert from 'node:assert/strict'
import type { AddressInfo } from 'node:net'
import { after, before, describe, test } from 'node:test'
import { Client as ModernClient, StreamableHTTPClientTransport as ModernTransport } from '@modelcontextprotocol/client'
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport as LegacyTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { MCP_TOOLS } from '../../src/contract/mcp-tools.js'
import { articlePayload, startTestApp, type TestApp } from '../helpers/test-app.js'

let t: TestApp
let endpoint: URL

before(async () => {
  t = await startTestApp()
  for (const payload of [
    articlePayload({ slug: 'pricing-playbook', content: { faq: [{ q: 'Who owns it?', a: 'The commercial lead.' }] } }),
    articlePayload({
      slug: 'inventory-turns',
      title: 'Inventory turns explained',
      rubric: 'operations',
      body: '<p>Inventory turns measure how often stock is sold and replaced in a year.</p>',
    }),
  ]) {
    const res = await t.request({ method: 'POST', url: '/api/content/', payload })
    assert.equal(res.statusCode, 200, res.body)
  }
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  endpoint = new URL(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/mcp`)
})
after(() => t.close())

type ToolResult = { isError?: boolean; structuredContent?: unknown; content?: unknown }
type Caller = (name: string, args: Record<string, unknown>) => Promise<ToolResult>

async function exerciseEveryTool(call: Caller) {
  const search = await call('search_articles', { query: 'inventory turns' })
  assert.equal(search.isError ?? false, false)
  const results = (search.structuredContent as { results: { slug: string }[] }).results
  assert.equal(results[0]?.slug, 'inventory-turns')

  const article = await call('get_article', { slug: 'pricing-playbook' })
  assert.equal(article.isError ?? false, false)
  const got = (article.structuredContent as { article: { markdown: string; faq: unknown[] } }).article
  assert.match(got.markdown, /pricing playbook/i)
  assert.deepEqual(got.faq, [{ q: 'Who owns it?', a: 'The commercial lead.' }])

  const missing = await call('get_article', { slug: 'no-such-article' })
  assert.equal(missing.isError, true, 'an unknown slug is a tool result with isError')

  const list = await call('list_articles', { limit: 1 })
  const page = list.structuredContent as { articles: unknown[]; next_cursor: string | null }
  assert.equal(page.articles.length, 1)
  assert.equal(typeof page.next_cursor, 'string')

  const rubrics = await call('list_rubrics', {})
  assert.ok((rubrics.structuredContent as { rubrics: unknown[] }).rubrics.length >= 4)

  const services = await call('list_services', { group: 'Strategy' })
  assert.ok((services.structuredContent as { services: unknown[] }).services.length >= 1)
}

describe('@modelcontextprotocol/sdk 1.x (2025 era)', () => {
  test('connects (asking for a newer revision, negotiated down to 2025-06-18), lists the tools and calls each one', async () => {
    const client = new LegacyClient({ name: 'folio-test-v1', version: '1.0.0' })
    const transport = new LegacyTransport(endpoint)
    await client.connect(transport)
    try {
      assert.equal(transport.protocolVersion, '2025-06-18')
      assert.equal(transport.sessionId, undefined, 'the server is stateless and never mints Mcp-Session-Id')
      assert.equal(client.getServerVersion()?.name, 'folio')
      const { tools } = await client.listTools()
      assert.deepEqual(
        tools.map((tool) => tool.name),
        MCP_TOOLS.map((tool) => tool.name),
      )
      for (const tool of tools) {
        assert.equal(tool.annotations?.readOnlyHint, true)
        assert.equal(tool.inputSchema.type, 'object')
        assert.equal(tool.outputSchema?.type, 'object')
      }
      // The client checks structuredContent against each tool's outputSchema on every call.
      await exerciseEveryTool((name, args) => client.callTool({ name, arguments: args }) as Promise<ToolResult>)
    } finally {
      await client.close()
    }
  })
})

describe('@modelcontextprotocol/client 2.x (2026-07-28)', () => {
  test('pinned to 2026-07-28: discovers, lists the tools and calls each one', async () => {
    const client = new ModernClient({ name: 'folio-test-v2', version: '2.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } })
    await client.connect(new ModernTransport(endpoint))
    try {
      assert.equal(client.getNegotiatedProtocolVersion(), '2026-07-28')
      assert.equal(client.getProtocolEra(), 'modern')
      const { tools } = await client.listTools()
      assert.deepEqual(
        tools.map((tool) => tool.name),
        MCP_TOOLS.map((tool) => tool.name),
      )
      assert.ok(tools.every((tool) => tool.annotations?.readOnlyHint === true))
      await exerciseEveryTool((name, args) => client.callTool({ name, arguments: args }) as Promise<ToolResult>)
    } finally {
      await client.close()
    }
  })

  test('in auto mode the probe finds the modern era', async () => {
    const client = new ModernClient({ name: 'folio-test-v2-auto', version: '2.0.0' }, { versionNegotiation: { mode: 'auto' } })
    await client.connect(new ModernTransport(endpoint))
    try {
      assert.equal(client.getNegotiatedProtocolVersion(), '2026-07-28')
      const { tools } = await client.listTools()
      assert.equal(tools.length, MCP_TOOLS.length)
      const result = (await client.callTool({ name: 'search_articles', arguments: { query: 'pricing playbook' } })) as ToolResult
      assert.equal((result.structuredContent as { results: { slug: string }[] }).results[0]?.slug, 'pricing-playbook')
    } finally {
      await client.close()
    }
  })

  test('in its default (legacy) mode it connects with initialize and gets 2025-06-18', async () => {
    const client = new ModernClient({ name: 'folio-test-v2-legacy', version: '2.0.0' })
    await client.connect(new ModernTransport(endpoint))
    try {
      assert.equal(client.getNegotiatedProtocolVersion(), '2025-06-18')
      assert.equal(client.getProtocolEra(), 'legacy')
      const { tools } = await client.listTools()
      assert.equal(tools.length, MCP_TOOLS.length)
      await exerciseEveryTool((name, args) => client.callTool({ name, arguments: args }) as Promise<ToolResult>)
    } finally {
      await client.close()
    }
  })
})
