// The analysis graph (one graphology graph per analysis, `analysis.graph`): module calls, provider
// configurations, the proxies `providers` maps create, and resources are its nodes; calls, declarations,
// `providers` passes, proxies, inherited default configurations, containment and provider use its
// edges. Node keys are Terraform addresses with a kind prefix (`module:`, `provider:`, `resource:`).
// The `providers` renderers, the `graph` export views and slicing read it.
import {MultiDirectedGraph} from 'graphology'
import {bfsFromNode} from 'graphology-traversal'
import {ModulePath} from '../../addrs/module.js'
import {providerString} from '../../addrs/provider.js'
import type {SourceRange} from '../../diag/diagnostic.js'
import type {ModuleTree} from '../../crawl/crawl.js'
import type {ProviderPass, Resolution, ResolutionStep, ResourceBinding} from './resolve.js'

export type NodeAttributes =
  | {
      readonly kind: 'module'
      readonly address: string
      /** The call's name (null for the root). */
      readonly name: string | null
      readonly source: string | null
      readonly version: string | null
      readonly dir: string | null
      /** How many module calls share this module's directory (0 when it has none). */
      readonly dirCalls: number
      readonly resolved: boolean
      readonly unresolvedReason: string | null
      readonly count: boolean
      readonly forEach: boolean
      readonly dependsOn: boolean
      readonly enabled: boolean
      /** Has its own non-empty provider blocks. */
      readonly legacy: boolean
      /** The module block (null for the root). */
      readonly range: SourceRange | null
    }
  | {
      readonly kind: 'provider-config'
      readonly address: string
      readonly module: string
      readonly localName: string
      readonly provider: string
      readonly alias: string | null
      readonly implied: boolean
      readonly legacy: boolean
      readonly empty: boolean
      /** Expected from the caller of a shared module (its configuration_aliases). */
      readonly expected: boolean
      readonly range: SourceRange | null
    }
  /** The configuration address a `providers` entry creates in the called module, where no block declares it. */
  | {readonly kind: 'provider-proxy'; readonly address: string; readonly module: string}
  | {
      readonly kind: 'resource'
      readonly address: string
      readonly module: string
      readonly mode: string
      readonly type: string
      readonly name: string
      readonly provider: string
      /** The local reference used (`aws.west`). */
      readonly reference: string
      readonly providerConfig: string | null
      readonly instanceKey: string | null
      /** How the configuration was found, step by step. */
      readonly resolution: readonly ResolutionStep[]
      readonly range: SourceRange | null
      /**
       * Bound by the resolution; false for a resource only the `resources` view's reference scanner adds
       * (a built-in provider's, such as `terraform_remote_state`), with no provider facts.
       */
      readonly bound: boolean
    }

export type EdgeAttributes =
  /** Calling module → called module. */
  | {readonly kind: 'calls'}
  /** Module → a provider configuration it declares (or, implied and expected, the root's). */
  | {readonly kind: 'declares'}
  /** Calling module → called module: one entry of the call's `providers` map. */
  | {
      readonly kind: 'passes-provider'
      readonly key: string
      readonly value: string
      readonly childAddress: string
      readonly parentAddress: string
      readonly range: SourceRange | null
    }
  /** Proxy (or empty block) in the called module → the caller's configuration it stands for. */
  | {readonly kind: 'proxies'; readonly key: string; readonly value: string}
  /** Calling module → called module: default configurations the child takes without a `providers` entry (sorted). */
  | {readonly kind: 'inherits'; readonly providers: readonly string[]; readonly configs: readonly string[]}
  /** Module → resource. */
  | {readonly kind: 'contains'}
  /** Resource → the configuration it uses. */
  | {readonly kind: 'uses-provider'}
  /** Dependent resource → dependency (the reference scanner's, added by the `resources` view). */
  | {readonly kind: 'depends-on'}

export type ModuleGraph = MultiDirectedGraph<NodeAttributes, EdgeAttributes>
export type EdgeKind = EdgeAttributes['kind']

export const ROOT_KEY = 'module:'

export function moduleKey(address: string): string {
  return `module:${address}`
}
export function providerKey(address: string): string {
  return `provider:${address}`
}
export function resourceKey(address: string): string {
  return `resource:${address}`
}

/**
 * The modules a resource's configuration travels through, from the declaring module down to the
 * resource's module: each hop is a pass (with its entry) or an inheritance. Read off the resolution chain.
 */
export function providerHops(r: ResourceBinding, passes: readonly ProviderPass[]): {from: string; to: string; pass?: string}[] {
  const hops: {from: string; to: string; pass?: string}[] = []
  let cur = r.module
  const inheritUpTo = (target: ModulePath): void => {
    for (let parent = cur.parent; !cur.equals(target) && parent; parent = cur.parent) {
      hops.push({from: parent.key, to: cur.key})
      cur = parent
    }
  }
  for (const s of r.resolution) {
    if (s.kind === 'passed') {
      inheritUpTo(s.module)
      const p = passes.find((x) => x.to.equals(s.module) && x.key === s.key && x.value === s.value)
      if (!p) break
      hops.push({from: p.from.key, to: p.to.key, pass: `${p.key} = ${p.value}`})
      cur = p.from
    } else if (s.kind === 'declared' || s.kind === 'legacy' || s.kind === 'implied-config') {
      inheritUpTo(s.module)
    }
  }
  return hops.reverse()
}

export function buildGraph(tree: ModuleTree, res: Resolution): ModuleGraph {
  const g: ModuleGraph = new MultiDirectedGraph<NodeAttributes, EdgeAttributes>({allowSelfLoops: false})
  const legacyModules = new Set(res.configs.filter((c) => c.legacy && !c.empty && !c.module.isRoot).map((c) => c.module.key))
  const callsPerDir = new Map<string, number>()
  for (const n of tree.nodes) if (n.displayDir !== undefined) callsPerDir.set(n.displayDir, (callsPerDir.get(n.displayDir) ?? 0) + 1)
  for (const n of tree.nodes) {
    g.addNode(moduleKey(n.addr.key), {
      kind: 'module',
      address: n.addr.key,
      name: n.path[n.path.length - 1] ?? null,
      source: n.sourceText ?? null,
      version: n.version ?? null,
      dir: n.displayDir ?? null,
      dirCalls: n.displayDir !== undefined ? (callsPerDir.get(n.displayDir) ?? 1) : 0,
      resolved: n.resolved,
      unresolvedReason: n.unresolvedReason ?? null,
      count: n.count,
      forEach: n.forEach,
      dependsOn: n.dependsOn,
      enabled: n.enabled,
      legacy: legacyModules.has(n.addr.key),
      range: n.call?.declRange ?? null,
    })
    if (n.parent) g.addDirectedEdge(moduleKey(n.parent.addr.key), moduleKey(n.addr.key), {kind: 'calls'})
  }
  for (const c of res.configs) {
    g.addNode(providerKey(c.address.key), {
      kind: 'provider-config',
      address: c.address.key,
      module: c.module.key,
      localName: c.localName,
      provider: providerString(c.provider),
      alias: c.alias ?? null,
      implied: c.implied,
      legacy: c.legacy,
      empty: c.empty,
      expected: c.expected === true,
      range: c.range ?? null,
    })
    if (g.hasNode(moduleKey(c.module.key))) g.addDirectedEdge(moduleKey(c.module.key), providerKey(c.address.key), {kind: 'declares'})
  }
  for (const p of res.passes) {
    if (g.hasNode(moduleKey(p.from.key)) && g.hasNode(moduleKey(p.to.key))) {
      g.addDirectedEdge(moduleKey(p.from.key), moduleKey(p.to.key), {
        kind: 'passes-provider',
        key: p.key,
        value: p.value,
        childAddress: p.childAddress.key,
        parentAddress: p.parentAddress.key,
        range: p.range ?? null,
      })
    }
    if (!g.hasNode(providerKey(p.childAddress.key)))
      g.addNode(providerKey(p.childAddress.key), {kind: 'provider-proxy', address: p.childAddress.key, module: p.to.key})
  }
  for (const p of res.passes) {
    if (!p.childAddress.equals(p.parentAddress) && g.hasNode(providerKey(p.parentAddress.key)))
      g.addDirectedEdge(providerKey(p.childAddress.key), providerKey(p.parentAddress.key), {kind: 'proxies', key: p.key, value: p.value})
  }
  // inheritance, one edge per caller/child pair, in the order of the child in the tree
  const inherited = new Map<string, {from: string; to: string; providers: Set<string>; configs: Set<string>}>()
  for (const r of res.resources) {
    if (r.providerConfig === undefined) continue
    for (const h of providerHops(r, res.passes)) {
      if (h.pass !== undefined) continue
      const key = `${h.from}\u0000${h.to}`
      const e = inherited.get(key) ?? {from: h.from, to: h.to, providers: new Set<string>(), configs: new Set<string>()}
      e.providers.add(r.provider)
      e.configs.add(r.providerConfig.key)
      inherited.set(key, e)
    }
  }
  const order = new Map(tree.nodes.map((n, i) => [n.addr.key, i]))
  for (const e of [...inherited.values()].sort((x, y) => (order.get(x.to) ?? 0) - (order.get(y.to) ?? 0))) {
    if (g.hasNode(moduleKey(e.from)) && g.hasNode(moduleKey(e.to)))
      g.addDirectedEdge(moduleKey(e.from), moduleKey(e.to), {
        kind: 'inherits',
        providers: [...e.providers].sort(),
        configs: [...e.configs].sort(),
      })
  }
  for (const r of res.resources) {
    const key = resourceKey(r.address.key)
    g.addNode(key, {
      kind: 'resource',
      address: r.address.key,
      module: r.module.key,
      mode: r.mode,
      type: r.type,
      name: r.name,
      provider: r.provider,
      reference: r.reference,
      providerConfig: r.providerConfig?.key ?? null,
      instanceKey: r.instanceKey ?? null,
      resolution: r.resolution,
      range: r.range,
      bound: true,
    })
    g.addDirectedEdge(moduleKey(r.module.key), key, {kind: 'contains'})
    if (r.providerConfig && g.hasNode(providerKey(r.providerConfig.key)))
      g.addDirectedEdge(key, providerKey(r.providerConfig.key), {kind: 'uses-provider'})
  }
  return g
}

/** The graph's nodes of one kind, in insertion order. */
export function nodesOfKind<K extends NodeAttributes['kind']>(g: ModuleGraph, kind: K): Extract<NodeAttributes, {kind: K}>[] {
  const out: Extract<NodeAttributes, {kind: K}>[] = []
  g.forEachNode((_, attr) => {
    if (attr.kind === kind) out.push(attr as Extract<NodeAttributes, {kind: K}>)
  })
  return out
}

/** The graph's edges of one kind with their endpoints' attributes, in insertion order. */
export function edgesOfKind<K extends EdgeKind>(
  g: ModuleGraph,
  kind: K,
): {attr: Extract<EdgeAttributes, {kind: K}>; source: NodeAttributes; target: NodeAttributes}[] {
  const out: {attr: Extract<EdgeAttributes, {kind: K}>; source: NodeAttributes; target: NodeAttributes}[] = []
  g.forEachEdge((_, attr, _s, _t, source, target) => {
    if (attr.kind === kind) out.push({attr: attr as Extract<EdgeAttributes, {kind: K}>, source, target})
  })
  return out
}

/**
 * A view of the graph that traversals (graphology-traversal) see with only the given edge kinds and,
 * optionally, only the nodes `keepNode` accepts: nothing is copied; the view shares the graph's data.
 */
export function edgeView(g: ModuleGraph, kinds: ReadonlySet<EdgeKind>, keepNode: (key: string) => boolean = () => true): ModuleGraph {
  const view = Object.create(g) as ModuleGraph
  const each =
    (method: 'forEachInEdge' | 'forEachOutEdge' | 'forEachEdge') =>
    (node: string, cb: (neighbor: string, attr: NodeAttributes) => void): void => {
      g[method](node, (_e, attr, source, target, sourceAttr, targetAttr) => {
        if (!kinds.has(attr.kind)) return
        const [n, a] = source === node ? [target, targetAttr] : [source, sourceAttr]
        if (keepNode(n)) cb(n, a)
      })
    }
  Object.assign(view, {
    forEachOutboundNeighbor: each('forEachOutEdge'),
    forEachOutNeighbor: each('forEachOutEdge'),
    forEachInboundNeighbor: each('forEachInEdge'),
    forEachInNeighbor: each('forEachInEdge'),
    forEachDirectedNeighbor: each('forEachEdge'),
  })
  return view
}

const CALLS: ReadonlySet<EdgeKind> = new Set(['calls'])

/** Addresses of a module and every module below it (breadth-first over `calls` edges). */
export function moduleSubtree(g: ModuleGraph, address: string): string[] {
  const start = moduleKey(address)
  if (!g.hasNode(start)) return []
  const out: string[] = []
  bfsFromNode(edgeView(g, CALLS), start, (_node, attr) => {
    if (attr.kind === 'module') out.push(attr.address)
  })
  return out
}
