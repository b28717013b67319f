// Matches the objects of a state to the configuration as Terraform's plan does (issue #51): each object's
// resource is looked up at its module path after the `moved` blocks; a resource the configuration still
// declares binds the object to the configuration it resolves to now (Terraform reads the provider from the
// configuration, NodeAbstractResource.ProvidedBy, even for an instance whose count/for_each key is gone);
// a resource it no longer declares is an orphan, destroyed (or forgotten, by a `removed` block) through
// the configuration the state recorded — which must still exist: a root module's default configuration
// always does (Terraform implies it), an aliased or module-level one only while its provider block is
// there. An orphaned data source needs none: Terraform drops it from the state (measured, 1.11.4).
import type {InstanceKey} from '../addrs/instance.js'
import type {SourceRange} from '../diag/diagnostic.js'
import type {ModuleNode, ModuleTree} from '../crawl/crawl.js'
import {evaluateAttribute} from '../crawl/static-eval.js'
import {literalBool} from '../hcl/expr.js'
import type {Attribute} from '../hcl/syntax.js'
import {parseAddress} from '../load/refactoring-blocks.js'
import type {ProvidersAnalysis} from '../providers/analysis.js'
import {applyMoves, movedEntries} from '../providers/config-arguments.js'
import type {ResourceBinding} from '../providers/resolve.js'
import type {StateFile, StateObject} from './read.js'

export type StateStatus = 'bound' | 'rehomed' | 'orphan' | 'orphan-configuration-missing'

/** Whether the object's instance (module and resource keys) is still declared; `unknown`: a key set static evaluation cannot know. */
export type InstanceDeclared = 'declared' | 'gone' | 'unknown'

/** A `removed` block that names the object's resource or one of its modules. */
export interface RemovedBy {
  readonly from: string
  readonly destroy: boolean
  readonly range: SourceRange
}

export interface MatchedObject {
  readonly object: StateObject
  readonly status: StateStatus
  /** The configuration Terraform works with it through now; null when it needs one that is gone. */
  readonly providerConfig: string | null
  /** The resource it is declared as now (after `moved` blocks); undefined for an orphan. */
  readonly configAddress?: string
  /** The resource address the state has, when `moved` blocks took it elsewhere. */
  readonly movedFrom?: string
  /** The `moved` blocks applied, in order. */
  readonly moves: readonly SourceRange[]
  /** For a declared resource: is this instance still declared? */
  readonly instance?: InstanceDeclared
  readonly removedBy?: RemovedBy
  readonly binding?: ResourceBinding
}

export interface StateMatch {
  readonly state: Omit<StateFile, 'objects'>
  readonly objects: readonly MatchedObject[]
}

/** Every `removed` block of the tree: its target's absolute address (no keys) and whether it destroys. */
function removedEntries(tree: ModuleTree): RemovedBy[] {
  const out: RemovedBy[] = []
  for (const n of tree.nodes) {
    for (const b of n.module?.removed ?? []) {
      const from = b.body.attributes.find((a) => a.name === 'from')
      const parsed = from ? parseAddress(from, false, []) : undefined
      if (!parsed) continue
      const modules = parsed.modules.map((m) => `module.${m}`).join('.')
      const local = parsed.kind === 'resource' ? parsed.local : undefined
      const rel = [modules, local].filter((x) => x).join('.')
      const lifecycle = b.body.blocks.find((x) => x.type === 'lifecycle')
      const destroy = lifecycle?.body.attributes.find((a) => a.name === 'destroy')
      out.push({
        from: n.address && rel ? `${n.address}.${rel}` : n.address || rel,
        destroy: literalBool(destroy) !== false,
        range: b.declRange,
      })
    }
  }
  return out
}

/** The keys a `count` or `for_each` argument declares, as far as static evaluation knows them. */
function declaredKeys(
  node: ModuleNode,
  count: Attribute | undefined,
  forEach: Attribute | undefined,
): Set<InstanceKey> | 'unknown' | 'none' {
  const a = count ?? forEach
  if (!a) return 'none'
  if (!node.module) return 'unknown'
  const scope = {module: node.module, variables: node.variables, engine: node.module.engine}
  const r = evaluateAttribute(a, scope, {subject: a.name, range: a.exprRange})
  if (!('value' in r)) return 'unknown'
  const v = r.value
  if (count) return typeof v === 'number' && Number.isInteger(v) ? new Set(Array.from({length: Math.max(0, v)}, (_, i) => i)) : 'unknown'
  if (Array.isArray(v)) return v.every((x) => typeof x === 'string') ? new Set(v as string[]) : 'unknown'
  if (v !== null && typeof v === 'object') return new Set(Object.keys(v))
  return 'unknown'
}

function keyDeclared(keys: Set<InstanceKey> | 'unknown' | 'none', key: InstanceKey | undefined): InstanceDeclared {
  if (keys === 'none') return key === undefined ? 'declared' : 'gone'
  if (key === undefined) return 'gone'
  if (keys === 'unknown') return 'unknown'
  return keys.has(key) ? 'declared' : 'gone'
}

/** Whether the object's module instance keys and its own key are declared by the calls and the resource now. */
function instanceDeclared(
  o: StateObject,
  binding: ResourceBinding,
  nodes: ReadonlyMap<string, ModuleNode>,
  moved: boolean,
): InstanceDeclared {
  // after a move the keys belong to the old address: only a move of the whole object keeps them (not judged)
  if (moved) return 'declared'
  let result: InstanceDeclared = 'declared'
  const path = o.module.path
  for (let i = 0; i < path.calls.length; i++) {
    const node = nodes.get(
      path.calls
        .slice(0, i + 1)
        .map((c) => `module.${c}`)
        .join('.'),
    )
    const parent = node?.parent
    if (!node?.call || !parent) return 'unknown'
    const r = keyDeclared(declaredKeys(parent, node.call.count, node.call.forEach), o.module.keys[i])
    if (r === 'gone') return 'gone'
    if (r === 'unknown') result = 'unknown'
  }
  const node = nodes.get(binding.module)
  const decl = binding.declaration
  if (!node || !decl) return 'unknown'
  const r = keyDeclared(declaredKeys(node, decl.count, decl.forEach), o.key)
  return r === 'gone' ? 'gone' : r === 'unknown' ? 'unknown' : result
}

/** Whether the configuration a state recorded still exists: declared, or the root's implied default. */
function configurationExists(o: StateObject, a: ProvidersAnalysis): boolean {
  const c = o.recorded
  if (c.module.isRoot && c.alias === undefined) return true
  const address = c.toString()
  return a.resolution.configs.some((x) => x.address === address && !x.expected)
}

function matchObject(
  o: StateObject,
  a: ProvidersAnalysis,
  ctx: {
    bindings: ReadonlyMap<string, ResourceBinding>
    nodes: ReadonlyMap<string, ModuleNode>
    moves: ReturnType<typeof movedEntries>
    removed: readonly RemovedBy[]
  },
): MatchedObject {
  const from = o.resource.toString()
  const moved = applyMoves(from, ctx.moves)
  const movedFields = moved.address !== from ? {movedFrom: from} : {}
  const moves = moved.moves.map((m) => m.range)
  const binding = ctx.bindings.get(moved.address)
  if (binding) {
    const instance = instanceDeclared(o, binding, ctx.nodes, moved.address !== from)
    const providerConfig = binding.providerConfig ?? null
    const same = providerConfig === o.recorded.toString()
    const status: StateStatus = instance === 'gone' ? 'orphan' : same ? 'bound' : 'rehomed'
    return {object: o, status, providerConfig, configAddress: moved.address, ...movedFields, moves, instance, binding}
  }
  const removedBy = ctx.removed.find((r) => r.from === moved.address || moved.address.startsWith(r.from + '.'))
  const exists = configurationExists(o, a)
  return {
    object: o,
    // an orphaned data source is dropped from the state without its provider
    status: exists || o.resource.mode === 'data' ? 'orphan' : 'orphan-configuration-missing',
    providerConfig: exists ? o.recorded.toString() : null,
    ...movedFields,
    moves,
    ...(removedBy ? {removedBy} : {}),
  }
}

/** Every object of the state matched to the analysis's configuration. */
export function matchState(state: StateFile, a: ProvidersAnalysis): StateMatch {
  const ctx = {
    bindings: new Map(a.resolution.resources.filter((b) => !b.declaredBy || b.declaredBy.kind === 'check').map((b) => [b.address, b])),
    nodes: new Map(a.tree.nodes.map((n) => [n.address, n])),
    moves: movedEntries(a.tree),
    removed: removedEntries(a.tree),
  }
  const {objects, ...rest} = state
  return {state: rest, objects: objects.map((o) => matchObject(o, a, ctx))}
}
