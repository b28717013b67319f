// What every command does around its library call, in one place: the DIR check, the run (beginRun: the
// run context and the progress line), the library loaded only then (so --help and usage errors never load
// it), the colour decision, the renderer picked from the registry (src/render/index.ts), the output
// written (stdout, or -o FILE), the exit code, the run ended. A command is then flags → library call →
// renderer → exit code. Imported when a command class loads: it imports nothing heavy itself.
import {readFileSync} from 'node:fs'
import * as path from 'node:path'
import type {Command} from '@oclif/core'
import type {Diagnostic} from '../diag/diagnostic.js'
import type {RunContext} from '../load/run-context.js'
import type {KindRenderer, OutputFormat, OutputKind} from '../render/index.js'
import {useColor, type ColorStream} from './color.js'
import {fail} from './fail.js'
import {moduleDirProblem, recursiveDirProblem} from './module-dir.js'
import type {RunFlags} from './run-flags.js'
import type {Run} from './run.js'
import {writeProblem} from './write-output.js'

export type CommandFlags = RunFlags & {readonly 'no-color'?: boolean}

/** What a command prints, and how it ends. */
export interface CommandOutput {
  readonly stdout: string
  readonly stderr?: string
  /** The stderr text goes first (an error that stopped the work, before what could still be shown). */
  readonly stderrFirst?: boolean
  readonly exitCode: number
}

/** 1 when the input could not be read completely, 2 when it has errors, else 0. */
export function exitCodeOf(r: {readonly incomplete?: boolean; readonly diagnostics: readonly Diagnostic[]}): number {
  return r.incomplete ? 1 : r.diagnostics.some((d) => d.severity === 'error') ? 2 : 0
}

export interface DiagnosticsTextOptions {
  /** The root the diagnostics' file names are relative to, as the user gave it. */
  readonly dir: string
  readonly verbose?: boolean
  /** Reads a file for its source lines (default: from disk). */
  readonly read?: (file: string) => string
}

export interface CommandRun<L> {
  /** The part of the library the command loaded. */
  readonly lib: L
  readonly context: RunContext
  /** Whether text written to `stream` (default stderr) may carry colour codes. */
  color(stream?: ColorStream): boolean
  /** The DIR check, for a command that makes it after other checks: fails with its one line. */
  checkDir(
    dir: string,
    opts?: {
      readonly recursive?: boolean
      readonly subcommands?: readonly string[]
      readonly tests?: boolean
      readonly testDirectory?: string
    },
  ): void
  /** The renderer of `kind` for `format` (src/render/index.ts), loaded now. */
  renderer<K extends OutputKind>(kind: K, format: OutputFormat<K>): Promise<KindRenderer<K>>
  /** Diagnostics as text for stderr, with source lines; files named from the current directory. */
  diagnostics(diags: readonly Diagnostic[], opts: DiagnosticsTextOptions): Promise<string>
  /** One line on stderr, exit 1 (the run is not ended: call end() first for the --verbose line). */
  fail(message: string): never
  /** Ends the run (once): clears the progress line, says under --verbose what it read, stops the workers. */
  end(): Promise<void>
  /** Ends the run, writes the output (stdout, or `file` for -o), sets the exit code. */
  finish(out: CommandOutput, file?: string): Promise<void>
}

export interface StartOptions<L> {
  /** A module directory to check before anything is loaded (one line, exit 1, when it is not one). */
  readonly dir?: string
  /** The command's subcommands, suggested when `dir` does not exist. */
  readonly subcommands?: readonly string[]
  /** The command reads the test files of `dir` (then a directory of test files only is a module directory). */
  readonly tests?: boolean
  readonly testDirectory?: string
  /** No progress line (a machine-readable format). */
  readonly quiet?: boolean
  /** The part of the library the command uses, imported when the run begins. */
  readonly load: () => Promise<L>
  /** false: the command analyses no configuration (no run context, no progress line). */
  readonly run?: false
}

/** Checks DIR, loads the library part and begins the run. */
export async function startCommand<L>(command: Pick<Command, 'exit'>, flags: CommandFlags, opts: StartOptions<L>): Promise<CommandRun<L>> {
  const checkDir = (
    dir: string,
    o: {
      readonly recursive?: boolean
      readonly subcommands?: readonly string[]
      readonly tests?: boolean
      readonly testDirectory?: string
    } = {},
  ): void => {
    const tests = {...(o.tests ? {tests: true} : {}), ...(o.testDirectory !== undefined ? {testDirectory: o.testDirectory} : {})}
    const problem = o.recursive ? recursiveDirProblem(dir) : moduleDirProblem(dir, o.subcommands, tests)
    if (problem) fail(command, problem)
  }
  if (opts.dir !== undefined)
    checkDir(opts.dir, {
      ...(opts.subcommands ? {subcommands: opts.subcommands} : {}),
      ...(opts.tests ? {tests: true} : {}),
      ...(opts.testDirectory !== undefined ? {testDirectory: opts.testDirectory} : {}),
    })
  const [run, lib]: [Run | undefined, L] = await Promise.all([
    opts.run === false ? undefined : import('./run.js').then(({beginRun}) => beginRun(flags, {...(opts.quiet ? {quiet: true} : {})})),
    opts.load(),
  ])
  let ended: Promise<void> | undefined
  const end = async (): Promise<void> => (ended ??= run?.end())
  return {
    lib,
    get context(): RunContext {
      if (!run) throw new Error('this command began no run')
      return run.context
    },
    color: (stream = process.stderr) => useColor(stream, flags),
    checkDir,
    renderer: async (kind, format) => (await import('../render/index.js')).renderer(kind, format),
    async diagnostics(diags, o) {
      const [{renderDiagnosticsText, sourceLinesFrom}, {fileNamer}] = await Promise.all([
        import('../render/diagnostics-text.js'),
        import('../render/paths.js'),
      ])
      const sourceLines = sourceLinesFrom(path.resolve(o.dir), o.read ?? ((f) => readFileSync(f, 'utf8')))
      return renderDiagnosticsText(diags, {
        sourceLines,
        color: useColor(process.stderr, flags),
        fileName: fileNamer(o.dir),
        ...(o.verbose !== undefined ? {verbose: o.verbose} : {}),
      })
    },
    fail: (message) => fail(command, message),
    end,
    async finish(out, file) {
      await end()
      if (out.stderrFirst && out.stderr) process.stderr.write(out.stderr)
      if (file !== undefined) {
        const problem = writeProblem(file, out.stdout)
        if (problem) fail(command, problem)
      } else if (out.stdout) process.stdout.write(out.stdout)
      if (!out.stderrFirst && out.stderr) process.stderr.write(out.stderr)
      process.exitCode = out.exitCode
      // the results cache's entries (the output's own among them) are written while the output is
      // printed; the process ends once they are
      await run?.context.results.settled()
    },
  }
}
