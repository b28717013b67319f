// Shared by missing-required-provider and implied-provider-mismatch (not a rule itself): the provider
// local names each module uses without a required_providers entry, and what its callers declare under
// that name.
import {
  impliedLocalName,
  impliedProvider,
  parseLocalConfigRef,
  providerForDisplay,
  providerString,
  type Provider,
} from '../addrs/provider.js'
import type {SourceRange} from '../diag/diagnostic.js'
import type {ModuleNode, ModuleTree} from '../crawl/crawl.js'
import {objectEntry} from '../hcl/expr.js'
import {unwrapExpression} from '../hcl/value.js'
import type {Resource} from '../load/records.js'
import {engineByName, type Engine} from '../load/engine.js'
import type {Module} from '../load/model.js'
import {recordsByKind} from '../load/block-kinds.js'
import type {Requirement} from '../load/local-names.js'
import {providerFunctionUses} from '../providers/tree/provider-functions.js'
import {RunMemo} from '../load/run-memo.js'
import {sortRanges, where} from './support.js'

export interface ProviderUse {
  readonly localName: string
  /** What uses it, for messages: `resource type aws_instance`, `provider = aws.east`, … */
  readonly what: string
  readonly range: SourceRange
  /** A provider-defined function call (`provider::NAME::FUNCTION`), which only a required_providers entry makes available. */
  readonly function?: true
}

export interface CallerDeclaration {
  /** The nearest calling module that declares it. */
  readonly node: ModuleNode
  readonly localName: string
  readonly provider: Provider
  readonly range: SourceRange
}

export interface UndeclaredProvider {
  readonly node: ModuleNode
  readonly localName: string
  /** What the engine assumes: `<default host>/hashicorp/<name>`. */
  readonly implied: Provider
  /** Every use, in file order; the first is the subject. */
  readonly uses: readonly ProviderUse[]
  /** A caller's declaration for the same name (or the same type) with another source address. */
  readonly mismatch?: CallerDeclaration
}

function resourceUses(resources: Iterable<Resource>, kind: string): ProviderUse[] {
  const out: ProviderUse[] = []
  for (const r of resources) {
    const {type, provider} = r
    const ref = provider?.value
    if (provider && ref)
      out.push({
        localName: ref.localName,
        what: `provider = ${unwrapExpression(String(provider.attribute.value))} in ${kind} ${type}.${r.name}`,
        range: provider.attribute.exprRange,
      })
    else if (!provider) out.push({localName: impliedLocalName(type), what: `the ${kind} type ${type}`, range: r.declRange})
  }
  return out
}

/** Every provider local name a module uses, with where. */
export function providerUses(m: Module): ProviderUse[] {
  const out: ProviderUse[] = [
    ...recordsByKind(m).flatMap(([kind, records]) =>
      resourceUses(
        [...records].filter(([key]) => kind.keyword !== 'data' || !m.checkData.has(key)).map(([, r]) => r),
        kind.noun,
      ),
    ),
    ...resourceUses(
      [...m.checkData.keys()].flatMap((key) => m.dataResources.get(key) ?? []),
      'data source (in a check block)',
    ),
  ]
  for (const t of m.index.generatingImports) {
    const ref = m.providerArguments.get(t.block)?.value
    if (t.provider && ref)
      out.push({
        localName: ref.localName,
        what: `provider = ${unwrapExpression(String(t.provider.value))} in the import block for ${t.local}`,
        range: t.provider.exprRange,
      })
    else if (!t.provider)
      out.push({
        localName: impliedLocalName(t.type),
        what: `the resource type ${t.type} of the import block for ${t.local}`,
        range: t.block.declRange,
      })
  }
  for (const b of m.providerConfigs.values())
    out.push({localName: b.localName, what: `the provider "${b.localName}" block`, range: b.declRange})
  for (const [callName, call] of m.moduleCalls) {
    const providers = call.providersAttribute
    for (const {inParent: ref} of call.providerEntries)
      if (ref && providers)
        out.push({localName: ref.localName, what: `the providers map of module "${callName}"`, range: providers.exprRange})
  }
  for (const f of providerFunctionUses(m)) out.push({localName: f.provider, what: `the function ${f.name}`, range: f.range, function: true})
  return sortRanges(out)
}

function callerDeclaration(
  node: ModuleNode,
  localName: string,
  implied: Provider,
  engine: Engine,
  memo: RunMemo,
): CallerDeclaration | undefined {
  // The same local name first, then (a weaker hint) the same provider type under another name.
  for (const sameName of [true, false]) {
    for (let p = node.parent; p; p = p.parent) {
      if (!p.module) continue
      for (const r of p.module.names.requirements.values()) {
        if (sameName ? r.localName !== localName : r.provider.type !== localName) continue
        if (providerString(r.provider) === providerString(implied)) return undefined
        return {node: p, localName: r.localName, provider: r.provider, range: r.attribute.nameRange}
      }
    }
  }
  return undefined
}

/**
 * Per module (once per directory) and local name: uses with no required_providers entry. With the run's memo,
 * computed once per tree (two rules read it) and what each module uses once per run.
 */
export function undeclaredProviders(tree: ModuleTree, memo?: RunMemo): UndeclaredProvider[] {
  return memo ? memo.get(tree, 'undeclared-providers', () => computeUndeclared(tree, memo)) : computeUndeclared(tree, new RunMemo())
}

function computeUndeclared(tree: ModuleTree, memo: RunMemo): UndeclaredProvider[] {
  const engine = engineByName(tree.engine)
  const out: UndeclaredProvider[] = []
  for (const node of tree.nodes) {
    const m = node.module
    if (!m) continue
    const names = m.names
    const byName = new Map<string, ProviderUse[]>()
    for (const u of memo.get(m, 'provider-uses', () => providerUses(m))) {
      if (names.requirements.has(u.localName)) continue
      if (u.localName === 'terraform') continue // the built-in provider needs no requirement
      if (parseLocalConfigRef(u.localName)?.localName !== u.localName) continue
      const list = byName.get(u.localName) ?? []
      list.push(u)
      byName.set(u.localName, list)
    }
    for (const [localName, uses] of byName) {
      const implied = impliedProvider(localName, engine.defaultRegistryHost)
      const mismatch = callerDeclaration(node, localName, implied, engine, memo)
      out.push({node, localName, implied, uses, ...(mismatch ? {mismatch} : {})})
    }
  }
  return out
}

/** A required_providers entry written without `source` (`x = ">= 1"`, `x = { version = … }`) whose name a caller declares with another source address. */
export interface SourcelessEntry {
  readonly node: ModuleNode
  readonly requirement: Requirement
  /** What the engine implies for it: `<default host>/hashicorp/<name>`. */
  readonly implied: Provider
  readonly mismatch: CallerDeclaration
}

/** Per module (once per directory): entries without `source` that mean another provider than a caller's entry of that name. */
export function sourcelessMismatches(tree: ModuleTree, memo: RunMemo = new RunMemo()): SourcelessEntry[] {
  const engine = engineByName(tree.engine)
  const out: SourcelessEntry[] = []
  for (const node of tree.nodes) {
    const m = node.module
    if (!m || !node.parent) continue
    for (const r of m.names.requirements.values()) {
      if (!r.implied || objectEntry(r.attribute.node, 'source') !== undefined) continue
      const mismatch = callerDeclaration(node, r.localName, r.provider, engine, memo)
      if (mismatch) out.push({node, requirement: r, implied: r.provider, mismatch})
    }
  }
  return out
}

export function usesText(all: readonly ProviderUse[]): string {
  const seen = new Set<string>()
  const uses = all.filter((u) => {
    const k = `${u.what}\0${where(u.range)}`
    if (seen.has(k)) return false
    seen.add(k)
    return true
  })
  const first = uses.slice(0, 3).map((u) => `${u.what} at ${where(u.range)}`)
  return first.join(', ') + (uses.length > 3 ? ` and ${uses.length - 3} more` : '')
}

export function display(p: Provider, engine: Engine): string {
  return providerForDisplay(p, engine.defaultRegistryHost)
}
