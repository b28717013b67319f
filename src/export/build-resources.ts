// The `resources` view: Terraform ≥1.7's resource-only `terraform graph` — resource and data nodes in
// Terraform's order, one flat cluster per non-root module, edges dependent → dependency. The data comes
// from resourceGraph (the reference scanner); this only turns it into the export model.
import {formatRange} from '../diag/diagnostic.js'
import type {ModuleTree} from '../graph/crawl.js'
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

export function resourcesGraph(tree: ModuleTree, extraDiagnostics: ExportGraph['diagnostics'] = []): ExportGraph {
  return resourcesGraphFrom(resourceGraph(tree), tree.engine, extraDiagnostics)
}
