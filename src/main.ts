#!/usr/bin/env node
// The `folio` command. Every way it can end is one line on stderr and an exit status: 0 done,
// 1 part of the work failed, 2 the command line or the environment is wrong. Never a stack trace.
import { CommanderError } from 'commander'
import { CommandFailed, EXIT, UsageError } from './cli/cli-errors.js'
import { buildProgram, CommandLineError, usageOf } from './cli/program.js'

function report(error: unknown): number {
  if (error instanceof CommanderError) return error.exitCode // --help and --version
  if (error instanceof CommandLineError) {
    process.stderr.write(`folio: ${error.message}\n${usageOf(error.command)}\n`)
    return EXIT.usage
  }
  if (error instanceof UsageError) {
    process.stderr.write(`folio: ${error.message}\n`)
    return EXIT.usage
  }
  if (!(error instanceof CommandFailed && error.reported)) {
    process.stderr.write(`folio: ${error instanceof Error ? error.message : String(error)}\n`)
  }
  return EXIT.failed
}

buildProgram()
  .parseAsync(process.argv)
  .catch((error: unknown) => {
    process.exitCode = report(error)
  })
