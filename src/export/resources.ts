// The data of `tfgraph graph`'s default `resources` view: Terraform ≥1.7's resource-only `terraform graph`.
// Nodes are the managed, data (check-scoped ones included) and ephemeral resources of every loaded module, at
// the configuration level (no count/for_each expansion); an edge runs from a dependent to a direct dependency.
//
// Terraform builds its plan graph (internal/terraform/graph_builder_plan.go), keeps only the resource nodes
// while preserving every path through the others (Graph.ResourceGraph, internal/terraform/graph.go), then
// takes the transitive reduction; `terraform graph` prints the nodes sorted by module path, data before
// managed, type, name (internal/command/graph.go). This module rebuilds the same plan-graph edges at the
// configuration level from the source text:
//   - a resource depends on what its body, `count`, `for_each`, `depends_on`, `lifecycle.replace_triggered_by`,
//     pre/postconditions, `connection` and create-time provisioners refer to (NodeAbstractResource.References,
//     node_resource_abstract.go; `provider` and `ignore_changes` are not references), on the references of
//     `import` blocks that target it, on its provider configuration (ProviderTransformer) and, in a child
//     module, on that module's expansion;
//   - a local value on its expression; a child module's variable on the argument of the module call (read
//     in the calling module) and on its validation rules (node_module_variable.go, node_variable_validation.go);
//   - `module.c.out` on that output's value, `depends_on` and preconditions (node_output.go); `module.c`, or an
//     output c does not declare, on every output of c, on c's expansion and on c's "close" node, which waits
//     for everything inside c and its descendants (transform_module_expansion.go, transform_reference.go);
//   - a module's expansion on the call's `count`, `for_each` and `depends_on` and on its parent's expansion
//     (node_module_expand.go); a provider configuration on its body. (OpenTofu's `lifecycle.enabled` counts
//     like `count`.)
// Self-references are dropped (ReferenceMap.References). Cycles never hang: they are reported (Terraform
// refuses to plan them) and the reduction treats each strongly connected group as one node.
import {ModulePath} from '../addrs/module.js'
import {parseImportTarget} from '../addrs/resource.js'
import type {Diagnostic, SourceRange} from '../diag/diagnostic.js'
import {errorDiag} from '../diag/diagnostic.js'
import type {ModuleNode, ModuleTree} from '../crawl/crawl.js'
import type {Attribute, Block, Body} from '../hcl/syntax.js'
import {resolveProviders} from '../providers/tree/resolve.js'
import type {Reference, ReferenceMode} from '../hcl/references.js'
import type {Module} from '../load/model.js'
import {referenceText} from '../hcl/expr.js'

export interface ResourceGraphNode {
  /** Full configuration address, e.g. `module.child.foo.bleep`. */
  readonly id: string
  /** Module-local address, e.g. `foo.bleep` or `data.x.y`. */
  readonly label: string
  /** '' for the root module, else e.g. `module.child`. */
  readonly module: string
  /** `ephemeral` resources are nodes too (Terraform ≥1.10 adds them to the plan graph). */
  readonly mode: ReferenceMode
  readonly type: string
  readonly name: string
  readonly range: SourceRange | null
}

export interface ResourceGraphEdge {
  /** The dependent's id. */
  readonly from: string
  /** The dependency's id. */
  readonly to: string
}

export interface ResourceGraph {
  readonly nodes: readonly ResourceGraphNode[]
  readonly edges: readonly ResourceGraphEdge[]
  readonly diagnostics: readonly Diagnostic[]
}

const MODE_ORDER: Readonly<Record<ReferenceMode, number>> = {data: 0, managed: 1, ephemeral: 2, action: 3, list: 4}

function cmpStr(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

/** `terraform graph`'s node order (command/graph.go): module path, data before managed, type, name. */
export function compareResourceNodes(a: ResourceGraphNode, b: ResourceGraphNode): number {
  return cmpStr(a.module, b.module) || MODE_ORDER[a.mode] - MODE_ORDER[b.mode] || cmpStr(a.type, b.type) || cmpStr(a.name, b.name)
}

function localAddress(mode: ReferenceMode, type: string, name: string): string {
  return mode === 'managed' ? `${type}.${name}` : `${mode}.${type}.${name}`
}

function inModule(module: string, local: string): string {
  return module === '' ? local : `${module}.${local}`
}

// ---------------------------------------------------------------------------------------------------------
// The dependency graph of configuration objects

interface Vertex {
  /** Terraform's name for the object (as in its "Cycle:" errors). */
  readonly name: string
  readonly range: SourceRange | undefined
  /** Index in the resource node list, or -1. */
  readonly resource: number
  readonly deps: number[]
}

class DependencyGraph {
  readonly vertices: Vertex[] = []
  private readonly byKey = new Map<string, number>()

  add(key: string, name: string, range: SourceRange | undefined, resource = -1): number {
    const existing = this.byKey.get(key)
    if (existing !== undefined) return existing
    const id = this.vertices.length
    this.vertices.push({name, range, resource, deps: []})
    this.byKey.set(key, id)
    return id
  }

  get(key: string): number | undefined {
    return this.byKey.get(key)
  }

  connect(from: number | undefined, to: number | undefined): void {
    if (from === undefined || to === undefined || to === from) return
    // duplicates are harmless to the algorithms below and cheaper than checking
    this.vertices[from]?.deps.push(to)
  }
}

const key = {
  resource: (id: string): string => `R ${id}`,
  variable: (m: string, n: string): string => `V ${m}|${n}`,
  local: (m: string, n: string): string => `L ${m}|${n}`,
  output: (m: string, n: string): string => `O ${m}|${n}`,
  expand: (m: string): string => `E ${m}`,
  close: (m: string): string => `C ${m}`,
  provider: (addr: string): string => `P ${addr}`,
}

// ---------------------------------------------------------------------------------------------------------
// References in bodies

/** References of one attribute of module `m`, read in the scope it stands in (a `dynamic` block's iterator is none), from the module's index. */
function attrRefs(m: Module, a: Attribute | undefined): readonly Reference[] {
  return a ? m.index.referencesOf(a) : []
}

function attr(body: Body, name: string): Attribute | undefined {
  return body.attributes.find((a) => a.name === name)
}

/** A bare name written as an expression (`when = destroy`), JSON or native. */
function keyword(a: Attribute | undefined): string | undefined {
  return a ? referenceText(a) : undefined
}

/** Every reference of a body (nested blocks included). */
function bodyRefs(m: Module, body: Body, out: Reference[], skip?: ReadonlySet<string>): void {
  for (const a of body.attributes) if (!skip?.has(a.name) && a.name !== '//') out.push(...attrRefs(m, a))
  for (const b of body.blocks) {
    if (b.type === 'dynamic') dynamicRefs(m, b, out)
    else bodyRefs(m, b.body, out)
  }
}

/** dynblock: `for_each`, `labels` and `content` (the index reads the last two with the iterator bound). */
function dynamicRefs(m: Module, b: Block, out: Reference[]): void {
  out.push(...attrRefs(m, attr(b.body, 'for_each')), ...attrRefs(m, attr(b.body, 'labels')))
  for (const c of b.body.blocks) if (c.type === 'content') bodyRefs(m, c.body, out)
}

function conditionRefs(m: Module, b: Block, out: Reference[]): void {
  out.push(...attrRefs(m, attr(b.body, 'condition')), ...attrRefs(m, attr(b.body, 'error_message')))
}

const RESOURCE_META = new Set(['provider'])
const PROVISIONER_META = new Set(['when', 'on_failure'])

/** NodeAbstractResource.References, read from the configuration block. */
function resourceRefs(m: Module, b: Block): Reference[] {
  const out: Reference[] = []
  for (const a of b.body.attributes) {
    if (RESOURCE_META.has(a.name) || a.name === '//') continue
    out.push(...attrRefs(m, a))
  }
  for (const nb of b.body.blocks) {
    switch (nb.type) {
      case 'lifecycle':
        out.push(...attrRefs(m, attr(nb.body, 'replace_triggered_by')))
        // OpenTofu's `enabled` works like `count`
        out.push(...attrRefs(m, attr(nb.body, 'enabled')))
        for (const c of nb.body.blocks) {
          if (c.type === 'precondition' || c.type === 'postcondition') conditionRefs(m, c, out)
          else if (c.type === 'action_trigger') out.push(...attrRefs(m, attr(c.body, 'condition')))
        }
        break
      case 'provisioner':
        // destroy-time provisioners are not part of the plan's dependencies
        if (keyword(attr(nb.body, 'when')) === 'destroy') break
        bodyRefs(m, nb.body, out, PROVISIONER_META)
        break
      case 'dynamic':
        dynamicRefs(m, nb, out)
        break
      case 'locals':
        break
      default:
        // connection, `_` (the meta-argument escape block) and the resource type's own blocks
        bodyRefs(m, nb.body, out)
    }
  }
  return out
}

// ---------------------------------------------------------------------------------------------------------
// Building the graph

interface ModuleScope {
  readonly node: ModuleNode
  readonly children: ReadonlyMap<string, ModuleNode>
}

interface ResourceEntry {
  readonly node: ResourceGraphNode
  readonly block: Block
  readonly scope: ModuleScope
}

function collectResources(tree: ModuleTree, scopes: ReadonlyMap<ModuleNode, ModuleScope>): ResourceEntry[] {
  const entries: ResourceEntry[] = []
  for (const n of tree.nodes) {
    const m = n.module
    const scope = scopes.get(n)
    if (!m || !scope) continue
    const seen = new Set<string>()
    const add = (mode: ReferenceMode, b: Block): void => {
      const type = b.labels[0]?.value ?? ''
      const name = b.labels[1]?.value ?? ''
      const label = localAddress(mode, type, name)
      if (seen.has(label)) return
      seen.add(label)
      entries.push({
        node: {id: inModule(n.addr.key, label), label, module: n.addr.key, mode, type, name, range: b.declRange},
        block: b,
        scope,
      })
    }
    for (const b of m.managedResources.values()) add('managed', b.block)
    // data sources scoped in check blocks are among them (configs.Module.appendFile)
    for (const b of m.dataResources.values()) add('data', b.block)
    for (const b of m.ephemeralResources.values()) add('ephemeral', b.block)
  }
  entries.sort((a, b) => compareResourceNodes(a.node, b.node))
  return entries
}

/** The resource graph of the whole tree: each resource's direct dependencies on other resources, and the cycles. */
export function resourceGraph(tree: ModuleTree): ResourceGraph {
  const g = new DependencyGraph()
  const scopes = new Map<ModuleNode, ModuleScope>()
  for (const n of tree.nodes) scopes.set(n, {node: n, children: new Map(n.children.map((c) => [c.path[c.path.length - 1] ?? '', c]))})

  // resources first: vertex i is resource i
  const entries = collectResources(tree, scopes)
  const nodes = entries.map((e) => e.node)
  entries.forEach((e, i) => g.add(key.resource(e.node.id), e.node.id, e.node.range ?? undefined, i))
  addModuleObjects(g, tree)
  const providerOf = addProviderConfigs(g, tree, scopes)
  for (const n of tree.nodes) {
    const s = scopes.get(n)
    if (!s) continue
    connectExpansion(g, n, scopes)
    connectModuleObjects(g, n, s, scopes)
  }
  entries.forEach((e, i) => {
    const a = e.node.module
    if (a !== '') {
      g.connect(i, g.get(key.expand(a)))
      g.connect(g.get(key.close(a)), i)
    }
    connectRefs(g, i, e.scope, resourceRefs(e.scope.node.module!, e.block))
    const p = providerOf.get(e.node.id)
    if (p !== undefined) g.connect(i, g.get(key.provider(p)))
  })

  const diagnostics = cycleDiagnostics(g)
  const direct = resourceDependencies(g, nodes.length)
  const reduced = transitiveReduction(direct)
  const edges: ResourceGraphEdge[] = []
  reduced.forEach((deps, from) => {
    for (const to of [...deps].sort((x, y) => x - y)) edges.push({from: nodes[from]?.id ?? '', to: nodes[to]?.id ?? ''})
  })
  return {nodes, edges, diagnostics}
}

/** The other objects of every module: a child module's expansion and close nodes, its variables, locals and outputs. */
function addModuleObjects(g: DependencyGraph, tree: ModuleTree): void {
  for (const n of tree.nodes) {
    const m = n.module
    const a = n.addr.key
    if (a !== '') {
      g.add(key.expand(a), `${a} (expand)`, n.call?.declRange)
      g.add(key.close(a), `${a} (close)`, n.call?.declRange)
    }
    if (!m) continue
    for (const [name, v] of m.variables) g.add(key.variable(a, name), inModule(a, `var.${name}`), v.declRange)
    for (const [name, l] of m.locals) g.add(key.local(a, name), inModule(a, `local.${name}`), l.nameRange)
    if (a !== '') for (const [name, o] of m.outputs) g.add(key.output(a, name), inModule(a, `output.${name}`), o.declRange)
  }
}

/** The vertices a reference made in module `s` points to (ReferenceMap.referenceMapKey). */
function targets(g: DependencyGraph, s: ModuleScope, r: Reference): number[] {
  const a = s.node.addr.key
  switch (r.kind) {
    case 'var':
      return opt(g.get(key.variable(a, r.name)))
    case 'local':
      return opt(g.get(key.local(a, r.name)))
    case 'resource':
      return opt(g.get(key.resource(inModule(a, r.address))))
    case 'module': {
      const child = s.children.get(r.call)
      if (!child) return []
      if (r.output !== undefined && child.module?.outputs.has(r.output)) return opt(g.get(key.output(child.addr.key, r.output)))
      const all = [g.get(key.expand(child.addr.key)), g.get(key.close(child.addr.key))]
      for (const o of child.module?.outputs.keys() ?? []) all.push(g.get(key.output(child.addr.key, o)))
      return all.filter((x): x is number => x !== undefined)
    }
  }
}

/** An edge from `from` to what each of `refs`, made in module `s`, points to. */
function connectRefs(g: DependencyGraph, from: number | undefined, s: ModuleScope, refs: readonly Reference[]): void {
  if (from === undefined) return
  for (const r of refs) for (const t of targets(g, s, r)) g.connect(from, t)
}

/**
 * The provider configurations written in the tree, each depending on its body's references and inside its module;
 * returns the provider configuration each resource uses (resource address → provider configuration address).
 */
function addProviderConfigs(g: DependencyGraph, tree: ModuleTree, scopes: ReadonlyMap<ModuleNode, ModuleScope>): Map<string, string> {
  const resolution = resolveProviders(tree)
  const providerOf = new Map<string, string>()
  for (const r of resolution.resources) if (r.providerConfig !== undefined) providerOf.set(r.address.key, r.providerConfig.key)
  const byAddress = new Map(tree.nodes.map((n) => [n.addr.key, n]))
  for (const c of resolution.configs) {
    const n = byAddress.get(c.module.key)
    const s = n && scopes.get(n)
    const b = n?.module?.providerConfigs.get(c.alias !== undefined ? `${c.localName}.${c.alias}` : c.localName)
    if (!n || !s || !b || c.implied) continue
    const v = g.add(key.provider(c.address.key), c.address.key, b.declRange)
    const refs: Reference[] = []
    bodyRefs(n.module!, b.block.body, refs, new Set(['alias', 'version']))
    connectRefs(g, v, s, refs)
    if (!n.addr.isRoot) g.connect(v, g.get(key.expand(n.addr.key)))
    g.connect(g.get(key.close(n.addr.key)), v)
  }
  return providerOf
}

/**
 * A child module's expansion: on the call's `count`, `for_each`, `depends_on` and `lifecycle.enabled` (read in
 * the calling module) and on its parent's expansion; its close node waits for it and closes its parent's.
 */
function connectExpansion(g: DependencyGraph, n: ModuleNode, scopes: ReadonlyMap<ModuleNode, ModuleScope>): void {
  const a = n.addr.key
  const expand = a === '' ? undefined : g.get(key.expand(a))
  const close = a === '' ? undefined : g.get(key.close(a))
  if (!n.parent || expand === undefined) return
  const ps = scopes.get(n.parent)
  const pm = n.parent.module
  if (n.call && ps && pm) {
    for (const name of ['count', 'for_each', 'depends_on']) connectRefs(g, expand, ps, attrRefs(pm, attr(n.call.block.body, name)))
    for (const lc of n.call.block.body.blocks)
      if (lc.type === 'lifecycle') connectRefs(g, expand, ps, attrRefs(pm, attr(lc.body, 'enabled')))
  }
  if (!n.parent.addr.isRoot) {
    g.connect(expand, g.get(key.expand(n.parent.addr.key)))
    g.connect(g.get(key.close(n.parent.addr.key)), close)
  }
  g.connect(close, expand)
}

/**
 * A module's variables (on the call's argument and their validation rules), locals (on their expression) and, in
 * a child module, outputs (on value, depends_on and preconditions) — each inside the module's expansion and
 * close — and the resources its import blocks target (on the blocks' id, identity and for_each).
 */
function connectModuleObjects(g: DependencyGraph, n: ModuleNode, s: ModuleScope, scopes: ReadonlyMap<ModuleNode, ModuleScope>): void {
  const m = n.module
  if (!m) return
  const a = n.addr.key
  const expand = a === '' ? undefined : g.get(key.expand(a))
  const close = a === '' ? undefined : g.get(key.close(a))
  const inside = (v: number | undefined): void => {
    if (v === undefined) return
    g.connect(v, expand)
    g.connect(close, v)
  }
  for (const [name, v] of m.variables) {
    const id = g.get(key.variable(a, name))
    inside(id)
    const ps = n.parent && scopes.get(n.parent)
    const pm = n.parent?.module
    if (ps && pm && n.call) connectRefs(g, id, ps, attrRefs(pm, attr(n.call.block.body, name)))
    const refs: Reference[] = []
    for (const c of v.body.blocks) if (c.type === 'validation') conditionRefs(m, c, refs)
    connectRefs(
      g,
      id,
      s,
      refs.filter((r) => !(r.kind === 'var' && r.name === name)),
    )
  }
  for (const [name, l] of m.locals) {
    const id = g.get(key.local(a, name))
    inside(id)
    connectRefs(g, id, s, attrRefs(m, l))
  }
  if (a !== '') {
    for (const [name, o] of m.outputs) {
      const id = g.get(key.output(a, name))
      inside(id)
      const refs = [...attrRefs(m, attr(o.body, 'value')), ...attrRefs(m, attr(o.body, 'depends_on'))]
      for (const c of o.body.blocks) if (c.type === 'precondition') conditionRefs(m, c, refs)
      connectRefs(g, id, s, refs)
    }
  }
  // import blocks: their id, identity and for_each are dependencies of the target resource
  for (const imp of m.imports) {
    const to = attr(imp.body, 'to')
    const target = to && parseImportTarget(referenceText(to))
    if (!target) continue
    const id = g.get(key.resource(inModule(ModulePath.of([...n.path, ...target.modules]).toString(), target.local)))
    connectRefs(g, id, s, [
      ...attrRefs(m, attr(imp.body, 'id')),
      ...attrRefs(m, attr(imp.body, 'identity')),
      ...attrRefs(m, attr(imp.body, 'for_each')),
    ])
  }
}

function opt(x: number | undefined): number[] {
  return x === undefined ? [] : [x]
}

// ---------------------------------------------------------------------------------------------------------
// Graph algorithms

/**
 * Strongly connected components of the vertices `keep` accepts (edges to others ignored), by an iterative
 * Tarjan: each component is emitted after every component it reaches. Returns the component of each vertex
 * (-1 when not kept) and the components in emission order.
 */
function components(
  succ: (v: number) => readonly number[],
  count: number,
  keep: (v: number) => boolean,
): {comp: Int32Array; list: number[][]} {
  const index = new Int32Array(count).fill(-1)
  const low = new Int32Array(count)
  const comp = new Int32Array(count).fill(-1)
  const onStack = new Uint8Array(count)
  const stack: number[] = []
  const list: number[][] = []
  let next = 0
  const work: {v: number; i: number}[] = []
  for (let root = 0; root < count; root++) {
    if (!keep(root) || index[root] !== -1) continue
    work.push({v: root, i: 0})
    index[root] = low[root] = next++
    stack.push(root)
    onStack[root] = 1
    while (work.length > 0) {
      const top = work[work.length - 1]!
      const deps = succ(top.v)
      if (top.i < deps.length) {
        const w = deps[top.i++]!
        if (!keep(w)) continue
        if (index[w] === -1) {
          index[w] = low[w] = next++
          stack.push(w)
          onStack[w] = 1
          work.push({v: w, i: 0})
        } else if (onStack[w]) low[top.v] = Math.min(low[top.v]!, index[w]!)
        continue
      }
      work.pop()
      const parent = work[work.length - 1]
      if (parent) low[parent.v] = Math.min(low[parent.v]!, low[top.v]!)
      if (low[top.v] === index[top.v]) {
        const members: number[] = []
        let w: number
        do {
          w = stack.pop()!
          onStack[w] = 0
          comp[w] = list.length
          members.push(w)
        } while (w !== top.v)
        list.push(members)
      }
    }
  }
  return {comp, list}
}

/** Terraform's "Cycle:" errors, one per strongly connected group of objects. */
function cycleDiagnostics(g: DependencyGraph): Diagnostic[] {
  const vs = g.vertices
  const {list} = components(
    (v) => vs[v]?.deps ?? [],
    vs.length,
    () => true,
  )
  const out: Diagnostic[] = []
  for (const members of list) {
    if (members.length < 2) continue
    const sorted = members
      .map((v) => vs[v])
      .filter((v): v is Vertex => v !== undefined)
      .sort((a, b) => cmpStr(a.name, b.name))
    const names = sorted.map((v) => v.name)
    const first = sorted.find((v) => v.range !== undefined)
    out.push(
      errorDiag(
        'graph.dependency-cycle',
        'Dependency cycle',
        `These objects depend on each other: ${names.join(', ')}. Terraform and OpenTofu refuse to plan a configuration with a cycle ("Cycle: …"); remove one of the references.`,
        first?.range,
      ),
    )
  }
  return out
}

/**
 * For each resource, the resources it reaches through other objects only (Graph.ResourceGraph's
 * reducePreservingRelationships), itself excluded.
 */
function resourceDependencies(g: DependencyGraph, resources: number): Set<number>[] {
  const vs = g.vertices
  const isResource = (v: number): boolean => (vs[v]?.resource ?? -1) >= 0
  const succ = (v: number): readonly number[] => vs[v]?.deps ?? []
  // the resources each group of non-resource objects reaches, groups in reverse topological order
  const {comp, list} = components(succ, vs.length, (v) => !isResource(v))
  const reach: Set<number>[] = []
  const empty = new Set<number>()
  for (const members of list) {
    const own = new Set<number>()
    const inherited: Set<number>[] = []
    const self = reach.length
    for (const v of members) {
      for (const w of succ(v)) {
        if (isResource(w)) own.add(w)
        else {
          const c = comp[w] ?? -1
          if (c !== self && c >= 0) {
            const r = reach[c]
            if (r && r.size > 0 && !inherited.includes(r)) inherited.push(r)
          }
        }
      }
    }
    // a chain of single references shares one set
    if (own.size === 0 && inherited.length === 1) reach.push(inherited[0]!)
    else if (own.size === 0 && inherited.length === 0) reach.push(empty)
    else {
      for (const r of inherited) for (const x of r) own.add(x)
      reach.push(own)
    }
  }
  const out: Set<number>[] = []
  for (let r = 0; r < resources; r++) {
    const deps = new Set<number>()
    for (const w of succ(r)) {
      if (isResource(w)) deps.add(w)
      else for (const x of reach[comp[w] ?? -1] ?? empty) deps.add(x)
    }
    deps.delete(r)
    out.push(deps)
  }
  return out
}

/**
 * Transitive reduction (dag.AcyclicGraph.TransitiveReduction): u → w is dropped when w is also reached
 * through another dependency of u. On a cyclic graph each strongly connected group counts as one node, so
 * the edges inside a cycle are kept.
 */
function transitiveReduction(deps: readonly Set<number>[]): Set<number>[] {
  const count = deps.length
  const succ = deps.map((d) => [...d])
  const {comp, list} = components(
    (v) => succ[v] ?? [],
    count,
    () => true,
  )
  const words = (list.length + 31) >>> 5
  // reach[c]: the groups reachable from group c by at least one edge
  const reach: Uint32Array[] = []
  for (let c = 0; c < list.length; c++) {
    const bits = new Uint32Array(words)
    for (const v of list[c] ?? []) {
      for (const w of succ[v] ?? []) {
        const d = comp[w] ?? -1
        if (d === c || d < 0) continue
        bits[d >>> 5]! |= 1 << (d & 31)
        const rd = reach[d]
        if (rd) for (let k = 0; k < words; k++) bits[k]! |= rd[k]!
      }
    }
    reach.push(bits)
  }
  return succ.map((ws, u) => {
    const cu = comp[u] ?? -1
    // the groups reached through u's dependencies outside its own group
    const through = new Uint32Array(words)
    for (const v of ws) {
      const cv = comp[v] ?? -1
      const rv = reach[cv]
      if (cv === cu || !rv) continue
      for (let k = 0; k < words; k++) through[k]! |= rv[k]!
    }
    const keep = new Set<number>()
    for (const w of ws) {
      const cw = comp[w] ?? -1
      if (cw === cu || cw < 0 || ((through[cw >>> 5] ?? 0) & (1 << (cw & 31))) === 0) keep.add(w)
    }
    return keep
  })
}
