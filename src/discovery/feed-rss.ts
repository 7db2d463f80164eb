// /feed.xml: RSS 2.0 with the full text in content:encoded, an atom:link rel="self", newest first.
import type { Site } from '../content/site-definition.js'
import { discoveryUrl } from '../contract/discovery-documents.js'
import { FEED_LANGUAGE, feedTitle, type FeedItem } from './feed-items.js'
import { INSIGHTS_PATH } from './site-pages.js'
import { cdata, escapeXml } from './xml.js'

function rfc822(iso: string): string {
  return new Date(iso).toUTCString()
}

function itemXml(item: FeedItem): string {
  const url = escapeXml(item.url)
  return [
    '<item>',
    `<title>${escapeXml(item.title)}</title>`,
    `<link>${url}</link>`,
    `<guid isPermaLink="true">${url}</guid>`,
    ...(item.published ? [`<pubDate>${rfc822(item.published)}</pubDate>`] : []),
    // RSS <author> must be an e-mail address; a plain name goes in dc:creator.
    ...(item.author ? [`<dc:creator>${escapeXml(item.author)}</dc:creator>`] : []),
    `<category>${escapeXml(item.category)}</category>`,
    ...item.tags.map((tag) => `<category>${escapeXml(tag)}</category>`),
    `<description>${escapeXml(item.summary)}</description>`,
    `<content:encoded>${cdata(item.html)}</content:encoded>`,
    '</item>',
  ].join('\n')
}

export function renderRss(site: Site, items: FeedItem[], baseUrl: string): string {
  const newest = items.reduce<number>(
    (acc, i) => Math.max(acc, ...[i.published, i.modified].filter((d): d is string => !!d).map(Date.parse)),
    0,
  )
  const channel = [
    `<title>${escapeXml(feedTitle(site))}</title>`,
    `<link>${escapeXml(baseUrl + INSIGHTS_PATH)}</link>`,
    `<description>${escapeXml(site.definition.description)}</description>`,
    `<language>${FEED_LANGUAGE}</language>`,
    ...(newest ? [`<lastBuildDate>${new Date(newest).toUTCString()}</lastBuildDate>`] : []),
    `<atom:link href="${escapeXml(discoveryUrl(baseUrl, 'feedRss'))}" rel="self" type="application/rss+xml"/>`,
    ...items.map(itemXml),
  ]
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '<channel>',
    ...channel,
    '</channel>',
    '</rss>',
    '',
  ].join('\n')
}
