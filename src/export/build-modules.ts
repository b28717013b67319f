// The `modules` view: the module call tree, read off the analysis graph. One node per module call (and
// the root), one `calls` edge per call. Labels carry the call name, source and version, and one status word
// (`not installed`, `not loaded`, `legacy`) — the reason is the `unresolved_reason` attribute, which
// renderers show as a tooltip; marks say count/for_each, unresolved, legacy (own provider blocks) and a
// directory called from more than one place.
import {formatRange} from '../diag/diagnostic.js'
import {edgesOfKind, type NodeAttributes} from '../providers/tree/build-graph.js'
import type {ProvidersAnalysis} from '../providers/analyze.js'
import {analysisView, type ExportGraph, type GraphEdge, type GraphMark, type GraphNode} from './model.js'
import {visible} from './text.js'

type ModuleAttributes = Extract<NodeAttributes, {kind: 'module'}>

/** Node id of a module: its address, `root` for the root module. */
export function moduleNodeId(address: string): string {
  return address === '' ? 'root' : address
}

/** Module nodes for every module of the analysis graph, in the crawler's order (depth-first, calls by name). */
export function moduleNodes(a: ProvidersAnalysis): GraphNode[] {
  const out: GraphNode[] = []
  a.graph.forEachNode((key, attr) => {
    if (attr.kind !== 'module') return
    let resources = 0
    a.graph.forEachOutEdge(key, (_e, e, _s, _t, _sa, target) => {
      if (e.kind === 'contains' && target.kind === 'resource' && target.bound) resources++
    })
    out.push(moduleNode(attr, resources))
  })
  return out
}

/** What a module node's label says about it in one or two words, if anything. */
export type ModuleStatus = 'not installed' | 'not loaded' | 'legacy'

function moduleStatus(n: ModuleAttributes): ModuleStatus | null {
  // the crawler's reason for a registry or git module absent from the installed-modules manifest
  if (!n.resolved) return / is not installed \(/.test(n.unresolvedReason ?? '') ? 'not installed' : 'not loaded'
  return n.legacy ? 'legacy' : null
}

function moduleNode(n: ModuleAttributes, resources: number): GraphNode {
  const marks: GraphMark[] = []
  if (n.address === '') marks.push('root')
  if (n.count || n.forEach) marks.push('multi-instance')
  if (!n.resolved) marks.push('unresolved')
  if (n.legacy) marks.push('legacy')
  if (n.dirCalls > 1) marks.push('shared-dir')
  const lines: string[] = [n.name === null ? 'root module' : visible(n.name)]
  if (n.source !== null) lines.push(visible(n.source) + (n.version !== null ? ` (${visible(n.version)})` : ''))
  const meta = [n.count ? 'count' : '', n.forEach ? 'for_each' : '', n.dependsOn ? 'depends_on' : '', n.enabled ? 'enabled' : ''].filter(
    Boolean,
  )
  if (meta.length > 0) lines.push(`[${meta.join(', ')}]`)
  if (n.dirCalls > 1 && n.dir !== null) lines.push(`dir ${visible(n.dir)} (${n.dirCalls} calls)`)
  const status = moduleStatus(n)
  if (status !== null) lines.push(status)
  return {
    id: moduleNodeId(n.address),
    kind: 'module',
    address: n.address,
    module: n.address,
    label: lines.join('\n'),
    cluster: null,
    marks,
    attributes: {
      name: n.name,
      source: n.source,
      version: n.version,
      dir: n.dir,
      dir_calls: n.dirCalls,
      resolved: n.resolved,
      status,
      unresolved_reason: n.unresolvedReason,
      count: n.count,
      for_each: n.forEach,
      depends_on: n.dependsOn,
      enabled: n.enabled,
      legacy: n.legacy,
      resources,
      range: n.range ? formatRange(n.range) : null,
    },
  }
}

export function modulesGraph(a: ProvidersAnalysis): ExportGraph {
  const nodes = moduleNodes(a)
  const edges: GraphEdge[] = []
  for (const {source, target} of edgesOfKind(a.graph, 'calls'))
    edges.push({from: moduleNodeId(source.address), to: moduleNodeId(target.address), kind: 'calls', label: null, attributes: {}})
  return analysisView('modules', a, nodes, edges)
}
