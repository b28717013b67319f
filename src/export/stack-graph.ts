// `tfgraph graph` of a Terraform Stacks configuration: the stack as the root, its components as the modules
// it calls, each component's module tree (its view built as for any root, then named from the stack:
// `component.s3.module.a`), and in the providers view the stack's provider configurations with an edge to
// each component whose providers map gives one of them (labelled with the map entry) in place of the
// configurations the component's root module receives.
import {sortDiagnostics} from '../diag/diagnostic.js'
import type {ProvidersAnalysis} from '../providers/analyze.js'
import type {StackComponentAnalysis} from '../providers/stacks/stack-analyze.js'
import {modulesGraph} from './build-modules.js'
import {providersGraph} from './build-providers.js'
import {resourcesGraph} from './build-resources.js'
import type {ExportGraph, GraphCluster, GraphEdge, GraphMark, GraphNode, GraphView} from './model.js'
import {visible} from './text.js'

type Component = StackComponentAnalysis<ProvidersAnalysis>

function build(a: ProvidersAnalysis, view: GraphView, forFocus: boolean): ExportGraph {
  return view === 'modules' ? modulesGraph(a) : view === 'providers' ? providersGraph(a) : resourcesGraph(a, forFocus)
}

/** A component graph's node id, named from the stack. */
function idIn(component: string, id: string): string {
  if (id === 'root') return component
  if (id.startsWith('resource:')) return `resource:${component}.${id.slice('resource:'.length)}`
  if (id.startsWith('cluster_')) return `cluster_${component}${id === 'cluster_' ? '' : '.' + id.slice('cluster_'.length)}`
  return `${component}.${id}`
}

function addressIn(component: string, address: string): string {
  return address === '' ? component : `${component}.${address}`
}

function componentLabel(c: Component): string {
  const lines = [visible(c.address.key), visible(c.source.text) + (c.source.version ? ` (${visible(c.source.version)})` : '')]
  if (c.kind === 'removed') lines.push('removed')
  if (c.forEach) lines.push('[for_each]')
  if (!c.analysis) lines.push('not loaded')
  return lines.join('\n')
}

function componentNode(c: Component, fromTree: GraphNode | undefined): GraphNode {
  const marks: GraphMark[] = fromTree ? fromTree.marks.filter((m) => m !== 'root') : []
  if (c.forEach && !marks.includes('multi-instance')) marks.push('multi-instance')
  if (!c.analysis) marks.push('unresolved')
  return {
    id: c.address.key,
    kind: 'module',
    address: c.address.key,
    module: c.address.key,
    label: componentLabel(c),
    cluster: null,
    marks,
    attributes: {
      ...(fromTree?.attributes ?? {}),
      // no call name: the page names the node by its address (`component.s3`)
      name: null,
      source: c.source.text,
      version: c.source.version ?? null,
      dir: c.displayDir ?? null,
      resolved: c.analysis !== undefined,
      for_each: c.forEach !== undefined,
      component: c.kind,
    },
  }
}

/** One component's graph, named from the stack; its root module's received configurations left out (the stack's stand for them). */
function componentPart(
  c: Component,
  view: GraphView,
  forFocus: boolean,
): {nodes: GraphNode[]; edges: GraphEdge[]; clusters: GraphCluster[]} {
  if (!c.analysis) return {nodes: view === 'resources' ? [] : [componentNode(c, undefined)], edges: [], clusters: []}
  const g = build(c.analysis, view, forFocus)
  const at = c.address.key
  const dropped = new Set(g.nodes.filter((n) => n.kind === 'provider-config' && n.module === '').map((n) => n.id))
  const nodes = g.nodes
    .filter((n) => !dropped.has(n.id))
    .map((n) =>
      n.kind === 'module' && n.address === ''
        ? componentNode(c, n)
        : {
            ...n,
            id: idIn(at, n.id),
            address: addressIn(at, n.address),
            module: addressIn(at, n.module),
            cluster: n.cluster === null ? null : idIn(at, n.cluster),
          },
    )
  const edges = g.edges
    .filter((e) => !dropped.has(e.from) && !dropped.has(e.to))
    .map((e) => ({...e, from: idIn(at, e.from), to: idIn(at, e.to)}))
  const clusters = g.clusters.map((k) => ({
    ...k,
    id: idIn(at, k.id),
    module: addressIn(at, k.module),
    label: addressIn(at, k.label),
  }))
  return {nodes, edges, clusters}
}

/** The stack's own nodes: the stack, and (providers view) its provider configurations with what they give the components. */
function stackPart(a: ProvidersAnalysis, view: GraphView): {nodes: GraphNode[]; edges: GraphEdge[]} {
  const s = a.stack!
  if (view === 'resources') return {nodes: [], edges: []}
  const nodes: GraphNode[] = [
    {
      id: 'root',
      kind: 'module',
      address: '',
      module: '',
      label: 'stack (.)',
      cluster: null,
      marks: ['root'],
      attributes: {name: null, stack: true},
    },
  ]
  const edges: GraphEdge[] = s.components.map((c) => ({from: 'root', to: c.address.key, kind: 'calls', label: null, attributes: {}}))
  if (view !== 'providers') return {nodes, edges}
  for (const p of s.providerConfigs) {
    const short = p.provider?.replace(/^registry\.terraform\.io\//, '') ?? `undeclared local name "${p.localName}"`
    nodes.push({
      id: p.address.key,
      kind: 'provider-config',
      address: p.address.key,
      module: p.stack.key,
      label: [visible(`${p.localName}.${p.name}`), visible(short), ...(p.forEach ? ['[for_each]'] : [])].join('\n'),
      cluster: null,
      marks: ['aliased'],
      attributes: {local_name: p.localName, name: p.name, provider: p.provider ?? null, for_each: p.forEach, range: null},
    })
    edges.push({from: p.address.key, to: p.stack.isRoot ? 'root' : p.stack.key, kind: 'provides', label: null, attributes: {}})
  }
  for (const c of s.components)
    for (const b of c.providers)
      if (b.config && b.value !== undefined)
        edges.push({
          from: b.config.key,
          to: c.address.key,
          kind: 'passes',
          label: visible(`${b.slot} = ${b.value}`),
          attributes: {key: b.slot, value: b.value, child_address: c.address.key, parent_address: b.config.key},
        })
  return {nodes, edges}
}

/** The view of a stack, in the same model as a root module's. */
export function stackGraph(a: ProvidersAnalysis, view: GraphView, forFocus = false): ExportGraph {
  const own = stackPart(a, view)
  const parts = a.stack!.components.map((c) => componentPart(c, view, forFocus))
  const nodes = [...own.nodes, ...parts.flatMap((p) => p.nodes)]
  const ids = new Set(nodes.map((n) => n.id))
  const seen = new Set<string>()
  const unique = nodes.filter((n) => (seen.has(n.id) ? false : (seen.add(n.id), true)))
  const edges = [...own.edges, ...parts.flatMap((p) => p.edges)].filter((e) => ids.has(e.from) && ids.has(e.to))
  return {
    view,
    engine: 'terraform',
    terraformResources: false,
    collapsed: false,
    nodes: unique,
    edges,
    clusters: parts.flatMap((p) => p.clusters),
    diagnostics: sortDiagnostics(a.diagnostics),
  }
}

/** `--focus` over a stack's graph: the nodes within `depth` edges of the seeds, either direction. */
export function stackFocus(g: ExportGraph, seeds: readonly string[], depth: number): Set<string> {
  const keep = new Set(seeds)
  let frontier = [...seeds]
  for (let d = 0; d < depth && frontier.length > 0; d++) {
    const next: string[] = []
    for (const e of g.edges) {
      for (const [a, b] of [
        [e.from, e.to],
        [e.to, e.from],
      ] as const)
        if (frontier.includes(a) && !keep.has(b)) {
          keep.add(b)
          next.push(b)
        }
    }
    frontier = next
  }
  return keep
}
