// `tfgraph providers` between its command line and its output, shared by the two ways a command line
// reaches it: the oclif command (commands/providers.ts, every flag) and the quick start (quick.ts, the
// common flags, before oclif loads). One key, one computation, one output: the two cannot disagree.
import * as path from 'node:path'
import {nodeCrypto} from '../io/node-crypto.js'
import type {CacheOutcome, CommandOutput} from '../io/results-cache.js'
import type {CommandRun} from './command-run.js'
import {exitCodeOf} from './command-run.js'
import type {WithPlan} from './providers-plan.js'
import type {StateInput} from './state-input.js'
import {engineFlag, limitOptions} from './flag-values.js'
import type {LimitFlagValues, VarFlagValues} from './flag-values.js'

/** What `tfgraph providers` was asked, from its flags. */
export interface ProvidersInputs {
  /** The root directory as the user gave it. */
  readonly dir: string
  readonly engine: 'terraform' | 'opentofu' | undefined
  readonly json: boolean
  readonly verbose: boolean
  readonly requirements: boolean
  readonly resource: string | undefined
  readonly module: string | undefined
  readonly provider: string | undefined
  /** --tests (or --test-directory, which implies it). */
  readonly tests: boolean
  readonly testDirectory: string | undefined
  readonly vars: readonly string[]
  readonly varFiles: readonly string[]
  readonly limits: {readonly maxFiles?: number; readonly maxDepth?: number; readonly maxModules?: number}
  /** Whether diagnostics on stderr carry colour. */
  readonly color: boolean
  /** --plan: the file as named and its text. */
  readonly plan?: {readonly file: string; readonly text: string}
  /** --state: the state as named (`stdin` for `-`) and its text; never part of the results cache. */
  readonly state?: StateInput
}

/** The flags `tfgraph providers` has, as oclif parses them (commands/providers.ts). */
export interface ProvidersFlags extends LimitFlagValues, VarFlagValues {
  readonly engine?: string | undefined
  readonly json: boolean
  readonly verbose: boolean
  readonly requirements: boolean
  readonly resource?: string | undefined
  readonly module?: string | undefined
  readonly provider?: string | undefined
  readonly tests: boolean
  readonly 'test-directory'?: string | undefined
}

/** The command's inputs from its parsed flags (the quick start reads the same from its subset of them). */
export function providersInputs(dir: string, flags: ProvidersFlags, color: boolean): ProvidersInputs {
  return {
    dir,
    engine: engineFlag(flags.engine),
    // oclif leaves a switch that was not given undefined, whatever its type says
    json: flags.json === true,
    verbose: flags.verbose === true,
    requirements: flags.requirements === true,
    resource: flags.resource,
    module: flags.module,
    provider: flags.provider,
    tests: flags.tests === true,
    testDirectory: flags['test-directory'],
    vars: flags.var ?? [],
    varFiles: flags['var-file'] ?? [],
    limits: limitOptions(flags),
    color,
  }
}

/** The results-cache key of a providers command line: everything its output depends on besides the files it reads. */
export function providersKey(i: ProvidersInputs): unknown {
  return {
    ...(i.plan !== undefined ? {plan: nodeCrypto().createHash('sha256').update(i.plan.text).digest('hex')} : {}),
    dir: path.resolve(i.dir),
    given: i.dir,
    engine: i.engine ?? null,
    json: i.json,
    verbose: i.verbose,
    requirements: i.requirements,
    resource: i.resource ?? null,
    module: i.module ?? null,
    provider: i.provider ?? null,
    tests: i.tests || i.testDirectory !== undefined ? (i.testDirectory ?? true) : false,
    vars: i.vars,
    varFiles: i.varFiles,
    limits: i.limits,
    color: i.color,
  }
}

/** The command's output: from the results cache while nothing it read has changed, else analysed, rendered and stored. */
export function providersOutput(
  cmd: Pick<CommandRun<unknown>, 'context' | 'renderer' | 'diagnostics'>,
  i: ProvidersInputs,
): Promise<CacheOutcome<CommandOutput>> {
  // a state can hold secrets: an output that shows one is never stored
  if (i.state) return analyseAndRender(cmd, i).then((value) => ({value, cached: false}))
  return cmd.context.results.output('providers', providersKey(i), () => analyseAndRender(cmd, i))
}

async function analyseAndRender(
  cmd: Pick<CommandRun<unknown>, 'context' | 'renderer' | 'diagnostics'>,
  i: ProvidersInputs,
): Promise<CommandOutput> {
  // only the modules this command uses (not the whole library: graph export, lock files, lint rules)
  const [{analyzeProviders, rootFilesRead}, {providersFilterProblem}, {utf8Text}, {fileNamer}] = await Promise.all([
    import('../providers/analyze.js'),
    import('../render/providers-text.js'),
    import('../io/inputs.js'),
    import('../render/paths.js'),
  ])
  const filters = {
    ...(i.resource ? {resource: i.resource} : {}),
    ...(i.module ? {module: i.module} : {}),
    ...(i.provider ? {provider: i.provider} : {}),
  }
  const analysed = await analyzeProviders(i.dir, {
    ...(i.engine ? {engine: i.engine} : {}),
    ...(i.tests || i.testDirectory !== undefined ? {tests: i.testDirectory !== undefined ? {directory: i.testDirectory} : true} : {}),
    vars: i.vars,
    varFiles: i.varFiles,
    ...i.limits,
    context: cmd.context,
  })
  // --plan: the saved plan's changes joined to the binding (a plan tfgraph cannot use is one line, exit 1)
  const p: WithPlan = i.plan
    ? (await import('./providers-plan.js')).withPlan(analysed, i.dir, i.plan.text, i.plan.file)
    : {analysis: analysed}
  if ('error' in p) return {stdout: '', stderr: `Error: ${p.error}\n`, exitCode: 1}
  // --state: the state's objects matched to the configuration (a state tfgraph cannot use is one line, exit 1)
  const st = i.state ? (await import('./providers-state.js')).withState(p.analysis, i.state) : undefined
  if (st && 'error' in st) return {stdout: '', stderr: `Error: ${st.error}\n`, exitCode: 1}
  const a = st?.analysis ?? p.analysis
  // nothing to show when the root directory itself could not be loaded: just the diagnostics
  const rootLoaded = rootFilesRead(a)
  const filterProblem = rootLoaded ? providersFilterProblem(a, filters) : undefined
  if (filterProblem) return {stdout: '', stderr: `Error: ${filterProblem}\n`, exitCode: 1}
  // files are named from the current directory (part of the results cache's key), so that file:line opens as printed
  const render = await cmd.renderer('providers', i.json ? 'json' : i.requirements ? 'requirements' : 'text')
  const stdout =
    i.json || rootLoaded
      ? await render(a, {
          dir: i.dir,
          fileName: fileNamer(i.dir),
          ...filters,
          ...(p.planned ? {planned: p.planned} : {}),
          ...(st ? {state: st.state} : {}),
        })
      : ''
  const stderr =
    !i.json && a.diagnostics.length > 0
      ? '\n' +
        (await cmd.diagnostics(a.diagnostics, {
          dir: i.dir,
          verbose: i.verbose,
          read: (f) => utf8Text(cmd.context.files.read(f)),
        }))
      : ''
  return {stdout, stderr, exitCode: exitCodeOf(a)}
}
