// Parsing a variable's `type` argument into a TypeConstraint, with Terraform's diagnostics
// (hcl ext/typeexpr/get_type.go + terraform internal/configs/named_values.go `decodeVariableType`).
import {ExprSyntaxError} from '../../hcl/expr-tokens.js'
import type {Value} from '../../hcl/syntax.js'
import {checkConversion} from './check.js'
import {Parser, type Expr} from './expr.js'
import {ANY, BOOL, approxGoQuote, makeObject, NUMBER, STRING, type ObjectAttribute, type TypeConstraint} from './type.js'

export interface TypeDiagnostic {
  readonly summary: string
  readonly detail: string
}

export type ParseResult =
  | {readonly type: TypeConstraint}
  /** `error`/`summary` are the first diagnostic; Terraform then treats the variable's type as `any`. */
  | {readonly error: string; readonly summary: string; readonly diagnostics: readonly TypeDiagnostic[]}

export interface ParseOptions {
  /** Message wording for invalid `optional(…, default)` defaults; see {@link ConvertOptions.legacyMismatch}. */
  readonly legacyMismatch?: boolean
  /**
   * `json` when `source` is the JSON text of the attribute (a JSON-syntax file): a JSON string holds a native
   * type expression, and the legacy quoted forms are not special. Default `native`.
   */
  readonly syntax?: 'native' | 'json'
}

const INVALID_TYPE = 'Invalid type specification'
const QUOTED_SUMMARY = 'Invalid quoted type constraints'
const QUOTED_PREFIX =
  'Terraform 0.11 and earlier required type constraints to be given in quotes, but that form is now deprecated and will be removed in a future version of Terraform.'

/**
 * Parses the raw source text of a variable's `type` argument as Terraform does (`decodeVariableType`):
 * legacy quoted forms are errors, bare `list`/`map` mean `list(any)`/`map(any)`, everything else goes through
 * typeexpr `TypeConstraintWithDefaults` (`any` allowed, `optional(type[, default])` only on object attributes).
 */
export function parseTypeConstraint(source: string, options: ParseOptions = {}): ParseResult {
  let text = source
  if (options.syntax === 'json') {
    let decoded: unknown
    try {
      decoded = JSON.parse(source)
    } catch {
      decoded = undefined
    }
    if (typeof decoded !== 'string') return fail([{summary: INVALID_TYPE, detail: NOT_A_TYPE}])
    text = decoded
  }

  let expr: Expr
  try {
    expr = new Parser(text).parseWhole()
  } catch (e) {
    if (e instanceof ExprSyntaxError) return fail([{summary: INVALID_TYPE, detail: NOT_A_TYPE}])
    throw e
  }

  if (options.syntax !== 'json' && expr.k === 'literal' && expr.quoted && typeof expr.value === 'string') {
    // named_values.go: exprIsNativeQuotedString
    switch (expr.value) {
      case 'string':
        return fail([{summary: QUOTED_SUMMARY, detail: `${QUOTED_PREFIX} Remove the quotes around "string".`}])
      case 'list':
        return fail([
          {
            summary: QUOTED_SUMMARY,
            detail: `${QUOTED_PREFIX} Remove the quotes around "list" and write list(string) instead to explicitly indicate that the list elements are strings.`,
          },
        ])
      case 'map':
        return fail([
          {
            summary: QUOTED_SUMMARY,
            detail: `${QUOTED_PREFIX} Remove the quotes around "map" and write map(string) instead to explicitly indicate that the map elements are strings.`,
          },
        ])
      default:
        return fail([
          {
            summary: 'Invalid legacy variable type hint',
            detail: 'To provide a full type expression, remove the surrounding quotes and give the type expression directly.',
          },
        ])
    }
  }

  // Terraform's own shorthands, only at the top level.
  const kw = keywordOf(expr)
  if (kw === 'list') return {type: {kind: 'list', element: ANY}}
  if (kw === 'map') return {type: {kind: 'map', element: ANY}}

  const diags: TypeDiagnostic[] = []
  const type = getType(expr, diags, options)
  return diags.length > 0 ? fail(diags) : {type}
}

function fail(diags: readonly TypeDiagnostic[]): ParseResult {
  const first = diags[0] as TypeDiagnostic
  return {error: first.detail, summary: first.summary, diagnostics: diags}
}

const NOT_A_TYPE =
  'A type specification is either a primitive type keyword (bool, number, string) or a complex type constructor call, like list(string).'

// getType with constraint=true, withDefaults=true (TypeConstraintWithDefaults).
function getType(expr: Expr, diags: TypeDiagnostic[], options: ParseOptions): TypeConstraint {
  const err = (detail: string): TypeConstraint => {
    diags.push({summary: INVALID_TYPE, detail})
    return ANY
  }
  const kw = keywordOf(expr)
  switch (kw) {
    case 'bool':
      return BOOL
    case 'string':
      return STRING
    case 'number':
      return NUMBER
    case 'any':
      return ANY
    case 'list':
    case 'map':
    case 'set':
      return err(`The ${kw} type constructor requires one argument specifying the element type.`)
    case 'object':
      return err('The object type constructor requires one argument specifying the attribute types and values as a map.')
    case 'tuple':
      return err('The tuple type constructor requires one argument specifying the element types as a list.')
    case '':
      break
    default:
      return err(`The keyword ${approxGoQuote(kw)} is not a valid type specification.`)
  }

  if (expr.k !== 'call') return err(NOT_A_TYPE)
  const {name, args} = expr
  switch (name) {
    case 'bool':
    case 'string':
    case 'number':
      return err(`Primitive type keyword ${approxGoQuote(name)} does not expect arguments.`)
    case 'any':
      return err(`Type constraint keyword ${approxGoQuote(name)} does not expect arguments.`)
  }
  if (args.length !== 1) {
    switch (name) {
      case 'list':
      case 'set':
      case 'map':
        return err(`The ${name} type constructor requires one argument specifying the element type.`)
      case 'object':
        return err('The object type constructor requires one argument specifying the attribute types and values as a map.')
      case 'tuple':
        return err('The tuple type constructor requires one argument specifying the element types as a list.')
    }
  }
  const arg = args[0] as Expr
  switch (name) {
    case 'list':
    case 'set':
    case 'map':
      return {kind: name, element: getType(arg, diags, options)}
    case 'object': {
      if (arg.k !== 'object') {
        return err(
          'Object type constructor requires a map whose keys are attribute names and whose values are the corresponding attribute types.',
        )
      }
      const attrs = new Map<string, ObjectAttribute>()
      for (const item of arg.items) {
        const attrName = item.forced ? '' : keywordOf(item.key)
        if (attrName === '') {
          diags.push({summary: INVALID_TYPE, detail: 'Object constructor map keys must be attribute names.'})
          continue
        }
        if (attrs.has(attrName)) {
          diags.push({summary: INVALID_TYPE, detail: 'Object constructor map keys must be unique.'})
          continue
        }
        let atyExpr = item.value
        let optional = false
        let defaultValue: Value | undefined
        if (atyExpr.k === 'call' && atyExpr.name === 'optional') {
          const call = atyExpr
          const first = call.args[0]
          if (first === undefined) {
            diags.push({summary: INVALID_TYPE, detail: 'Optional attribute modifier requires the attribute type as its argument.'})
            continue
          }
          if (call.args.length === 2) {
            const evaluated = evaluate(call.args[1] as Expr)
            if ('diag' in evaluated) diags.push(evaluated.diag)
            else {
              optional = true
              defaultValue = evaluated.value
            }
          } else if (call.args.length === 1) {
            optional = true
          } else {
            diags.push({
              summary: INVALID_TYPE,
              detail: 'Optional attribute modifier expects at most two arguments: the attribute type, and a default value.',
            })
          }
          atyExpr = first
        }
        const aty = getType(atyExpr, diags, options)
        if (defaultValue !== undefined) {
          const problem = checkConversion(defaultValue, aty, {legacyMismatch: options.legacyMismatch ?? false})
          if (problem) {
            diags.push({
              summary: 'Invalid default value for optional attribute',
              detail: `This default value is not compatible with the attribute's type constraint: ${problem.message}.`,
            })
            defaultValue = undefined
          }
        }
        attrs.set(attrName, defaultValue === undefined ? {type: aty, optional} : {type: aty, optional, default: defaultValue})
      }
      return makeObject(attrs)
    }
    case 'tuple': {
      if (arg.k !== 'tuple') return err('Tuple type constructor requires a list of element types.')
      return {kind: 'tuple', elements: arg.items.map((e) => getType(e, diags, options))}
    }
    case 'optional':
      return err(`Keyword ${approxGoQuote(name)} is valid only as a modifier for object type attributes.`)
    default:
      return err(`Keyword ${approxGoQuote(name)} is not a valid type constructor.`)
  }
}

/** hcl.ExprAsKeyword: a lone root name (or the keywords true/false/null), else "". */
function keywordOf(e: Expr): string {
  if (e.k === 'traversal') return e.steps === 0 ? e.root : ''
  if (e.k === 'literal' && e.keyword) return e.keyword
  return ''
}

/** Evaluates an `optional(...)` default with no variables or functions, as `expr.Value(nil)` does. */
function evaluate(e: Expr): {value: Value} | {diag: TypeDiagnostic} {
  switch (e.k) {
    case 'literal':
      // Value strings keep HCL's template escapes (`$${`, `%%{`), as hcl2json does.
      return {value: typeof e.value === 'string' ? e.value.replace(/\$\{/g, '$$${').replace(/%\{/g, '%%{') : e.value}
    case 'traversal':
      return {diag: {summary: 'Variables not allowed', detail: 'Variables may not be used here.'}}
    case 'call':
      return {diag: {summary: 'Function calls not allowed', detail: 'Functions may not be called here.'}}
    case 'paren':
      return evaluate(e.inner)
    case 'tuple': {
      const out: Value[] = []
      for (const item of e.items) {
        const r = evaluate(item)
        if ('diag' in r) return r
        out.push(r.value)
      }
      return {value: out}
    }
    case 'object': {
      const out: Record<string, Value> = {}
      for (const item of e.items) {
        let key: string
        const kw = item.forced ? '' : keywordOf(item.key)
        if (kw !== '') key = kw
        else {
          const r = evaluate(item.key)
          if ('diag' in r) return r
          if (typeof r.value === 'string') key = r.value
          else if (typeof r.value === 'number' || typeof r.value === 'boolean') key = String(r.value)
          else key = ''
        }
        const v = evaluate(item.value)
        if ('diag' in v) return v
        Object.defineProperty(out, key, {value: v.value, enumerable: true, writable: true, configurable: true})
      }
      return {value: out}
    }
    case 'opaque':
      // Operators, conditionals, templates…: not evaluated here; treated as an unknown value.
      return {value: '${' + e.src + '}'}
  }
}
