// The `source` and `version` arguments of component, stack and removed blocks (stackconfig's
// decodeSourceAddrArguments): the source a literal string, its kind (a local path, a registry address —
// module registry or component registry, which take a version — or a remote address), and the version
// constraints only where the source supports them.
import {parseModuleSourceAddress} from '../../addrs/module-source.js'
import type {Diagnostic, SourceRange} from '../../diag/diagnostic.js'
import {errorDiag} from '../../diag/diagnostic.js'
import {goQuote} from '../../diag/go-quote.js'
import {literalOf, partRange, unwrapTemplate, type Expr} from '../../hcl/expr.js'
import type {Attribute} from '../../hcl/syntax.js'
import type {FileSite} from '../file-sites.js'
import type {StackSource} from './model.js'

/** What decoding needs besides the syntax: the diagnostics it adds to, and a version constraint parser (go-versions'). */
export interface DecodeContext {
  readonly diags: Diagnostic[]
  /** go-versions' error for a constraint string (ParseRubyStyleMulti), or undefined when it parses. */
  readonly versionProblem: (constraints: string) => string | undefined
  /** The run's file-site table (`BlockKinds.files`: the stack rows); default: the built-in rows. */
  readonly sites?: readonly FileSite[]
}

/** An attribute's whole range, `name = expr` (hcl.Attribute.Range). */
export function attributeRange(a: Attribute): SourceRange {
  return {filename: a.nameRange.filename, start: a.nameRange.start, end: a.exprRange.end}
}

/** The traversals and calls that make an expression not a constant, with their ranges (gohcl with no context). */
function nonConstantParts(a: Attribute, e: Expr, out: Diagnostic[]): void {
  const x = e
  switch (x.k) {
    case 'trav':
      out.push(errorDiag('stack.invalid-argument-value', 'Variables not allowed', 'Variables may not be used here.', partRange(a, x)))
      return
    case 'call':
      out.push(
        errorDiag(
          'stack.invalid-argument-value',
          'Function calls not allowed',
          'Functions may not be called here.',
          partRange(a, {s: x.s, e: x.nameE}),
        ),
      )
      return
    default:
      for (const child of childExprs(x)) nonConstantParts(a, child, out)
  }
}

function childExprs(x: Expr): Expr[] {
  switch (x.k) {
    case 'tmpl':
      return x.parts
    case 'wrap':
      return [x.inner]
    case 'tuple':
      return x.items
    case 'object':
      return x.items.flatMap((it) => [it.key, it.value])
    case 'index':
      return [x.coll, x.key]
    case 'rel':
      return [x.src]
    default:
      return []
  }
}

/**
 * A string argument decoded with no variables (gohcl.DecodeExpression with a nil context): its value, or the
 * errors why it has none. Numbers and booleans convert to strings, as cty does.
 */
export function constantString(a: Attribute): {value: string} | {diagnostics: Diagnostic[]} {
  const v = literalOf(a.node)
  if (typeof v === 'string') return {value: v}
  if (typeof v === 'number' || typeof v === 'boolean') return {value: String(v)}
  const diagnostics: Diagnostic[] = []
  if (v === null)
    diagnostics.push(
      errorDiag('stack.invalid-argument-value', 'Unsuitable value type', 'Unsuitable value: value must not be null', a.exprRange),
    )
  else nonConstantParts(a, unwrapTemplate(a.node), diagnostics)
  if (diagnostics.length === 0)
    diagnostics.push(errorDiag('stack.invalid-argument-value', 'Unsuitable value type', 'Unsuitable value: string required', a.exprRange))
  return {diagnostics}
}

/** A component registry address (`HOST/ORG/NAME`), which module registry parsing does not take. */
function isComponentRegistry(s: string): boolean {
  const parts = s.split('/')
  return parts.length === 3 && parts[0]!.includes('.') && parts.every((p) => /^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(p))
}

/** The kind of a source address, or why it is not one. */
export function sourceKind(s: string): {kind: StackSource['kind']} | {error: string} {
  if (isComponentRegistry(s)) return {kind: 'registry'}
  const r = parseModuleSourceAddress(s, {engine: 'terraform'})
  if ('parseError' in r) return {error: r.parseError.message}
  return {kind: r.source.kind}
}

/** decodeSourceAddrArguments: the source, its kind and version; undefined (with the errors) when they do not decode. */
export function decodeSourceArguments(source: Attribute, version: Attribute | undefined, ctx: DecodeContext): StackSource | undefined {
  const diags = ctx.diags
  const s = constantString(source)
  if ('diagnostics' in s) {
    diags.push(...s.diagnostics)
    return undefined
  }
  const kind = sourceKind(s.value)
  if ('error' in kind) {
    diags.push(
      errorDiag(
        'stack.invalid-source',
        'Invalid source address',
        `Cannot parse ${goQuote(s.value)} as a source address: ${kind.error}.`,
        source.exprRange,
      ),
    )
    return undefined
  }
  const base = {text: s.value, kind: kind.kind, range: attributeRange(source), exprRange: source.exprRange}
  if (kind.kind === 'registry') {
    if (!version) {
      diags.push(
        errorDiag(
          'stack.missing-version',
          'Missing required version constraints',
          'The specified source address requires version constraints specified in a separate "version" argument.',
          source.exprRange,
        ),
      )
      return undefined
    }
    const v = constantString(version)
    if ('diagnostics' in v) {
      diags.push(...v.diagnostics)
      return undefined
    }
    const problem = ctx.versionProblem(v.value)
    if (problem !== undefined) {
      diags.push(
        errorDiag(
          'stack.invalid-version',
          'Invalid version constraints',
          `Cannot parse ${goQuote(v.value)} as source package version constraints: ${problem}.`,
          version.exprRange,
        ),
      )
      return undefined
    }
    return {...base, version: v.value}
  }
  if (version) {
    diags.push(
      errorDiag(
        'stack.unsupported-version',
        'Unsupported version constraints',
        'The specified source address does not support version constraints.',
        attributeRange(version),
      ),
    )
    return undefined
  }
  return base
}
