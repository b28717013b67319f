// The quick start's run of a command when no stored answer serves (quick.ts): the command's own code
// (providers-run.ts, lint-run.ts, graph-run.ts, lock-run.ts, config-run.ts) in a run begun as the oclif
// command begins it, without oclif. One script for the five (dist/cli/quick-run.cjs): a script of each
// would be nearly as large (the renderers' registry brings every renderer) and the package five times so.
import {readFileSync} from 'node:fs'
import {describeCliError} from './cli-errors.js'
import {startCommand, type CommandFlags, type CommandRun} from './command-run.js'
import {configOutput} from './config-run.js'
import {captureStreams} from './capture-streams.js'
import {graphOutput} from './graph-run.js'
import {lintOutput} from './lint-run.js'
import {lockOutput} from './lock-run.js'
import {providersOutput} from './providers-run.js'
import type {QuickLine, StoredAnswer} from './quick.js'

/** tfgraph's version, set by scripts/bundle.mjs in the quick start's scripts (else read from package.json). */
declare const TFGRAPH_VERSION: string | undefined

/** What `this.exit(code)` throws in an oclif command, so that bin/run.cjs's handling stays the same. */
class QuickExit extends Error {
  readonly code = 'EEXIT'
  readonly oclif: {readonly exit: number}
  constructor(exit: number) {
    super(`EEXIT: ${exit}`)
    this.oclif = {exit}
  }
}

const exit = (code: number): never => {
  throw new QuickExit(code)
}

/** The run as the oclif command begins it (the directory was checked before the quick start took the command line). */
function begin(q: QuickLine, quiet: boolean, verbose = false): Promise<CommandRun<undefined>> {
  const flags: CommandFlags = {'no-cache': q.noCache, 'no-progress': q.noProgress, verbose, 'no-color': q.noColor}
  return startCommand({exit}, flags, {quiet, load: async () => undefined})
}

export async function runProviders(q: Extract<QuickLine, {command: 'providers'}>): Promise<void> {
  const cmd = await begin(q, q.inputs.json, q.inputs.verbose)
  const out = await providersOutput(cmd, q.inputs)
  await cmd.finish(out.value)
}

export async function runLint(q: Extract<QuickLine, {command: 'lint'}>): Promise<void> {
  const cmd = await begin(q, q.inputs.format !== 'text')
  const version =
    typeof TFGRAPH_VERSION === 'string'
      ? TFGRAPH_VERSION
      : (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {version: string}).version
  // --recursive that finds no root: the oclif command's own error (`this.error`), said as bin/run.cjs says it
  const noRoots = (): never => {
    throw Object.assign(new Error(`no root modules found under ${q.inputs.dir}`), {name: 'CLIError', oclif: {exit: 1}})
  }
  const out = await lintOutput(cmd, q.inputs, {version, noRoots})
  await cmd.finish(out.value)
}

export async function runGraph(q: Extract<QuickLine, {command: 'graph'}>): Promise<void> {
  const cmd = await begin(q, false)
  const {out} = await graphOutput(cmd, q.inputs, {progress: !q.noProgress})
  await cmd.finish(out.value)
}

export async function runLock(q: Extract<QuickLine, {command: 'lock'}>): Promise<void> {
  const cmd = await begin(q, q.inputs.json)
  const out = await lockOutput(cmd, q.inputs)
  await cmd.finish(out.value)
}

export async function runConfig(q: Extract<QuickLine, {command: 'config'}>): Promise<void> {
  const cmd = await begin(q, q.inputs.json)
  const out = await configOutput(cmd, q.inputs)
  await cmd.finish(out.value)
}

/** Runs the command line the quick start read. */
export function runQuick(q: QuickLine): Promise<void> {
  switch (q.command) {
    case 'providers':
      return runProviders(q)
    case 'lint':
      return runLint(q)
    case 'graph':
      return runGraph(q)
    case 'lock':
      return runLock(q)
    case 'config':
      return runConfig(q)
  }
}

/**
 * Runs the command line the quick start read in this process, as `tfgraph COMMAND ARGV` (`given`) would
 * run as a process of its own with its output read from pipes: what it wrote to stdout and to stderr, and
 * its exit code (the pre-commit hook: no second Node start for a root it must check). The streams are
 * not terminals meanwhile (no colours, as through a pipe); the caller's exit code is kept.
 */
export async function runCaptured(q: QuickLine, given: readonly string[]): Promise<StoredAnswer> {
  const captured = captureStreams()
  const exitCode = process.exitCode
  process.exitCode = undefined
  let written: {readonly stdout: string; readonly stderr: string}
  try {
    await runQuick(q)
  } catch (e) {
    // what bin/run.cjs's quick start prints for whatever ends a command line (quick.ts's quickStart)
    const {text, exitCode} = describeCliError(e, [...given], [q.command], () => undefined)
    if (text) process.stderr.write(text)
    process.exitCode = exitCode
  } finally {
    written = captured.restore()
  }
  const code = Number(process.exitCode ?? 0)
  process.exitCode = exitCode
  return {...written, exitCode: code}
}
export {lintThreadMain} from '../lint/lint-threads.js'
