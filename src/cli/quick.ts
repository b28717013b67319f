// The quick start of `tfgraph providers`: bin/run.js hands it the command line before the command
// framework (oclif, ~0.1 s to load) is imported. For the common flags it answers from the results cache
// at once (a warm run loads nothing else), or runs the command itself (providers-run.ts, the code the
// oclif command runs). Anything else — another flag, a value that needs checking, --help, a directory
// that is not a module — is left to oclif, which then says what is wrong as it always does.
import {cacheSettingsFromEnv} from '../io/cache-dir.js'
import {DiskSource} from '../io/inputs.js'
import {ResultsCache} from '../io/results-cache.js'
import {parserKindFromEnv} from '../hcl/parser-kind.js'
import {useColor} from './color.js'
import {moduleDirProblem} from './module-dir.js'
import {providersInputs, providersKey, type ProvidersInputs} from './providers-run.js'

/** The subcommands of `providers` (commands/providers/): a first word naming one is not a directory. */
export const PROVIDERS_SUBCOMMANDS: readonly string[] = ['diff']

/** Switches the quick start reads, each as oclif reads it (no value). */
const SWITCHES: ReadonlySet<string> = new Set(['json', 'requirements', 'tests', 'verbose', 'no-color', 'no-cache', 'no-progress'])
/** Flags with a value the quick start takes as given (oclif checks nothing about them either). */
const VALUES: ReadonlySet<string> = new Set(['resource', 'module', 'provider', 'test-directory', 'engine'])

/** What the quick start read from a command line: the command's inputs and the run flags. */
export interface QuickProviders {
  readonly inputs: ProvidersInputs
  readonly noCache: boolean
  readonly noProgress: boolean
  readonly noColor: boolean
}

/** The flags and the one argument of a command line the quick start can read, or undefined. */
function readArgv(argv: readonly string[]): {dir: string; switches: Set<string>; values: Map<string, string>} | undefined {
  const switches = new Set<string>()
  const values = new Map<string, string>()
  let dir: string | undefined
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!
    if (!a.startsWith('-')) {
      if (dir !== undefined || a === '' || PROVIDERS_SUBCOMMANDS.includes(a)) return undefined
      dir = a
      continue
    }
    const eq = a.indexOf('=')
    const name = a.slice(2, eq < 0 ? undefined : eq)
    if (!a.startsWith('--') || switches.has(name) || values.has(name)) return undefined
    if (SWITCHES.has(name) && eq < 0) switches.add(name)
    else if (VALUES.has(name)) {
      const value = eq < 0 ? argv[++i] : a.slice(eq + 1)
      if (value === undefined || value === '' || value.startsWith('-')) return undefined
      values.set(name, value)
    } else return undefined
  }
  return {dir: dir ?? '.', switches, values}
}

/**
 * A `providers` command line (the words after `providers`) the quick start can run, or undefined: only
 * the flags above, each once, and no environment that changes how oclif reads them.
 */
export function quickProvidersArgs(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): QuickProviders | undefined {
  // TFGRAPH_PARSER is the --parser flag's variable (oclif checks its value); DEBUG makes oclif talk
  if (env['TFGRAPH_PARSER'] !== undefined || env['DEBUG'] !== undefined) return undefined
  const read = readArgv(argv)
  if (!read) return undefined
  const {dir, switches, values} = read
  const engine = values.get('engine')
  if (engine !== undefined && engine !== 'terraform' && engine !== 'opentofu') return undefined
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
  const inputs = providersInputs(dir, flags, useColor(process.stderr, {'no-color': switches.has('no-color')}, env))
  return {inputs, noCache: switches.has('no-cache'), noProgress: switches.has('no-progress'), noColor: switches.has('no-color')}
}

/** Runs the command when no stored answer serves: quick-run.ts's `runProviders` (bin/run.js loads its bundle only then). */
export type QuickRunner = (q: QuickProviders) => Promise<void>

/**
 * Runs `tfgraph providers ARGV` if the quick start can: true when it did (the output is written and
 * the exit code set), false when the command line is oclif's to run (nothing was written).
 */
export async function quickProviders(argv: readonly string[], runner: QuickRunner): Promise<boolean> {
  const q = quickProvidersArgs(argv)
  if (!q || moduleDirProblem(q.inputs.dir) !== undefined) return false
  const settings = cacheSettingsFromEnv()
  // --verbose ends with a line about the run: the run below writes it
  if (!q.noCache && !q.inputs.verbose && settings.enabled) {
    const results = new ResultsCache({settings: () => settings, files: new DiskSource(), variant: parserKindFromEnv()})
    const stored = results.storedOutput('providers', providersKey(q.inputs))
    if (stored) {
      if (stored.stdout) process.stdout.write(stored.stdout)
      if (stored.stderr) process.stderr.write(stored.stderr)
      process.exitCode = stored.exitCode
      return true
    }
  }
  try {
    await runner(q)
  } catch (e) {
    // what bin/run.js prints for whatever ends a command line (its own exits, a bug), said the same way
    const {describeCliError} = await import('./cli-errors.js')
    const {text, exitCode} = describeCliError(e, ['providers', ...argv], ['providers'], () => undefined)
    if (text) process.stderr.write(text)
    process.exitCode = exitCode
  }
  return true
}
