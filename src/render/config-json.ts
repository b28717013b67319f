// The effective configuration of a module in the shape @cdktf/hcl2json returns for one native file:
// blocks as arrays of objects (nested by label), attributes as values, keys sorted.
import type {Block, Body, Value} from '../hcl/syntax.js'
import type {Module} from '../load/model.js'

type Obj = Record<string, Value>

function sortKeys(o: Obj): Obj {
  const out: Obj = {}
  for (const k of Object.keys(o).sort()) out[k] = o[k] ?? null
  return out
}

/**
 * `owned`: the objects and arrays pushBlock made itself during one document, which it may extend in
 * place. Anything else under a key (an attribute's value) is copied first, never changed; copying every
 * time made N blocks of one type O(N²).
 */
function pushBlock(owned: WeakSet<object>, target: Obj, type: string, labels: readonly string[], body: Obj): void {
  let node: Obj = target
  let key = type
  for (const label of labels) {
    const next = node[key]
    let child: Obj
    if (next && typeof next === 'object' && !Array.isArray(next) && owned.has(next)) child = next as Obj
    else {
      child = next && typeof next === 'object' && !Array.isArray(next) ? {...(next as Obj)} : {}
      owned.add(child)
      node[key] = child
    }
    node = child
    key = label
  }
  const arr = node[key]
  if (Array.isArray(arr) && owned.has(arr)) (arr as Value[]).push(body)
  else {
    const list: Value[] = Array.isArray(arr) ? [...(arr as Value[]), body] : [body]
    owned.add(list)
    node[key] = list
  }
}

function deepSort(v: Value): Value {
  if (Array.isArray(v)) return (v as readonly Value[]).map(deepSort)
  if (v && typeof v === 'object') {
    const out: Obj = {}
    for (const k of Object.keys(v).sort()) out[k] = deepSort((v as Obj)[k] ?? null)
    return out
  }
  return v
}

export function bodyToJson(body: Body): Obj {
  return bodyJson(new WeakSet(), body)
}

function bodyJson(owned: WeakSet<object>, body: Body): Obj {
  const out: Obj = {}
  for (const a of body.attributes) out[a.name] = a.value
  for (const b of body.blocks) pushBlockJson(owned, out, b)
  return deepSort(out) as Obj
}

/** Block `b` with its body, nested in `into` under its type and labels. */
function pushBlockJson(owned: WeakSet<object>, into: Obj, b: Block): void {
  pushBlock(
    owned,
    into,
    b.type,
    b.labels.map((l) => l.value),
    bodyJson(owned, b.body),
  )
}

/** The merged module as one hcl2json-shaped document. */
export function moduleToJson(m: Module): Obj {
  const owned = new WeakSet<object>()
  const blockInto = (into: Obj, b: Block): void => pushBlockJson(owned, into, b)
  const out: Obj = {}
  const tf: Obj = {}
  for (const [name, a] of m.terraformAttributes) tf[name] = a.value
  if (m.requiredVersion.length > 0) {
    tf['required_version'] = m.requiredVersion.map((a) => (typeof a.value === 'string' ? a.value : a.expr)).join(', ')
  }
  if (m.requiredProviderAttributes.size > 0 || m.requiredProvidersBlock) {
    const rp: Obj = {}
    for (const [name, a] of m.requiredProviderAttributes) rp[name] = a.value
    tf['required_providers'] = [sortKeys(rp)]
  }
  for (const b of [m.backend, m.cloud, m.stateStore, ...m.providerMetas.values(), ...m.terraformBlocks]) if (b) blockInto(tf, b)
  if (Object.keys(tf).length > 0) out['terraform'] = [deepSort(tf)]
  for (const b of m.variables.values()) blockInto(out, b)
  if (m.locals.size > 0) {
    const locals: Obj = {}
    for (const [name, a] of m.locals) locals[name] = a.value
    out['locals'] = [sortKeys(locals)]
  }
  const providers = [...m.providerConfigs.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  for (const [, b] of providers) blockInto(out, b.block)
  const maps: ReadonlyMap<string, Block | {readonly block: Block}>[] = [
    m.moduleCalls,
    m.managedResources,
    m.dataResources,
    m.ephemeralResources,
    m.outputs,
    m.actions,
    m.listResources,
  ]
  for (const map of maps) {
    // a check block's data resource is written inside its check block
    for (const [key, r] of map) if (map !== m.dataResources || !m.checkData.has(key)) blockInto(out, 'block' in r ? r.block : r)
  }
  for (const b of [...m.moved, ...m.imports, ...m.removed, ...m.checks, ...m.otherBlocks]) blockInto(out, b)
  return sortKeys(out)
}
