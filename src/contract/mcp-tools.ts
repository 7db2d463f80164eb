// The MCP tool table: every tool the read-only MCP server offers, with its input and output
// schemas. The MCP server (tools/list, argument checks), the server card, /developers/ and
// /developers/llms.txt all read this one table.
import { Type, type TSchema } from 'typebox'
import { LIMITS, SLUG_PATTERN } from './limits.js'

export interface McpToolDefinition {
  name: string
  title: string
  description: string
  inputSchema: TSchema
  outputSchema: TSchema
}

/** Page sizes of the list and search tools. */
export const MCP_TOOL_LIMITS = { searchDefault: 10, searchMax: 50, listDefault: 20, listMax: 100 } as const

const Slug = Type.String({ minLength: 1, maxLength: LIMITS.slugMaxLength, pattern: SLUG_PATTERN })
const RubricFilter = Type.String({ minLength: 1, description: 'a rubric slug (see list_rubrics)' })

const ArticleListItem = Type.Object({
  slug: Type.String(),
  title: Type.String(),
  url: Type.String({ format: 'uri' }),
  rubric: Type.String(),
  rubric_title: Type.String(),
  lang: Type.String(),
  excerpt: Type.String(),
  tags: Type.Array(Type.String()),
  published_at: Type.Union([Type.String(), Type.Null()]),
  updated_at: Type.Union([Type.String(), Type.Null()]),
})

export const SearchHit = Type.Object({
  slug: Type.String(),
  title: Type.String(),
  url: Type.String({ format: 'uri' }),
  rubric: Type.String(),
  excerpt: Type.String(),
  /** A short passage around the match, the matched words wrapped in ** (markdown bold). */
  snippet: Type.String(),
  published_at: Type.Union([Type.String(), Type.Null()]),
  score: Type.Number({ description: 'relevance, higher is better' }),
})

const FaqItem = Type.Object({ q: Type.String(), a: Type.String() })
const SourceItem = Type.Object({ title: Type.String(), url: Type.Optional(Type.String()), publisher: Type.Optional(Type.String()) })

export const MCP_TOOLS = [
  {
    name: 'search_articles',
    title: 'Search articles',
    description:
      'Full-text search over the published articles, best match first. Returns slug, title, url, excerpt and a snippet with the matched words in **bold**.',
    inputSchema: Type.Object(
      {
        query: Type.String({ minLength: 1, maxLength: 500, description: 'words to look for' }),
        rubric: Type.Optional(RubricFilter),
        limit: Type.Optional(
          Type.Integer({
            minimum: 1,
            maximum: MCP_TOOL_LIMITS.searchMax,
            default: MCP_TOOL_LIMITS.searchDefault,
            description: 'results to return',
          }),
        ),
      },
      { additionalProperties: false },
    ),
    outputSchema: Type.Object({ query: Type.String(), results: Type.Array(SearchHit) }),
  },
  {
    name: 'get_article',
    title: 'Read an article',
    description: 'One published article by slug: its body as markdown, with FAQ, key takeaways and sources.',
    inputSchema: Type.Object({ slug: Slug }, { additionalProperties: false }),
    outputSchema: Type.Object({
      article: Type.Object({
        slug: Type.String(),
        title: Type.String(),
        url: Type.String({ format: 'uri' }),
        rubric: Type.String(),
        rubric_title: Type.String(),
        lang: Type.String(),
        author: Type.String(),
        excerpt: Type.String(),
        tags: Type.Array(Type.String()),
        services: Type.Array(Type.String()),
        published_at: Type.Union([Type.String(), Type.Null()]),
        updated_at: Type.Union([Type.String(), Type.Null()]),
        markdown: Type.String({ description: 'the body as markdown' }),
        faq: Type.Array(FaqItem),
        key_takeaways: Type.Array(Type.String()),
        sources: Type.Array(SourceItem),
      }),
    }),
  },
  {
    name: 'list_articles',
    title: 'List articles',
    description: 'Published articles, newest first, optionally of one rubric or tag; page with the returned next_cursor.',
    inputSchema: Type.Object(
      {
        rubric: Type.Optional(RubricFilter),
        tag: Type.Optional(Type.String({ minLength: 1 })),
        limit: Type.Optional(
          Type.Integer({
            minimum: 1,
            maximum: MCP_TOOL_LIMITS.listMax,
            default: MCP_TOOL_LIMITS.listDefault,
            description: 'articles per page',
          }),
        ),
        cursor: Type.Optional(Type.String({ minLength: 1, description: 'the next_cursor of the previous page' })),
      },
      { additionalProperties: false },
    ),
    outputSchema: Type.Object({ articles: Type.Array(ArticleListItem), next_cursor: Type.Union([Type.String(), Type.Null()]) }),
  },
  {
    name: 'list_rubrics',
    title: 'List rubrics',
    description: "The firm's rubrics (article categories) with their description, published article count and page URL.",
    inputSchema: Type.Object({}, { additionalProperties: false }),
    outputSchema: Type.Object({
      rubrics: Type.Array(
        Type.Object({
          slug: Type.String(),
          title: Type.String(),
          description: Type.String(),
          count: Type.Integer(),
          url: Type.String({ format: 'uri' }),
        }),
      ),
    }),
  },
  {
    name: 'list_services',
    title: 'List services',
    description: "The firm's services, optionally of one group, each with its summary and page URL.",
    inputSchema: Type.Object(
      { group: Type.Optional(Type.String({ minLength: 1, description: 'a service group name' })) },
      { additionalProperties: false },
    ),
    outputSchema: Type.Object({
      services: Type.Array(
        Type.Object({
          slug: Type.String(),
          group: Type.String(),
          title: Type.String(),
          summary: Type.String(),
          url: Type.String({ format: 'uri' }),
        }),
      ),
    }),
  },
] as const satisfies readonly McpToolDefinition[]

export type McpToolName = (typeof MCP_TOOLS)[number]['name']

/** Every tool is read-only and looks at nothing outside this site. */
export const MCP_TOOL_ANNOTATIONS = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const
