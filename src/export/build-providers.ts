// The `providers` view: provider configurations → the modules that receive them → the resources that
// use them. A configuration points at the module that declares it (`provides`); configurations travel
// between modules along `passes` edges (labelled with the `providers` map entry, `aws = aws.west`) and
// `inherits` edges (default configurations a child takes from its caller); each module points at its
// resources (`uses`, labelled with the configuration reference when the module uses more than one).
import {formatRange} from '../diag/diagnostic.js'
import {engineByName} from '../load/engine.js'
import type {ProvidersAnalysis} from '../providers/analyze.js'
import type {ProviderConfigInfo, ResourceBinding} from '../providers/resolve.js'
import {moduleNodeId, moduleNodes} from './build-modules.js'
import type {ExportGraph, GraphEdge, GraphMark, GraphNode} from './model.js'
import {visible} from './text.js'

function parentOf(address: string): string {
  const i = address.lastIndexOf('.module.')
  return i < 0 ? '' : address.slice(0, i)
}

function localAddress(r: ResourceBinding): string {
  return r.module === '' ? r.address : r.address.slice(r.module.length + 1)
}

function configNode(c: ProviderConfigInfo, defaultHost: string): GraphNode {
  const marks: GraphMark[] = []
  if (c.implied) marks.push('implied')
  if (c.alias !== undefined) marks.push('aliased')
  if (c.legacy) marks.push('legacy')
  const shortSource = c.provider.startsWith(defaultHost + '/') ? c.provider.slice(defaultHost.length + 1) : c.provider
  const lines = [visible(c.alias !== undefined ? `${c.localName}.${c.alias}` : c.localName), visible(shortSource)]
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
    attributes: {local_name: c.localName, alias: c.alias ?? null, provider: c.provider, implied: c.implied, legacy: c.legacy, empty: c.empty, range: c.range ? formatRange(c.range) : null},
  }
}

/**
 * The modules a resource's configuration travels through, from the declaring module down to the
 * resource's module: each hop is a pass (with its entry) or an inheritance. Read off the resolution chain.
 */
export function providerHops(r: ResourceBinding, a: ProvidersAnalysis): {from: string; to: string; pass?: string}[] {
  const hops: {from: string; to: string; pass?: string}[] = []
  let cur = r.module
  const inheritUpTo = (target: string): void => {
    while (cur !== target && cur !== '') {
      const parent = parentOf(cur)
      hops.push({from: parent, to: cur})
      cur = parent
    }
  }
  for (const s of r.resolution) {
    if (s.kind === 'passed') {
      inheritUpTo(s.module)
      const p = a.resolution.passes.find((x) => x.to === s.module && s.text.includes(` receives ${x.key} = ${x.value} from `))
      if (!p) break
      hops.push({from: p.from, to: p.to, pass: `${p.key} = ${p.value}`})
      cur = p.from
    } else if (s.kind === 'declared' || s.kind === 'legacy' || s.kind === 'implied-config') {
      inheritUpTo(s.module)
    }
  }
  return hops.reverse()
}

export function providersGraph(a: ProvidersAnalysis): ExportGraph {
  const host = engineByName(a.tree.engine).defaultRegistryHost
  const nodes: GraphNode[] = [...a.resolution.configs.map((c) => configNode(c, host)), ...moduleNodes(a)]
  const ids = new Set(nodes.map((n) => n.id))
  const edges: GraphEdge[] = []
  for (const c of a.resolution.configs) {
    if (ids.has(moduleNodeId(c.module))) edges.push({from: c.address, to: moduleNodeId(c.module), kind: 'provides', label: null, attributes: {}})
  }
  for (const p of a.resolution.passes) {
    if (!ids.has(moduleNodeId(p.from)) || !ids.has(moduleNodeId(p.to))) continue
    edges.push({from: moduleNodeId(p.from), to: moduleNodeId(p.to), kind: 'passes', label: `${p.key} = ${p.value}`, attributes: {key: p.key, value: p.value, child_address: p.childAddress, parent_address: p.parentAddress, range: p.range ? formatRange(p.range) : null}})
  }
  // inheritance, one edge per caller/child pair, naming the providers inherited
  const inherited = new Map<string, {from: string; to: string; providers: Set<string>; configs: Set<string>}>()
  for (const r of a.resolution.resources) {
    if (r.providerConfig === undefined) continue
    for (const h of providerHops(r, a)) {
      if (h.pass !== undefined) continue
      const key = `${h.from}\u0000${h.to}`
      const e = inherited.get(key) ?? {from: h.from, to: h.to, providers: new Set<string>(), configs: new Set<string>()}
      e.providers.add(r.provider)
      e.configs.add(r.providerConfig)
      inherited.set(key, e)
    }
  }
  const order = new Map(a.tree.nodes.map((n, i) => [n.address, i]))
  for (const e of [...inherited.values()].sort((x, y) => (order.get(x.to) ?? 0) - (order.get(y.to) ?? 0))) {
    const names = [...new Set([...e.providers].map((p) => p.split('/').pop() ?? p))].sort()
    edges.push({from: moduleNodeId(e.from), to: moduleNodeId(e.to), kind: 'inherits', label: `inherited: ${visible(names.join(', '))}`, attributes: {providers: [...e.providers].sort(), configs: [...e.configs].sort()}})
  }
  // resources, under the module whose configuration they use
  const refsPerModule = new Map<string, Set<string>>()
  for (const r of a.resolution.resources) refsPerModule.set(r.module, (refsPerModule.get(r.module) ?? new Set<string>()).add(r.reference))
  for (const r of a.resolution.resources) {
    const marks: GraphMark[] = []
    if (r.mode === 'data') marks.push('data')
    if (r.mode === 'ephemeral') marks.push('ephemeral')
    if (r.providerConfig === undefined) marks.push('no-provider')
    nodes.push({
      id: ids.has(r.address) ? `resource:${r.address}` : r.address,
      kind: 'resource',
      address: r.address,
      module: r.module,
      label: visible(localAddress(r)),
      cluster: null,
      marks,
      attributes: {mode: r.mode, type: r.type, name: r.name, provider: r.provider, provider_config: r.providerConfig ?? null, reference: r.reference, instance_key: r.instanceKey ?? null, range: formatRange(r.range)},
    })
    const id = nodes[nodes.length - 1]!.id
    const several = (refsPerModule.get(r.module)?.size ?? 0) > 1
    const label = r.providerConfig === undefined ? `${r.reference}: no configuration` : several ? r.reference : null
    edges.push({from: moduleNodeId(r.module), to: id, kind: 'uses', label: label === null ? null : visible(label), attributes: {reference: r.reference, provider_config: r.providerConfig ?? null}})
  }
  return {view: 'providers', engine: a.tree.engine, terraformResources: false, collapsed: false, nodes, edges, clusters: [], diagnostics: a.diagnostics}
}
