// The quick start of the analysing commands (`providers`, `lint`, `graph`, `lock`, `config`): bin/run.cjs
// hands it the command line before the command framework (oclif, ~0.1 s to load) is imported. For the
// common flags it answers from the results cache at once (a warm run loads nothing else), or runs the
// command itself (quick-run.ts: the code the oclif command runs, *-run.ts). Anything else — another
// flag, a value that needs checking, --help, a directory that is not a module — is left to oclif, which
// then says what is wrong as it always does.
import {cacheSettingsFromEnv} from '../io/cache-dir.js'
import {DiskSource} from '../io/inputs.js'
import {ResultsCache} from '../io/results-cache.js'
import {parserKindFromEnv} from '../hcl/parser-kind.js'
import {useColor, type ColorStream} from './color.js'
import {configInputs, configKey, type ConfigInputs} from './config-run.js'
import {graphInputs, graphKey, type GraphFormat, type GraphInputs} from './graph-run.js'
import {lintInputs, lintKey, type LintInputs} from './lint-run.js'
import {lockInputs, lockKey, type LockInputs} from './lock-run.js'
import {moduleDirProblem, recursiveDirProblem} from './module-dir.js'
import {providersInputs, providersKey, type ProvidersInputs} from './providers-run.js'

/** The commands the quick start runs (bin/run.cjs names them too, so that it loads nothing for the others). */
export const QUICK_COMMANDS = ['providers', 'lint', 'graph', 'lock', 'config'] as const
export type QuickCommand = (typeof QUICK_COMMANDS)[number]

/** The subcommands of `providers` (commands/providers/): a first word naming one is not a directory. */
export const PROVIDERS_SUBCOMMANDS: readonly string[] = ['diff']
/** The subcommands of `lock` (commands/lock/). */
export const LOCK_SUBCOMMANDS: readonly string[] = ['diff']

/** The run flags every quick command line may give. */
export interface QuickRunFlags {
  readonly noCache: boolean
  readonly noProgress: boolean
  readonly noColor: boolean
}

/** What the quick start read from a command line: the command, its inputs and the run flags. */
export type QuickLine = QuickRunFlags &
  (
    | {readonly command: 'providers'; readonly inputs: ProvidersInputs}
    | {readonly command: 'lint'; readonly inputs: LintInputs}
    | {readonly command: 'graph'; readonly inputs: GraphInputs & {readonly format: GraphFormat}}
    | {readonly command: 'lock'; readonly inputs: LockInputs}
    | {readonly command: 'config'; readonly inputs: ConfigInputs}
  )

/** The `providers` line the quick start read (the type its run takes). */
export type QuickProviders = Extract<QuickLine, {command: 'providers'}>

/** Switches each command's quick start reads, each as oclif reads it (no value), besides the run flags. */
const RUN_SWITCHES = ['no-color', 'no-cache', 'no-progress']
const SWITCHES: Readonly<Record<QuickCommand, ReadonlySet<string>>> = {
  providers: new Set(['json', 'requirements', 'tests', 'verbose', ...RUN_SWITCHES]),
  lint: new Set(['json', 'no-tests', 'recursive', ...RUN_SWITCHES]),
  graph: new Set(['collapse', 'force', ...RUN_SWITCHES]),
  lock: new Set(['json', ...RUN_SWITCHES]),
  config: new Set(['json', ...RUN_SWITCHES]),
}
/** Flags with a value the quick start reads; each value is checked below as oclif checks it (most not at all). */
const VALUES: Readonly<Record<QuickCommand, ReadonlySet<string>>> = {
  providers: new Set(['resource', 'module', 'provider', 'test-directory', 'engine']),
  lint: new Set(['format', 'engine', 'config', 'test-directory', 'max-warnings']),
  graph: new Set(['type', 'format', 'focus', 'module', 'engine', 'depth']),
  lock: new Set(['engine', 'platforms']),
  config: new Set(['engine']),
}
/** A first word that names a subcommand is not a directory. */
const SUBCOMMANDS: Readonly<Record<QuickCommand, readonly string[]>> = {
  providers: PROVIDERS_SUBCOMMANDS,
  lint: [],
  graph: [],
  lock: LOCK_SUBCOMMANDS,
  config: [],
}

/** The flags and the one argument of a command line the quick start can read, or undefined. */
function readArgv(
  command: QuickCommand,
  argv: readonly string[],
): {dir: string; switches: Set<string>; values: Map<string, string>} | undefined {
  const switches = new Set<string>()
  const values = new Map<string, string>()
  let dir: string | undefined
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!
    if (!a.startsWith('-')) {
      if (dir !== undefined || a === '' || SUBCOMMANDS[command].includes(a)) return undefined
      dir = a
      continue
    }
    const eq = a.indexOf('=')
    const name = a.slice(2, eq < 0 ? undefined : eq)
    if (!a.startsWith('--') || switches.has(name) || values.has(name)) return undefined
    if (SWITCHES[command].has(name) && eq < 0) switches.add(name)
    else if (VALUES[command].has(name)) {
      const value = eq < 0 ? argv[++i] : a.slice(eq + 1)
      if (value === undefined || value === '' || value.startsWith('-')) return undefined
      values.set(name, value)
    } else return undefined
  }
  return {dir: dir ?? '.', switches, values}
}

/** Where the command writes (whether each is a terminal decides its colours). */
export interface Streams {
  readonly stdout: ColorStream
  readonly stderr: ColorStream
}

/** A value among `options` (what oclif accepts for a flag with options), or undefined when it is not one. */
const oneOf = <T extends string>(value: string | undefined, options: readonly T[]): T | undefined => options.find((o) => o === value)

/** A non-negative integer written plainly (oclif reads others too: those are left to it). */
const plainInteger = (value: string): number | undefined => (/^(0|[1-9]\d{0,8})$/.test(value) ? Number(value) : undefined)

/**
 * A command line (the words after the command) the quick start can run, or undefined: only the flags
 * above, each once, with values oclif would take as they are, and no environment that changes how oclif
 * reads them.
 */
export function quickArgs(
  command: QuickCommand,
  argv: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
  streams: Streams = process,
): QuickLine | undefined {
  // TFGRAPH_PARSER is the --parser flag's variable (oclif checks its value); DEBUG makes oclif talk
  if (env['TFGRAPH_PARSER'] !== undefined || env['DEBUG'] !== undefined) return undefined
  const read = readArgv(command, argv)
  if (!read) return undefined
  const {dir, switches, values} = read
  const engine = values.get('engine')
  if (engine !== undefined && oneOf(engine, ['terraform', 'opentofu'] as const) === undefined) return undefined
  const run = {noCache: switches.has('no-cache'), noProgress: switches.has('no-progress'), noColor: switches.has('no-color')}
  const noColor = {'no-color': run.noColor}
  switch (command) {
    case 'providers': {
      const flags = {
        engine,
        json: switches.has('json'),
        verbose: switches.has('verbose'),
        requirements: switches.has('requirements'),
        resource: values.get('resource'),
        module: values.get('module'),
        provider: values.get('provider'),
        tests: switches.has('tests'),
        'test-directory': values.get('test-directory'),
      }
      return {command, inputs: providersInputs(dir, flags, useColor(streams.stderr, noColor, env)), ...run}
    }
    case 'lint': {
      const format = values.get('format')
      if (format !== undefined && oneOf(format, ['text', 'json', 'sarif', 'compact'] as const) === undefined) return undefined
      // --json with another --format is the command's usage error
      if (switches.has('json') && format !== undefined && format !== 'json') return undefined
      const given = values.get('max-warnings')
      const maxWarnings = given === undefined ? undefined : plainInteger(given)
      if (given !== undefined && maxWarnings === undefined) return undefined
      const flags = {
        format,
        json: switches.has('json'),
        engine,
        config: values.get('config'),
        'max-warnings': maxWarnings,
        'test-directory': values.get('test-directory'),
        'no-tests': switches.has('no-tests'),
        recursive: switches.has('recursive'),
      }
      return {command, inputs: lintInputs(dir, flags, useColor(streams.stdout, noColor, env)), ...run}
    }
    case 'graph': {
      const type = values.get('type')
      if (type !== undefined && oneOf(type, ['modules', 'providers', 'resources'] as const) === undefined) return undefined
      // SVG and HTML (Graphviz, the viewer) are left to the command
      const format = oneOf(values.get('format') ?? 'dot', ['dot', 'mermaid', 'json'] as const)
      if (format === undefined) return undefined
      const givenDepth = values.get('depth')
      const depth = givenDepth === undefined ? undefined : plainInteger(givenDepth)
      if (givenDepth !== undefined && depth === undefined) return undefined
      const flags = {
        type,
        format,
        focus: values.get('focus'),
        depth,
        module: values.get('module'),
        collapse: switches.has('collapse'),
        engine,
        force: switches.has('force'),
      }
      return {command, inputs: {...graphInputs(dir, flags, useColor(streams.stderr, noColor, env)), format}, ...run}
    }
    case 'lock': {
      const flags = {engine, platforms: values.get('platforms'), json: switches.has('json')}
      return {command, inputs: lockInputs(dir, flags, useColor(streams.stderr, noColor, env)), ...run}
    }
    case 'config':
      return {command, inputs: configInputs(dir, {engine, json: switches.has('json')}, useColor(streams.stderr, noColor, env)), ...run}
  }
}

/** The results-cache key of a quick command line: the one its oclif command uses. */
export function quickKey(q: QuickLine): unknown {
  switch (q.command) {
    case 'providers':
      return providersKey(q.inputs)
    case 'lint':
      return lintKey(q.inputs)
    case 'graph':
      return graphKey(q.inputs)
    case 'lock':
      return lockKey(q.inputs)
    case 'config':
      return configKey(q.inputs)
  }
}

/** Why the command cannot run in its directory, as the oclif command checks it first (then oclif says so). */
function dirProblem(q: QuickLine): string | undefined {
  switch (q.command) {
    case 'lint': {
      if (q.inputs.recursive) return recursiveDirProblem(q.inputs.dir)
      const t = q.inputs.tests
      return moduleDirProblem(q.inputs.dir, [], {
        ...(t !== false ? {tests: true} : {}),
        ...(typeof t === 'object' ? {testDirectory: t.directory} : {}),
      })
    }
    case 'lock':
      return moduleDirProblem(q.inputs.dir, LOCK_SUBCOMMANDS)
    default:
      return moduleDirProblem(q.inputs.dir)
  }
}

/** Runs the command when no stored answer serves: quick-run.ts (bin/run.cjs loads the command's bundle only then). */
export type QuickRunner = (q: QuickLine) => Promise<void>

const isQuickCommand = (c: string | undefined): c is QuickCommand => QUICK_COMMANDS.some((q) => q === c)

/** A quick command line and the output stored for it, if any (undefined: the line is oclif's to run). */
function readLine(given: readonly string[], streams: Streams = process): {q: QuickLine; stored: StoredAnswer | undefined} | undefined {
  const [command, ...argv] = given
  if (!isQuickCommand(command)) return undefined
  const q = quickArgs(command, argv, process.env, streams)
  if (!q || dirProblem(q) !== undefined) return undefined
  const settings = cacheSettingsFromEnv()
  // `providers --verbose` ends with a line about the run: the run writes it
  if (q.noCache || (q.command === 'providers' && q.inputs.verbose) || !settings.enabled) return {q, stored: undefined}
  const results = new ResultsCache({settings: () => settings, files: new DiskSource(), variant: parserKindFromEnv()})
  return {q, stored: results.storedOutputBytes(command, quickKey(q))}
}

/** A stored output: what the command printed (a long text as its UTF-8 bytes), in the order it printed it. */
export interface StoredAnswer {
  readonly stdout: string | Uint8Array
  readonly stderr: string | Uint8Array
  readonly exitCode: number
  /** The stderr text went first (an error that stopped the work, before what could still be shown). */
  readonly stderrFirst?: boolean
}

/**
 * What `tfgraph COMMAND ARGV` (`given`) would print from the results cache to `streams`, without running
 * anything; undefined when the quick start cannot read the line or nothing is stored for it (the
 * pre-commit hook asks before it starts a process for the command, whose output it reads from pipes).
 */
export function quickStored(given: readonly string[], streams: Streams): StoredAnswer | undefined {
  return readLine(given, streams)?.stored
}

/**
 * What the quick start would do with `tfgraph COMMAND ARGV` (`given`) writing to `streams`: the command
 * line it read and the output stored for it, if any; undefined when the line is oclif's to run. The
 * pre-commit hook runs such a line in its own process (quick-run.ts's runCaptured) instead of starting
 * tfgraph for it.
 */
export function quickLine(given: readonly string[], streams: Streams): {q: QuickLine; stored: StoredAnswer | undefined} | undefined {
  return readLine(given, streams)
}

/**
 * Runs `tfgraph COMMAND ARGV` (`given`) if the quick start can: true when it did (the output is written
 * and the exit code set), false when the command line is oclif's to run (nothing was written).
 */
export async function quickStart(given: readonly string[], runner: QuickRunner): Promise<boolean> {
  const line = readLine(given)
  if (!line) return false
  const {q, stored} = line
  if (stored) {
    // as the command's finish writes it: an error that stopped the work before what could be shown
    const first = stored.stderrFirst === true
    if (first && stored.stderr.length > 0) process.stderr.write(stored.stderr)
    if (stored.stdout.length > 0) process.stdout.write(stored.stdout)
    if (!first && stored.stderr.length > 0) process.stderr.write(stored.stderr)
    process.exitCode = stored.exitCode
    return true
  }
  try {
    await runner(q)
  } catch (e) {
    // what bin/run.cjs prints for whatever ends a command line (its own exits, a bug), said the same way
    const {describeCliError} = await import('./cli-errors.js')
    const {text, exitCode} = describeCliError(e, [...given], [q.command], () => undefined)
    if (text) process.stderr.write(text)
    process.exitCode = exitCode
  }
  return true
}
