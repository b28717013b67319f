// The tool could not do what was asked: one line on stderr, exit 1 (oclif's own `this.error` wraps long
// messages over several lines with a prefix, which breaks `grep` and reads as a crash).
import type {Command} from '@oclif/core'

/** Prints `Error: <message>` as one line on stderr and ends the command with exit code 1. */
export function fail(command: Command, message: string): never {
  process.stderr.write(`Error: ${message}\n`)
  return command.exit(1)
}
