// /search?q=: published articles matching the words of q, best first, each with a snippet whose
// matched words are marked. Never indexed; a plain GET form, so it works without JavaScript.
import { esc } from './escape.js'
import { articlePath, SEARCH_PATH } from '../../content/urls.js'
import type { SearchHit } from '../../store/store.js'
import { DateTime } from './components.js'
import type { PageContent, PageContext } from './page.js'

/** The snippet as HTML: the text escaped first, then the hits (wrapped in ** by the store) marked. */
export function markedSnippet(snippet: string): string {
  return esc(snippet).replace(/\*\*([^*]+)\*\*/g, '<mark>$1</mark>')
}

export function SearchForm({ query, id }: { query: string; id: string }): string {
  return (
    <form class="search-form" action={SEARCH_PATH} method="get" role="search">
      <label for={id}>Search insights</label>
      <input id={id} type="search" name="q" value={esc(query)} maxlength="200" />
      <button type="submit">Search</button>
    </form>
  ) as string
}

/** `query` is what the reader typed (trimmed); `problem` says why it was not searched, if it was not. */
export function searchPage(query: string, hits: SearchHit[], problem: string | null, ctx: PageContext): PageContent {
  const { site } = ctx
  const heading = query && !problem ? `Search results for “${query}”` : 'Search'
  const status =
    problem ??
    (query
      ? `${hits.length === 0 ? 'No' : hits.length} insight${hits.length === 1 ? '' : 's'} found.`
      : 'Type a few words to search every insight.')
  const main = (
    <>
      <header class="page-header">
        <h1 safe>{heading}</h1>
      </header>
      <SearchForm query={query} id="search-page-q" />
      <p class="search-status" role="status" safe>
        {status}
      </p>
      {hits.length > 0 ? (
        <ol class="search-results">
          {hits.map((hit) => (
            <li class="search-hit">
              <h2 class="card-title">
                <a href={articlePath(hit.rubric, hit.slug)} safe>
                  {hit.title}
                </a>
              </h2>
              <p class="card-meta">
                <span safe>{site.rubricTitle(hit.rubric)}</span>
                {hit.published_at ? <DateTime iso={hit.published_at} /> : ''}
              </p>
              <p class="card-excerpt" safe>
                {hit.excerpt}
              </p>
              {hit.snippet ? <p class="search-snippet">{markedSnippet(hit.snippet)}</p> : ''}
            </li>
          ))}
        </ol>
      ) : (
        ''
      )}
    </>
  ) as string
  return {
    path: query ? `${SEARCH_PATH}?q=${encodeURIComponent(query)}` : SEARCH_PATH,
    title: heading,
    description: `Search the insights of ${site.name}.`,
    main,
    section: 'none',
    lang: site.defaultLocale,
    ogType: 'website',
    jsonLd: [],
    indexable: false,
  }
}
