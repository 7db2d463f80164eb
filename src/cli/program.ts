// The `folio` command line: one commander program, each command group registered from its file.
// Errors are printed by main.ts in one format, so every command is told to throw, not to exit.
import { Command, CommanderError } from 'commander'
import { API_VERSION } from '../contract/version.js'
import { registerKeys } from './keys-command.js'
import { registerPortability } from './portability-commands.js'
import { registerPublish } from './publish-command.js'
import { registerPull } from './pull-command.js'
import { registerServe } from './serve-command.js'
import { registerCatalog, registerImages } from './store-commands.js'

/** A mistake on the command line, with the command it was made on, to print that command's usage. */
export class CommandLineError extends Error {
  constructor(
    override readonly cause: CommanderError,
    readonly command: Command,
  ) {
    // One line: commander's suggestion ("Did you mean --json?") joins the message.
    super(cause.message.replace(/^error: /, '').replace(/\n\(Did you mean (.*)\)$/, ' (did you mean $1)'))
  }
}

function commandPath(command: Command): string {
  const names: string[] = []
  for (let c: Command | null = command; c; c = c.parent) names.unshift(c.name())
  return names.join(' ')
}

/** `Usage: folio keys add [options]` and where the whole help is. */
export function usageOf(command: Command): string {
  const path = commandPath(command)
  return `Usage: ${path} ${command.usage()}\nRun "${path} --help" for more.`
}

function throwInsteadOfExit(command: Command) {
  command.exitOverride((error) => {
    if (error.exitCode === 0) throw error // --help, --version
    // A command group called without its subcommand has printed its help to stderr already.
    if (error.code === 'commander.help') throw new CommanderError(2, error.code, '')
    throw new CommandLineError(error, command)
  })
  command.configureOutput({ outputError: () => undefined })
  for (const sub of command.commands) throwInsteadOfExit(sub)
}

export function buildProgram(): Command {
  const program = new Command('folio')
    .description('Folio, the content publishing service: run the server, manage its keys and store, publish articles.')
    .version(API_VERSION, '-V, --version', 'print the version')
    .showSuggestionAfterError(true)
  registerServe(program)
  registerKeys(program)
  registerCatalog(program)
  registerImages(program)
  registerPublish(program)
  registerPull(program)
  registerPortability(program)
  program.addHelpText('after', '\nEvery command answers --help. Exit status: 0 done, 1 a part of the work failed, 2 a usage error.')
  throwInsteadOfExit(program)
  return program
}
