// Narrowing an export graph: --exclude (glob on addresses), --module (a subtree), --focus/--depth (a
// neighbourhood), --depth alone (modules at most so many calls deep) and --collapse (resources folded into
// modules or into counts). Each is a pure function of the model (focus also reads the analysis graph,
// which it traverses); the order the command applies them is exclude → module → focus or depth → collapse.
import {leadingModuleCalls} from '../addrs/address-text.js'
import {ModulePath} from '../addrs/module.js'
import {bfsFromNode} from 'graphology-traversal'
import picomatch from 'picomatch'
import {errorDiag, type Diagnostic} from '../diag/diagnostic.js'
import {nameSuggestion} from '../diag/name-suggestion.js'
import {edgeView, moduleKey, providerKey, resourceKey, type EdgeKind, type ModuleGraph} from '../providers/tree/build-graph.js'
import {moduleNodeId} from './build-modules.js'
import type {ExportGraph, GraphEdge, GraphNode, GraphView} from './model.js'

/** Keeps the given nodes, the edges between them and the clusters still holding a node. */
export function keepNodes(g: ExportGraph, keep: (n: GraphNode) => boolean): ExportGraph {
  const nodes = g.nodes.filter(keep)
  const ids = new Set(nodes.map((n) => n.id))
  const clusters = new Set(nodes.map((n) => n.cluster).filter((c): c is string => c !== null))
  return {
    ...g,
    nodes,
    edges: g.edges.filter((e) => ids.has(e.from) && ids.has(e.to)),
    clusters: g.clusters.filter((c) => clusters.has(c.id)),
  }
}

/** `module.a.module.b` → [`module.a`, `module.a.module.b`]. */
function moduleAncestry(address: string): string[] {
  return (ModulePath.parse(address)?.ancestry() ?? []).map((p) => p.toString())
}

function inSubtree(module: string, root: string): boolean {
  return ModulePath.within(module, root)
}

/** How many module calls `module` lies below `base` (`module.a.module.b` below the root: 2; above `base`: negative). */
export function moduleDepth(module: string, base = ''): number {
  const calls = (m: string): number => leadingModuleCalls(m).calls.length
  return calls(module) - calls(base)
}

/**
 * Keeps what lies at most `depth` module calls below the root, or below `base` (the --module subtree; what
 * brings provider configurations into it from above stays): modules that deep, their provider
 * configurations and resources.
 */
export function depthSlice(g: ExportGraph, depth: number, base = ''): ExportGraph {
  const from = normaliseModuleArg(base)
  return keepNodes(g, (n) => moduleDepth(n.module, from) <= depth)
}

/** How many nodes `depthSlice` keeps for each depth from 0 to the deepest. */
export function nodesByDepth(g: ExportGraph, base = ''): number[] {
  const from = normaliseModuleArg(base)
  const counts: number[] = []
  for (const n of g.nodes) {
    const d = Math.max(0, moduleDepth(n.module, from))
    while (counts.length <= d) counts.push(0)
    counts[d]!++
  }
  return counts.map((_, d) => counts.slice(0, d + 1).reduce((a, c) => a + c, 0))
}

/** Root module spellings accepted by --module and --focus. */
export function normaliseModuleArg(s: string): string {
  return s === '.' || s === 'root' ? '' : s.replace(/\.$/, '')
}

/**
 * A matcher for --exclude patterns: picomatch globs over whole addresses where `*` and `?` also match
 * `.` and `/` (addresses are not paths), `[` is literal (`provider["…"]`, `[0]`) and `{a,b}` alternates.
 */
export function addressMatcher(patterns: readonly string[]): (address: string) => boolean {
  const slash = '\u2044'
  const ms = patterns.map((p) => picomatch(p.replaceAll('/', slash), {dot: true, nobracket: true}))
  return (address) => {
    const s = address.replaceAll('/', slash)
    return ms.some((m) => m(s))
  }
}

/** Drops nodes whose address, or the address of a module containing them, matches a pattern. */
export function excludeNodes(g: ExportGraph, patterns: readonly string[]): ExportGraph {
  if (patterns.length === 0) return g
  const match = addressMatcher(patterns)
  return keepNodes(g, (n) => !(n.address !== '' && match(n.address)) && !moduleAncestry(n.module).some(match))
}

/**
 * Keeps one module and the modules below it. In the providers view the configurations, modules and
 * passes that bring provider configurations into the subtree from above are kept too.
 */
export function moduleSlice(g: ExportGraph, module: string): {graph: ExportGraph; diagnostics: Diagnostic[]} {
  const root = normaliseModuleArg(module)
  if (root !== '' && !g.nodes.some((n) => inSubtree(n.module, root))) {
    const modules = [...new Set(g.nodes.map((n) => n.module).filter((m) => m !== ''))]
    const hint = nameSuggestion(root, modules)
    return {
      graph: keepNodes(g, () => false),
      diagnostics: [
        errorDiag('graph.no-such-module', 'No such module', `The graph has no module ${root}${hint ? `. Did you mean ${hint}?` : '.'}`),
      ],
    }
  }
  const keep = new Set(g.nodes.filter((n) => inSubtree(n.module, root)).map((n) => n.id))
  if (g.view === 'providers') {
    // walk provider flow edges backwards from what is kept
    const incoming = new Map<string, GraphEdge[]>()
    for (const e of g.edges)
      if (e.kind === 'provides' || e.kind === 'passes' || e.kind === 'inherits') incoming.set(e.to, [...(incoming.get(e.to) ?? []), e])
    const queue = [...keep]
    for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
      for (const e of incoming.get(id) ?? []) if (!keep.has(e.from)) (keep.add(e.from), queue.push(e.from))
    }
  }
  return {graph: keepNodes(g, (n) => keep.has(n.id)), diagnostics: []}
}

/** The analysis graph's edges each view draws (the providers view's `provides` and `uses` are `declares` and `contains`). */
const VIEW_EDGES: Record<GraphView, ReadonlySet<EdgeKind>> = {
  modules: new Set(['calls']),
  providers: new Set(['declares', 'passes-provider', 'inherits', 'contains', 'calls']),
  resources: new Set(['depends-on']),
}

/** The analysis graph's key for a node of an export view (modules, provider configurations and resources). */
function graphKey(view: GraphView, n: GraphNode): string {
  if (view === 'resources') return resourceKey(n.id)
  return n.kind === 'module' ? moduleKey(n.address) : n.kind === 'provider-config' ? providerKey(n.address) : resourceKey(n.address)
}

/**
 * Keeps the nodes within `depth` edges (in either direction) of the focus: the node with that address,
 * else every node of the module with that address (resources view). The neighbourhood is a breadth-first
 * traversal of the analysis graph `over`, seen through the view's edge kinds and the nodes `g` still has.
 */
export function focusSlice(
  g: ExportGraph,
  address: string,
  depth: number,
  over: ModuleGraph,
): {graph: ExportGraph; diagnostics: Diagnostic[]} {
  const want = normaliseModuleArg(address)
  let seeds = g.nodes.filter((n) => n.address === want || n.id === address)
  if (seeds.length === 0) seeds = g.nodes.filter((n) => n.module === want && want !== '')
  if (seeds.length === 0 && want === '') seeds = g.nodes.filter((n) => n.module === '')
  if (seeds.length === 0) {
    const hint = nameSuggestion(
      want,
      g.nodes.map((n) => n.address),
    )
    return {
      graph: keepNodes(g, () => false),
      diagnostics: [
        errorDiag(
          'graph.no-such-node',
          'Nothing to focus on',
          `The ${g.view} graph has no node with the address ${address}${hint ? `. Did you mean ${hint}?` : '.'}`,
        ),
      ],
    }
  }
  const idOf = new Map<string, string>()
  for (const n of g.nodes) idOf.set(graphKey(g.view, n), n.id)
  const view = edgeView(over, VIEW_EDGES[g.view], (key) => idOf.has(key))
  const keep = new Set<string>()
  for (const s of seeds) {
    keep.add(s.id)
    const start = graphKey(g.view, s)
    if (!over.hasNode(start)) continue
    bfsFromNode(
      view,
      start,
      (key, _attr, d) => {
        const id = idOf.get(key)
        if (id !== undefined) keep.add(id)
        return d >= depth
      },
      {mode: 'directed'}, // in- and out-neighbours
    )
  }
  return {graph: keepNodes(g, (n) => keep.has(n.id)), diagnostics: []}
}

function countLabel(n: number, what: string): string {
  return `${n} ${what}${n === 1 ? '' : 's'}`
}

/**
 * Folds resources: in the providers view into one node per module and configuration reference
 * ("3 resources"), in the resources view into their modules (edges counted). The modules view has
 * nothing to fold.
 */
export function collapse(g: ExportGraph): ExportGraph {
  if (g.view === 'modules') return {...g, collapsed: true}
  const groupOf = new Map<string, string>()
  const groups = new Map<string, {node: GraphNode; members: string[]}>()
  for (const n of g.nodes) {
    if (n.kind !== 'resource') continue
    const ref = g.view === 'providers' ? String(n.attributes['reference'] ?? '') : ''
    const id = g.view === 'providers' ? `resources(${moduleNodeId(n.module)}, ${ref})` : moduleNodeId(n.module)
    groupOf.set(n.id, id)
    const grp = groups.get(id) ?? {
      node:
        g.view === 'providers'
          ? {
              id,
              kind: 'resource-group',
              address: id,
              module: n.module,
              label: '',
              cluster: null,
              marks: [],
              attributes: {reference: ref, provider_config: n.attributes['provider_config'] ?? null},
            }
          : {
              id,
              kind: 'module',
              address: n.module,
              module: n.module,
              label: n.module === '' ? 'root module' : n.module,
              cluster: null,
              marks: n.module === '' ? ['root'] : [],
              attributes: {},
            },
      members: [],
    }
    grp.members.push(n.address)
    groups.set(id, grp)
  }
  const nodes: GraphNode[] = []
  const placed = new Set<string>()
  for (const n of g.nodes) {
    const gid = groupOf.get(n.id)
    if (gid === undefined) {
      nodes.push(n)
      continue
    }
    if (placed.has(gid)) continue
    placed.add(gid)
    const grp = groups.get(gid)!
    const members = grp.members.length
    const label = g.view === 'providers' ? countLabel(members, 'resource') : `${grp.node.label}\n${countLabel(members, 'resource')}`
    nodes.push({...grp.node, label, attributes: {...grp.node.attributes, resources: grp.members}})
  }
  const edges = new Map<string, GraphEdge & {count: number}>()
  for (const e of g.edges) {
    const from = groupOf.get(e.from) ?? e.from
    const to = groupOf.get(e.to) ?? e.to
    if (from === to) continue
    const key = `${from}\u0000${to}\u0000${e.kind}\u0000${e.label ?? ''}`
    const prev = edges.get(key)
    edges.set(key, prev ? {...prev, count: prev.count + 1} : {...e, from, to, count: 1})
  }
  return {
    ...g,
    terraformResources: false,
    collapsed: true,
    nodes,
    edges: [...edges.values()].map(({count, ...e}) =>
      g.view === 'resources'
        ? {...e, label: count > 1 ? `×${count}` : null, attributes: {...e.attributes, dependencies: count}}
        : e.kind === 'uses'
          ? {...e, attributes: {reference: e.attributes['reference'] ?? null, provider_config: e.attributes['provider_config'] ?? null}}
          : e,
    ),
    clusters: g.view === 'resources' ? [] : g.clusters,
  }
}
