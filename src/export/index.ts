// `tfgraph graph`: one export model per view, read off the analysis graph (the resources view adds the
// reference scanner's dependencies to it for --focus), narrowed by the slicing options, rendered by a pure
// renderer per format (src/render/graph-*.ts). Returns data; the command only prints it.
import {renameFiles, rootRelative} from '../diag/file-names.js'
import {sortDiagnostics, type Diagnostic} from '../diag/diagnostic.js'
import type {ProvidersAnalysis} from '../providers/analyze.js'
import {modulesGraph} from './build-modules.js'
import {providersGraph} from './build-providers.js'
import {resourcesGraph} from './build-resources.js'
import type {ExportGraph, GraphView} from './model.js'
import {collapse, depthSlice, excludeNodes, focusSlice, keepNodes, moduleSlice} from './slice.js'
import {stackFocus, stackGraph} from './stack-graph.js'

export interface GraphOptions {
  readonly view: GraphView
  /** Address of a module, provider configuration or resource; keeps its neighbourhood. */
  readonly focus?: string
  /** With `focus`: edges followed from it, in either direction (default 2). Without: how many module calls deep to keep. */
  readonly depth?: number
  /** A module address (`module.a.module.b`; `.` the root): keeps that subtree. */
  readonly module?: string
  readonly collapse?: boolean
  /** Globs on addresses; a node goes when its address or a module containing it matches. */
  readonly exclude?: readonly string[]
}

export interface GraphExport {
  readonly graph: ExportGraph
  /** Problems with the options themselves (an address that matches nothing). */
  readonly optionDiagnostics: readonly Diagnostic[]
}

/** Whether the options ask for anything but the whole graph. */
export function isSliced(opts: GraphOptions): boolean {
  return (
    opts.focus !== undefined ||
    opts.depth !== undefined ||
    opts.module !== undefined ||
    opts.collapse === true ||
    (opts.exclude?.length ?? 0) > 0
  )
}

/** `forFocus`: the resources view adds its dependencies to the analysis graph, which --focus traverses. */
export function buildExportGraph(a: ProvidersAnalysis, view: GraphView, forFocus = false): ExportGraph {
  const g = a.stack
    ? stackGraph(a, view, forFocus)
    : view === 'modules'
      ? modulesGraph(a)
      : view === 'providers'
        ? providersGraph(a)
        : resourcesGraph(a, forFocus)
  // the model names files by their absolute paths; the export names them from the root (a stack's directory)
  return renameFiles({...g, diagnostics: sortDiagnostics(g.diagnostics)}, rootRelative(a.tree.rootDir))
}

export function exportGraph(a: ProvidersAnalysis, opts: GraphOptions): GraphExport {
  let g = buildExportGraph(a, opts.view, opts.focus !== undefined)
  const optionDiagnostics: Diagnostic[] = []
  if (opts.exclude && opts.exclude.length > 0) g = excludeNodes(g, opts.exclude)
  if (opts.module !== undefined) {
    const r = moduleSlice(g, opts.module)
    g = r.graph
    optionDiagnostics.push(...r.diagnostics)
  }
  if (opts.focus !== undefined && a.stack) {
    // a stack has no analysis graph of its own: its export graph's edges are followed
    const seeds = g.nodes.filter((n) => n.address === opts.focus || n.id === opts.focus).map((n) => n.id)
    if (seeds.length === 0) optionDiagnostics.push(...focusSlice(g, opts.focus, 0, a.graph).diagnostics)
    const keep = stackFocus(g, seeds, opts.depth ?? 2)
    g = keepNodes(g, (n) => keep.has(n.id))
  } else if (opts.focus !== undefined) {
    const r = focusSlice(g, opts.focus, opts.depth ?? 2, a.graph)
    g = r.graph
    optionDiagnostics.push(...r.diagnostics)
  } else if (opts.depth !== undefined) g = depthSlice(g, opts.depth, opts.module)
  if (opts.collapse) g = collapse(g)
  return {graph: g, optionDiagnostics}
}

export * from './model.js'
export {visible} from './text.js'
export {modulesGraph, moduleNodeId} from './build-modules.js'
export {providersGraph, providerHops} from './build-providers.js'
export {resourcesGraph, resourcesGraphFrom, addDependencies} from './build-resources.js'
export {addressMatcher, collapse, depthSlice, excludeNodes, focusSlice, keepNodes, moduleDepth, moduleSlice, nodesByDepth} from './slice.js'
