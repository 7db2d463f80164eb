// The success answers of the Content API's endpoints, as TypeBox schemas: the endpoint table names
// them per status code, and openapi.json and the developer reference read them from there.
import { Type, type TSchema } from 'typebox'
import { Article, ArticleSummary, BodyWarning, Category, OkEnvelope, ServiceEntry } from './schemas.js'

/** A success answer: `status: "ok"`, `version`, and the given fields. */
export const ok = <P extends Record<string, TSchema>>(props: P, title?: string) =>
  Type.Object({ ...OkEnvelope, ...props }, { additionalProperties: true, ...(title ? { title } : {}) })

const ArticleStatus = Type.Union([Type.Literal('published'), Type.Literal('draft')])

const writtenFields = {
  ok: Type.Literal(true),
  slug: Type.String(),
  url: Type.String({ format: 'uri' }),
  warnings: Type.Optional(Type.Array(BodyWarning)),
}
const dryRunFields = {
  dry_run: Type.Literal(true),
  persisted: Type.Literal(false),
  slug: Type.Optional(Type.String()),
  url: Type.Optional(Type.String({ format: 'uri' })),
  status_after: Type.Optional(ArticleStatus),
  warnings: Type.Optional(Type.Array(BodyWarning)),
}

export const WrittenAnswer = ok(writtenFields, 'ArticleWritten')
export const DryRunAnswer = ok(
  { ...dryRunFields, categories: Type.Optional(Type.Array(Category)), services: Type.Optional(Type.Array(ServiceEntry)) },
  'ArticleDryRun',
)

export const CatalogAnswer = ok(
  {
    count: Type.Optional(Type.Integer({ description: 'every article the catalog lists, on every page (published ones by default)' })),
    categories: Type.Array(Category),
    tags: Type.Array(Type.String()),
    articles: Type.Array(ArticleSummary),
    next_cursor: Type.Union([Type.String(), Type.Null()]),
    services: Type.Optional(Type.Array(ServiceEntry)),
  },
  'Catalog',
)
export const CatalogChange = Type.Object(
  { kind: Type.String(), target: Type.String(), before: Type.Unknown(), after: Type.Unknown() },
  { title: 'CatalogChange' },
)

const RevisionChange = Type.Union([Type.Literal('update'), Type.Literal('delete'), Type.Literal('restore')], {
  description: 'the change that replaced this state',
})
const revisionFields = {
  revision: Type.Integer({ minimum: 1, description: '1, 2, 3… per slug, across a delete and a new article of the same slug' }),
  saved_at: Type.String({ format: 'date-time', description: 'when the change replaced this state' }),
  change: RevisionChange,
  by: Type.String({ description: 'the name of the key that made the change' }),
}
export const RevisionSummary = Type.Object(
  {
    ...revisionFields,
    status: ArticleStatus,
    title: Type.String(),
    size: Type.Integer({ description: "bytes of the stored article's JSON" }),
  },
  { title: 'RevisionSummary' },
)

export const RevisionList = ok(
  { slug: Type.String(), revisions: Type.Array(RevisionSummary), next_cursor: Type.Union([Type.String(), Type.Null()]) },
  'RevisionList',
)
export const RevisionAnswer = ok({ slug: Type.String(), ...revisionFields, article: Article }, 'Revision')

const missingImages = Type.Array(Type.String(), {
  description: 'site paths of images the restored article references that are no longer stored (a delete removed them)',
})
export const RestoreAnswer = Type.Union([
  ok({ ...writtenFields, missing_images: missingImages }, 'RevisionRestored'),
  ok({ ...dryRunFields, missing_images: missingImages }, 'RevisionRestoreDryRun'),
])

export const PreviewLinkAnswer = ok(
  {
    url: Type.String({ format: 'uri', description: '{base_url}/preview/<token>/: the article as its page will look, drafts included' }),
    expires_at: Type.String({ format: 'date-time' }),
  },
  'PreviewLink',
)
