// What stands at a position of a file in one root's analysis, in each module instance whose directory
// holds the file: a resource (its header or its `provider` argument), a module call (its header, `source`,
// an entry of its `providers` map), a provider block, a required_providers entry or one of its
// configuration_aliases. The module's index (`ModuleIndex.at`) gives the blocks and attributes that stand
// there; each is matched to its record by identity, and to its binding in the analysis. Expressions are
// read from their syntax nodes (src/hcl/expr.ts), never from their text.
import * as path from 'node:path'
import {ModulePath} from '../addrs/module.js'
import {AbsProviderConfig, referenceParts} from '../addrs/provider.js'
import type {SourceRange} from '../diag/diagnostic.js'
import type {ModuleNode} from '../crawl/crawl.js'
import type {Attribute, Block} from '../hcl/syntax.js'
import {importTargets} from '../load/imports.js'
import type {Module} from '../load/model.js'
import {resourceRecords, siteBlocks} from '../load/block-kinds.js'
import type {ModuleCall} from '../load/records.js'
import type {RootAnalysis} from '../lint/workspace.js'
import type {ProviderConfigInfo, ProviderPass, ResourceBinding} from '../providers/tree/resolve.js'
import {holds, sameRange, type Spot} from './positions.js'

/** One entry of a call's `providers` map: `aws.src = aws.east`. */
export interface ProvidersEntry {
  readonly key: string
  readonly value: string
  readonly range: SourceRange
  /** The pass the resolution made of it (none when the entry is not a valid reference pair, or the called module is not there). */
  readonly pass: ProviderPass | undefined
  /**
   * The caller's configuration it passes (absolute): the pass's, else the caller's own reading of the value
   * (a module not installed or not found has no pass, but what its call passes is the caller's all the same).
   */
  readonly parentAddress: AbsProviderConfig | undefined
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
      readonly alias?: {readonly name: string; readonly address: AbsProviderConfig; readonly range: SourceRange}
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
  // the model names files by their absolute paths
  const rel = path.resolve(file)
  const out: Target[] = []
  for (const n of nodesOfFile(a, file)) {
    const t = targetIn(a, n, rel, at)
    if (t) out.push(t)
  }
  return out
}

/** The blocks and attributes of a module that stand at `at` (the index's positions): the only ones a target can be made of. */
interface Standing {
  readonly blocks: ReadonlySet<Block>
  readonly attributes: ReadonlySet<Attribute>
}

function standingAt(m: Module, rel: string, at: Spot): Standing {
  const blocks = new Set<Block>()
  const attributes = new Set<Attribute>()
  for (const h of m.index.at(rel, at)) {
    if (h.kind === 'block' || h.kind === 'header') blocks.add(h.block)
    else if (h.kind === 'attribute') {
      attributes.add(h.site.attribute)
      // an attribute an override file gave a block stands in that file: its block is the one it belongs to
      for (const b of h.site.body.blocks) blocks.add(b)
    }
  }
  return {blocks, attributes}
}

/**
 * A block bound to a provider configuration at `at` (its header or its `provider` argument): a resource,
 * data or ephemeral resource (check blocks' data included), an action, a list block, or a block of the
 * table's top-level sites as its row's hover says (an import block: the resource it generates, or the
 * declared resource it imports into; a `configuration` row: the configuration its argument names).
 */
function boundTarget(a: RootAnalysis, n: ModuleNode, rel: string, at: Spot, here: Standing): Target | undefined {
  const m = n.module!
  const res = a.lint.analysis.resolution
  for (const b of resourceRecords(m)) {
    if (!here.blocks.has(b.block)) continue
    const p = b.provider?.attribute
    const onProvider = p !== undefined && holds(attributeSpan(p), rel, at)
    if (!onProvider && !holds(b.declRange, rel, at)) continue
    const binding = res.resources.find((r) => r.module.key === n.addr.key && r.declaration === b)
    if (binding) return {kind: 'resource', node: n, binding, range: onProvider ? attributeSpan(p) : b.declRange}
  }
  for (const [site, blocks] of siteBlocks(m)) {
    if (!site.editor.hover) continue
    for (const b of blocks) {
      if (!here.blocks.has(b)) continue
      const t = site.editor.hover === 'import target' ? importTarget(a, n, b, rel, at) : namedConfigTarget(a, n, b, rel, at)
      if (t) return t
    }
  }
  return undefined
}

/** A site's block at `at` (its header or its provider argument): the configuration its provider argument names, as the module's resolution has it. */
function namedConfigTarget(a: RootAnalysis, n: ModuleNode, b: Block, rel: string, at: Spot): Target | undefined {
  const arg = n.module!.providerArguments.get(b)
  const ref = arg?.value
  if (!arg || !ref) return undefined
  const onProvider = holds(attributeSpan(arg.attribute), rel, at)
  if (!onProvider && !holds(b.declRange, rel, at)) return undefined
  const config = a.lint.analysis.resolution.configs.find(
    (c) => c.module.key === n.addr.key && c.localName === ref.localName && c.alias === ref.alias,
  )
  return config ? {kind: 'provider', node: n, config, range: onProvider ? attributeSpan(arg.attribute) : b.declRange} : undefined
}

/** An import block at `at`: the resource it generates, or the declared resource it imports into (its provider argument decides). */
function importTarget(a: RootAnalysis, n: ModuleNode, b: Block, rel: string, at: Spot): Target | undefined {
  const m = n.module!
  const res = a.lint.analysis.resolution
  const p = b.body.attributes.find((x) => x.name === 'provider')
  const onProvider = p !== undefined && holds(attributeSpan(p), rel, at)
  if (!onProvider && !holds(b.declRange, rel, at)) return undefined
  let binding = res.resources.find((r) => r.module.key === n.addr.key && r.declaration === undefined && sameRange(r.range, b.declRange))
  if (!binding) {
    const target = importTargets({imports: [b]})[0]
    const declared = target && target.modules.length === 0 ? m.managedResources.get(target.local) : undefined
    binding = declared && res.resources.find((r) => r.module.key === n.addr.key && r.declaration === declared)
  }
  return binding ? {kind: 'resource', node: n, binding, range: onProvider ? attributeSpan(p) : b.declRange} : undefined
}

function targetIn(a: RootAnalysis, n: ModuleNode, rel: string, at: Spot): Target | undefined {
  const m = n.module!
  const res = a.lint.analysis.resolution
  const here = standingAt(m, rel, at)
  if (here.blocks.size === 0 && here.attributes.size === 0) return undefined
  const bound = boundTarget(a, n, rel, at, here)
  if (bound) return bound
  for (const [name, b] of m.moduleCalls) {
    if (!here.blocks.has(b.block)) continue
    const t = callTarget(a, n, name, b, rel, at)
    if (t) return t
  }
  for (const b of m.providerConfigs.values()) {
    if (!here.blocks.has(b.block) || !holds(b.block.range, rel, at)) continue
    const config = res.configs.find((c) => c.module.key === n.addr.key && c.declaration === b)
    if (config) return {kind: 'provider', node: n, config, range: b.declRange}
  }
  for (const [localName, r] of m.requiredProviders) {
    const attr = r.attribute
    if (!here.attributes.has(attr) || !holds(attributeSpan(attr), rel, at)) continue
    for (const entry of r.aliases) {
      const {range, text: name} = entry
      if (!entry.value?.alias || !holds(range, rel, at)) continue
      const address = aliasAddress(a, n, localName, name)
      if (address) return {kind: 'requirement', node: n, localName, attribute: attr, alias: {name, address, range}, range}
    }
    return {kind: 'requirement', node: n, localName, attribute: attr, range: attributeSpan(attr)}
  }
  return undefined
}

function callTarget(a: RootAnalysis, n: ModuleNode, name: string, b: ModuleCall, rel: string, at: Spot): Target | undefined {
  if (!holds(b.block.range, rel, at)) return undefined
  const child = n.children.find((c) => c.path[c.path.length - 1] === name)
  const base = {kind: 'call' as const, node: n, name, child}
  if (holds(b.declRange, rel, at)) return {...base, on: 'header', range: b.declRange}
  const source = b.source
  if (source && holds(attributeSpan(source), rel, at)) return {...base, on: 'source', range: source.exprRange}
  const entry = providersEntries(a, n, name, b).find((e) => holds(e.range, rel, at))
  if (entry) return {...base, on: 'entry', entry, range: entry.range}
  return undefined
}

/** The entries of a module call's `providers` map, with the pass each became. */
export function providersEntries(a: RootAnalysis, n: ModuleNode, name: string, b: ModuleCall): ProvidersEntry[] {
  const to = ModulePath.of([...n.path, name])
  const out: ProvidersEntry[] = []
  for (const {key, value, inChild, inParent, range} of b.providerEntries) {
    if (!inChild || !inParent) continue
    const pass = a.lint.analysis.resolution.passes.find((p) => p.to.equals(to) && p.key === key)
    const provider = n.module?.names.providerFor(inParent.localName)
    const own = provider ? new AbsProviderConfig(n.addr, provider, inParent.alias) : undefined
    out.push({key, value, range, pass, parentAddress: pass?.parentAddress ?? own})
  }
  return out
}

/** The address of the configuration a configuration_aliases entry declares in module `n` (`aws.east`). */
function aliasAddress(a: RootAnalysis, n: ModuleNode, localName: string, name: string): AbsProviderConfig | undefined {
  const alias = referenceParts(name).alias
  if (!alias) return undefined
  const res = a.lint.analysis.resolution
  // the pass that gives it (a called module), else the expected configuration (a shared root), else by provider
  const pass = res.passes.find((p) => p.to.key === n.addr.key && p.key === name)
  if (pass) return pass.childAddress
  const own = res.configs.find((c) => c.module.key === n.addr.key && c.localName === localName && c.alias === alias)
  if (own) return own.address
  const bound = res.resources.find((r) => r.module.key === n.addr.key && r.reference === name)
  const step = bound?.resolution.find((s) => s.kind === 'source')
  return step?.kind === 'source' ? new AbsProviderConfig(n.addr, step.provider, alias) : undefined
}

/** Every configuration address a binding goes through: its own, each one passed along, the one it ends at. */
export function chainAddresses(a: RootAnalysis, r: ResourceBinding): Set<string> {
  const out = new Set<string>()
  if (r.providerConfig) out.add(r.providerConfig.key)
  for (const s of r.resolution) {
    if (s.kind !== 'passed') continue
    const p = a.lint.analysis.resolution.passes.find((x) => x.to.equals(s.module) && x.key === s.key)
    if (p) {
      out.add(p.childAddress.key)
      out.add(p.parentAddress.key)
    }
  }
  return out
}

/** The resources bound through the configuration `address` (a block's, a configuration_aliases entry's). */
export function resourcesThrough(a: RootAnalysis, address: string): ResourceBinding[] {
  return a.lint.analysis.resolution.resources.filter((r) => r.providerConfig?.key === address || chainAddresses(a, r).has(address))
}

/**
 * The configuration that `address` finally stands for: through `providers` passes up the tree, then,
 * for a default configuration a module lacks, inherited from the nearest module above that has one.
 */
export function finalConfig(a: RootAnalysis, address: AbsProviderConfig): ProviderConfigInfo | undefined {
  const res = a.lint.analysis.resolution
  let config = address
  for (let guard = 0; guard < 1000; guard++) {
    const own = res.configs.find((c) => c.address.equals(config))
    if (own) return own
    const pass = res.passes.find((p) => p.childAddress.equals(config))
    if (pass) {
      config = pass.parentAddress
      continue
    }
    // `module.a.module.b.provider["…"]` → `module.a.provider["…"]` (aliases are never inherited)
    const parent = config.module.parent
    if (!parent || config.alias !== undefined) return undefined
    config = new AbsProviderConfig(parent, config.provider)
  }
  return undefined
}
