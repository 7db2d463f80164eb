// What a command can end with besides success: the exit status tells a script which kind it was.

/** The command line itself is wrong (a missing option, a path that is not there): exit 2. */
export class UsageError extends Error {}

/** The command ran and part of its work failed (a file that did not publish): exit 1. */
export class CommandFailed extends Error {
  constructor(
    message: string,
    /** Already reported line by line: print nothing more. */
    readonly reported = false,
  ) {
    super(message)
  }
}

export const EXIT = { ok: 0, failed: 1, usage: 2 } as const
