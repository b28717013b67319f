// The `modules` view: the module call tree. One node per module call (and the root), one `calls` edge
// per call. Labels carry the call name, source and version; marks say count/for_each, unresolved,
// legacy (own provider blocks) and a directory called from more than one place.
import {formatRange} from '../diag/diagnostic.js'
import type {ModuleNode} from '../graph/crawl.js'
import type {ProvidersAnalysis} from '../providers/analyze.js'
import type {ExportGraph, GraphEdge, GraphMark, GraphNode} from './model.js'
import {visible} from './text.js'

/** Node id of a module: its address, `root` for the root module. */
export function moduleNodeId(address: string): string {
  return address === '' ? 'root' : address
}

/** Module nodes for every module of the tree, in the crawler's order (depth-first, calls by name). */
export function moduleNodes(a: ProvidersAnalysis): GraphNode[] {
  const legacy = new Set(a.resolution.configs.filter((c) => c.legacy && !c.empty).map((c) => c.module))
  const callsPerDir = new Map<string, number>()
  for (const n of a.tree.nodes) if (n.displayDir !== undefined) callsPerDir.set(n.displayDir, (callsPerDir.get(n.displayDir) ?? 0) + 1)
  const resources = new Map<string, number>()
  for (const r of a.resolution.resources) resources.set(r.module, (resources.get(r.module) ?? 0) + 1)
  return a.tree.nodes.map((n) => moduleNode(n, {legacy: legacy.has(n.address), dirCalls: n.displayDir !== undefined ? (callsPerDir.get(n.displayDir) ?? 1) : 0, resources: resources.get(n.address) ?? 0}))
}

function moduleNode(n: ModuleNode, facts: {legacy: boolean; dirCalls: number; resources: number}): GraphNode {
  const marks: GraphMark[] = []
  if (n.address === '') marks.push('root')
  if (n.count || n.forEach) marks.push('multi-instance')
  if (!n.resolved) marks.push('unresolved')
  if (facts.legacy) marks.push('legacy')
  if (facts.dirCalls > 1) marks.push('shared-dir')
  const name = n.path[n.path.length - 1]
  const lines: string[] = [name === undefined ? 'root module' : visible(name)]
  if (n.sourceText !== undefined) lines.push(visible(n.sourceText) + (n.version !== undefined ? ` (${visible(n.version)})` : ''))
  const meta = [n.count ? 'count' : '', n.forEach ? 'for_each' : '', n.dependsOn ? 'depends_on' : '', n.enabled ? 'enabled' : ''].filter(Boolean)
  if (meta.length > 0) lines.push(`[${meta.join(', ')}]`)
  if (facts.dirCalls > 1 && n.displayDir !== undefined) lines.push(`dir ${visible(n.displayDir)} (${facts.dirCalls} calls)`)
  if (facts.legacy) lines.push('legacy: own provider blocks')
  if (!n.resolved) lines.push(`NOT LOADED: ${visible(n.unresolvedReason ?? 'not loaded')}`)
  return {
    id: moduleNodeId(n.address),
    kind: 'module',
    address: n.address,
    module: n.address,
    label: lines.join('\n'),
    cluster: null,
    marks,
    attributes: {
      name: name ?? null,
      source: n.sourceText ?? null,
      version: n.version ?? null,
      dir: n.displayDir ?? null,
      dir_calls: facts.dirCalls,
      resolved: n.resolved,
      unresolved_reason: n.unresolvedReason ?? null,
      count: n.count,
      for_each: n.forEach,
      depends_on: n.dependsOn,
      enabled: n.enabled,
      legacy: facts.legacy,
      resources: facts.resources,
      range: n.call ? formatRange(n.call.declRange) : null,
    },
  }
}

export function modulesGraph(a: ProvidersAnalysis): ExportGraph {
  const nodes = moduleNodes(a)
  const edges: GraphEdge[] = []
  for (const n of a.tree.nodes) {
    if (n.parent) edges.push({from: moduleNodeId(n.parent.address), to: moduleNodeId(n.address), kind: 'calls', label: null, attributes: {}})
  }
  return {view: 'modules', engine: a.tree.engine, terraformResources: false, collapsed: false, nodes, edges, clusters: [], diagnostics: a.diagnostics}
}
