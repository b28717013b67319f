// The module graph as a graphology graph: module calls, provider configurations and resources, with
// edges for calls, provider passing and provider use. Node keys are Terraform addresses.
import {MultiDirectedGraph} from 'graphology'
import {bfsFromNode} from 'graphology-traversal'
import type {ModuleTree} from '../graph/crawl.js'
import type {Resolution} from './resolve.js'

export type NodeAttributes =
  | {
      readonly kind: 'module'
      readonly address: string
      readonly source: string | null
      readonly dir: string | null
      readonly resolved: boolean
      readonly count: boolean
      readonly forEach: boolean
      readonly dependsOn: boolean
      /** Has its own non-empty provider blocks. */
      readonly legacy: boolean
    }
  | {readonly kind: 'provider-config'; readonly address: string; readonly module: string; readonly provider: string; readonly alias: string | null; readonly implied: boolean; readonly legacy: boolean}
  | {readonly kind: 'resource'; readonly address: string; readonly module: string; readonly mode: string; readonly type: string; readonly provider: string}

export type EdgeAttributes =
  | {readonly kind: 'calls'}
  | {readonly kind: 'declares'}
  | {readonly kind: 'passes-provider'; readonly key: string; readonly value: string; readonly childAddress: string; readonly parentAddress: string}
  | {readonly kind: 'contains'}
  | {readonly kind: 'uses-provider'}

export type ModuleGraph = MultiDirectedGraph<NodeAttributes, EdgeAttributes>

export const ROOT_KEY = 'module:'

export function moduleKey(address: string): string {
  return `module:${address}`
}

export function buildGraph(tree: ModuleTree, res: Resolution): ModuleGraph {
  const g: ModuleGraph = new MultiDirectedGraph<NodeAttributes, EdgeAttributes>({allowSelfLoops: false})
  for (const n of tree.nodes) {
    const legacy = n.address !== '' && res.configs.some((c) => c.module === n.address && c.legacy && !c.empty)
    g.addNode(moduleKey(n.address), {
      kind: 'module',
      address: n.address,
      source: n.sourceText ?? null,
      dir: n.displayDir ?? null,
      resolved: n.resolved,
      count: n.count,
      forEach: n.forEach,
      dependsOn: n.dependsOn,
      legacy,
    })
    if (n.parent) g.addDirectedEdge(moduleKey(n.parent.address), moduleKey(n.address), {kind: 'calls'})
  }
  for (const c of res.configs) {
    g.addNode(`provider:${c.address}`, {kind: 'provider-config', address: c.address, module: c.module, provider: c.provider, alias: c.alias ?? null, implied: c.implied, legacy: c.legacy})
    g.addDirectedEdge(moduleKey(c.module), `provider:${c.address}`, {kind: 'declares'})
  }
  for (const p of res.passes) {
    if (g.hasNode(moduleKey(p.from)) && g.hasNode(moduleKey(p.to))) {
      g.addDirectedEdge(moduleKey(p.from), moduleKey(p.to), {kind: 'passes-provider', key: p.key, value: p.value, childAddress: p.childAddress, parentAddress: p.parentAddress})
    }
  }
  for (const r of res.resources) {
    const key = `resource:${r.address}`
    g.addNode(key, {kind: 'resource', address: r.address, module: r.module, mode: r.mode, type: r.type, provider: r.provider})
    g.addDirectedEdge(moduleKey(r.module), key, {kind: 'contains'})
    if (r.providerConfig && g.hasNode(`provider:${r.providerConfig}`)) g.addDirectedEdge(key, `provider:${r.providerConfig}`, {kind: 'uses-provider'})
  }
  return g
}

/** Addresses of a module and every module below it (breadth-first over `calls` edges). */
export function moduleSubtree(g: ModuleGraph, address: string): string[] {
  const start = moduleKey(address)
  if (!g.hasNode(start)) return []
  const out: string[] = []
  bfsFromNode(g, start, (node, attr) => {
    if (attr.kind !== 'module') return true
    out.push(attr.address)
    return false
  })
  return out
}
