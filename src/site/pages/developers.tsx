// /developers/: the human API reference, rendered from the contract tables (endpoints, errors,
// MCP tools, version) and the configured rate limits — nothing here is a copy of a table.
import { esc } from './escape.js'
import type { Config } from '../../config.js'
import { ENDPOINT_IDS, ENDPOINTS, keyedQueryNotes, type EndpointDefinition, type RatePolicyName } from '../../contract/endpoints.js'
import { ERROR_CATALOGUE, ERROR_CODES } from '../../contract/errors.js'
import { MCP_TOOLS } from '../../contract/mcp-tools.js'
import { API_MAJOR, API_VERSION, API_VERSION_HEADER, MCP_PROTOCOL_VERSIONS } from '../../contract/version.js'
import { DISCOVERY_DOCUMENTS } from '../../contract/discovery-documents.js'
import { BODY_DESCRIPTIONS } from '../../contract/schemas.js'
import type { PageContent, PageContext } from './page.js'

/** The sections of the page in order: the table of contents links each to its `id`. */
const SECTIONS = [
  ['authentication', 'Authentication'],
  ['endpoints', 'Endpoints'],
  ['rate-limits', 'Rate limits'],
  ['versioning', 'Versioning'],
  ['mcp', 'MCP server'],
  ['errors', 'Errors'],
  ['discovery', 'Discovery documents'],
] as const
type SectionId = (typeof SECTIONS)[number][0]

/** A section of the page with its heading, titled from SECTIONS so the contents and headings agree. */
function Section({ id, children }: { id: SectionId; children?: unknown }): string {
  const title = SECTIONS.find(([sectionId]) => sectionId === id)![1]
  return (
    <section id={id} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} safe>
        {title}
      </h2>
      {children as string}
    </section>
  ) as string
}

function authLabel(def: EndpointDefinition): string {
  if (def.auth === 'bearer') return `Bearer (${def.scope ?? 'write'} scope)`
  const keyed = keyedQueryNotes(def)
  return keyed.length ? `none; ${keyed.join('; ')}` : 'none'
}

function EndpointRow({ def }: { def: EndpointDefinition }): string {
  return (
    <tr>
      <td>
        <code safe>{def.method}</code>
      </td>
      <td>
        <code safe>{def.path}</code>
      </td>
      <td safe>{authLabel(def)}</td>
      <td safe>{def.ratePolicy ?? '—'}</td>
      <td>
        <span safe>{def.summary}</span>
        {def.description ? <span class="note" safe>{` ${def.description}`}</span> : ''}
        {def.query?.length ? (
          <ul class="params">
            {def.query.map((q) => (
              <li>
                <code safe>{q.name}</code> <span safe>{q.description}</span>
              </li>
            ))}
          </ul>
        ) : (
          ''
        )}
        {def.headers?.length ? (
          <ul class="params">
            {def.headers.map((h) => (
              <li>
                header <code safe>{h}</code>
              </li>
            ))}
          </ul>
        ) : (
          ''
        )}
      </td>
      <td>
        {def.errors.length ? (
          <ul class="codes">
            {def.errors.map((code) => (
              <li>
                <a href={`#error-${code}`}>
                  <code safe>{code}</code>
                </a>
              </li>
            ))}
          </ul>
        ) : (
          '—'
        )}
      </td>
    </tr>
  ) as string
}

export function developersPage(config: Config, ctx: PageContext): PageContent {
  const { site, baseUrl } = ctx
  const policies = Object.keys(config.rateLimits) as RatePolicyName[]
  const endpointsOf = (policy: RatePolicyName) =>
    ENDPOINT_IDS.map((id) => ENDPOINTS[id] as EndpointDefinition).filter((d) => d.ratePolicy === policy)
  const main = (
    <>
      <header class="page-header">
        <p class="eyebrow" safe>{`${site.name} Content API ${API_VERSION}`}</p>
        <h1>Developer reference</h1>
        <p class="lede">
          Read and publish articles over JSON HTTP, search them through a read-only MCP server, and find everything through the discovery
          documents. Reading is public; writing needs a key.
        </p>
        <nav class="toc" aria-label="On this page">
          <ul>
            {SECTIONS.map(([id, title]) => (
              <li>
                <a href={`#${id}`} safe>
                  {title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <Section id="authentication">
        <p>
          Every reading surface answers anonymously: no key, no login. Writing endpoints (and the catalog and tags) need the header{' '}
          <code safe>{'Authorization: Bearer <API_TOKEN>'}</code>.
        </p>
        <p>
          Keys are issued by a person, not by an endpoint. Write to{' '}
          <a href={esc(`mailto:${site.definition.contact_email}`)} safe>
            {site.definition.contact_email}
          </a>{' '}
          with your organisation, the purpose of the integration, the expected volume and the scope you need (read or write). There is no
          self-service registration, no claim step and nothing to poll: the key is handed over out of band.
        </p>
        <p>
          A key does not expire. It is withdrawn by rotation: a new key works beside the old one until the old one is retired, after which
          the old one answers <a href="#error-unauthorized">401</a>. A key without the needed scope answers{' '}
          <a href="#error-forbidden">403</a>. Agents find the same rules at <a href="/auth.md">/auth.md</a>.
        </p>
      </Section>
      <Section id="endpoints">
        <p
          safe
        >{`All answers are JSON; a success carries status "ok" and version. Base URL: ${baseUrl}. The same list, machine-readable: GET /api/ and /openapi.json.`}</p>
        <p>
          An article's body comes as <code>body</code> ({esc(BODY_DESCRIPTIONS.body)}) or as <code>body_markdown</code> (
          {esc(BODY_DESCRIPTIONS.body_markdown)}).
        </p>
        <div class="table-scroll">
          <table>
            <caption>Every endpoint of the Content API and the MCP server</caption>
            <thead>
              <tr>
                <th scope="col">Method</th>
                <th scope="col">Path</th>
                <th scope="col">Auth</th>
                <th scope="col">Rate policy</th>
                <th scope="col">What it does</th>
                <th scope="col">Errors</th>
              </tr>
            </thead>
            <tbody>
              {ENDPOINT_IDS.map((id) => (
                <EndpointRow def={ENDPOINTS[id]} />
              ))}
            </tbody>
          </table>
        </div>
      </Section>
      <Section id="rate-limits">
        <p>Limits count requests per client address in fixed windows. Over the limit, the answer is 429 with Retry-After.</p>
        <ul>
          {policies.map((policy) => {
            const quota = config.rateLimits[policy]
            return (
              <li>
                <strong safe>{policy}</strong>
                <span safe>{`: ${quota.requests} requests per ${quota.windowSeconds} seconds — `}</span>
                {endpointsOf(policy).map((d, i) => (
                  <>
                    {i > 0 ? ', ' : ''}
                    <code safe>{`${d.method} ${d.path}`}</code>
                  </>
                ))}
              </li>
            )
          })}
        </ul>
        <p>
          See <a href="#error-rate_limited">rate_limited</a>.
        </p>
      </Section>
      <Section id="versioning">
        <p>
          The API version is <code safe>{API_VERSION}</code>; every answer carries it in <code>version</code>. The request header{' '}
          <code safe>{API_VERSION_HEADER}</code> is optional: leave it out, or send <code safe>{String(API_MAJOR)}</code>; any other major
          answers <a href="#error-unsupported_version">unsupported_version</a>.
        </p>
        <p>
          A breaking change gets a new major version. An endpoint to be removed first carries the <code>Deprecation</code> (RFC 9745) and{' '}
          <code>Sunset</code> (RFC 8594) headers for at least 90 days and is listed here. No endpoint is deprecated.
        </p>
        <p>
          The MCP server speaks the protocol revisions{' '}
          {MCP_PROTOCOL_VERSIONS.map((v, i) => (
            <>
              {i > 0 ? ' and ' : ''}
              <code safe>{v}</code>
            </>
          ))}
          .
        </p>
      </Section>
      <Section id="mcp">
        <p>
          <code>POST /mcp</code>, JSON-RPC 2.0, no authentication. Every tool is read-only and answers text content with{' '}
          <code>structuredContent</code>. The server card is at{' '}
          <a href="/.well-known/mcp/server-card.json">/.well-known/mcp/server-card.json</a>.
        </p>
        <dl class="tools">
          {MCP_TOOLS.map((tool) => (
            <>
              <dt>
                <code safe>{tool.name}</code> <span safe>{tool.title}</span>
              </dt>
              <dd safe>{tool.description}</dd>
            </>
          ))}
        </dl>
      </Section>
      <Section id="errors">
        <p>
          An error answers <code>{'{ status: "error", code, message, hint, docs, version }'}</code>, with <code>errors[]</code> when there
          are details; <code>docs</code> links to the code's section below.
        </p>
        <div class="error-grid">
          {ERROR_CODES.map((code) => {
            const entry = ERROR_CATALOGUE[code]
            return (
              <section class="error-code" id={`error-${code}`} aria-labelledby={`error-${code}-title`}>
                <h3 id={`error-${code}-title`}>
                  <code safe>{code}</code> <span class="status" safe>{`HTTP ${entry.status}`}</span>
                </h3>
                <p safe>{entry.message}</p>
                <p class="hint" safe>
                  {entry.hint}
                </p>
              </section>
            )
          })}
        </div>
      </Section>
      <Section id="discovery">
        <p>Every page of this site also answers markdown at the same URL when asked with Accept: text/markdown.</p>
        <ul>
          {DISCOVERY_DOCUMENTS.map((doc) => (
            <li>
              {doc.paths.map((path, i) => (
                <>
                  {i > 0 ? ' or ' : ''}
                  <a href={path}>
                    <code safe>{path}</code>
                  </a>
                </>
              ))}{' '}
              <span safe>{`— ${doc.title}: ${doc.description}`}</span>
            </li>
          ))}
        </ul>
      </Section>
    </>
  ) as string
  return {
    path: '/developers/',
    title: 'Developer reference',
    description: `The ${site.name} Content API and MCP server: endpoints, authentication, rate limits, versioning, MCP tools and error codes.`,
    main,
    section: 'developers',
    lang: site.defaultLocale,
    ogType: 'website',
    jsonLd: [],
  }
}
