// `tfgraph lock` between its checked command line and its output, shared by the oclif command
// (commands/lock.ts, every flag) and the quick start (quick.ts, the common flags, before oclif loads).
// Without --verify (which hashes installed packages outside the run's recorded files) and --state (a
// state can hold secrets), the output is one results-cache entry: a warm run prints it without loading
// the library.
import * as path from 'node:path'
import type {CacheOutcome, CommandOutput} from '../io/results-cache.js'
import type {ResourceInstanceAddr} from '../addrs/instance.js'
import type {CommandRun} from './command-run.js'
import {exitCodeOf} from './command-run.js'
import {engineFlag, limitOptions} from './flag-values.js'
import type {LimitFlagValues} from './flag-values.js'

/** What `tfgraph lock` was asked, from its flags. */
export interface LockInputs {
  readonly dir: string
  readonly engine: 'terraform' | 'opentofu' | undefined
  readonly verify: boolean
  readonly pluginDirs: readonly string[]
  readonly platforms: readonly string[]
  readonly json: boolean
  readonly verbose: boolean
  readonly limits: {readonly maxFiles?: number; readonly maxDepth?: number; readonly maxModules?: number}
  /** Whether diagnostics on stderr carry colour. */
  readonly color: boolean
}

/** The flags of `tfgraph lock` the inputs are made of, as oclif parses them (commands/lock.ts). */
export interface LockFlags extends LimitFlagValues {
  readonly engine?: string | undefined
  readonly verify?: boolean | undefined
  readonly 'plugin-dir'?: string[] | undefined
  readonly platforms?: string | undefined
  readonly json?: boolean | undefined
  readonly verbose?: boolean | undefined
}

export function lockInputs(dir: string, flags: LockFlags, color: boolean): LockInputs {
  return {
    dir,
    engine: engineFlag(flags.engine),
    verify: flags.verify === true,
    pluginDirs: flags['plugin-dir'] ?? [],
    platforms: (flags.platforms ?? '')
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean),
    json: flags.json === true,
    verbose: flags.verbose === true,
    limits: limitOptions(flags),
    color,
  }
}

/** The results-cache key of a lock command line: everything its output depends on besides the files it reads. */
export function lockKey(i: LockInputs): unknown {
  return {
    dir: path.resolve(i.dir),
    given: i.dir,
    engine: i.engine ?? null,
    platforms: i.platforms,
    json: i.json,
    verbose: i.verbose,
    limits: i.limits,
    color: i.color,
  }
}

/**
 * The command's output: without --verify and --state from the results cache while nothing it read has
 * changed, else checked, rendered and stored.
 */
export function lockOutput(
  cmd: Pick<CommandRun<unknown>, 'context' | 'renderer' | 'diagnostics' | 'end'>,
  i: LockInputs,
  stateObjects?: ReadonlyMap<string, readonly ResourceInstanceAddr[]>,
): Promise<CacheOutcome<LockOutput>> {
  if (i.verify || stateObjects) return lockReport(cmd, i, stateObjects).then((value) => ({value, cached: false}))
  return cmd.context.results.output('lock', lockKey(i), () => lockReport(cmd, i))
}

/** What the command prints: the errors that stopped the comparison come first. */
export type LockOutput = CommandOutput & {readonly stderrFirst?: boolean}

async function lockReport(
  cmd: Pick<CommandRun<unknown>, 'context' | 'renderer' | 'diagnostics' | 'end'>,
  i: LockInputs,
  stateObjects?: ReadonlyMap<string, readonly ResourceInstanceAddr[]>,
): Promise<LockOutput> {
  const [{checkLock}, {fileNamer}] = await Promise.all([import('../lock/check.js'), import('../render/paths.js')])
  const c = await checkLock(i.dir, {
    ...(stateObjects ? {stateObjects} : {}),
    ...(i.engine ? {engine: i.engine} : {}),
    verify: i.verify,
    pluginDirs: i.pluginDirs,
    platforms: i.platforms,
    limits: i.limits,
    context: cmd.context,
  })
  await cmd.end()
  const stdout = await (await cmd.renderer('lock', i.json ? 'json' : 'text'))(c, {fileName: fileNamer(i.dir)})
  if (i.json) return {stdout, stderr: '', exitCode: exitCodeOf(c)}
  const diagnostics = c.diagnostics.length > 0 ? await cmd.diagnostics(c.diagnostics, {dir: i.dir, verbose: i.verbose}) : ''
  // the real error first: a lock file or configuration that could not be read, or a lock file with errors
  // (nothing on stdout before it; the table, if any, follows)
  const first = !c.compared || c.lockFileState === 'invalid'
  return {
    stdout,
    stderr: first ? diagnostics + (stdout ? '\n' : '') : diagnostics && '\n' + diagnostics,
    ...(first ? {stderrFirst: true} : {}),
    exitCode: exitCodeOf(c),
  }
}
