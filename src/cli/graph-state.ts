// `tfgraph graph --type providers --state FILE`: the state drawn into the providers view. Each configuration
// the state records orphans under gets a node of their own (`orphan`: how many, which), hung from the
// configuration with a dashed `uses` edge; a configuration only the state names (removed from the code, so
// `terraform plan` fails) is drawn too, marked `state-only`. Objects still declared are the view's own
// resources already. Data in, data out: the renderers draw the marks (dashed in DOT, SVG, Mermaid, HTML).
import type {ResourceInstanceAddr} from '../addrs/instance.js'
import {providerString, type AbsProviderConfig} from '../addrs/provider.js'
import type {ExportGraph, GraphEdge, GraphNode} from '../export/model.js'
import type {StateMatch} from '../state/match.js'

function configLabel(c: AbsProviderConfig): string {
  const module = c.module.key
  return [
    `${c.provider.type}${c.alias ? '.' + c.alias : ''}`,
    providerString(c.provider),
    module ? `in ${module}` : '',
    'removed: only in the state',
  ]
    .filter((x) => x)
    .join('\n')
}

/** The graph with the state's orphans and the configurations only the state names; other views unchanged. */
export function withStateNodes(g: ExportGraph, match: StateMatch): ExportGraph {
  if (g.view !== 'providers') return g
  const ids = new Set(g.nodes.map((n) => n.id))
  const groups = new Map<string, {at: AbsProviderConfig; missing: boolean; objects: ResourceInstanceAddr[]}>()
  for (const m of match.objects) {
    if (m.status !== 'orphan' && m.status !== 'orphan-configuration-missing') continue
    // the configuration the match names: the binding's, else the one the state recorded
    const at = m.binding?.providerConfig ?? m.object.recorded
    const group = groups.get(at.key) ?? {at, missing: m.status === 'orphan-configuration-missing', objects: []}
    group.objects.push(m.object.address)
    groups.set(at.key, group)
  }
  const nodes: GraphNode[] = []
  const edges: GraphEdge[] = []
  for (const [config, group] of [...groups].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (!ids.has(config)) {
      nodes.push({
        id: config,
        kind: 'provider-config',
        address: config,
        module: group.at.module.key,
        label: configLabel(group.at),
        cluster: null,
        marks: ['state-only'],
        attributes: {state_only: true, objects: group.objects.length},
      })
      ids.add(config)
    }
    const n = group.objects.length
    const shown =
      group.objects
        .slice(0, 3)
        .map((o) => o.key)
        .join('\n') + (n > 3 ? `\nand ${n - 3} more` : '')
    const id = `state-orphans:${config}`
    nodes.push({
      id,
      kind: 'resource-group',
      address: id,
      module: '',
      label: `${n} orphan${n === 1 ? '' : 's'} in the state${group.missing ? ' (plan fails)' : ''}\n${shown}`,
      cluster: null,
      marks: ['orphan'],
      attributes: {orphans: group.objects.map((o) => o.key), configuration_missing: group.missing},
    })
    edges.push({from: config, to: id, kind: 'uses', label: null, attributes: {state: true}})
  }
  return {...g, nodes: [...g.nodes, ...nodes], edges: [...g.edges, ...edges]}
}
