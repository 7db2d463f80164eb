// The benchmark's dataset: N realistic published articles written straight into a store, spread
// over the site's rubrics, services and three years of dates. Deterministic for a given N.
import type { ArticleRecord } from '../src/store/article-record.js'
import { deriveExcerpt } from '../src/content/excerpt.js'
import type { Site } from '../src/content/site-definition.js'
import type { Store } from '../src/store/store.js'

const SUBJECTS = [
  'pricing',
  'procurement',
  'supply chain',
  'cloud spend',
  'hiring',
  'retention',
  'working capital',
  'data quality',
  'customer churn',
  'forecasting',
  'vendor risk',
  'product margins',
  'field service',
  'onboarding',
  'capacity planning',
]
const VERBS = ['reduces', 'exposes', 'shortens', 'stabilises', 'improves', 'simplifies', 'protects', 'clarifies']
const OBJECTS = [
  'the monthly close',
  'quote-to-cash time',
  'inventory cover',
  'decision rights',
  'the budget cycle',
  'service levels',
  'cash conversion',
  'team workload',
]
const PLACES = [
  'in mid-size manufacturers',
  'in regional banks',
  'in software firms',
  'in logistics networks',
  'in public agencies',
  'in retail chains',
]

function pick<T>(list: readonly T[], n: number): T {
  return list[n % list.length]!
}

function paragraph(seed: number): string {
  const s = (k: number) => seed * 7 + k * 13
  return [
    `A clear ${pick(SUBJECTS, s(1))} routine ${pick(VERBS, s(2))} ${pick(OBJECTS, s(3))} ${pick(PLACES, s(4))} within two reporting periods.`,
    `Teams that write the rule down and review it each quarter keep the gain; teams that rely on memory lose it by the next budget round.`,
    `The figures below come from 2025 engagements and are stated as ranges, because every business starts from a different baseline.`,
    `Start with the ${pick(SUBJECTS, s(5))} decisions that recur every week, name one owner for each, and measure ${pick(OBJECTS, s(6))} before and after.`,
  ].join(' ')
}

export function datasetArticle(i: number, site: Site, bodyBytes = 3_000): ArticleRecord {
  const rubric = pick(site.rubrics, i).slug
  const subject = pick(SUBJECTS, i * 3)
  const title = `How ${subject} ${pick(VERBS, i)} ${pick(OBJECTS, i * 5)} (${i})`
  const sections: string[] = []
  let size = 0
  for (let k = 0; size < bodyBytes; k++) {
    const part = `${k % 3 === 0 ? `<h2>What changes in ${pick(SUBJECTS, i + k)}?</h2>` : ''}<p>${paragraph(i + k)}</p>`
    sections.push(part)
    size += part.length
  }
  const body = sections.join('')
  // Three years of dates, newest first by index so paging has a stable, realistic spread.
  const published = new Date(Date.UTC(2026, 9, 31) - i * 3_600_000 * 2.5).toISOString()
  const services = [pick(site.services, i).slug, pick(site.services, i * 7 + 3).slug].filter((v, k, all) => all.indexOf(v) === k)
  return {
    slug: `${subject.replace(/\s+/g, '-')}-${i}`,
    title,
    body,
    rubric,
    lang: site.defaultLocale,
    tags: [rubric, subject.replace(/\s+/g, '-'), `topic-${i % 40}`],
    excerpt: deriveExcerpt(body),
    status: 'published',
    published_at: published,
    updated_at: published,
    created_at: published,
    translation_of: null,
    author: pick(['Maya Lindqvist', 'Tomás Ortega', 'Priya Raman', 'Jonas Weber'], i),
    author_slug: pick(['maya-lindqvist', 'tomas-ortega', 'priya-raman', 'jonas-weber'], i),
    meta_title: '',
    featured: i % 50 === 0,
    cover_image_url: '',
    cover_image_alt: '',
    content: {
      faq: [
        {
          q: `How long does a ${subject} review take?`,
          a: 'Six to ten weeks for a mid-size business, including two weeks of measurement.',
        },
        { q: 'Who should own the rule?', a: 'One named manager per recurring decision, reviewed each quarter.' },
      ],
      key_takeaways: [`Write the ${subject} rule down.`, 'Name one owner per decision.', 'Measure before and after.'],
      sources: [{ title: 'OECD Economic Outlook, 2025', url: 'https://www.oecd.org/economic-outlook/', publisher: 'OECD' }],
    },
    services,
    topics: [],
  }
}

/** Writes N articles (skipping any already there) and answers how many were written. */
export async function seedDataset(store: Store, site: Site, count: number, onProgress?: (done: number) => void): Promise<number> {
  const existing = await store.articles.count()
  for (let i = existing; i < count; i++) {
    await store.articles.create(datasetArticle(i, site))
    if (onProgress && i % 5_000 === 0) onProgress(i)
  }
  return count - existing
}

/** Article i as an editor would POST it to /api/content/ (the API's create shape, not the stored record).
 * Its last paragraph holds sentences the quality checks read with the English tagger, as real
 * articles do, so that creates pay for the tagger and the server's memory counts its model. */
export function datasetPayload(i: number, site: Site, slug: string, bodyBytes = 5_000) {
  const { title, body, rubric, lang, tags, author, author_slug, content, services } = datasetArticle(i, site, bodyBytes)
  const closing = `<p>Clients that kept the routine over the past two years saw the largest gains in ${pick(PLACES, i).slice(3)}.</p>`
  return { slug, title, body: `${body}${closing}`, rubric, lang, tags, status: 'published', author, author_slug, content, services }
}
