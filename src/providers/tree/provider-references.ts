// Every place a module's text names a provider configuration, read from the module's typed records
// (load/records.ts: provider blocks, the `provider` arguments of the block kinds and of the other blocks that
// name a provider — import, removed, … — as load/block-kinds.ts's two tables list them, `providers` maps, required_providers entries and their
// configuration_aliases) and the module's provider_meta labels and provider-defined functions. What each names is said in the module's own terms — a local name and an
// alias — and, for a `providers` map key, in the called module's. On top of it: the edits that rename a
// configuration's alias or local name in every module that denotes it, and nothing else (the
// `textDocument/rename` of `tfgraph lsp`), and the configurations a module can name (its completion).
import * as path from 'node:path'
import {impliedLocalName, localNameProblem, referenceParts} from '../../addrs/provider.js'
import type {SourceRange} from '../../diag/diagnostic.js'
import {advancePos} from '../../diag/positions.js'
import {literalOf, partRange, traversalOf, unwrapTemplate, type Expr} from '../../hcl/expr.js'
import type {Attribute, Label} from '../../hcl/syntax.js'
import type {ModuleNode, ModuleTree} from '../../crawl/crawl.js'
import type {Module} from '../../load/model.js'
import {resourceRecords, type BlockKind} from '../../load/block-kinds.js'
import type {ConfigRef, ConfigurationAlias, ProviderArgument} from '../../load/records.js'

/**
 * What a site is: a provider block (`block`: its label and alias), a `provider` argument (`reference`), a
 * `providers` map value (`passed`: the caller's configuration) or key (`slot`: the called module's), a
 * configuration_aliases entry (`alias-entry`), a required_providers key (`requirement`), a provider_meta
 * label (`meta`), a provider-defined function (`function`: `provider::NAME::f`).
 */
export type SiteRole = 'block' | 'reference' | 'passed' | 'slot' | 'alias-entry' | 'requirement' | 'meta' | 'function'

export interface ProviderSite {
  readonly role: SiteRole
  readonly localName: string
  readonly alias?: string
  /** `slot`: the call whose module the key names a configuration of. */
  readonly call?: string
  /** Exactly the local name as written. */
  readonly nameRange: SourceRange
  /** Exactly the alias as written (after the dot, or inside the alias string). */
  readonly aliasRange?: SourceRange
}

/** Roles that name a configuration of the module itself (all but `slot`). */
const OWN: ReadonlySet<SiteRole> = new Set(['block', 'reference', 'passed', 'alias-entry', 'requirement', 'meta', 'function'])
/** Roles that name a configuration with its alias. */
const WITH_ALIAS: ReadonlySet<SiteRole> = new Set(['block', 'reference', 'passed', 'alias-entry', 'slot'])

const IDENTIFIER = /^[\p{ID_Start}_][\p{ID_Continue}-]*$/u

function utf8Length(s: string): number {
  return Buffer.byteLength(s, 'utf8')
}

/** The range of `text` inside `r` when `r` is exactly `text` in quotes (a label, a JSON key, a string value), else `r`. */
function unquoted(r: SourceRange, text: string): SourceRange {
  if (r.end.byte - r.start.byte !== utf8Length(text) + 2) return r
  const start = advancePos(r.start, '"')
  return {filename: r.filename, start, end: advancePos(start, text)}
}

/** The range `text` takes from `start`. */
function spanFrom(filename: string, start: SourceRange['start'], text: string): SourceRange {
  return {filename, start, end: advancePos(start, text)}
}

/**
 * A decoded reference (`aws`, `aws.east`, `aws.east[each.key]`) as a site. In a JSON file decoding
 * positions the string's content from its opening quote, as HCL reports it: the name starts one later.
 */
function refSite(role: SiteRole, r: ConfigRef, call?: string): ProviderSite {
  const start = r.nameRange.filename.endsWith('.json') ? advancePos(r.nameRange.start, '"') : r.nameRange.start
  const nameRange = spanFrom(r.nameRange.filename, start, r.name)
  const aliasRange = r.alias ? spanFrom(nameRange.filename, advancePos(nameRange.end, '.'), r.alias) : undefined
  return {
    role,
    localName: r.name,
    ...(r.alias ? {alias: r.alias} : {}),
    ...(call !== undefined ? {call} : {}),
    nameRange,
    ...(aliasRange ? {aliasRange} : {}),
  }
}

/** A reference written as an expression of `a` (`aws.east`, or the same quoted, as JSON writes it), as a site. */
function exprSite(role: SiteRole, a: Attribute, e: Expr): ProviderSite | undefined {
  const t = traversalOf(e)
  if (t) {
    const step = t.steps[0]
    if (t.steps.length > 1 || (step && step.k !== 'attr')) return undefined
    const nameRange = partRange(a, {s: t.s, e: t.rootE})
    const alias = step?.k === 'attr' ? step.name : undefined
    return {
      role,
      localName: t.root,
      ...(alias ? {alias, aliasRange: partRange(a, {s: step!.s + 1, e: step!.e})} : {}),
      nameRange,
    }
  }
  const lit = literalOf(unwrapTemplate(e))
  if (typeof lit !== 'string' || !/^[\w-]+(\.[\p{L}\p{N}_-]+)?$/u.test(lit)) return undefined
  const {localName, alias} = referenceParts(lit)
  const x = unwrapTemplate(e)
  const inner = partRange(a, {s: x.s, e: x.e})
  if (inner.end.byte - inner.start.byte !== utf8Length(lit) + 2) return undefined
  const start = advancePos(inner.start, '"')
  const nameRange = spanFrom(inner.filename, start, localName)
  return {
    role,
    localName,
    ...(alias ? {alias, aliasRange: spanFrom(inner.filename, advancePos(nameRange.end, '.'), alias)} : {}),
    nameRange,
  }
}

function labelSite(role: SiteRole, l: Label | undefined): ProviderSite | undefined {
  return l && l.value !== '' ? {role, localName: l.value, nameRange: unquoted(l.range, l.value)} : undefined
}

/** A `provider` argument as a site: as the engine decodes it, else as written (a quoted reference). */
function argumentSite(arg: ProviderArgument): ProviderSite | undefined {
  return arg.decoded ? refSite('reference', arg.decoded) : exprSite('reference', arg.attribute, arg.attribute.node)
}

/** A configuration_aliases entry written exactly as `name.alias` (bare or quoted) as a site. */
function aliasEntrySite(e: ConfigurationAlias): ProviderSite | undefined {
  const v = e.value
  if (!v?.alias || e.range.end.byte - e.range.start.byte !== utf8Length(e.text)) return undefined
  const nameRange = spanFrom(e.range.filename, e.range.start, v.localName)
  const aliasRange = spanFrom(e.range.filename, advancePos(nameRange.end, '.'), v.alias)
  return {role: 'alias-entry', localName: v.localName, alias: v.alias, nameRange, aliasRange}
}

/** The block kinds that may use a provider through their type alone (a list block must name one). */
const byType = (k: BlockKind): boolean => k.names === 'argument or type'

/** Every place the module's text names a provider configuration, in file order. */
export function providerSites(m: Module): ProviderSite[] {
  const out: ProviderSite[] = []
  const add = (s: ProviderSite | undefined): void => void (s && out.push(s))
  for (const p of m.providerConfigs.values()) {
    const site = labelSite('block', p.block.labels[0])
    if (site && p.alias && p.aliasRange) add({...site, alias: p.alias, aliasRange: unquoted(p.aliasRange, p.alias)})
    else add(site)
  }
  for (const r of resourceRecords(m)) if (r.provider) add(argumentSite(r.provider))
  for (const arg of m.providerArguments.values()) add(argumentSite(arg))
  for (const c of m.moduleCalls.values()) {
    for (const p of c.providers) {
      add(refSite('slot', p.inChild, c.name))
      add(refSite('passed', p.inParent))
    }
  }
  for (const [name, a] of m.requiredProviderAttributes) add({role: 'requirement', localName: name, nameRange: unquoted(a.nameRange, name)})
  for (const r of m.requiredProviders.values()) for (const e of r.aliases) add(aliasEntrySite(e))
  for (const b of m.providerMetas.values()) add(labelSite('meta', b.labels[0]))
  for (const f of m.index.functionCalls) {
    const start = advancePos(f.range.start, 'provider::')
    add({role: 'function', localName: f.provider, nameRange: spanFrom(f.range.filename, start, f.provider)})
  }
  return out.sort((a, b) =>
    a.nameRange.filename < b.nameRange.filename
      ? -1
      : a.nameRange.filename > b.nameRange.filename
        ? 1
        : a.nameRange.start.byte - b.nameRange.start.byte,
  )
}

// ---------------------------------------------------------------------------------------------
// Renaming

/** What a rename changes: the alias, or the local name, of a configuration of the module in directory `dir`. */
export interface RenameTarget {
  readonly dir: string
  readonly localName: string
  readonly alias?: string
  readonly part: 'name' | 'alias'
}

/** One edit: the bytes of `range` in `file` (absolute), which read `oldText`, become `newText`. */
export interface NameEdit {
  readonly file: string
  readonly range: SourceRange
  readonly oldText: string
  readonly newText: string
}

/** One analysed tree: ranges in it are relative to `tree.rootDir`. */
type Trees = readonly ModuleTree[]

/** What the site at a place renames, when it names a configuration: its module's, or (a `slot`) the called module's. */
export function renameTargetOf(n: ModuleNode, site: ProviderSite, onAlias: boolean): RenameTarget | {error: string} {
  const part = onAlias && site.alias ? 'alias' : 'name'
  const base = {localName: site.localName, ...(site.alias ? {alias: site.alias} : {}), part} as const
  if (site.role !== 'slot') return n.dir ? {dir: n.dir, ...base} : {error: 'the module has no directory'}
  const child = n.children.find((c) => c.path[c.path.length - 1] === site.call)
  if (!child?.dir || !child.module)
    return {
      error: `${child?.addr.key ?? `module.${site.call}`} is not installed or not found: its provider configurations cannot be renamed`,
    }
  return {dir: child.dir, ...base}
}

/** Where a site of module `n` of `tree` is (absolute file), for an edit. */
function fileOf(tree: ModuleTree, r: SourceRange): string {
  return path.resolve(tree.rootDir, r.filename)
}

/** Whether a site names the target configuration in the part renamed. */
function denotes(s: ProviderSite, t: RenameTarget): boolean {
  if (s.localName !== t.localName) return false
  if (t.part === 'name') return true
  return WITH_ALIAS.has(s.role) && s.alias === t.alias
}

/** Why the new name cannot be used in the module (it names another configuration there), if it cannot. */
function conflict(m: Module, sites: readonly ProviderSite[], t: RenameTarget, newName: string, where: string): string | undefined {
  if (t.part === 'alias') {
    const taken = sites.find((s) => OWN.has(s.role) && s.localName === t.localName && s.alias === newName)
    return taken
      ? `${t.localName}.${newName} already names a provider configuration in ${where} (${rangeText(taken.nameRange)})`
      : undefined
  }
  // said at its declaration when it has one
  const named = sites.filter((s) => OWN.has(s.role) && s.localName === newName)
  const taken = named.find((s) => s.role === 'requirement') ?? named.find((s) => s.role === 'block') ?? named[0]
  if (taken) return `the local name ${newName} is already used in ${where} (${rangeText(taken.nameRange)})`
  return impliedUses(m, t, where)
}

/** Blocks that use a local name only through their resource type: renaming the local name would leave them behind (and bind them elsewhere). */
function impliedUses(m: Module, t: RenameTarget, where: string): string | undefined {
  if (t.part !== 'name') return undefined
  const implied = [
    ...resourceRecords(m, byType)
      .filter((r) => !r.provider && impliedLocalName(r.type) === t.localName)
      .map((r) => r.block.declRange),
    ...m.index.generatingImports.filter((i) => !i.provider && impliedLocalName(i.type) === t.localName).map((i) => i.block.declRange),
  ]
  if (implied.length === 0) return undefined
  implied.sort((a, b) => (a.filename < b.filename ? -1 : a.filename > b.filename ? 1 : a.start.byte - b.start.byte))
  const list = implied.slice(0, 3).map(rangeText).join(', ')
  return `${implied.length} block${implied.length === 1 ? '' : 's'} in ${where} use${implied.length === 1 ? 's' : ''} the local name ${t.localName} through ${implied.length === 1 ? 'its' : 'their'} type without a provider argument (${list}${implied.length > 3 ? ', …' : ''}): renamed, ${implied.length === 1 ? 'it' : 'they'} would use another configuration. Give ${implied.length === 1 ? 'it' : 'them'} provider = ${t.localName} first`
}

function rangeText(r: SourceRange): string {
  return `${r.filename}:${r.start.line}`
}

/** Why `newName` is not a name the part can take, if it is not. */
function nameProblem(t: RenameTarget, newName: string): string | undefined {
  if (t.part === 'alias')
    return IDENTIFIER.test(newName)
      ? undefined
      : `${JSON.stringify(newName)} is not a valid alias: a name starts with a letter or underscore and holds only letters, digits, underscores and dashes`
  return localNameProblem(newName)
}

/**
 * The edits that rename the target in every analysed tree: in each instance of its module, every site
 * that denotes it; in every caller of the module, the `providers` keys that name it (they name the called
 * module's configuration). Sites that name other configurations, or the same name in another module, are
 * left as they are. An error when the new name is not valid or already used, or when blocks use the
 * local name only through their resource type (a rename would rebind them).
 */
export function renameEdits(trees: Trees, t: RenameTarget, newName: string): {edits: NameEdit[]} | {error: string} {
  const problem = newName === '' ? 'the new name is empty' : nameProblem(t, newName)
  if (problem) return {error: problem}
  const edits = new Map<string, NameEdit>()
  const add = (tree: ModuleTree, s: ProviderSite): void => {
    const range = t.part === 'alias' ? s.aliasRange! : s.nameRange
    const file = fileOf(tree, range)
    edits.set(`${file}\0${range.start.byte}`, {file, range, oldText: t.part === 'alias' ? t.alias! : t.localName, newText: newName})
  }
  for (const tree of trees) {
    for (const n of tree.nodes) {
      if (n.dir !== t.dir || !n.module) continue
      const where = n.addr.isRoot ? 'the root module' : n.addr.key
      const sites = providerSites(n.module)
      const why = conflict(n.module, sites, t, newName, where)
      if (why) return {error: why}
      for (const s of sites) if (OWN.has(s.role) && denotes(s, t)) add(tree, s)
      // the callers name the module's configurations in their providers keys
      const caller = n.parent?.module
      const call = n.path[n.path.length - 1]
      if (!caller || call === undefined) continue
      const callerSites = providerSites(caller).filter((s) => s.role === 'slot' && s.call === call)
      const clash = callerSites.find(
        (s) => s.localName === (t.part === 'name' ? newName : t.localName) && (t.part === 'name' || s.alias === newName),
      )
      if (clash)
        return {
          error: `the providers map of ${n.addr.key} already has the key ${t.part === 'name' ? newName : `${t.localName}.${newName}`} (${rangeText(clash.nameRange)})`,
        }
      for (const s of callerSites) if (denotes(s, t)) add(tree, s)
    }
  }
  if (edits.size === 0) return {error: `no reference to ${t.alias ? `${t.localName}.${t.alias}` : t.localName} to rename`}
  return {
    edits: [...edits.values()].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.range.start.byte - b.range.start.byte)),
  }
}

/** Why the target cannot be renamed whatever the new name (blocks use its local name through their type), if it cannot. */
export function renameRefusal(trees: Trees, t: RenameTarget): string | undefined {
  for (const tree of trees)
    for (const n of tree.nodes) {
      if (n.dir !== t.dir || !n.module) continue
      const why = impliedUses(n.module, t, n.addr.isRoot ? 'the root module' : n.addr.key)
      if (why) return why
    }
  return undefined
}

// ---------------------------------------------------------------------------------------------
// The configurations a module can name

/** A configuration a module can name: how it writes it, and how the module comes to have it. */
export interface NameableConfig {
  readonly localName: string
  readonly alias?: string
  /** `block`: a provider block of the module; `alias-entry`: declared by configuration_aliases (its caller passes it); `default`: the default configuration of a local name the module uses. */
  readonly from: 'block' | 'alias-entry' | 'default'
}

/** The configurations module `m` can name in a `provider` argument or as a `providers` value: `aws`, `aws.east`, … (each once, sorted). */
export function nameableConfigs(m: Module): NameableConfig[] {
  const out = new Map<string, NameableConfig>()
  const add = (c: NameableConfig): void => {
    const key = c.alias ? `${c.localName}.${c.alias}` : c.localName
    if (!out.has(key) || c.from === 'block') out.set(key, c)
  }
  for (const s of providerSites(m)) {
    if (s.role === 'block') add({localName: s.localName, ...(s.alias ? {alias: s.alias} : {}), from: 'block'})
    else if (s.role === 'alias-entry' && s.alias) add({localName: s.localName, alias: s.alias, from: 'alias-entry'})
    if (s.role !== 'slot') add({localName: s.localName, from: 'default'})
  }
  for (const r of resourceRecords(m, byType)) add({localName: r.provider?.value?.localName ?? impliedLocalName(r.type), from: 'default'})
  return [...out.values()].sort((a, b) => configKey(a).localeCompare(configKey(b)))
}

/**
 * The configurations a caller can pass to module `m` (the keys of a `providers` map calling it): the
 * default configuration of each local name it uses, its configuration_aliases, and the aliased blocks
 * with nothing in them that modules written before configuration_aliases declare as slots.
 */
export function receivableConfigs(m: Module): NameableConfig[] {
  const proxies = new Set([...m.providerConfigs.values()].filter((p) => p.alias && !p.configured).map((p) => p.key))
  return nameableConfigs(m).filter((c) => !c.alias || c.from === 'alias-entry' || proxies.has(configKey(c)))
}

export function configKey(c: {readonly localName: string; readonly alias?: string}): string {
  return c.alias ? `${c.localName}.${c.alias}` : c.localName
}
