// Helpers shared by the lint rules (not a rule itself): call chains, building and de-duplicating
// diagnostics, narrowing a range to a piece of an attribute's raw expression text, and Terraform's
// notion of a "configured" (non-empty) provider block.
import {compareDiagnostics, formatRange, type SourceRange} from '../diag/diagnostic.js'
import type {ModuleNode} from '../graph/crawl.js'
import type {Attribute, Block} from '../hcl/syntax.js'
import {subRange} from '../diag/positions.js'
import type {LintDiagnostic, Rule} from './rule.js'

/** Module call addresses from the root that reach `node`, outermost first (empty for the root). */
export function callersOf(node: ModuleNode | undefined): string[] {
  const out: string[] = []
  for (let p = node; p && p.address !== ''; p = p.parent) out.unshift(p.address)
  return out
}

/** `the root module` or the module's address. */
export function moduleText(address: string): string {
  return address === '' ? 'the root module' : address
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
}

/** Turns findings into the rule's diagnostics: merged across calls of one directory, sorted. */
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
      severity: rule.severity,
      summary: f.summary,
      detail: f.detail + also,
      ...(f.range ? {range: f.range} : {}),
      rule: rule.id,
      ...(f.address !== undefined ? {address: f.address} : {}),
      callers: callersOf(f.module),
    })
  }
  return out.sort(compareDiagnostics)
}

/** Whether `at` (a byte index into `text`) is inside a `#` or `//` line comment. */
function inLineComment(text: string, at: number): boolean {
  const lineStart = text.lastIndexOf('\n', at - 1) + 1
  const before = text.slice(lineStart, at)
  // Good enough for the short expressions this is used on: a `#` or `//` outside a quoted string.
  let quoted = false
  for (let i = 0; i < before.length; i++) {
    const ch = before[i]
    if (ch === '\\' && quoted) i++
    else if (ch === '"') quoted = !quoted
    else if (!quoted && (ch === '#' || (ch === '/' && before[i + 1] === '/'))) return true
  }
  return false
}

/**
 * The range of the first match of `re` (its group 1 when present) in an attribute's raw expression text
 * that is not inside a line comment; undefined when there is none. `re` must have the `d` flag.
 */
export function rangeInExpr(a: Attribute, re: RegExp, from = 0): SourceRange | undefined {
  const flags = re.flags.includes('g') ? re.flags : re.flags + 'g'
  const g = new RegExp(re.source, flags.includes('d') ? flags : flags + 'd')
  g.lastIndex = from
  for (let m = g.exec(a.expr); m; m = g.exec(a.expr)) {
    const span = m.indices?.[1] ?? m.indices?.[0]
    if (!span) continue
    if (inLineComment(a.expr, span[0])) continue
    return subRange(a.exprRange, a.expr, span[0], span[1])
  }
  return undefined
}

/** The `version` value inside a required_providers entry (the whole expression for the legacy string form). */
export function versionRangeOf(a: Attribute): SourceRange {
  if (typeof a.value === 'string') return a.exprRange
  return rangeInExpr(a, /(?:^|[\s{,"])version"?\s*[=:]\s*("(?:[^"\\\n]|\\.)*")/) ?? a.exprRange
}

/** The text of one `configuration_aliases` entry (`aws.east`) inside a required_providers entry. */
export function aliasEntryRange(a: Attribute, alias: string): SourceRange {
  const start = a.expr.search(/configuration_aliases/)
  const escaped = alias.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return (start >= 0 ? rangeInExpr(a, new RegExp(`(?<![\\w-])(${escaped})(?![\\w-])`), start) : undefined) ?? a.exprRange
}

/** Sorted by file name, then start byte. */
export function sortRanges<T extends {readonly range: SourceRange}>(xs: readonly T[]): T[] {
  return [...xs].sort((a, b) => (a.range.filename < b.range.filename ? -1 : a.range.filename > b.range.filename ? 1 : a.range.start.byte - b.range.start.byte))
}

const PROVIDER_META = new Set(['alias', 'version', 'count', 'depends_on', 'for_each', 'source', '//'])

/**
 * Terraform's "configured" provider block (provider_validation.go): it sets `version`, or has an argument
 * besides the meta-arguments, or any nested block (an escaping `_` block only when it is not empty).
 * Empty blocks, alias-only ones included, are the legacy "proxy" declarations.
 */
export function isConfiguredProviderBlock(b: Block): boolean {
  const version = b.body.attributes.find((a) => a.name === 'version')
  if (typeof version?.value === 'string' && !version.value.includes('${')) return true
  if (b.body.attributes.some((a) => !PROVIDER_META.has(a.name))) return true
  return b.body.blocks.some((nb) => (nb.type === '_' ? nb.body.attributes.length > 0 || nb.body.blocks.length > 0 : nb.type !== 'lifecycle' && nb.type !== 'locals'))
}

/** Every node of the tree whose module is `node`'s module (calls of the same directory). */
export function sameModuleNodes(nodes: readonly ModuleNode[], node: ModuleNode): ModuleNode[] {
  return nodes.filter((n) => n.module !== undefined && n.module === node.module)
}

/** Whether `address` is `ancestor` or inside it (`module.a.module.b` is inside `module.a`; everything is inside ''). */
export function isWithin(address: string, ancestor: string): boolean {
  return ancestor === '' || address === ancestor || address.startsWith(ancestor + '.')
}
