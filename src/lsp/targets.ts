// What stands at a position of a file in one root's analysis, read from the merged module model of each
// module instance whose directory holds the file: a resource (its header or its `provider` argument), a
// module call (its header, `source`, an entry of its `providers` map), a provider block, a
// required_providers entry or one of its configuration_aliases. Expressions are read from their syntax
// nodes (src/hcl/expr.ts), never from their text.
import * as path from 'node:path'
import {ModulePath} from '../addrs/module.js'
import {AbsProviderConfig} from '../addrs/provider.js'
import type {SourceRange} from '../diag/diagnostic.js'
import type {ModuleNode} from '../crawl/crawl.js'
import {
  dottedName,
  objectEntry,
  objectItemsOf,
  objectKeyName,
  partRange,
  tupleItemsOf,
  unwrapTemplate,
  type Expr,
  type ObjectItem,
} from '../hcl/expr.js'
import type {Attribute, Block} from '../hcl/syntax.js'
import type {Declaration, PositionHit} from '../load/module-index.js'
import type {RootAnalysis} from '../lint/workspace.js'
import type {ProviderConfigInfo, ProviderPass, ResourceBinding} from '../providers/resolve.js'
import {relativeName, sameRange, type Spot} from './positions.js'

/** One entry of a call's `providers` map: `aws.src = aws.east`. */
export interface ProvidersEntry {
  readonly key: string
  readonly value: string
  readonly range: SourceRange
  /** The pass the resolution made of it (none when the entry is not a valid reference pair). */
  readonly pass: ProviderPass | undefined
}

export type Target =
  | {readonly kind: 'resource'; readonly node: ModuleNode; readonly binding: ResourceBinding; readonly range: SourceRange}
  | {
      readonly kind: 'call'
      readonly node: ModuleNode
      readonly name: string
      readonly child: ModuleNode | undefined
      readonly on: 'header' | 'source' | 'entry'
      readonly entry?: ProvidersEntry
      readonly range: SourceRange
    }
  | {readonly kind: 'provider'; readonly node: ModuleNode; readonly config: ProviderConfigInfo; readonly range: SourceRange}
  | {
      readonly kind: 'requirement'
      readonly node: ModuleNode
      readonly localName: string
      readonly attribute: Attribute
      /** A configuration_aliases entry under the cursor (`aws.east`) and the configuration it declares. */
      readonly alias?: {readonly name: string; readonly address: string; readonly range: SourceRange}
      readonly range: SourceRange
    }

/** The module instances of the analysis whose directory holds `file`. */
export function nodesOfFile(a: RootAnalysis, file: string): ModuleNode[] {
  const dir = path.dirname(file)
  return a.lint.analysis.tree.nodes.filter((n) => n.dir === dir && n.module)
}

function attributeSpan(a: Attribute): SourceRange {
  return {filename: a.nameRange.filename, start: a.nameRange.start, end: a.exprRange.end}
}

/** What stands at `at` in `file`, in each module instance of the analysis that holds it. */
export function targetsAt(a: RootAnalysis, file: string, at: Spot): Target[] {
  const rel = relativeName(a.root, file)
  const out: Target[] = []
  for (const n of nodesOfFile(a, file)) {
    const t = targetIn(a, n, n.module!.index.at(rel, at))
    if (t) out.push(t)
  }
  return out
}

const BOUND_MODES: ReadonlySet<string> = new Set(['managed', 'data', 'ephemeral'])

/** The resource whose header or `provider` argument a hit is, with the range to show. */
function resourceHit(h: PositionHit): {block: Block; range: SourceRange} | undefined {
  if (h.kind === 'header') {
    const d = h.body.declaration
    return d?.kind === 'resource' && d.block === h.block && BOUND_MODES.has(d.mode) ? {block: h.block, range: h.block.declRange} : undefined
  }
  if (h.kind !== 'attribute' || h.site.attribute.name !== 'provider') return undefined
  const d = h.site.body.declaration
  const blocks = h.site.body.blocks
  return d?.kind === 'resource' && BOUND_MODES.has(d.mode) && blocks[blocks.length - 1] === d.block
    ? {block: d.block, range: attributeSpan(h.site.attribute)}
    : undefined
}

/** The top-level block of a declaration of `kind` that holds the position. */
function declarationAt<K extends 'module' | 'provider'>(
  hits: readonly PositionHit[],
  kind: K,
): Extract<Declaration, {kind: K}> | undefined {
  for (const h of hits) {
    if (h.kind !== 'block') continue
    const d = h.body.declaration
    if (d?.kind === kind && 'block' in d && d.block === h.block) return d as Extract<Declaration, {kind: K}>
  }
  return undefined
}

function targetIn(a: RootAnalysis, n: ModuleNode, hits: readonly PositionHit[]): Target | undefined {
  const res = a.lint.analysis.resolution
  // the provider argument first (in JSON syntax the header, an opening brace, ends where it starts)
  for (const h of [...hits.filter((x) => x.kind === 'attribute'), ...hits.filter((x) => x.kind === 'header')]) {
    const r = resourceHit(h)
    const binding = r && res.resources.find((x) => x.module === n.address && sameRange(x.range, r.block.declRange))
    if (r && binding) return {kind: 'resource', node: n, binding, range: r.range}
  }
  const call = declarationAt(hits, 'module')
  const t = call && callTarget(a, n, call.name, call.block, hits)
  if (t) return t
  const p = declarationAt(hits, 'provider')
  const config = p && res.configs.find((c) => c.module === n.address && sameRange(c.range, p.block.declRange))
  if (p && config) return {kind: 'provider', node: n, config, range: p.block.declRange}
  for (const h of hits)
    if (h.kind === 'attribute' && h.site.body.container === 'required_providers') return requirementTarget(a, n, h.site.attribute, hits)
  return undefined
}

/** A required_providers entry, or one of its configuration_aliases. */
function requirementTarget(a: RootAnalysis, n: ModuleNode, attr: Attribute, hits: readonly PositionHit[]): Target | undefined {
  const localName = [...n.module!.requiredProviders].find(([, x]) => x === attr)?.[0]
  if (localName === undefined) return undefined
  const aliases = objectEntry(attr.node, 'configuration_aliases')
  const items: readonly Expr[] = (aliases && tupleItemsOf(aliases.value)) ?? []
  for (const h of hits) {
    if (h.kind !== 'expression' || !items.includes(h.expr)) continue
    const name = dottedName(h.expr)
    const address = name && aliasAddress(a, n, localName, name)
    if (name && address) {
      const range = partRange(attr, h.expr)
      return {kind: 'requirement', node: n, localName, attribute: attr, alias: {name, address, range}, range}
    }
  }
  return {kind: 'requirement', node: n, localName, attribute: attr, range: attributeSpan(attr)}
}

/** The argument `name` of block `b` (not of a block nested in it) where the position stands. */
function ownAttribute(hits: readonly PositionHit[], b: Block, name: string): Attribute | undefined {
  for (const h of hits) {
    if (h.kind !== 'attribute' || h.site.attribute.name !== name) continue
    const blocks = h.site.body.blocks
    if (blocks.length === 1 && blocks[0] === b) return h.site.attribute
  }
  return undefined
}

function callTarget(a: RootAnalysis, n: ModuleNode, name: string, b: Block, hits: readonly PositionHit[]): Target | undefined {
  const child = n.children.find((c) => c.path[c.path.length - 1] === name)
  const base = {kind: 'call' as const, node: n, name, child}
  if (hits.some((h) => h.kind === 'header' && h.block === b)) return {...base, on: 'header', range: b.declRange}
  const source = ownAttribute(hits, b, 'source')
  if (source) return {...base, on: 'source', range: source.exprRange}
  const providers = ownAttribute(hits, b, 'providers')
  if (!providers) return undefined
  const object = unwrapTemplate(providers.node)
  for (const h of hits) {
    const entry = h.kind === 'item' && h.object === object ? providersEntry(a, n, name, providers, h.item) : undefined
    if (entry) return {...base, on: 'entry', entry, range: entry.range}
  }
  return undefined
}

/** The entries of a module call's `providers` map, with the pass each became. */
export function providersEntries(a: RootAnalysis, n: ModuleNode, name: string, b: Block): ProvidersEntry[] {
  const attr = b.body.attributes.find((x) => x.name === 'providers')
  if (!attr) return []
  return (objectItemsOf(attr.node) ?? []).flatMap((item) => providersEntry(a, n, name, attr, item) ?? [])
}

/** One entry of a module call's `providers` map (none when it is not a pair of references), with the pass it became. */
function providersEntry(a: RootAnalysis, n: ModuleNode, name: string, attr: Attribute, item: ObjectItem): ProvidersEntry | undefined {
  const key = dottedName(item.key) ?? objectKeyName(item)
  const value = dottedName(item.value)
  if (key === undefined || value === undefined) return undefined
  const to = n.address === '' ? `module.${name}` : `${n.address}.module.${name}`
  const range = partRange(attr, {s: item.key.s, e: item.value.e})
  const pass = a.lint.analysis.resolution.passes.find((p) => p.to === to && p.key === key)
  return {key, value, range, pass}
}

/** The address of the configuration a configuration_aliases entry declares in module `n` (`aws.east`). */
function aliasAddress(a: RootAnalysis, n: ModuleNode, localName: string, name: string): string | undefined {
  const alias = name.split('.')[1]
  if (!alias) return undefined
  const res = a.lint.analysis.resolution
  // the pass that gives it (a called module), else the expected configuration (a shared root), else by provider
  const pass = res.passes.find((p) => p.to === n.address && p.key === name)
  if (pass) return pass.childAddress
  const own = res.configs.find((c) => c.module === n.address && c.localName === localName && c.alias === alias)
  if (own) return own.address
  const bound = res.resources.find((r) => r.module === n.address && r.reference === name)
  const step = bound?.resolution.find((s) => s.kind === 'source')
  return step?.kind === 'source' ? new AbsProviderConfig(ModulePath.of(n.path), step.provider, alias).toString() : undefined
}

/** Every configuration address a binding goes through: its own, each one passed along, the one it ends at. */
export function chainAddresses(a: RootAnalysis, r: ResourceBinding): Set<string> {
  const out = new Set<string>()
  if (r.providerConfig) out.add(r.providerConfig)
  for (const s of r.resolution) {
    if (s.kind !== 'passed') continue
    const p = a.lint.analysis.resolution.passes.find((x) => x.to === s.module && x.key === s.key)
    if (p) {
      out.add(p.childAddress)
      out.add(p.parentAddress)
    }
  }
  return out
}

/** The resources bound through the configuration `address` (a block's, a configuration_aliases entry's). */
export function resourcesThrough(a: RootAnalysis, address: string): ResourceBinding[] {
  return a.lint.analysis.resolution.resources.filter((r) => r.providerConfig === address || chainAddresses(a, r).has(address))
}

/**
 * The configuration that `address` finally stands for: through `providers` passes up the tree, then,
 * for a default configuration a module lacks, inherited from the nearest module above that has one.
 */
export function finalConfig(a: RootAnalysis, address: string): ProviderConfigInfo | undefined {
  const res = a.lint.analysis.resolution
  let addr = address
  for (let guard = 0; guard < 1000; guard++) {
    const own = res.configs.find((c) => c.address === addr)
    if (own) return own
    const pass = res.passes.find((p) => p.childAddress === addr)
    if (pass) {
      addr = pass.parentAddress
      continue
    }
    // `module.a.module.b.provider["…"]` → `module.a.provider["…"]` (aliases are never inherited)
    const up = inheritedFrom(addr)
    if (up === undefined) return undefined
    addr = up
  }
  return undefined
}

/** The default configuration a module's `provider["…"]` inherits: the same in the module that calls it; undefined for the root's or an alias. */
function inheritedFrom(address: string): string | undefined {
  const at = address.indexOf('provider["')
  const config = address.slice(at)
  if (at < 0 || !/^provider\[".*"\]$/.test(config)) return undefined
  const parent = ModulePath.parse(at === 0 ? '' : address.slice(0, at - 1))?.parent
  if (parent === undefined || (at > 0 && address[at - 1] !== '.')) return undefined
  return parent.isRoot ? config : `${parent.toString()}.${config}`
}
