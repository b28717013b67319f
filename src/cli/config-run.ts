// `tfgraph config` between its checked command line and its output, shared by the oclif command
// (commands/config.ts) and the quick start (quick.ts, before oclif loads): one results-cache entry per
// command line, so that a warm run prints its stored output without loading the loader.
import * as path from 'node:path'
import type {CacheOutcome, CommandOutput} from '../io/results-cache.js'
import type {CommandRun} from './command-run.js'
import {exitCodeOf} from './command-run.js'
import {engineFlag} from './flag-values.js'

/** What `tfgraph config` was asked, from its flags. */
export interface ConfigInputs {
  readonly dir: string
  readonly engine: 'terraform' | 'opentofu' | undefined
  readonly json: boolean
  readonly maxFiles: number | undefined
  /** Whether diagnostics on stderr carry colour. */
  readonly color: boolean
}

export function configInputs(
  dir: string,
  flags: {readonly engine?: string | undefined; readonly json?: boolean | undefined; readonly 'max-files'?: number | undefined},
  color: boolean,
): ConfigInputs {
  return {dir, engine: engineFlag(flags.engine), json: flags.json === true, maxFiles: flags['max-files'], color}
}

/** The results-cache key of a config command line: everything its output depends on besides the files it reads. */
export function configKey(i: ConfigInputs): unknown {
  return {dir: path.resolve(i.dir), given: i.dir, engine: i.engine ?? null, json: i.json, maxFiles: i.maxFiles ?? null, color: i.color}
}

/** The command's output: from the results cache while nothing it read has changed, else loaded, rendered and stored. */
export function configOutput(
  cmd: Pick<CommandRun<unknown>, 'context' | 'renderer' | 'diagnostics'>,
  i: ConfigInputs,
): Promise<CacheOutcome<CommandOutput>> {
  return cmd.context.results.output('config', configKey(i), async () => {
    const [{loadConfig}, {DEFAULT_MAX_FILES}, {fileNamer}] = await Promise.all([
      import('../config.js'),
      import('../load/limits.js'),
      import('../render/paths.js'),
    ])
    const maxFiles = i.maxFiles ?? DEFAULT_MAX_FILES
    const result = await loadConfig(i.dir, {
      ...(i.engine ? {engine: i.engine} : {}),
      fileBudget: {remaining: maxFiles, limit: maxFiles},
      context: cmd.context,
    })
    // files are named from the current directory, so that file:line opens as printed
    const render = await cmd.renderer('config', i.json ? 'json' : 'text')
    const stdout = await render(result, {engineGiven: i.engine !== undefined, fileName: fileNamer(i.dir)})
    // --json carries the diagnostics in the document
    const stderr =
      !i.json && result.diagnostics.length > 0 ? (stdout ? '\n' : '') + (await cmd.diagnostics(result.diagnostics, {dir: i.dir})) : ''
    return {stdout, stderr, exitCode: exitCodeOf(result)}
  })
}
