// Fixes of the provider rules: add the required_providers entry a module relies on (with the source the
// engine implies and the version its lock file selected), give an entry its source, remove an entry or a
// configuration_aliases slot nothing uses (and what callers pass to that slot), add the slot a caller
// passes a configuration to, move a provider block's `version` into required_providers, and pass a
// configuration a module requires (one fix per configuration that could be passed: a choice).
import type {ModuleNode} from '../../crawl/crawl.js'
import type {Expr} from '../../hcl/native/ast.js'
import {dottedName, literalString, objectItemsOf, unwrapTemplate} from '../../hcl/expr.js'
import type {Attribute, Block} from '../../hcl/syntax.js'
import type {Module} from '../../load/model.js'
import {resourceRecords, siteBlocks} from '../../load/block-kinds.js'
import type {Fix} from './fix.js'
import {
  addEntry,
  addItem,
  amendEntry,
  constraintFromLock,
  entryObject,
  itemSpan,
  versionRank,
  type ModuleSite,
} from './required-providers.js'
import {FixBuilder, FixFile} from './source-file.js'

/** `missing-required-provider`: the entry the module relies on, `name = { source, version }`. */
export function missingEntryFix(
  site: ModuleSite,
  name: string,
  source: string,
  locked: string | undefined,
  root: boolean,
): Fix | undefined {
  const version = constraintFromLock(locked, root)
  const b = new FixBuilder()
  if (!addEntry(b, site, {name, source, ...(version !== undefined ? {version} : {})})) return undefined
  const what = `${name} = { source = "${source}"${version !== undefined ? `, version = "${version}"` : ''} }`
  const rank = versionRank(locked)
  return b.build(
    version !== undefined
      ? `Add ${what} to required_providers (the version the lock file selected)`
      : `Add ${what} to required_providers (then add the oldest version you support: no lock file selects one)`,
    version !== undefined,
    {structural: true, group: `required-provider:${name}`, ...(rank ? {rank} : {})},
  )
}

/** `missing-required-provider` for an entry without source: the implied source written out (the legacy string form becomes an object). */
export function sourcelessEntryFix(site: ModuleSite, a: Attribute, name: string, source: string): Fix | undefined {
  const b = new FixBuilder()
  if (a.node.k === 'object') {
    if (!amendEntry(b, site, a, {source})) return undefined
    return b.build(`Add source = "${source}" to the entry ${name}`, true, {structural: true})
  }
  const file = FixFile.of(site.sourceText, a.exprRange.filename)
  if (!file || file.json || !file.holds(a) || literalString(a) === undefined) return undefined
  const indent = file.indentOf(file.offset(a.nameRange.start))
  const text = `{\n${indent}  source = ${JSON.stringify(source)}\n${indent}  version = ${file.text.slice(a.node.s, a.node.e)}\n${indent}}`
  b.change(file, {s: a.node.s, e: a.node.e, text})
  return b.build(`Write the entry ${name} as { source = "${source}", version = … }`, true, {structural: true})
}

/**
 * `unused-required-provider`: the entry removed, and what the module's callers pass under its name (else
 * Terraform would report a configuration passed to a name the module does not declare). Not preferred when
 * a configuration passed there would then be used by nothing in the caller.
 */
export function unusedEntryFix(site: ModuleSite, a: Attribute, name: string, calls: readonly ModuleNode[]): Fix | undefined {
  const file = FixFile.of(site.sourceText, a.exprRange.filename)
  if (!file || file.json || !file.holds(a)) return undefined
  const b = new FixBuilder()
  b.change(file, file.attributeRemoval(a))
  const passed = removePassed(b, site, calls, (key) => key === name || key.startsWith(name + '.'))
  if (!passed) return undefined
  return b.build(
    `Remove the required_providers entry ${name}${passed.removed ? ' and what callers pass for it' : ''}${passed.orphan ? ' (a configuration passed to it is then used by nothing)' : ''}`,
    !passed.orphan,
    {structural: true, group: `unused-entry:${name}`},
  )
}

/** Removes the providers-map items of calls whose key matches; undefined when one cannot be edited. */
function removePassed(
  b: FixBuilder,
  site: ModuleSite,
  calls: readonly ModuleNode[],
  matches: (key: string) => boolean,
): {removed: boolean; orphan: boolean} | undefined {
  let removed = false
  let orphan = false
  for (const n of calls) {
    const pm = n.call?.providersAttribute
    const items = pm && objectItemsOf(pm.node)
    if (!pm || !items) continue
    const gone = items.map((it, i) => ({it, i})).filter(({it}) => matches(refName(it.key) ?? ''))
    if (gone.length === 0) continue
    const file = FixFile.of(site.sourceText, pm.exprRange.filename)
    if (!file || file.json || !file.holds(pm)) return undefined
    const parent = n.parent?.module
    for (const {it} of gone) {
      const value = refName(it.value)
      if (value?.includes('.') && parent && !referencedElsewhere(parent, value, it.value)) orphan = true
    }
    if (gone.length === items.length) b.change(file, file.attributeRemoval(pm))
    else for (const {i} of gone) b.change(file, file.elementRemoval(items.map(itemSpan), i))
    removed = true
  }
  return {removed, orphan}
}

/** The configuration a providers-map value names (`aws.west`). */
function refName(e: Expr): string | undefined {
  return dottedName(unwrapTemplate(e))
}

/** Whether a module refers to the configuration `ref` anywhere but at `except` (a resource's `provider`, a providers map). */
function referencedElsewhere(m: Module, ref: string, except: Expr): boolean {
  for (const r of resourceRecords(m)) {
    const p = r.provider?.attribute
    if (p && refName(p.node) === ref) return true
  }
  for (const [site, blocks] of siteBlocks(m)) {
    if (!site.reference) continue
    for (const b of blocks) {
      const p = m.providerArguments.get(b)?.attribute ?? b.body.attributes.find((x) => x.name === site.argument)
      if (p && refName(p.node) === ref) return true
    }
  }
  for (const call of m.moduleCalls.values()) {
    const pm = call.providersAttribute
    for (const it of (pm && objectItemsOf(pm.node)) ?? []) if (it.value !== except && refName(it.value) === ref) return true
  }
  return false
}

/**
 * `unused-configuration-alias`: the slot removed from configuration_aliases (the argument, when it was the
 * only one), and the entry of every call of the module that passes a configuration to it. Not preferred
 * when a configuration passed there would then be used by nothing in the caller.
 */
export function unusedSlotFix(site: ModuleSite, entry: Attribute, slot: string, calls: readonly ModuleNode[]): Fix | undefined {
  const at = entryObject(site, entry)
  if (!at) return undefined
  const ca = at.obj.items.find((it) => it.key.k === 'trav' && it.key.root === 'configuration_aliases' && it.key.steps.length === 0)
  const list = ca?.value.k === 'tuple' ? ca.value.items : undefined
  const index = list?.findIndex((x) => refName(x) === slot) ?? -1
  if (!ca || !list || index < 0) return undefined
  const b = new FixBuilder()
  if (list.length === 1) b.change(at.file, at.file.elementRemoval(at.obj.items.map(itemSpan), at.obj.items.indexOf(ca)))
  else b.change(at.file, at.file.elementRemoval(list, index))
  const passed = removePassed(b, site, calls, (key) => key === slot)
  if (!passed) return undefined
  return b.build(
    `Remove ${slot} from configuration_aliases${passed.removed ? ' and from the providers maps that pass it' : ''}${passed.orphan ? ' (a configuration passed to it is then used by nothing)' : ''}`,
    !passed.orphan,
    {structural: true, group: `unused-slot:${slot}`},
  )
}

/** A child module's missing declaration of a configuration its caller passes (`aws` or `aws.east`): the entry, or the slot in it. */
export function declareInChildFix(child: ModuleSite, key: string, source: string, locked: string | undefined): Fix | undefined {
  const dot = key.indexOf('.')
  const name = dot < 0 ? key : key.slice(0, dot)
  const entry = child.module.requiredProviderAttributes.get(name)
  const b = new FixBuilder()
  if (entry) {
    if (dot < 0 || entry.node.k !== 'object' || !amendEntry(b, child, entry, {alias: key})) return undefined
    return b.build(`Add ${key} to configuration_aliases of the entry ${name}`, true, {structural: true})
  }
  const version = constraintFromLock(locked, false)
  if (!addEntry(b, child, {name, source, ...(version !== undefined ? {version} : {}), ...(dot < 0 ? {} : {aliases: [key]})}))
    return undefined
  const rank = versionRank(locked)
  return b.build(
    `Add ${name} = { source = "${source}"${version !== undefined ? `, version = "${version}"` : ''}${dot < 0 ? '' : `, configuration_aliases = [${key}]`} } to the module's required_providers${version === undefined ? ' (then add the oldest version it supports)' : ''}`,
    version !== undefined,
    {structural: true, group: `required-provider:${name}`, ...(rank ? {rank} : {})},
  )
}

const PROVIDER_META: ReadonlySet<string> = new Set(['alias', 'version', 'count', 'depends_on', 'for_each', 'source'])

/**
 * A provider block's `version`, moved into the required_providers entry of its local name (added to the
 * entry's own constraint, or a new entry with the source the module already uses). Not preferred when the
 * block of a called module would then configure nothing (it would become a proxy block, and change which
 * configuration its resources use).
 */
export function moveVersionFix(site: ModuleSite, block: Block, v: Attribute, source: string, root: boolean): Fix | undefined {
  const version = literalString(v)
  const name = block.labels[0]?.value
  const file = FixFile.of(site.sourceText, v.exprRange.filename)
  if (version === undefined || name === undefined || !file || file.json || !file.holds(v)) return undefined
  const b = new FixBuilder()
  b.change(file, file.attributeRemoval(v))
  const entry = site.module.requiredProviderAttributes.get(name)
  if (entry) {
    if (entry.node.k !== 'object' || !amendEntry(b, site, entry, {version})) return undefined
  } else if (!addEntry(b, site, {name, source, version})) return undefined
  const stillConfigured = block.body.attributes.some((a) => !PROVIDER_META.has(a.name)) || block.body.blocks.length > 0
  return b.build(`Move version = "${version}" into the required_providers entry ${name}`, root || stillConfigured, {structural: true})
}

/** The providers map of a call: an item `key = value` added, or the argument added after `source` (and `version`). */
export function passConfigurationFix(site: ModuleSite, call: Block, key: string, value: string, title: string): Fix | undefined {
  const pm = call.body.attributes.find((a) => a.name === 'providers')
  const b = new FixBuilder()
  if (pm) {
    const file = FixFile.of(site.sourceText, pm.exprRange.filename)
    if (!file || file.json || !file.holds(pm) || pm.node.k !== 'object') return undefined
    addItem(b, file, pm.node, `${key} = ${value}`, 'last')
  } else {
    const anchor = ['version', 'source'].map((n) => call.body.attributes.find((a) => a.name === n)).find((a) => a !== undefined)
    const file = anchor && FixFile.of(site.sourceText, anchor.exprRange.filename)
    if (!anchor || !file || file.json || !file.holds(anchor) || !file.lastOnLine(anchor.node.e)) return undefined
    const indent = file.indentOf(anchor.node.s)
    const at = file.nextLine(anchor.node.e)
    b.change(file, {s: at, e: at, text: `${indent}providers = {\n${indent}  ${key} = ${value}\n${indent}}\n`})
  }
  return b.build(title, false, {structural: true})
}
