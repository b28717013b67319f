// `tfgraph graph` between its flags and its output (commands/graph.ts): the analysis, the view sliced as
// asked and its rendering, computed when the results cache holds no output for these options and files.
import type {GraphView} from '../export/model.js'
import {startLine} from '../render/progress.js'
import type {CommandOutput} from '../io/results-cache.js'
import type {CommandRun} from './command-run.js'
import type {limitOptions} from './flag-values.js'
import type {StateInput} from './state-input.js'

export const GRAPH_VIEWS: readonly GraphView[] = ['modules', 'providers', 'resources']

export interface DrawInputs {
  readonly dir: string
  readonly view: GraphView
  readonly format: 'svg' | 'html' | 'mermaid' | 'json' | 'dot'
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
