// `folio pull`: every article of a running Folio written as DIR/<slug>.md, in the format `publish`
// reads, so a site moves its articles into a repository and publishes them back unchanged.
import { Option, type Command } from 'commander'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Article } from '../contract/schemas.js'
import { formatArticleFile } from './publishing/article-file.js'
import { articleAsFile } from './publishing/article-view.js'
import { CONNECTION_ENVIRONMENT, connect, type ConnectionOptions } from './publishing/connection.js'
import { Progress } from './publishing/progress.js'

interface PullOptions extends ConnectionOptions {
  out: string
  status: 'published' | 'draft' | 'all'
}

async function pull(options: PullOptions) {
  const client = connect(options)
  const slugs: string[] = []
  let cursor: string | null = null
  do {
    const query = new URLSearchParams({
      ...(options.status === 'published' ? {} : { status: options.status }),
      ...(cursor ? { cursor } : {}),
    })
    const page = (await client.json('GET', `/api/content/catalog${query.size > 0 ? `?${query.toString()}` : ''}`)) as {
      articles: { slug: string }[]
      next_cursor: string | null
    }
    slugs.push(...page.articles.map((a) => a.slug))
    cursor = page.next_cursor
  } while (cursor)

  await mkdir(options.out, { recursive: true })
  const progress = new Progress(slugs.length, slugs.length > 1 && process.stderr.isTTY === true)
  for (const [done, slug] of slugs.entries()) {
    progress.show(done, slug)
    const answer = await client.json('GET', `/api/content/${encodeURIComponent(slug)}?status=all`)
    const { front, markdown } = articleAsFile(answer!.article as Article)
    const path = join(options.out, `${slug}.md`)
    await writeFile(path, formatArticleFile(front, markdown))
    progress.clear()
    process.stdout.write(`${path}: written\n`)
  }
  progress.clear()
  process.stdout.write(`${slugs.length} article(s) written to ${options.out}\n`)
}

export function registerPull(program: Command) {
  program
    .command('pull')
    .description('Write every article of a running Folio as DIR/<slug>.md (front matter and markdown), the format folio publish reads.')
    .option('--out <dir>', 'the folder to write', './content')
    .addOption(new Option('--status <status>', 'which articles').choices(['published', 'draft', 'all']).default('published'))
    .option('--url <url>', 'the Folio to read (overrides FOLIO_URL)')
    .option('--token-file <file>', 'read the API key from FILE instead of FOLIO_TOKEN')
    .addHelpText('after', CONNECTION_ENVIRONMENT)
    .action(pull)
}
