// Terraform checks a variable's default against its type constraint when each block is decoded
// (named_values.go), and again every time an override block is merged into it (module_merge.go),
// each with its own wording and subject. Messages use cty's wording as of the engines the team checks
// against (Terraform 1.11: "string required"; newer cty appends ", but have <type>").
import type {Diagnostic} from '../diag/diagnostic.js'
import {errorDiag} from '../diag/diagnostic.js'
import type {Attribute, Block} from '../hcl/syntax.js'
import {literalBool, literalOf} from '../hcl/expr.js'
import type {EngineName} from './engine.js'
import {attr} from './merge-body.js'
import {checkConversion, formatConversionError} from './types/check.js'
import {parseTypeConstraint} from './types/parse.js'
import type {TypeConstraint} from './types/type.js'
import {fromExpr} from './types/values.js'

/** How the merged default currently stands: the type it was last converted to, or unknown after a failure. */
export interface DefaultState {
  readonly from: TypeConstraint | undefined
  readonly unknown: boolean
}

const ANY: TypeConstraint = {kind: 'any'}

function syntaxOf(a: Attribute): 'native' | 'json' {
  return a.nameRange.filename.endsWith('.json') ? 'json' : 'native'
}

type ParsedType = ReturnType<typeof parseTypeConstraint>

/**
 * Parsed type expressions by source text, kept by the run (its load context): most modules repeat
 * `string`, `list(string)`, `map(any)`. Without it, analysing fabric's 0-org-setup and its modules took
 * about 40 ms more (120 → 165 ms, median of 7).
 */
export class TypeExprMemo {
  private readonly parsed = new Map<string, ParsedType>()
  /** Variable blocks decoded in this run, by engine (a pure function of the block: an unchanged file's blocks are the parser's same objects). */
  readonly variables = new WeakMap<Block, {readonly engine: EngineName; readonly decoded: DecodedVariable}>()

  parse(a: Attribute): ParsedType {
    const syntax = syntaxOf(a)
    const key = syntax + '\u0000' + a.expr
    let r = this.parsed.get(key)
    if (!r) {
      r = parseTypeConstraint(a.node, {syntax, legacyMismatch: true})
      if (this.parsed.size > 10000) this.parsed.clear()
      this.parsed.set(key, r)
    }
    return r
  }
}

function parseType(a: Attribute | undefined, types: TypeExprMemo): {type?: TypeConstraint; diagnostic?: Diagnostic} {
  if (!a) return {}
  const r = types.parse(a)
  if ('type' in r) return {type: r.type}
  return {diagnostic: errorDiag('variable.invalid-type', r.summary, r.error, a.exprRange)}
}

/** A `null` default (the literal, also as `"${null}"`). */
function isNull(a: Attribute): boolean {
  return literalOf(a.node) === null
}

/** A boolean argument as Terraform decodes it (gohcl: `true`, or a string that converts). */
function boolValue(a: Attribute | undefined): boolean {
  return literalBool(a) === true
}

/**
 * Terraform (1.15+) refuses a `const` variable that is also sensitive or ephemeral, each block on its own
 * (named_values.go decodeVariableBlock; an override block is checked alone, not merged). OpenTofu has
 * `const` (1.12+) without this check.
 */
function constConflicts(b: Block, diagnostics: Diagnostic[]): void {
  if (!boolValue(attr(b.body, 'const'))) return
  for (const [arg, code] of [
    ['sensitive', 'variable.const-sensitive'],
    ['ephemeral', 'variable.const-ephemeral'],
  ] as const) {
    if (boolValue(attr(b.body, arg)))
      diagnostics.push(
        errorDiag(
          code,
          `Const variable cannot be ${arg}`,
          `A variable that is marked as "const" cannot also be marked as "${arg}".`,
          b.declRange,
        ),
      )
  }
}

/** Decode-time checks of one variable block on its own attributes (primary or override file). */
/** The argument and block type names of a module block: no variable may have one (it could not be passed). */
const MODULE_BLOCK_NAMES: readonly string[] = [
  'source',
  'version',
  'count',
  'for_each',
  'depends_on',
  'providers',
  'lifecycle',
  'locals',
  'provider',
]

/**
 * A variable named as a module block's argument or nested block (`decodeVariableBlock`,
 * configs/named_values.go: the names of `moduleBlockSchema`), at the name label (the block's DeclRange).
 */
function reservedName(b: Block, out: Diagnostic[]): void {
  const label = b.labels[0]
  if (!label || !MODULE_BLOCK_NAMES.includes(label.value)) return
  out.push(
    errorDiag(
      'variable.reserved-name',
      'Invalid variable name',
      `The variable name ${JSON.stringify(label.value)} is reserved due to its special meaning inside module blocks.`,
      label.range,
    ),
  )
}

/** A variable block decoded: what is wrong with it, and what its default gives. */
interface DecodedVariable {
  readonly diagnostics: readonly Diagnostic[]
  readonly state: DefaultState
}

export function decodeVariable(b: Block, types: TypeExprMemo, engine: EngineName): {diagnostics: Diagnostic[]; state: DefaultState} {
  const seen = types.variables.get(b)
  if (seen?.engine === engine) return {diagnostics: [...seen.decoded.diagnostics], state: seen.decoded.state}
  const decoded = decodeVariableBlock(b, types, engine)
  types.variables.set(b, {engine, decoded: {diagnostics: [...decoded.diagnostics], state: decoded.state}})
  return decoded
}

function decodeVariableBlock(b: Block, types: TypeExprMemo, engine: EngineName): {diagnostics: Diagnostic[]; state: DefaultState} {
  const diagnostics: Diagnostic[] = []
  const typeAttr = attr(b.body, 'type')
  const defAttr = attr(b.body, 'default')
  reservedName(b, diagnostics)
  const parsed = parseType(typeAttr, types)
  if (parsed.diagnostic) diagnostics.push(parsed.diagnostic)
  if (engine === 'terraform') constConflicts(b, diagnostics)
  if (!defAttr) return {diagnostics, state: {from: parsed.type, unknown: false}}
  let unknown = false
  if (parsed.type && !isNull(defAttr)) {
    const problem = checkConversion(fromExpr(defAttr.node), parsed.type, {applyDefaults: true, legacyMismatch: true})
    if (problem) {
      diagnostics.push(
        errorDiag(
          'variable.invalid-default',
          'Invalid default value for variable',
          `This default value is not compatible with the variable's type constraint: ${formatConversionError(problem)}.`,
          defAttr.exprRange,
        ),
      )
      unknown = true
    }
  }
  const nullable = attr(b.body, 'nullable')
  if (!unknown && isNull(defAttr) && literalBool(nullable) === false) {
    diagnostics.push(
      errorDiag(
        'variable.invalid-default',
        'Invalid default value for variable',
        'A null default value is not valid when nullable=false.',
        defAttr.exprRange,
      ),
    )
  }
  return {diagnostics, state: {from: parsed.type, unknown}}
}

/**
 * The re-check after merging override block `ov` into a variable (already merged into `merged`).
 * `before` is the base's state, `ovState` the override block's own decode result.
 */
export function checkMergedVariable(
  merged: Block,
  ov: Block,
  before: DefaultState,
  ovState: DefaultState,
  types: TypeExprMemo,
): {diagnostics: Diagnostic[]; state: DefaultState} {
  const defAttr = attr(merged.body, 'default')
  const typeSet = attr(ov.body, 'type') !== undefined
  const defaultSet = attr(ov.body, 'default') !== undefined
  const source: DefaultState = defaultSet ? {from: typeSet ? ovState.from : undefined, unknown: ovState.unknown} : before
  const mergedType = parseType(attr(merged.body, 'type'), types).type ?? ANY
  if (!defAttr) return {diagnostics: [], state: {from: mergedType, unknown: false}}
  if (source.unknown) return {diagnostics: [], state: source}
  const diagnostics: Diagnostic[] = []
  let state: DefaultState = {from: mergedType, unknown: false}
  const problem = isNull(defAttr)
    ? undefined
    : checkConversion(fromExpr(defAttr.node), mergedType, {legacyMismatch: true, ...(source.from ? {from: source.from} : {})})
  if (problem) {
    let detail: string
    if (typeSet && !defaultSet)
      detail = `Overriding this variable's type constraint has made its default value invalid: ${problem.message}.`
    else if (!typeSet && defaultSet)
      detail = `The overridden default value for this variable is not compatible with the variable's type constraint: ${problem.message}.`
    else detail = `This variable's default value is not compatible with its type constraint: ${problem.message}.`
    diagnostics.push(errorDiag('variable.invalid-default', 'Invalid default value for variable', detail, ov.declRange))
    state = source
  }
  if (isNull(defAttr) && literalBool(attr(merged.body, 'nullable')) === false) {
    diagnostics.push(
      errorDiag(
        'variable.invalid-default',
        'Invalid default value for variable',
        'A null default value is not valid when nullable=false.',
        ov.declRange,
      ),
    )
  }
  return {diagnostics, state}
}
