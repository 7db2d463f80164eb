// /feed.json: JSON Feed 1.1 (written here: the feed package only writes 1.0), full text in content_html.
import type { Site } from '../content/site-definition.js'
import { discoveryUrl } from '../contract/discovery-documents.js'
import { FEED_LANGUAGE, feedTitle, type FeedItem } from './feed-items.js'
import { HOME_PATH, INSIGHTS_PATH } from './site-pages.js'

export const JSON_FEED_VERSION = 'https://jsonfeed.org/version/1.1'

export function renderJsonFeed(site: Site, items: FeedItem[], baseUrl: string): string {
  const feed = {
    version: JSON_FEED_VERSION,
    title: feedTitle(site),
    home_page_url: baseUrl + INSIGHTS_PATH,
    feed_url: discoveryUrl(baseUrl, 'feedJson'),
    description: site.definition.description,
    language: FEED_LANGUAGE,
    authors: [{ name: site.name, url: baseUrl + HOME_PATH }],
    items: items.map((item) => ({
      id: item.url,
      url: item.url,
      title: item.title,
      content_html: item.html,
      ...(item.summary ? { summary: item.summary } : {}),
      ...(item.published ? { date_published: item.published } : {}),
      ...(item.modified ? { date_modified: item.modified } : {}),
      tags: [...new Set([item.category, ...item.tags])],
      ...(item.author ? { authors: [{ name: item.author }] } : {}),
      language: FEED_LANGUAGE,
    })),
  }
  return `${JSON.stringify(feed, null, 2)}\n`
}
