// `tfgraph graph` between its flags and its output (commands/graph.ts): the analysis, the view sliced as
// asked and its rendering, computed when the results cache holds no output for these options and files.
import * as path from 'node:path'
import type {GraphView} from '../export/model.js'
import {startLine} from '../render/progress.js'
import type {CacheOutcome, CommandOutput} from '../io/results-cache.js'
import type {CommandRun} from './command-run.js'
import {engineFlag, limitOptions} from './flag-values.js'
import type {StateInput} from './state-input.js'
import type {LimitFlagValues, VarFlagValues} from './flag-values.js'

export const GRAPH_VIEWS: readonly GraphView[] = ['modules', 'providers', 'resources']

export type GraphFormat = 'svg' | 'html' | 'mermaid' | 'json' | 'dot'

const EXTENSIONS: Readonly<Record<string, GraphFormat>> = {
  '.svg': 'svg',
  '.html': 'html',
  '.htm': 'html',
  '.mmd': 'mermaid',
  '.mermaid': 'mermaid',
  '.json': 'json',
  '.dot': 'dot',
  '.gv': 'dot',
}

/** The format a file name asks for (no extension, or no file: DOT); undefined for an extension tfgraph cannot write. */
export function formatFromExtension(file: string | undefined): GraphFormat | undefined {
  const ext = file === undefined ? '' : path.extname(file).toLowerCase()
  return ext === '' ? 'dot' : EXTENSIONS[ext]
}

/** The flags of `tfgraph graph` its output depends on, as oclif parses them (commands/graph.ts). */
export interface GraphFlags extends LimitFlagValues, VarFlagValues {
  readonly type?: string | undefined
  readonly format?: string | undefined
  readonly output?: string | undefined
  readonly focus?: string | undefined
  readonly depth?: number | undefined
  readonly module?: string | undefined
  readonly collapse?: boolean | undefined
  readonly exclude?: string[] | undefined
  readonly engine?: string | undefined
  readonly verbose?: boolean | undefined
  readonly force?: boolean | undefined
}

/** What `tfgraph graph` was asked (everything of DrawInputs but the run's progress line and a state). */
export type GraphInputs = Omit<DrawInputs, 'progress' | 'state' | 'format'> & {
  /** undefined: the -o file's extension names no format tfgraph writes. */
  readonly format: GraphFormat | undefined
  /** -o FILE (`-o -` is stdout: undefined). */
  readonly output: string | undefined
  /** Whether diagnostics on stderr carry colour. */
  readonly color: boolean
}

/** The command's inputs from its parsed flags. */
export function graphInputs(dir: string, flags: GraphFlags, color: boolean): GraphInputs {
  return {
    dir,
    view: GRAPH_VIEWS.find((v) => v === flags.type) ?? 'modules',
    format: (['dot', 'mermaid', 'json', 'svg', 'html'] as const).find((f) => f === flags.format) ?? formatFromExtension(flags.output),
    // `-o -` is stdout, as for most tools that take an output file
    output: flags.output === '-' ? undefined : flags.output,
    slicing: {
      ...(flags.focus !== undefined ? {focus: flags.focus} : {}),
      ...(flags.depth !== undefined ? {depth: flags.depth} : {}),
      ...(flags.module !== undefined ? {module: flags.module} : {}),
      collapse: flags.collapse === true,
      exclude: flags.exclude ?? [],
    },
    engine: engineFlag(flags.engine),
    vars: flags.var ?? [],
    varFiles: flags['var-file'] ?? [],
    limits: limitOptions(flags),
    verbose: flags.verbose === true,
    color,
    force: flags.force === true,
  }
}

/** The results-cache key of a graph command line: everything its output depends on besides the files it reads. */
export function graphKey(i: GraphInputs): unknown {
  return {
    dir: path.resolve(i.dir),
    given: i.dir,
    view: i.view,
    format: i.format ?? null,
    slicing: i.slicing,
    engine: i.engine ?? null,
    vars: i.vars,
    varFiles: i.varFiles,
    limits: i.limits,
    verbose: i.verbose,
    color: i.color,
    force: i.force,
  }
}

export interface DrawInputs {
  readonly dir: string
  readonly view: GraphView
  readonly format: GraphFormat
  readonly slicing: {readonly focus?: string; readonly depth?: number; readonly module?: string; collapse: boolean; exclude: string[]}
  readonly engine: 'terraform' | 'opentofu' | undefined
  readonly vars: string[]
  readonly varFiles: string[]
  readonly limits: ReturnType<typeof limitOptions>
  readonly verbose: boolean
  /** A progress line on the terminal while a slow layout runs (unless --no-progress). */
  readonly progress: boolean
  /** SVG: draw even what would take minutes or could not be read. */
  readonly force: boolean
  /** --state: drawn into the providers view (never through the results cache). */
  readonly state?: StateInput
}

/** The analysis, the view sliced as asked and its rendering: what the command prints, and whether it failed. */
export async function drawGraph(cmd: CommandRun<undefined>, i: DrawInputs): Promise<{output: CommandOutput; failed: boolean}> {
  const lib = await import('./analysis.js')
  const a = await lib.analyzeProviders(i.dir, {
    ...(i.engine ? {engine: i.engine} : {}),
    vars: i.vars,
    varFiles: i.varFiles,
    ...i.limits,
    context: cmd.context,
  })
  await cmd.end()
  const diagnostics = (diags: typeof a.diagnostics) => cmd.diagnostics(diags, {dir: i.dir, verbose: i.verbose})
  // the root could not be loaded, or part of the configuration could not be read or parsed: a graph of
  // what was read would look whole, so nothing is drawn (no stdout, no file), just the diagnostics
  if ((a.stack ? a.stack.config.stack.files.length : (a.tree.root.module?.files.length ?? 0)) === 0 || a.incomplete)
    return {output: {stdout: '', stderr: await diagnostics(a.diagnostics.filter((d) => d.severity === 'error')), exitCode: 1}, failed: true}
  const exported = lib.exportGraph(a, {view: i.view, ...i.slicing})
  const {optionDiagnostics} = exported
  // --state: its orphans and the configurations only it names, drawn; its diagnostics with the graph's
  let graph = exported.graph
  if (i.state) {
    const [{analyzeState, StateError}, {withStateNodes}, {sortDiagnostics}] = await Promise.all([
      import('../state/index.js'),
      import('./graph-state.js'),
      import('../diag/diagnostic.js'),
    ])
    try {
      const s = analyzeState(a, i.state.text, i.state.name)
      graph = withStateNodes(graph, s.match)
      graph = {...graph, diagnostics: sortDiagnostics([...graph.diagnostics, ...s.diagnostics])}
    } catch (e) {
      if (e instanceof StateError) return {output: {stdout: '', stderr: `Error: ${e.message}\n`, exitCode: 1}, failed: true}
      throw e
    }
  }
  // a --focus or --module that names nothing: one line with a "did you mean", exit 1
  if (optionDiagnostics.length > 0)
    return {output: {stdout: '', stderr: `Error: ${optionDiagnostics.map((d) => d.detail).join(' ')}\n`, exitCode: 1}, failed: true}
  const progress = i.progress ? (line: string) => startLine(process.stderr, line) : undefined
  const render = await cmd.renderer('graph', i.format)
  let stdout: string
  try {
    stdout = await render(
      {analysis: a, graph},
      {root: i.dir, ...(progress ? {progress} : {}), force: i.force, ...(i.slicing.module !== undefined ? {module: i.slicing.module} : {})},
    )
  } catch (e) {
    // a picture Graphviz would take minutes to lay out: what to narrow instead, exit 1
    if (e instanceof (await import('../render/graph-svg.js')).LayoutTooLarge)
      return {output: {stdout: '', stderr: `Error: ${e.message}\n`, exitCode: 1}, failed: true}
    throw e
  }
  // Like terraform graph: warnings alone are not printed, so a consumer of the graph is not upset.
  const errors = graph.diagnostics.some((d) => d.severity === 'error')
  // a picture too large to read whole: one line saying what makes it smaller
  const note = i.format === 'svg' ? (await import('../render/graph-svg.js')).hugePictureNote(stdout, graph, i.slicing.module) : undefined
  const stderr = (note ? note + '\n' : '') + (errors ? '\n' + (await diagnostics(graph.diagnostics)) : '')
  return {output: {stdout, stderr, exitCode: errors ? 2 : 0}, failed: false}
}

/**
 * The command's output: from the results cache while nothing it read has changed, else drawn and stored
 * (a graph that shows a state's objects never is: a state can hold secrets). `failed`: what cannot be
 * drawn (exit 1, never stored), said without writing the -o file.
 */
export async function graphOutput(
  cmd: CommandRun<undefined>,
  i: GraphInputs & {readonly format: GraphFormat},
  run: {readonly progress: boolean; readonly state?: StateInput},
): Promise<{out: CacheOutcome<CommandOutput>; failed: boolean}> {
  let failed = false
  const draw = async () => {
    const r = await drawGraph(cmd, {...i, progress: run.progress, ...(run.state ? {state: run.state} : {})})
    failed = r.failed
    return r.output
  }
  const out = run.state ? {value: await draw(), cached: false} : await cmd.context.results.output('graph', graphKey(i), draw)
  return {out, failed}
}
