// `folio publish PATH...`: markdown files with front matter, published to a running Folio.
import { type Command } from 'commander'
import { randomUUID } from 'node:crypto'
import { readdir, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { CommandFailed, UsageError } from './cli-errors.js'
import { CONNECTION_ENVIRONMENT, connect, type ConnectionOptions } from './publishing/connection.js'
import { ACTIONS, failureReason, publishFile, type FileResult } from './publishing/publish-file.js'
import { Progress } from './publishing/progress.js'

interface PublishOptions extends ConnectionOptions {
  dryRun?: boolean
  strict?: boolean
  json?: boolean
}

async function markdownFiles(path: string): Promise<string[]> {
  const info = await stat(path).catch(() => undefined)
  if (!info) throw new UsageError(`"${path}" does not exist`)
  if (info.isFile()) {
    if (!/\.md$/i.test(path)) throw new UsageError(`"${path}" is not a .md file`)
    return [path]
  }
  const entries = await readdir(path, { withFileTypes: true, recursive: true })
  return entries
    .filter((entry) => entry.isFile() && /\.md$/i.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort()
}

function reportLines(result: FileResult): string {
  const head = `${result.file}: ${result.action}${result.action === 'failed' ? ` ${failureReason(result)}` : result.url ? ` ${result.url}` : ''}`
  const warnings = result.warnings.map((w) => `${result.file}: warning ${w.rule}: ${w.message}${w.section ? ` [${w.section}]` : ''}`)
  return [head, ...warnings].join('\n') + '\n'
}

function summary(results: FileResult[]): string {
  const counts = ACTIONS.map((action) => [action, results.filter((r) => r.action === action).length] as const).filter(([, n]) => n > 0)
  const warnings = results.reduce((sum, r) => sum + r.warnings.length, 0)
  const parts = counts.map(([action, n]) => `${n} ${action}`)
  return `${results.length} file(s): ${parts.join(', ') || 'nothing to do'}; ${warnings} warning(s)\n`
}

async function publish(paths: string[], options: PublishOptions) {
  const client = connect(options)
  const files = [...new Set((await Promise.all(paths.map(markdownFiles))).flat())]
  const run = { client, dryRun: options.dryRun === true, runId: randomUUID() }
  const progress = new Progress(files.length, !options.json && files.length > 1 && process.stderr.isTTY === true)
  const results: FileResult[] = []
  const slugs = new Map<string, string>()
  for (const file of files) {
    progress.show(results.length, file)
    let result = await publishFile(file, run)
    const twin = slugs.get(result.slug)
    if (twin && result.action !== 'failed') {
      result = { file, slug: result.slug, action: 'failed', warnings: [], error: { message: `slug "${result.slug}" is also ${twin}'s` } }
    }
    slugs.set(result.slug, file)
    results.push(result)
    progress.clear()
    if (!options.json) process.stdout.write(reportLines(result))
  }
  progress.clear()
  if (options.json) process.stdout.write(`${JSON.stringify(results, null, 2)}\n`)
  else process.stdout.write(summary(results))
  const failed = results.some((r) => r.action === 'failed')
  const warned = results.some((r) => r.warnings.length > 0)
  if (failed || (options.strict && warned)) throw new CommandFailed(failed ? 'a file failed' : 'warnings with --strict', true)
}

export function registerPublish(program: Command) {
  program
    .command('publish')
    .description(
      'Publish markdown files with YAML front matter to a running Folio: each file is created, updated or left unchanged. Folders are read recursively.',
    )
    .argument('<path...>', '.md files or folders')
    .option('--dry-run', 'check every file with the server (warnings included) and write nothing')
    .option('--strict', 'exit 1 when any warning is given (with --dry-run: the CI gate)')
    .option('--json', 'print one JSON array of { file, slug, action, url?, warnings, error? } instead of lines')
    .option('--url <url>', 'the Folio to publish to (overrides FOLIO_URL)')
    .option('--token-file <file>', 'read the API key from FILE instead of FOLIO_TOKEN')
    .addHelpText(
      'after',
      `${CONNECTION_ENVIRONMENT}

Exit status: 0 every file succeeded; 1 a file failed, or a warning was given with --strict; 2 a usage error.
The file format (front matter keys, images) is in README, "Publishing from a repository".`,
    )
    .action(publish)
}
