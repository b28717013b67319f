// The tool could not do what was asked: one line on stderr, exit 1 (oclif's own `this.error` wraps long
// messages over several lines with a prefix, which breaks `grep` and reads as a crash).
import type {Command} from '@oclif/core'

/** Prints `Error: <message>` as one line on stderr and ends the command with exit code 1. */
export function fail(command: Pick<Command, 'exit'>, message: string): never {
  process.stderr.write(`Error: ${message}\n`)
  return command.exit(1)
}

/**
 * A command line the command cannot run as given (a flag or argument missing, two that conflict): the
 * problem in one line, then where the usage is — the two lines oclif's own parse errors become
 * (src/cli/cli-errors.ts) — exit 1.
 */
export function usageError(command: Command, message: string): never {
  process.stderr.write(`Error: ${message}\nSee "tfgraph ${command.id?.split(':').join(' ') ?? ''} --help".\n`)
  return command.exit(1)
}

interface ErrorLike {
  readonly summary: string
  readonly detail: string
  readonly range?: {readonly filename: string; readonly start: {readonly line: number; readonly column: number}}
}

/**
 * Errors that stop a command before it starts (a broken .tfgraph.json): one line each,
 * `Error: FILE:LINE:COL: detail`, which editors and grep understand.
 */
export function errorLines(errors: readonly ErrorLike[]): string {
  // one file read for several roots (lint --recursive --config FILE) says each problem once
  return [
    ...new Set(
      errors.map(
        (d) => `Error: ${d.range ? `${d.range.filename}:${d.range.start.line}:${d.range.start.column}: ` : ''}${d.detail || d.summary}\n`,
      ),
    ),
  ].join('')
}
