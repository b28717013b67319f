// The `providers` view: provider configurations → the modules that receive them → the resources that
// use them. A configuration points at the module that declares it (`provides`); configurations travel
// between modules along `passes` edges (labelled with the `providers` map entry, `aws = aws.west`) and
// `inherits` edges (default configurations a child takes from its caller); each module points at its
// resources (`uses`, labelled with the configuration reference when the module uses more than one). A
// module its caller passes no configuration to (one not installed, say) hangs from its caller by its `calls` edge.
import {formatRange} from '../diag/diagnostic.js'
import {engineByName} from '../load/engine.js'
import type {ProvidersAnalysis} from '../providers/analyze.js'
import {edgesOfKind, nodesOfKind, providerHops as hopsOf, type NodeAttributes} from '../providers/tree/build-graph.js'
import type {ResourceBinding} from '../providers/tree/resolve.js'
import {moduleNodeId, moduleNodes} from './build-modules.js'
import {analysisView, type ExportGraph, type GraphEdge, type GraphMark, type GraphNode} from './model.js'
import {visible} from './text.js'

type ConfigAttributes = Extract<NodeAttributes, {kind: 'provider-config'}>
type ResourceAttributes = Extract<NodeAttributes, {kind: 'resource'}>

function localAddress(r: ResourceAttributes): string {
  return r.module === '' ? r.address : r.address.slice(r.module.length + 1)
}

function configNode(c: ConfigAttributes, defaultHost: string): GraphNode {
  const marks: GraphMark[] = []
  if (c.implied) marks.push('implied')
  if (c.alias !== null) marks.push('aliased')
  if (c.legacy) marks.push('legacy')
  const shortSource = c.provider.startsWith(defaultHost + '/') ? c.provider.slice(defaultHost.length + 1) : c.provider
  const lines = [visible(c.alias !== null ? `${c.localName}.${c.alias}` : c.localName), visible(shortSource)]
  if (c.implied) lines.push('implied (empty)')
  else if (c.legacy) lines.push(`legacy block in ${c.module}`)
  else if (c.module !== '') lines.push(`in ${c.module}`)
  return {
    id: c.address,
    kind: 'provider-config',
    address: c.address,
    module: c.module,
    label: lines.join('\n'),
    cluster: null,
    marks,
    attributes: {
      local_name: c.localName,
      alias: c.alias,
      provider: c.provider,
      implied: c.implied,
      legacy: c.legacy,
      empty: c.empty,
      range: c.range ? formatRange(c.range) : null,
    },
  }
}

/**
 * The modules a resource's configuration travels through, from the declaring module down to the
 * resource's module: each hop is a pass (with its entry) or an inheritance. Read off the resolution chain.
 */
export function providerHops(r: ResourceBinding, a: ProvidersAnalysis): {from: string; to: string; pass?: string}[] {
  return hopsOf(r, a.resolution.passes)
}

/** The view, read off the analysis graph: its configurations, modules, passes, inherits and resources. */
export function providersGraph(a: ProvidersAnalysis): ExportGraph {
  const g = a.graph
  const host = engineByName(a.tree.engine).defaultRegistryHost
  const nodes: GraphNode[] = [...nodesOfKind(g, 'provider-config').map((c) => configNode(c, host)), ...moduleNodes(a)]
  const ids = new Set(nodes.map((n) => n.id))
  const edges: GraphEdge[] = []
  for (const {source, target} of edgesOfKind(g, 'declares'))
    edges.push({from: target.address, to: moduleNodeId(source.address), kind: 'provides', label: null, attributes: {}})
  for (const {attr: p, source, target} of edgesOfKind(g, 'passes-provider')) {
    edges.push({
      from: moduleNodeId(source.address),
      to: moduleNodeId(target.address),
      kind: 'passes',
      label: `${p.key} = ${p.value}`,
      attributes: {
        key: p.key,
        value: p.value,
        child_address: p.childAddress,
        parent_address: p.parentAddress,
        range: p.range ? formatRange(p.range) : null,
      },
    })
  }
  for (const {attr: e, source, target} of edgesOfKind(g, 'inherits')) {
    const names = [...new Set(e.providers.map((p) => p.split('/').pop() ?? p))].sort()
    edges.push({
      from: moduleNodeId(source.address),
      to: moduleNodeId(target.address),
      kind: 'inherits',
      label: `inherited: ${visible(names.join(', '))}`,
      attributes: {providers: e.providers, configs: e.configs},
    })
  }
  // a module that receives no configuration from its caller (not installed, so nothing is known of its
  // providers; a legacy module with its own blocks; one that uses no provider) is still called: the call
  // is drawn, so no module floats unconnected
  const fed = new Set(edges.filter((e) => e.kind === 'passes' || e.kind === 'inherits').map((e) => `${e.from}\u0000${e.to}`))
  for (const {source, target} of edgesOfKind(g, 'calls')) {
    const [from, to] = [moduleNodeId(source.address), moduleNodeId(target.address)]
    if (!fed.has(`${from}\u0000${to}`))
      edges.push({from, to, kind: 'calls', label: null, attributes: {resolved: target.kind === 'module' && target.resolved}})
  }
  // resources, under the module whose configuration they use
  const resources = nodesOfKind(g, 'resource').filter((r) => r.bound)
  const refsPerModule = new Map<string, Set<string>>()
  for (const r of resources) refsPerModule.set(r.module, (refsPerModule.get(r.module) ?? new Set<string>()).add(r.reference))
  for (const r of resources) {
    const marks: GraphMark[] = []
    if (r.mode === 'data') marks.push('data')
    if (r.mode === 'ephemeral') marks.push('ephemeral')
    if (r.providerConfig === null) marks.push('no-provider')
    const id = ids.has(r.address) ? `resource:${r.address}` : r.address
    nodes.push({
      id,
      kind: 'resource',
      address: r.address,
      module: r.module,
      label: visible(localAddress(r)),
      cluster: null,
      marks,
      attributes: {
        mode: r.mode,
        type: r.type,
        name: r.name,
        provider: r.provider,
        provider_config: r.providerConfig,
        reference: r.reference,
        instance_key: r.instanceKey,
        range: r.range ? formatRange(r.range) : null,
      },
    })
    const several = (refsPerModule.get(r.module)?.size ?? 0) > 1
    const label = r.providerConfig === null ? `${r.reference}: no configuration` : several ? r.reference : null
    edges.push({
      from: moduleNodeId(r.module),
      to: id,
      kind: 'uses',
      label: label === null ? null : visible(label),
      attributes: {reference: r.reference, provider_config: r.providerConfig},
    })
  }
  return analysisView('providers', a, nodes, edges)
}
