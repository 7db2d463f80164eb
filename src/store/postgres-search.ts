// Search on PostgreSQL, by the match tiers both stores share (search-tiers.ts): each tier is a
// tsquery on the title's or the whole text's tsvector (migration 0015 gave the title its own, with
// a GIN index). A tier whose words few articles hold is read through its GIN index and sorted; a
// tier that matches many is read newest first along the catalog's own index, each article checked
// by its slug, and stops once the page is full: either way a tier costs about the same whether its
// words are in ten articles or in a hundred thousand. ts_headline, the costly part, runs on the page only.
import { sql, type Kysely, type RawBuilder } from 'kysely'
import type { Database } from './schema.js'
import { searchTiers, SNIPPET_WORDS, type RawHit, type SearchTier } from './search-tiers.js'
import type { SearchOptions } from './store.js'

/** More matches than this and a tier is read newest first instead of through its index. */
const FEW_MATCHES = 500

export async function postgresSearch(
  db: Kysely<Database>,
  terms: string[],
  mode: 'all' | 'any',
  options: SearchOptions,
): Promise<RawHit[]> {
  const words = terms.join(' ')
  // Each of these never fails on its input; the OR form joins words of letters and digits only.
  const queries = {
    phrase: sql`phraseto_tsquery('english', ${words})`,
    all: sql`plainto_tsquery('english', ${words})`,
    any: sql`to_tsquery('english', ${terms.join(' | ')})`,
  }
  // A tier's first matches, asked once per search (the text phrase tier's check asks what the
  // text words tier reads next).
  const asked = new Map<string, Promise<string[]>>()
  const matchesOf = (field: SearchTier['field'], match: SearchTier['match']) => {
    const key = `${field} ${match}`
    if (!asked.has(key)) asked.set(key, firstMatches(db, sql.ref(field === 'title' ? 's.title_document' : 's.document'), queries[match]))
    return asked.get(key)!
  }
  const picked = new Map<string, number>()
  for (const tier of searchTiers(terms, mode)) {
    if (picked.size >= options.limit) break
    if (tier.onlyIfRare && (await matchesOf('text', 'all')).length > FEW_MATCHES) continue
    const column = sql.ref(tier.field === 'title' ? 's.title_document' : 's.document')
    const few = await matchesOf(tier.field, tier.match)
    for (const slug of await tierSlugs(db, column, queries[tier.match], few, options, options.limit + picked.size)) {
      if (picked.size >= options.limit) break
      if (!picked.has(slug)) picked.set(slug, tier.score)
    }
  }
  if (picked.size === 0) return []
  const slugs = [...picked.keys()]
  const result = await sql<Omit<RawHit, 'score'>>`
    select a.slug, a.title, a.rubric, a.excerpt, a.published_at,
      ts_headline('english', s.body, ${queries.any},
        ${`StartSel=**, StopSel=**, MaxWords=${SNIPPET_WORDS}, MinWords=10, MaxFragments=1, ShortWord=2`}) as snippet
    from article_search s join articles a on a.slug = s.slug
    where s.slug = any(${slugs}) and a.status = 'published'`.execute(db)
  const bySlug = new Map(result.rows.map((row) => [row.slug, row]))
  return slugs.flatMap((slug) => {
    const row = bySlug.get(slug)
    return row ? [{ ...row, score: picked.get(slug)! }] : []
  })
}

/** The slugs of the first matches, at most one past FEW_MATCHES: enough to tell few from many. */
async function firstMatches(db: Kysely<Database>, column: RawBuilder<unknown>, query: RawBuilder<unknown>): Promise<string[]> {
  const result = await sql<{ slug: string }>`
    select s.slug from article_search s where ${column} @@ ${query} limit ${FEW_MATCHES + 1}`.execute(db)
  return result.rows.map((row) => row.slug)
}

/** One tier's matches, newest first (the catalog's order), at most `limit`; in one rubric when asked. */
async function tierSlugs(
  db: Kysely<Database>,
  column: RawBuilder<unknown>,
  query: RawBuilder<unknown>,
  /** The tier's first matches (firstMatches). */
  few: string[],
  options: SearchOptions,
  limit: number,
): Promise<string[]> {
  const rubric = options.rubric === undefined ? sql`` : sql`and a.rubric = ${options.rubric}`
  const result =
    few.length <= FEW_MATCHES
      ? await sql<{ slug: string }>`
          select a.slug from articles a
          where a.slug = any(${few}) and a.status = 'published' ${rubric}
          order by a.published_at desc, a.slug asc limit ${limit}`.execute(db)
      : await sql<{ slug: string }>`
          select a.slug from articles a
          where a.status = 'published' ${rubric}
            and exists (select 1 from article_search s where s.slug = a.slug and ${column} @@ ${query})
          order by a.published_at desc, a.slug asc limit ${limit}`.execute(db)
  return result.rows.map((r) => r.slug)
}
