// `folio keys add|list|rotate|retire`: the API keys a person issues, on the store the server uses.
import { Option, type Command } from 'commander'
import { operatorAction, STORE_ENVIRONMENT, withStore } from './server-environment.js'

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)))
  return rows.map((row) => `${row.map((cell, i) => cell.padEnd(widths[i]!)).join('  ')}`.trimEnd()).join('\n') + '\n'
}

export function registerKeys(program: Command) {
  const keys = program
    .command('keys')
    .description('Issue, list, rotate and retire API keys (stored hashed; a token is shown once).')
    .addHelpText('after', STORE_ENVIRONMENT)

  keys
    .command('add')
    .description('Issue a key; prints its token alone on the last line of stdout.')
    .requiredOption('--name <name>', 'who holds the key (one live key per name; see keys rotate)')
    .addOption(new Option('--scope <scope>', 'what the key may do').choices(['read', 'write']).makeOptionMandatory())
    .addHelpText('after', STORE_ENVIRONMENT)
    .action(
      operatorAction(async (options: { name: string; scope: 'read' | 'write' }) => {
        const { issueKey } = await import('../auth/api-keys.js')
        const { key, token } = await withStore((store) => issueKey(store.keys, options.name, options.scope))
        process.stderr.write(`issued ${key.id} "${key.name}" (${key.scope}); the token is shown once:\n`)
        process.stdout.write(`${token}\n`)
      }),
    )

  keys
    .command('list')
    .description('List keys: id, name, scope, created, retired and a short token prefix; never a token.')
    .option('--json', 'print a JSON array instead of a table')
    .addHelpText('after', STORE_ENVIRONMENT)
    .action(
      operatorAction(async (options: { json?: boolean }) => {
        const list = await withStore((store) => store.keys.list())
        if (options.json) return void process.stdout.write(`${JSON.stringify(list, null, 2)}\n`)
        const rows = list.map((k) => [k.id, k.name, k.scope, k.created_at, k.retired_at ?? '-', `${k.token_prefix}…`])
        process.stdout.write(table([['ID', 'NAME', 'SCOPE', 'CREATED', 'RETIRED', 'TOKEN'], ...rows]))
      }),
    )

  keys
    .command('rotate')
    .description("Issue a new key for NAME beside its live key(s), with the newest one's scope; prints the token last.")
    .argument('<name>', 'the name of a live key')
    .addHelpText('after', STORE_ENVIRONMENT)
    .action(
      operatorAction(async (name: string) => {
        const { rotateKey } = await import('../auth/api-keys.js')
        const { key, token, replaced } = await withStore((store) => rotateKey(store.keys, name))
        const old = replaced.map((k) => k.id)
        process.stderr.write(
          `issued ${key.id} for "${key.name}" beside ${old.join(', ')}; once its holder uses the new token, retire the old one with: ${old
            .map((id) => `folio keys retire ${id}`)
            .join(' and ')}\n`,
        )
        process.stdout.write(`${token}\n`)
      }),
    )

  keys
    .command('retire')
    .description('Retire one key: from the next request on it answers 401.')
    .argument('<id>', 'the key ID (see folio keys list)')
    .addHelpText('after', STORE_ENVIRONMENT)
    .action(
      operatorAction(async (id: string) => {
        const { retireKey } = await import('../auth/api-keys.js')
        await withStore((store) => retireKey(store.keys, id))
        process.stdout.write(`retired ${id}\n`)
      }),
    )
}
