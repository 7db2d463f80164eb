// The site definition: the firm, its locales, rubrics (categories) and services.
// Loaded once at start from FOLIO_SITE (or the bundled demo) and validated; a bad file stops the start.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Type, type Static } from 'typebox'
import { LIMITS, SLUG_PATTERN } from '../contract/limits.js'
import { fieldProblems } from '../contract/validator.js'
import { RESERVED_RUBRIC_SLUGS } from './urls.js'

const Slug = Type.String({ pattern: SLUG_PATTERN, minLength: 1, maxLength: LIMITS.slugMaxLength })
const Localised = Type.Record(Type.String(), Type.String({ minLength: 1 }))

export const SiteDefinitionSchema = Type.Object({
  name: Type.String({ minLength: 1 }),
  tagline: Type.String({ minLength: 1 }),
  description: Type.String({ minLength: 1 }),
  /** Where people ask for an API key (the spec, Authentication 3). */
  contact_email: Type.String({ format: 'email' }),
  locales: Type.Array(Type.String({ pattern: '^[a-z]{2}(-[A-Z]{2})?$' }), { minItems: 1 }),
  default_locale: Type.String(),
  rubrics: Type.Array(Type.Object({ slug: Slug, title: Type.String({ minLength: 1 }), description: Type.String({ minLength: 1 }) }), {
    minItems: 1,
  }),
  services: Type.Array(
    Type.Object({
      slug: Slug,
      group: Type.String({ minLength: 1 }),
      title: Localised,
      summary: Localised,
      /** What the service page says beyond the summary; without it the page shows the summary alone. */
      detail: Type.Optional(
        Type.Object({
          /** What the service is, a paragraph each. */
          what: Type.Array(Type.String({ minLength: 1 }), { minItems: 1 }),
          /** Who it is for, a paragraph each. */
          for_whom: Type.Array(Type.String({ minLength: 1 }), { minItems: 1 }),
          /** How an engagement runs, step by step. */
          engagement: Type.Array(Type.Object({ step: Type.String({ minLength: 1 }), text: Type.String({ minLength: 1 }) }), {
            minItems: 1,
          }),
        }),
      ),
    }),
  ),
  /** The people of the firm: the About page, and the author pages their articles' author_slug names. */
  team: Type.Optional(
    Type.Array(
      Type.Object({
        slug: Slug,
        name: Type.String({ minLength: 1 }),
        role: Type.String({ minLength: 1 }),
        bio: Type.String({ minLength: 1 }),
        /** Path or absolute URL of a portrait; without it the page shows the person's initials. */
        photo: Type.Optional(Type.String({ minLength: 1 })),
      }),
    ),
  ),
  /** What the About page says of the firm, a paragraph each. */
  about: Type.Optional(Type.Array(Type.String({ minLength: 1 }), { minItems: 1 })),
  /** How clients reach the firm (the Contact page): not the API-access address of contact_email. */
  contact: Type.Optional(
    Type.Object({
      email: Type.String({ format: 'email' }),
      phone: Type.Optional(Type.String({ minLength: 1 })),
      /** Postal address, a line each. */
      address: Type.Optional(Type.Array(Type.String({ minLength: 1 }), { minItems: 1 })),
      /** What a first message should say and what happens next. */
      note: Type.Optional(Type.String({ minLength: 1 })),
    }),
  ),
  /** Optional links the Organization JSON-LD lists (profiles elsewhere). */
  same_as: Type.Optional(Type.Array(Type.String({ format: 'uri' }))),
})
export type SiteDefinition = Static<typeof SiteDefinitionSchema>
export type Rubric = SiteDefinition['rubrics'][number]
export type Service = SiteDefinition['services'][number]
export type TeamMember = NonNullable<SiteDefinition['team']>[number]

/** The site definition with look-ups built once. */
export class Site {
  readonly rubricsBySlug: ReadonlyMap<string, Rubric>
  readonly servicesBySlug: ReadonlyMap<string, Service>
  readonly teamBySlug: ReadonlyMap<string, TeamMember>
  /** The folder the definition was read from (demo articles live under it). */
  readonly dir: string

  constructor(
    readonly definition: SiteDefinition,
    dir: string,
  ) {
    this.dir = dir
    this.rubricsBySlug = new Map(definition.rubrics.map((r) => [r.slug, r]))
    this.servicesBySlug = new Map(definition.services.map((s) => [s.slug, s]))
    this.teamBySlug = new Map((definition.team ?? []).map((m) => [m.slug, m]))
  }

  get name(): string {
    return this.definition.name
  }
  get locales(): string[] {
    return this.definition.locales
  }
  get defaultLocale(): string {
    return this.definition.default_locale
  }
  get rubrics(): Rubric[] {
    return this.definition.rubrics
  }
  get services(): Service[] {
    return this.definition.services
  }
  get team(): TeamMember[] {
    return this.definition.team ?? []
  }
  /** Where clients write: the firm's own contact address, else the one address the definition has. */
  get contactEmail(): string {
    return this.definition.contact?.email ?? this.definition.contact_email
  }

  /** A rubric's title for readers; a rubric the definition no longer has shows its slug. */
  rubricTitle(slug: string): string {
    return this.rubricsBySlug.get(slug)?.title ?? slug
  }

  /** A rubric named by its slug or its title (case-insensitive), as the create payload allows. */
  findRubric(slugOrTitle: string): Rubric | undefined {
    const bySlug = this.rubricsBySlug.get(slugOrTitle)
    if (bySlug) return bySlug
    const wanted = slugOrTitle.trim().toLowerCase()
    return this.rubrics.find((r) => r.slug === wanted || r.title.toLowerCase() === wanted)
  }

  /** A service named by its slug or any of its titles (case-insensitive). */
  findService(slugOrTitle: string): Service | undefined {
    const bySlug = this.servicesBySlug.get(slugOrTitle)
    if (bySlug) return bySlug
    const wanted = slugOrTitle.trim().toLowerCase()
    return this.services.find((s) => s.slug === wanted || Object.values(s.title).some((t) => t.toLowerCase() === wanted))
  }

  serviceTitle(service: Service, locale = this.defaultLocale): string {
    return service.title[locale] ?? service.title[this.defaultLocale] ?? Object.values(service.title)[0] ?? service.slug
  }

  serviceSummary(service: Service, locale = this.defaultLocale): string {
    return service.summary[locale] ?? service.summary[this.defaultLocale] ?? Object.values(service.summary)[0] ?? ''
  }
}

export class SiteDefinitionError extends Error {}

/** Reads and validates `<dir>/site.json`. Throws SiteDefinitionError naming every problem. */
export function loadSite(dir: string): Site {
  const file = join(dir, 'site.json')
  let raw: unknown
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'))
  } catch (error) {
    throw new SiteDefinitionError(`cannot read the site definition ${file}: ${(error as Error).message}`)
  }
  const problems = fieldProblems(SiteDefinitionSchema, raw)
  const definition = raw as SiteDefinition
  if (problems.length === 0) problems.push(...consistencyProblems(definition))
  if (problems.length > 0) {
    const lines = problems.map((p) => `  ${p.field}: ${p.message}`).join('\n')
    throw new SiteDefinitionError(`the site definition ${file} is invalid:\n${lines}`)
  }
  return new Site(definition, dir)
}

function consistencyProblems(site: SiteDefinition): { field: string; message: string }[] {
  const problems: { field: string; message: string }[] = []
  if (!site.locales.includes(site.default_locale)) {
    problems.push({ field: 'default_locale', message: 'must be one of locales' })
  }
  const duplicate = (list: { slug: string }[]) => list.map((x) => x.slug).find((s, i, all) => all.indexOf(s) !== i)
  const rubric = duplicate(site.rubrics)
  if (rubric) problems.push({ field: 'rubrics', message: `slug "${rubric}" appears twice` })
  const service = duplicate(site.services)
  if (service) problems.push({ field: 'services', message: `slug "${service}" appears twice` })
  const member = duplicate(site.team ?? [])
  if (member) problems.push({ field: 'team', message: `slug "${member}" appears twice` })
  for (const reserved of site.rubrics.filter((r) => RESERVED_RUBRIC_SLUGS.has(r.slug))) {
    problems.push({ field: 'rubrics', message: `slug "${reserved.slug}" is reserved by the site's own pages under /insights/` })
  }
  site.services.forEach((s, i) => {
    if (!s.title[site.default_locale]) problems.push({ field: `services[${i}].title`, message: `needs a ${site.default_locale} title` })
  })
  return problems
}
