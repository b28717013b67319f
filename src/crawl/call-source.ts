// A module call's `source` and `version`, evaluated as the engines do before a module can be found:
// Terraform 1.15+ while installing modules (internal/terraform/node_module_install.go: evalVersionConstraint,
// then evalSource), OpenTofu 1.8+ while loading the configuration (its static evaluator). What either
// engine reports is reported with its text; what only tfgraph cannot evaluate (no value given) is left to
// the unresolved-module rule, with the reason.
import {parseModuleSource, type ModuleSource} from '../addrs/module-source.js'
import type {Diagnostic, DiagnosticCode, SourceRange} from '../diag/diagnostic.js'
import {errorDiag, formatRange} from '../diag/diagnostic.js'
import {literalString, partRange} from '../hcl/expr.js'
import type {Attribute, Block} from '../hcl/syntax.js'
import type {EngineName} from '../load/engine.js'
import type {Module} from '../load/model.js'
import {nilContextErrors, nilStartRange} from './nil-context.js'
import {
  attributeRange,
  evaluateAttribute,
  rootReferences,
  startRange,
  type EvalScope,
  type StaticIdent,
  type StaticResult,
} from './static-eval.js'

export interface CallSource {
  /** The source address as evaluated. */
  readonly sourceText: string | undefined
  /** It parsed as a module source address. */
  readonly source: ModuleSource | undefined
  /** The version constraint as evaluated. */
  readonly version: string | undefined
  /** Why the call cannot be followed, when it cannot. */
  readonly reason: string | undefined
}

interface Evaluating {
  readonly name: string
  readonly engine: EngineName
  readonly scope: EvalScope
  /** The calling module's address ('' for the root): OpenTofu names what it evaluates with it. */
  readonly caller: string
  readonly report: (d: Diagnostic) => void
  /** Terraform before 1.15: a source or version is decoded without an evaluation context (nil-context.ts). */
  readonly literalSources?: boolean
}

const INIT_ROOTS: ReadonlySet<string> = new Set(['each', 'count', 'self', 'terraform'])
const INIT_ROOTS_AND_PATH: ReadonlySet<string> = new Set([...INIT_ROOTS, 'path'])

/**
 * Terraform evaluates a module's `source` (and `version`) while installing it, where only input variables,
 * local values and (for `source`) `path` attributes may be referenced: the range of the first other
 * reference (a resource, `each`, `count`, `module`, `data`, …), as Terraform reports it.
 */
function invalidInitReference(a: Attribute, allowPath: boolean, module: Module): SourceRange | undefined {
  const base = a.node.s
  const spans = [
    ...module.index
      .referencesOf(a)
      .filter((r) => r.kind !== 'var' && r.kind !== 'local')
      .map((r) => [r.start + base, r.end + base] as const),
    ...rootReferences(a.node, allowPath ? INIT_ROOTS : INIT_ROOTS_AND_PATH, true).map((r) => [r.s, r.e] as const),
  ]
  const first = spans.sort((x, y) => x[0] - y[0])[0]
  return first ? partRange(a, {s: first[0], e: first[1]}) : undefined
}

function attrOf(b: Block, name: string): Attribute | undefined {
  return b.body.attributes.find((a) => a.name === name)
}

/** What OpenTofu calls the argument it evaluates, and where it reports a failed dependency of it. */
function ident(arg: 'source' | 'version', name: string, a: Attribute): StaticIdent {
  // the range only when a message needs it
  return {
    subject: `module.${name}.${arg}`,
    get range() {
      return arg === 'source' ? a.exprRange : attributeRange(a)
    },
  }
}

/** Evaluates a call's version, then its source, and parses the source address. */
export function evaluateCallSource(name: string, call: Block, ev: Evaluating): CallSource {
  const srcAttr = attrOf(call, 'source')
  const verAttr = attrOf(call, 'version')
  const error = (code: DiagnosticCode, summary: string, detail: string, range: SourceRange | undefined): void =>
    ev.report(errorDiag(code, summary, detail, range))
  // each diagnostic of an evaluation once (a local value read twice fails twice)
  const reported = new Set<string>()
  const evaluationErrors = (diags: readonly Diagnostic[]): void => {
    for (const d of diags) {
      const key = `${d.code}\u0000${d.detail}\u0000${d.range ? formatRange(d.range) : ''}`
      if (reported.has(key)) continue
      reported.add(key)
      ev.report(d)
    }
  }
  if (ev.engine === 'terraform' && ev.literalSources) {
    const early = literalOnly(srcAttr, verAttr, ev)
    if (early) return early
  }
  // Both engines evaluate the version first; Terraform installs nothing once it fails (nor without a source)
  const v = verAttr && (srcAttr || ev.engine === 'opentofu') ? evaluateVersion(verAttr, ev, error, evaluationErrors) : {failed: false}
  let sourceText: string | undefined
  let reason: string | undefined
  if (!srcAttr) {
    reason = 'the call has no source argument'
    error(
      'module.missing-source',
      'Missing required argument',
      'The argument "source" is required, but no definition was found.',
      call.declRange,
    )
  } else if (ev.engine === 'terraform' && v.failed) {
    reason = 'its version cannot be evaluated statically'
  } else {
    const s = evaluateSource(srcAttr, ev, error, evaluationErrors)
    sourceText = s.sourceText
    reason = s.reason
  }
  let source: ModuleSource | undefined
  if (sourceText !== undefined && srcAttr) {
    const parsed = parseModuleSource(sourceText, {engine: ev.engine, hasVersion: v.version !== undefined})
    if ('error' in parsed) {
      reason = parsed.error.summary
      // a literal source was already reported by the loader
      if (literalString(srcAttr) === undefined) error(parsed.error.code, parsed.error.summary, parsed.error.detail, srcAttr.exprRange)
    } else source = parsed.source
  }
  // OpenTofu decodes the source even when the version failed; neither engine installs the module then
  if (source && !reason && v.failed) reason = 'its version cannot be evaluated statically'
  return {sourceText, source, version: v.version, reason}
}

type Report = (code: DiagnosticCode, summary: string, detail: string, range: SourceRange | undefined) => void

/**
 * Terraform before 1.15 decodes `source` and `version` when it loads the module, without an evaluation
 * context: anything but literals is an error there (the source's value is then unknown: `Unsuitable value
 * type` at its start), and the call is not followed. Undefined when both are literals.
 */
function literalOnly(src: Attribute | undefined, ver: Attribute | undefined, ev: Evaluating): CallSource | undefined {
  const fromSource = src ? nilContextErrors(src) : []
  const fromVersion = ver ? nilContextErrors(ver) : []
  if (fromSource.length === 0 && fromVersion.length === 0) return undefined
  for (const d of fromSource) ev.report(d)
  if (src && fromSource.length > 0)
    ev.report(errorDiag('module.source-not-literal', 'Unsuitable value type', 'Unsuitable value: value must be known', nilStartRange(src)))
  for (const d of fromVersion) ev.report(d)
  return {
    sourceText: undefined,
    source: undefined,
    version: undefined,
    reason: `its ${fromSource.length > 0 ? 'source' : 'version'} is not a literal, which the Terraform release the root's required_version allows (before 1.15) rejects`,
  }
}

/** The `version` argument: its value, or that it failed (then the module is not installed). */
function evaluateVersion(
  a: Attribute,
  ev: Evaluating,
  error: Report,
  evaluationErrors: (diags: readonly Diagnostic[]) => void,
): {readonly version?: string; readonly failed: boolean} {
  const terraform = ev.engine === 'terraform'
  const invalid = terraform ? invalidInitReference(a, false, ev.scope.module) : undefined
  if (invalid) {
    error(
      'module.version-not-constant',
      'Invalid module version',
      'The module version can only reference constant input variables and local values.',
      invalid,
    )
    return {failed: true}
  }
  const v = evaluateAttribute(a, ev.scope, ident('version', ev.name, a))
  if ('failed' in v) {
    evaluationErrors(v.diagnostics)
    return {failed: true}
  }
  if ('unknown' in v) {
    if (!terraform || !(v.nonConst || v.providerFunction)) return {failed: false}
    error(
      'module.version-unknown',
      'Unknown module version',
      'Only literal values and const variables can be evaluated during init.',
      a.exprRange,
    )
    return {failed: true}
  }
  if (v.value !== null && v.marks) {
    const what = v.marks.sensitive ? 'sensitive' : 'ephemeral'
    if (terraform)
      error(
        'module.version-sensitive',
        'Unknown module version',
        'The module version cannot be derived from a sensitive or ephemeral value.',
        a.exprRange,
      )
    else
      error(
        'module.version-sensitive',
        'Invalid version constraint',
        `${what === 'sensitive' ? 'Sensitive' : 'Ephemeral'} values, or values derived from ${what} values, cannot be used as version arguments.`,
        a.exprRange,
      )
    return {failed: true}
  }
  return typeof v.value === 'string' ? {version: v.value, failed: false} : {failed: false}
}

/** The `source` argument: its value, or why there is none. */
function evaluateSource(
  a: Attribute,
  ev: Evaluating,
  error: Report,
  evaluationErrors: (diags: readonly Diagnostic[]) => void,
): {readonly sourceText?: string; readonly reason?: string} {
  // Terraform (1.15+) reports its own errors for what it cannot evaluate while installing modules;
  // what only tfgraph cannot evaluate (no value given) is the unresolved-module rule's, not Terraform's
  const invalid = ev.engine === 'terraform' ? invalidInitReference(a, true, ev.scope.module) : undefined
  if (invalid) {
    error(
      'module.source-not-constant',
      'Invalid module source',
      'The module source can only reference constant input variables and local values.',
      invalid,
    )
    return {
      reason: 'source cannot be evaluated statically: it references something other than const variables, local values and path attributes',
    }
  }
  const s = evaluateAttribute(a, ev.scope, ident('source', ev.name, a))
  if ('failed' in s) {
    evaluationErrors(s.diagnostics)
    return {reason: `source cannot be evaluated statically: ${s.failed}`}
  }
  if ('unknown' in s) {
    if (ev.engine === 'terraform' && (s.nonConst || s.providerFunction))
      error(
        'module.source-unknown',
        'Unknown module source',
        'Only literal values and const variables can be evaluated during init.',
        a.exprRange,
      )
    return {reason: `source cannot be evaluated statically: ${s.unknown}`}
  }
  return ev.engine === 'terraform' ? terraformSourceValue(a, s, error) : openTofuSourceValue(a, s, ev, error)
}

type Known = Extract<StaticResult, {readonly value: unknown}>

/** Terraform (evalSource): null, then sensitive or ephemeral, then a string. */
function terraformSourceValue(a: Attribute, s: Known, error: Report): {readonly sourceText?: string; readonly reason?: string} {
  if (s.value === null) {
    error('module.source-null', 'Unsuitable module source', 'Unsuitable value: null value is not allowed.', a.exprRange)
    return {reason: 'source is null'}
  }
  if (s.marks) {
    error(
      'module.source-sensitive',
      'Unknown module source',
      'The module source cannot be derived from a sensitive or ephemeral value.',
      a.exprRange,
    )
    return {reason: `source is derived from ${s.marks.sensitive ? 'a sensitive' : 'an ephemeral'} value`}
  }
  return typeof s.value === 'string' ? {sourceText: s.value} : {reason: 'source is not a string'}
}

/** OpenTofu (StaticEvaluator.DecodeExpression): sensitive, ephemeral, then the decoding into a string. */
function openTofuSourceValue(
  a: Attribute,
  s: Known,
  ev: Evaluating,
  error: Report,
): {readonly sourceText?: string; readonly reason?: string} {
  if (s.marks) {
    const what = s.marks.sensitive ? 'sensitive' : 'ephemeral'
    const subject = `${ev.caller ? `${ev.caller}:` : ''}module.${ev.name}.source`
    error(
      'module.source-sensitive',
      what === 'sensitive' ? 'Sensitive value not allowed' : 'Ephemeral value not allowed',
      `${what === 'sensitive' ? 'Sensitive' : 'Ephemeral'} values, or values derived from ${what} values, cannot be used as ${subject}.`,
      a.exprRange,
    )
    return {reason: `source is derived from ${s.marks.sensitive ? 'a sensitive' : 'an ephemeral'} value`}
  }
  if (s.value === null) {
    error('module.source-null', 'Unsuitable value type', 'Unsuitable value: null value is not allowed', startRange(a))
    return {reason: 'source is null'}
  }
  return typeof s.value === 'string' ? {sourceText: s.value} : {reason: 'source is not a string'}
}
