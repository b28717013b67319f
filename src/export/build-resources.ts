// The `resources` view: Terraform ≥1.7's resource-only `terraform graph` — resource and data nodes in
// Terraform's order, one flat cluster per non-root module, edges dependent → dependency. The data comes
// from resourceGraph (the reference scanner); this turns it into the export model and adds its
// dependencies to the analysis graph, where slicing traverses them.
import {formatRange} from '../diag/diagnostic.js'
import type {ProvidersAnalysis} from '../providers/analyze.js'
import {moduleKey, resourceKey, type ModuleGraph} from '../providers/tree/build-graph.js'
import type {ExportGraph, GraphCluster, GraphNode} from './model.js'
import {resourceGraph, type ResourceGraph} from './resources.js'

export function resourcesGraphFrom(rg: ResourceGraph, engine: string, extraDiagnostics: ExportGraph['diagnostics'] = []): ExportGraph {
  const clusters: GraphCluster[] = []
  const seen = new Set<string>()
  const nodes: GraphNode[] = rg.nodes.map((n) => {
    if (n.module !== '' && !seen.has(n.module)) {
      seen.add(n.module)
      clusters.push({id: `cluster_${n.module}`, label: n.module, module: n.module})
    }
    return {
      id: n.id,
      kind: 'resource',
      address: n.id,
      module: n.module,
      label: n.label,
      cluster: n.module === '' ? null : `cluster_${n.module}`,
      marks: n.mode === 'data' ? ['data'] : [],
      attributes: {mode: n.mode, type: n.type, name: n.name, range: n.range ? formatRange(n.range) : null},
    }
  })
  return {
    view: 'resources',
    engine,
    terraformResources: true,
    collapsed: false,
    nodes,
    edges: rg.edges.map((e) => ({from: e.from, to: e.to, kind: 'depends-on', label: null, attributes: {}})),
    clusters,
    diagnostics: [...extraDiagnostics, ...rg.diagnostics],
  }
}

/**
 * Adds the scanner's dependencies to the analysis graph as `depends-on` edges between resource nodes,
 * once per graph, so that slicing traverses them there. A resource the resolution did not bind (a
 * built-in provider's) is added as an unbound resource node.
 */
export function addDependencies(g: ModuleGraph, rg: ResourceGraph): void {
  if (g.getAttribute('dependencies') === true) return
  g.setAttribute('dependencies', true)
  for (const n of rg.nodes) {
    const key = resourceKey(n.id)
    if (g.hasNode(key)) continue
    g.addNode(key, {
      kind: 'resource',
      address: n.id,
      module: n.module,
      mode: n.mode,
      type: n.type,
      name: n.name,
      provider: '',
      reference: '',
      providerConfig: null,
      instanceKey: null,
      resolution: [],
      range: n.range,
      bound: false,
    })
    if (g.hasNode(moduleKey(n.module))) g.addDirectedEdge(moduleKey(n.module), key, {kind: 'contains'})
  }
  for (const e of rg.edges) if (e.from !== e.to) g.addDirectedEdge(resourceKey(e.from), resourceKey(e.to), {kind: 'depends-on'})
}

/** The view for an analysis: the reference scanner's graph (its dependencies added to the analysis graph when slicing needs them). */
export function resourcesGraph(a: ProvidersAnalysis, withDependencies = false): ExportGraph {
  const rg = resourceGraph(a.tree)
  if (withDependencies) addDependencies(a.graph, rg)
  return resourcesGraphFrom(rg, a.tree.engine, a.diagnostics)
}
