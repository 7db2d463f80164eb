// The agent skills: SKILL.md templates under ./skills/<name>/, rendered with this site's values, and
// /.well-known/agent-skills/index.json (Agent Skills discovery 0.2.0) listing each with the sha256
// of exactly the bytes served at its URL.
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Config } from '../config.js'
import { LIMITS, megabytes } from '../contract/limits.js'
import { MCP_TOOLS } from '../contract/mcp-tools.js'
import { MCP_PROTOCOL_VERSIONS } from '../contract/version.js'
import type { Site } from '../content/site-definition.js'
import { argumentList } from './llms-developers.js'
import { EDITORIAL_ENDPOINTS } from '../contract/editorial-endpoints.js'
import type { EndpointDefinition } from '../contract/endpoints.js'

export const SKILLS_DIR = fileURLToPath(new URL('./skills/', import.meta.url))
export const AGENT_SKILLS_SCHEMA = 'https://schemas.agentskills.io/discovery/0.2.0/schema.json'
export const SKILL_NAME_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/

export interface SkillTemplate {
  name: string
  text: string
}

export interface RenderedSkill {
  name: string
  description: string
  /** Path of the skill file on this site. */
  path: string
  bytes: Buffer
}

/** Reads every ./skills/<name>/SKILL.md once at start (the renderers stay free of I/O). */
export function loadSkillTemplates(dir = SKILLS_DIR): SkillTemplate[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .map((name) => ({ name, text: readFileSync(join(dir, name, 'SKILL.md'), 'utf8') }))
}

export function skillPath(name: string): string {
  return `/.well-known/agent-skills/${name}/SKILL.md`
}

function formatQuota(quota: { requests: number; windowSeconds: number }): string {
  return `${quota.requests} requests per ${quota.windowSeconds} s`
}

/** The values a skill template may name as `{placeholder}`. */
export function skillValues(site: Site, baseUrl: string, rateLimits: Config['rateLimits']): Record<string, string> {
  return {
    base_url: baseUrl,
    site_name: site.name,
    protocol_versions: MCP_PROTOCOL_VERSIONS.map((v) => `\`${v}\``).join(' and '),
    mcp_tools: MCP_TOOLS.map((t) => `- \`${t.name}\` — ${t.description} Arguments: ${argumentList(t.inputSchema)}.`).join('\n'),
    mcp_rate_limit: formatQuota(rateLimits.mcp),
    content_rate_limit: formatQuota(rateLimits.content),
    slug_max: String(LIMITS.slugMaxLength),
    meta_title_max: String(LIMITS.metaTitleMaxLength),
    services_max: String(LIMITS.servicesPerArticle),
    idempotency_key_max: String(LIMITS.idempotencyKeyMaxLength),
    image_max: megabytes(LIMITS.imageFileBytes),
    editing_endpoints: Object.values(EDITORIAL_ENDPOINTS)
      // `<slug>` rather than `{slug}`: braces in a skill are its template's placeholders.
      .map(
        (def: EndpointDefinition) =>
          `- \`${def.method} ${baseUrl}${def.path.replace(/\{(\w+)\}/g, '<$1>')}\` (${def.scope ?? 'write'} key) — ${def.summary}.`,
      )
      .join('\n'),
  }
}

function frontMatterValue(text: string, key: string): string {
  const front = /^---\n([\s\S]*?)\n---\n/.exec(text)
  const line = front?.[1]?.split('\n').find((l) => l.startsWith(`${key}:`))
  if (!line) throw new Error(`skill file has no front matter "${key}"`)
  return line.slice(key.length + 1).trim()
}

/** One skill file with its placeholders filled; an unknown placeholder is a mistake in the template. */
export function renderSkill(template: SkillTemplate, values: Record<string, string>): RenderedSkill {
  const text = template.text.replace(/\r\n/g, '\n').replace(/\{([a-z_]+)\}/g, (_, key: string) => {
    const value = values[key]
    if (value === undefined) throw new Error(`skill ${template.name} names an unknown placeholder {${key}}`)
    return value
  })
  const name = frontMatterValue(text, 'name')
  if (name !== template.name || !SKILL_NAME_PATTERN.test(name))
    throw new Error(`skill folder ${template.name} must carry name: ${template.name}`)
  return { name, description: frontMatterValue(text, 'description'), path: skillPath(name), bytes: Buffer.from(text, 'utf8') }
}

export function sha256Digest(bytes: Buffer): string {
  return `sha256:${createHash('sha256').update(bytes).digest('hex')}`
}

export function renderSkillsIndex(skills: RenderedSkill[], baseUrl: string): string {
  const index = {
    $schema: AGENT_SKILLS_SCHEMA,
    skills: skills.map((s) => ({
      name: s.name,
      type: 'skill-md',
      description: s.description,
      url: baseUrl + s.path,
      digest: sha256Digest(s.bytes),
    })),
  }
  return `${JSON.stringify(index, null, 2)}\n`
}
