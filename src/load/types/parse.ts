// Parsing a variable's `type` argument into a TypeConstraint, with Terraform's diagnostics
// (hcl ext/typeexpr/get_type.go + terraform internal/configs/named_values.go `decodeVariableType`).
import {literalOf, type Expr as Node} from '../../hcl/expr.js'
import {checkConversion} from './check.js'
import {ANY, BOOL, approxGoQuote, makeObject, NUMBER, STRING, type CtyValue, type ObjectAttribute, type TypeConstraint} from './type.js'
import {DYNAMIC_VAL, fromEntries, primitive} from './values.js'

/** A type expression as typeexpr reads it (from the attribute's expression node, see `typeExpr`). */
type Expr =
  | {
      readonly k: 'literal'
      readonly value: string | number | boolean | null
      readonly keyword?: 'true' | 'false' | 'null'
      readonly quoted?: boolean
    }
  | {readonly k: 'traversal'; readonly root: string; readonly steps: number}
  | {readonly k: 'call'; readonly name: string; readonly args: readonly Expr[]}
  | {readonly k: 'tuple'; readonly items: readonly Expr[]}
  | {readonly k: 'object'; readonly items: readonly {readonly key: Expr; readonly forced: boolean; readonly value: Expr}[]}
  | {readonly k: 'paren'; readonly inner: Expr}
  | {readonly k: 'opaque'}

/** The parts of an expression node typeexpr looks at: keywords, calls, constructors and literals; the rest is opaque. */
function typeExpr(e: Node): Expr {
  switch (e.k) {
    case 'lit':
      if (e.v === undefined) return {k: 'opaque'}
      return typeof e.v === 'boolean' || e.v === null
        ? {k: 'literal', value: e.v, keyword: e.v === null ? 'null' : e.v ? 'true' : 'false'}
        : {k: 'literal', value: e.v}
    case 'tmpl': {
      const v = literalOf(e)
      return typeof v === 'string' && !e.heredoc ? {k: 'literal', value: v, quoted: true} : {k: 'opaque'}
    }
    case 'unary': {
      const v = literalOf(e)
      return v === undefined ? {k: 'opaque'} : {k: 'literal', value: v}
    }
    case 'trav':
      return {k: 'traversal', root: e.root, steps: e.steps.length}
    case 'call':
      return e.expandFinal ? {k: 'opaque'} : {k: 'call', name: e.name, args: e.args.map(typeExpr)}
    case 'tuple':
      return {k: 'tuple', items: e.items.map(typeExpr)}
    case 'object':
      return {k: 'object', items: e.items.map((it) => ({key: typeExpr(it.key), forced: it.keyForced, value: typeExpr(it.value)}))}
    case 'parens':
      return {k: 'paren', inner: typeExpr(e.inner)}
    default:
      return {k: 'opaque'}
  }
}

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
   * `json` for an attribute of a JSON-syntax file (its string was read as a native type expression), where
   * the legacy quoted forms are not special. Default `native`.
   */
  readonly syntax?: 'native' | 'json'
}

const INVALID_TYPE = 'Invalid type specification'
const QUOTED_SUMMARY = 'Invalid quoted type constraints'
const QUOTED_PREFIX =
  'Terraform 0.11 and earlier required type constraints to be given in quotes, but that form is now deprecated and will be removed in a future version of Terraform.'

/**
 * Reads a variable's `type` argument (its expression node) as Terraform does (`decodeVariableType`):
 * legacy quoted forms are errors, bare `list`/`map` mean `list(any)`/`map(any)`, everything else goes through
 * typeexpr `TypeConstraintWithDefaults` (`any` allowed, `optional(type[, default])` only on object attributes).
 */
export function parseTypeConstraint(node: Node, options: ParseOptions = {}): ParseResult {
  // a JSON string holding the expression
  const expr = typeExpr(options.syntax === 'json' && node.k === 'wrap' ? node.inner : node)
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

/** A type constructor given bare or with other than one argument: what it requires. */
function oneArgumentRequired(name: 'list' | 'map' | 'set' | 'object' | 'tuple'): string {
  switch (name) {
    case 'object':
      return 'The object type constructor requires one argument specifying the attribute types and values as a map.'
    case 'tuple':
      return 'The tuple type constructor requires one argument specifying the element types as a list.'
    default:
      return `The ${name} type constructor requires one argument specifying the element type.`
  }
}

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
    case 'object':
    case 'tuple':
      return err(oneArgumentRequired(kw))
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
      case 'object':
      case 'tuple':
        return err(oneArgumentRequired(name))
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
        let defaultValue: CtyValue | undefined
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
function evaluate(e: Expr): {value: CtyValue} | {diag: TypeDiagnostic} {
  switch (e.k) {
    case 'literal':
      return {value: primitive(e.value)}
    case 'traversal':
      return {diag: {summary: 'Variables not allowed', detail: 'Variables may not be used here.'}}
    case 'call':
      return {diag: {summary: 'Function calls not allowed', detail: 'Functions may not be called here.'}}
    case 'paren':
      return evaluate(e.inner)
    case 'tuple': {
      const out: CtyValue[] = []
      for (const item of e.items) {
        const r = evaluate(item)
        if ('diag' in r) return r
        out.push(r.value)
      }
      return {value: {type: {kind: 'tuple', elements: out.map((x) => x.type)}, s: 'seq', elems: out}}
    }
    case 'object': {
      const out = new Map<string, CtyValue>()
      for (const item of e.items) {
        let key: string
        const kw = item.forced ? '' : keywordOf(item.key)
        if (kw !== '') key = kw
        else {
          const r = item.key.k === 'literal' ? item.key.value : undefined
          key = typeof r === 'string' ? r : typeof r === 'number' || typeof r === 'boolean' ? String(r) : ''
          if (item.key.k !== 'literal') {
            const k = evaluate(item.key)
            if ('diag' in k) return k
          }
        }
        const v = evaluate(item.value)
        if ('diag' in v) return v
        out.set(key, v.value)
      }
      return {value: fromEntries(out)}
    }
    case 'opaque':
      // Operators, conditionals, templates…: not evaluated here; treated as an unknown value.
      return {value: DYNAMIC_VAL}
  }
}
