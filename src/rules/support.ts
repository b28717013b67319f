// Helpers shared by the lint rules (not a rule itself): call chains, building and de-duplicating
// diagnostics, where a module call lies.
import type {ModulePath} from '../addrs/module.js'
import {compareDiagnostics, formatRange, type DiagnosticCode, type SourceRange} from '../diag/diagnostic.js'
import {lintCode} from '../diag/codes.js'
import type {ModuleNode, ModuleTree} from '../crawl/crawl.js'
import type {Fix, LintDiagnostic, Rule} from './rule.js'
import type {Module} from '../load/model.js'

/** Module call addresses from the root that reach `node`, outermost first (empty for the root). */
export function callersOf(node: ModuleNode | undefined): string[] {
  const out: string[] = []
  for (let p = node; p && !p.addr.isRoot; p = p.parent) out.unshift(p.addr.key)
  return out
}

/** `the root module` or the module's address. */
export function moduleText(address: ModulePath): string {
  return address.isRoot ? 'the root module' : address.key
}

/** `file:LINE,COL-…`, or `an unknown location`. */
export function where(range: SourceRange | undefined): string {
  return range ? formatRange(range) : 'an unknown location'
}

export interface Finding {
  readonly summary: string
  readonly detail: string
  readonly range?: SourceRange
  readonly address?: string
  /** The module where `range` lies; its call chain becomes `callers`. */
  readonly module: ModuleNode | undefined
  /**
   * Findings with the same rule, summary, range and key are one problem seen through several calls of the
   * same module directory: only the first (in tree order) is kept, with the other addresses appended.
   */
  readonly key?: string
  /** The code of the diagnostic this finding restates (see `LintDiagnostic.restates`). */
  readonly restates?: DiagnosticCode
  /** See `LintDiagnostic.restatesAt`. */
  readonly restatesAt?: SourceRange
  /** See `LintDiagnostic.ignoreAt`. */
  readonly ignoreAt?: SourceRange
  /** See `LintDiagnostic.fixes`. */
  readonly fixes?: readonly Fix[]
}

/** Turns findings into the rule's diagnostics (code `lint.<rule id>`): merged across calls of one directory, sorted. */
export function report(rule: Pick<Rule, 'id' | 'severity'>, findings: readonly Finding[]): LintDiagnostic[] {
  const merged = new Map<string, {first: Finding; others: string[]}>()
  for (const f of findings) {
    const k = [f.summary, f.range ? `${f.range.filename}:${f.range.start.byte}-${f.range.end.byte}` : '', f.key ?? ''].join('\0')
    const seen = merged.get(k)
    if (!seen) merged.set(k, {first: f, others: []})
    else if (f.address !== undefined && f.address !== seen.first.address && !seen.others.includes(f.address)) seen.others.push(f.address)
  }
  const out: LintDiagnostic[] = []
  for (const {first: f, others} of merged.values()) {
    const also = others.length > 0 ? `\n\nThe same code is also reached as ${others.join(', ')}.` : ''
    out.push({
      code: lintCode(rule.id),
      severity: rule.severity,
      summary: f.summary,
      detail: f.detail + also,
      ...(f.range ? {range: f.range} : {}),
      rule: rule.id,
      ...(f.address !== undefined ? {address: f.address} : {}),
      callers: callersOf(f.module),
      ...(f.restates !== undefined ? {restates: f.restates} : {}),
      ...(f.restatesAt !== undefined ? {restatesAt: f.restatesAt} : {}),
      ...(f.ignoreAt !== undefined ? {ignoreAt: f.ignoreAt} : {}),
      ...(f.fixes !== undefined && f.fixes.length > 0 ? {fixes: f.fixes} : {}),
    })
  }
  return out.sort(compareDiagnostics)
}

/** Sorted by file name, then start byte. */
export function sortRanges<T extends {readonly range: SourceRange}>(xs: readonly T[]): T[] {
  return [...xs].sort((a, b) =>
    a.range.filename < b.range.filename ? -1 : a.range.filename > b.range.filename ? 1 : a.range.start.byte - b.range.start.byte,
  )
}

/** Every node of the tree whose module is `node`'s module (calls of the same directory). */
export function sameModuleNodes(nodes: readonly ModuleNode[], node: ModuleNode): ModuleNode[] {
  return nodes.filter((n) => n.module !== undefined && n.module === node.module)
}

/** The engine's own errors about a module call's `source` or `version` that it cannot evaluate (Terraform while installing modules, OpenTofu while loading the configuration). */
export const MODULE_EVALUATION_ERRORS: ReadonlySet<DiagnosticCode> = new Set<DiagnosticCode>([
  'module.source-unknown',
  'module.source-not-constant',
  'module.version-unknown',
  'module.version-not-constant',
  'module.source-null',
  'module.source-sensitive',
  'module.version-sensitive',
  'module.template-null',
  // Terraform before 1.15: a source or version that is not made of literals
  'module.source-not-literal',
  // OpenTofu's static evaluator (a failure in a local value the source reads is also reported at the source)
  'config.static-provider-function',
  'config.static-dynamic-value',
  'config.static-module-output',
  'config.static-non-const-variable',
  'config.static-value-unavailable',
])

/** Whether `r` lies within `outer` (same file). */
export function rangeWithin(r: SourceRange, outer: SourceRange): boolean {
  return r.filename === outer.filename && r.start.byte >= outer.start.byte && r.end.byte <= outer.end.byte
}

/** The node of a module call whose block (header to closing brace) holds `r`, if any. */
export function callAround(nodes: readonly ModuleNode[], r: SourceRange): ModuleNode | undefined {
  return nodes.find((n) => n.call !== undefined && rangeWithin(r, n.call.block.range))
}

/**
 * Whether `node`'s call lies in code fetched from a registry or a remote package (under `.terraform/modules`):
 * a call made by such a module is its author's to fix, not the configuration's.
 */
export function inRemotePackage(node: ModuleNode): boolean {
  for (let p = node.parent; p && !p.addr.isRoot; p = p.parent) if (p.source !== undefined && p.source.kind !== 'local') return true
  return false
}

/** Modules with a file that did not parse: what they hold is not known (rules that report an absence skip them). */
export function brokenModules(tree: ModuleTree): Set<Module> {
  const out = new Set<Module>()
  for (const d of tree.diagnostics) {
    if (d.severity !== 'error' || !d.code.startsWith('hcl.')) continue
    const at = tree.diagnosticModules.get(d)
    const m = at === undefined ? undefined : tree.nodes.find((n) => n.addr.equals(at))?.module
    if (m) out.add(m)
  }
  return out
}
