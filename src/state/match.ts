// Matches the objects of a state to the configuration as Terraform's plan does (issue #51): each object's
// resource is looked up at its module path after the `moved` blocks; a resource the configuration still
// declares binds the object to the configuration it resolves to now (Terraform reads the provider from the
// configuration, NodeAbstractResource.ProvidedBy, even for an instance whose count/for_each key is gone);
// a resource it no longer declares is an orphan, destroyed (or forgotten, by a `removed` block) through
// the configuration the state recorded — which must still exist: a root module's default configuration
// always does (Terraform implies it), an aliased or module-level one only while its provider block is
// there. An orphaned data source needs none: Terraform drops it from the state (measured, 1.11.4).
import type {InstanceKey, ModuleInstance} from '../addrs/instance.js'
import {providerEquals, type AbsProviderConfig} from '../addrs/provider.js'
import {ModulePath} from '../addrs/module.js'
import {ResourceAddr} from '../addrs/resource.js'
import type {SourceRange} from '../diag/diagnostic.js'
import type {ModuleNode, ModuleTree} from '../crawl/crawl.js'
import {evaluateAttribute} from '../crawl/static-eval.js'
import {literalBool} from '../hcl/expr.js'
import type {Attribute} from '../hcl/syntax.js'
import {parseAddress} from '../load/refactoring-blocks.js'
import type {ProvidersAnalysis} from '../providers/analysis.js'
import {applyMoves, movedEntries} from '../providers/tree/config-arguments.js'
import type {ResourceBinding} from '../providers/tree/resolve.js'
import type {StateFile, StateObject} from './read.js'

export type StateStatus = 'bound' | 'rehomed' | 'orphan' | 'orphan-configuration-missing'

/**
 * OpenTofu (provider `for_each`, 1.9): an orphan's recorded configuration is there but not the instance of it
 * the state names — `keyed`: its key is no longer in the block's for_each; `unkeyed`: the block has gained a
 * for_each while the object was made by its single instance (internal/tofu/node_resource_abstract_instance.go,
 * "Provider instance not present").
 */
export type InstanceMissing = 'keyed' | 'unkeyed'

/** Whether the object's instance (module and resource keys) is still declared; `unknown`: a key set static evaluation cannot know. */
export type InstanceDeclared = 'declared' | 'gone' | 'unknown'

/** A `removed` block that names the object's resource or one of its modules. */
export interface RemovedBy {
  /** Its target: a resource, or a module (all its resources). */
  readonly from: ResourceAddr | ModulePath
  readonly destroy: boolean
  readonly range: SourceRange
}

export interface MatchedObject {
  readonly object: StateObject
  readonly status: StateStatus
  /** The configuration Terraform works with it through now; null when it needs one that is gone. */
  readonly providerConfig: AbsProviderConfig | null
  /** The resource it is declared as now (after `moved` blocks); undefined for an orphan. */
  readonly configAddress?: ResourceAddr
  /** The resource address the state has, when `moved` blocks took it elsewhere. */
  readonly movedFrom?: ResourceAddr
  /** The `moved` blocks applied, in order. */
  readonly moves: readonly SourceRange[]
  /** For a declared resource: is this instance still declared? */
  readonly instance?: InstanceDeclared
  readonly removedBy?: RemovedBy
  readonly binding?: ResourceBinding
  /** OpenTofu: the recorded provider instance is gone though its configuration is there. */
  readonly instanceMissing?: InstanceMissing
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
      const module = ModulePath.of([...n.path, ...parsed.modules])
      const {type, name} = parsed
      const target =
        parsed.kind !== 'resource'
          ? module
          : type !== undefined && name !== undefined
            ? new ResourceAddr(module, parsed.mode ?? 'managed', type, name)
            : undefined
      if (!target) continue
      // the root module itself is no target
      if (target instanceof ModulePath && target.isRoot) continue
      const lifecycle = b.body.blocks.find((x) => x.type === 'lifecycle')
      const destroy = lifecycle?.body.attributes.find((a) => a.name === 'destroy')
      out.push({
        from: target,
        destroy: literalBool(destroy) !== false,
        range: b.declRange,
      })
    }
  }
  return out
}

type Keys = Set<InstanceKey> | 'unknown' | 'none'

/** The keys of each `count`/`for_each` argument, evaluated once per match of a state. */
type KeysMemo = Map<Attribute, Keys>

function evaluateKeys(node: ModuleNode, a: Attribute, isCount: boolean): Keys {
  if (!node.module) return 'unknown'
  const scope = {module: node.module, variables: node.variables, engine: node.module.engine}
  const r = evaluateAttribute(a, scope, {subject: a.name, range: a.exprRange})
  if (!('value' in r)) return 'unknown'
  const v = r.value
  if (isCount) return typeof v === 'number' && Number.isInteger(v) ? new Set(Array.from({length: Math.max(0, v)}, (_, i) => i)) : 'unknown'
  if (Array.isArray(v)) return v.every((x) => typeof x === 'string') ? new Set(v as string[]) : 'unknown'
  if (v !== null && typeof v === 'object') return new Set(Object.keys(v))
  return 'unknown'
}

/** The keys a `count` or `for_each` argument declares, as far as static evaluation knows them. */
function declaredKeys(node: ModuleNode, count: Attribute | undefined, forEach: Attribute | undefined, memo: KeysMemo): Keys {
  const a = count ?? forEach
  if (!a) return 'none'
  let keys = memo.get(a)
  if (keys === undefined) {
    keys = evaluateKeys(node, a, count !== undefined)
    memo.set(a, keys)
  }
  return keys
}

function keyDeclared(keys: Keys, key: InstanceKey | undefined): InstanceDeclared {
  if (keys === 'none') return key === undefined ? 'declared' : 'gone'
  if (key === undefined) return 'gone'
  if (keys === 'unknown') return 'unknown'
  return keys.has(key) ? 'declared' : 'gone'
}

interface MatchContext {
  readonly bindings: ReadonlyMap<string, ResourceBinding>
  readonly nodes: ReadonlyMap<string, ModuleNode>
  /** The configurations a recorded one may still be: declared, not only expected from a caller. */
  readonly configs: ReadonlySet<string>
  readonly moves: ReturnType<typeof movedEntries>
  readonly removed: readonly RemovedBy[]
  readonly keys: KeysMemo
  /** Per resource of the state (shared by its instances), and each recorded configuration's address. */
  readonly resources: Map<ResourceAddr, ResourceMatch>
  readonly recorded: Map<AbsProviderConfig, string>
  readonly modules: Map<ModuleInstance, InstanceDeclared>
}

/** Whether a module instance's keys are declared by the calls on its path (once per module instance of the state). */
function moduleDeclared(m: ModuleInstance, ctx: MatchContext): InstanceDeclared {
  let result = ctx.modules.get(m)
  if (result) return result
  result = 'declared'
  const modules = m.path.ancestry()
  for (let i = 0; i < modules.length && result !== 'gone'; i++) {
    const node = ctx.nodes.get(modules[i]!.key)
    const parent = node?.parent
    const r = node?.call && parent ? keyDeclared(declaredKeys(parent, node.call.count, node.call.forEach, ctx.keys), m.keys[i]) : 'unknown'
    if (r !== 'declared') result = r
  }
  ctx.modules.set(m, result)
  return result
}

/** Whether the object's module instance keys and its own key are declared by the calls and the resource now. */
function instanceDeclared(o: StateObject, binding: ResourceBinding, moved: boolean, ctx: MatchContext): InstanceDeclared {
  // after a move the keys belong to the old address: only a move of the whole object keeps them (not judged)
  if (moved) return 'declared'
  const modules = moduleDeclared(o.address.module, ctx)
  if (modules === 'gone') return 'gone'
  const node = ctx.nodes.get(binding.module.key)
  const decl = binding.declaration
  if (!node || !decl) return 'unknown'
  const r = keyDeclared(declaredKeys(node, decl.count, decl.forEach, ctx.keys), o.address.instanceKey)
  return r === 'gone' ? 'gone' : r === 'unknown' ? 'unknown' : modules
}

/** What matching finds of a resource, the same for all its instances. */
interface ResourceMatch {
  readonly from: ResourceAddr
  readonly to: ResourceAddr
  readonly moves: readonly SourceRange[]
  readonly binding: ResourceBinding | undefined
  readonly removedBy: RemovedBy | undefined
}

function matchResource(o: StateObject, ctx: MatchContext): ResourceMatch {
  let r = ctx.resources.get(o.address.resource)
  if (!r) {
    const from = o.address.resource
    const to = applyMoves(from, ctx.moves)
    const binding = ctx.bindings.get(to.address.key)
    r = {
      from,
      to: to.address,
      moves: to.moves.map((m) => m.range),
      binding,
      removedBy: binding
        ? undefined
        : ctx.removed.find((x) => (x.from instanceof ResourceAddr ? x.from.equals(to.address) : x.from.contains(to.address.module))),
    }
    ctx.resources.set(o.address.resource, r)
  }
  return r
}

function matchObject(o: StateObject, ctx: MatchContext): MatchedObject {
  const {from, to, moves, binding, removedBy} = matchResource(o, ctx)
  const moved = !to.equals(from)
  const movedFields = moved ? {movedFrom: from} : {}
  let recorded = ctx.recorded.get(o.recorded)
  if (recorded === undefined) {
    recorded = o.recorded.toString()
    ctx.recorded.set(o.recorded, recorded)
  }
  if (binding) {
    const instance = instanceDeclared(o, binding, moved, ctx)
    const providerConfig = binding.providerConfig ?? null
    const same = providerConfig?.key === recorded
    const status: StateStatus = instance === 'gone' ? 'orphan' : same ? 'bound' : 'rehomed'
    // OpenTofu destroys an orphaned instance through the provider instance the state recorded (its key)
    const instanceMissing =
      instance === 'gone' && same && o.address.resource.mode === 'managed' ? providerInstanceMissing(o, ctx) : undefined
    return {
      object: o,
      status,
      providerConfig,
      configAddress: to,
      ...movedFields,
      moves,
      instance,
      binding,
      ...(instanceMissing ? {instanceMissing} : {}),
    }
  }
  const exists = (o.recorded.module.isRoot && o.recorded.alias === undefined) || ctx.configs.has(recorded)
  // an orphaned data source is dropped from the state without its provider
  const instanceMissing = exists && o.address.resource.mode === 'managed' ? providerInstanceMissing(o, ctx) : undefined
  return {
    object: o,
    status: exists || o.address.resource.mode === 'data' ? 'orphan' : 'orphan-configuration-missing',
    providerConfig: exists ? o.recorded : null,
    ...movedFields,
    moves,
    ...(removedBy ? {removedBy} : {}),
    ...(instanceMissing ? {instanceMissing} : {}),
  }
}

/**
 * OpenTofu's check of an orphan's provider instance: the block of its recorded configuration, where the
 * module still declares it, and the keys of its `for_each` as far as static evaluation knows them (an unknown
 * key set is never judged).
 */
function providerInstanceMissing(o: StateObject, ctx: MatchContext): InstanceMissing | undefined {
  const c = o.recorded
  const node = ctx.nodes.get(c.module.key)
  const m = node?.module
  if (!node || !m || m.engine !== 'opentofu') return undefined
  const block = [...m.providerConfigs.values()].find(
    (p) => p.alias === c.alias && providerEquals(m.names.providerFor(p.localName), c.provider),
  )
  if (!block) return undefined
  if (o.recordedKey === undefined) return block.forEach ? 'unkeyed' : undefined
  const keys = block.forEach ? declaredKeys(node, undefined, block.forEach, ctx.keys) : 'none'
  return keyDeclared(keys, o.recordedKey) === 'gone' ? 'keyed' : undefined
}

/** Every object of the state matched to the analysis's configuration. */
export function matchState(state: StateFile, a: ProvidersAnalysis): StateMatch {
  const ctx: MatchContext = {
    bindings: new Map(a.resolution.resources.filter((b) => !b.declaredBy || b.declaredBy.kind === 'check').map((b) => [b.address.key, b])),
    nodes: new Map(a.tree.nodes.map((n) => [n.addr.key, n])),
    configs: new Set(a.resolution.configs.filter((c) => !c.expected).map((c) => c.address.key)),
    moves: movedEntries(a.tree),
    removed: removedEntries(a.tree),
    keys: new Map(),
    resources: new Map(),
    recorded: new Map(),
    modules: new Map(),
  }
  const {objects, ...rest} = state
  return {state: rest, objects: objects.map((o) => matchObject(o, ctx))}
}
