// Reading expressions from their syntax tree, as Terraform's decoders read `hcl.Expression`s: literal
// values (hcl.Expression.Value with no variables), static traversals (hcl.AbsTraversalForExpr), object and
// tuple constructors (hcl.ExprMap, hcl.ExprList), keywords (hcl.ExprAsKeyword), and where a part of an
// expression lies. Nothing here reads the hcl2json-shaped value.
import type {SourceRange} from '../diag/diagnostic.js'
import {subRange} from '../diag/positions.js'
import {children, type Expr, type ObjectItem, type ScopeTraversalExpr, type Step} from './native/ast.js'
import type {Attribute, Value} from './syntax.js'

export type {Expr, ObjectItem, ScopeTraversalExpr, Step} from './native/ast.js'

export type Literal = string | number | boolean | null

/** The expression a one-interpolation template (`"${x}"`) stands for; any other expression itself. */
export function unwrapTemplate(e: Expr): Expr {
  let x = e
  while (x.k === 'wrap') x = x.inner
  return x
}

/**
 * The value of an expression that refers to nothing and calls nothing: a literal, a quoted string or
 * heredoc without interpolations or directives, a negated number or boolean; undefined for anything else.
 */
export function literalOf(e: Expr): Literal | undefined {
  const x = unwrapTemplate(e)
  switch (x.k) {
    case 'lit':
      return x.v
    case 'tmpl': {
      let out = ''
      for (const p of x.parts) {
        if (p.k !== 'lit' || typeof p.v !== 'string') return undefined
        out += p.v
      }
      return out
    }
    case 'unary': {
      const v = x.operand.k === 'lit' ? x.operand.v : undefined
      if (x.op === '-' && typeof v === 'number') return -v
      if (x.op === '!' && typeof v === 'boolean') return !v
      return undefined
    }
    default:
      return undefined
  }
}

/**
 * The value of an expression made only of literals, tuple and object constructors included (`["a", 1]`,
 * `{ k = "v" }`); undefined when any part refers to something, calls something or interpolates.
 */
export function literalValue(e: Expr): Value | undefined {
  const x = unwrapTemplate(e)
  if (x.k === 'tuple') {
    const out: Value[] = []
    for (const it of x.items) {
      const v = literalValue(it)
      if (v === undefined) return undefined
      out.push(v)
    }
    return out
  }
  if (x.k === 'object') {
    const out: Record<string, Value> = {}
    for (const it of x.items) {
      const k = objectKeyName(it)
      const v = literalValue(it.value)
      if (k === undefined || v === undefined) return undefined
      if (!Object.hasOwn(out, k)) Object.defineProperty(out, k, {value: v, enumerable: true, writable: true, configurable: true})
    }
    return out
  }
  return literalOf(x)
}

/** An attribute's literal string (`alias = "east"`), or undefined (absent, not a string, or not literal). */
export function literalString(a: Attribute | undefined): string | undefined {
  if (!a) return undefined
  const v = literalOf(a.node)
  return typeof v === 'string' ? v : undefined
}

/** Whether an attribute is written as a literal value (no reference, call or interpolation). */
export function isLiteral(a: Attribute): boolean {
  return literalOf(a.node) !== undefined
}

/**
 * A boolean argument as Terraform decodes it into a bool: `true`/`false`, or the strings "true"/"false"
 * (cty converts them); undefined for anything else.
 */
export function literalBool(a: Attribute | undefined): boolean | undefined {
  if (!a) return undefined
  const v = literalOf(a.node)
  if (v === true || v === 'true') return true
  if (v === false || v === 'false') return false
  return undefined
}

/** The static traversal an expression is (`aws.west`, `var.x`, `module.m`), through a `"${…}"` template; undefined otherwise. */
export function traversalOf(e: Expr): ScopeTraversalExpr | undefined {
  const x = unwrapTemplate(e)
  return x.k === 'trav' ? x : undefined
}

/** `root.name.name…` of a traversal made only of attribute steps (`aws.west`); undefined otherwise. */
export function dottedName(e: Expr): string | undefined {
  const t = traversalOf(e)
  if (!t) return undefined
  let out = t.root
  for (const st of t.steps) {
    if (st.k !== 'attr') return undefined
    out += '.' + st.name
  }
  return out
}

/** A keyword (hcl.ExprAsKeyword): a single name, `all`, `create`; undefined otherwise. */
export function keywordOf(e: Expr): string | undefined {
  const t = traversalOf(e)
  return t && t.steps.length === 0 ? t.root : undefined
}

/** The items of an object constructor (`{ a = 1 }`), through a template wrapper; undefined for anything else. */
export function objectItemsOf(e: Expr): readonly ObjectItem[] | undefined {
  const x = unwrapTemplate(e)
  return x.k === 'object' ? x.items : undefined
}

/** The items of a tuple constructor (`[a, b]`); undefined for anything else. */
export function tupleItemsOf(e: Expr): readonly Expr[] | undefined {
  const x = unwrapTemplate(e)
  return x.k === 'tuple' ? x.items : undefined
}

/** An object item's key as a name: a bare name (not in parentheses) or a literal string; undefined otherwise. */
export function objectKeyName(item: ObjectItem): string | undefined {
  const k = item.key
  if (!item.keyForced && k.k === 'trav' && k.steps.length === 0) return k.root
  const v = literalOf(k)
  return typeof v === 'string' ? v : undefined
}

/** The entry of an object constructor with the given key name. */
export function objectEntry(e: Expr, key: string): ObjectItem | undefined {
  return objectItemsOf(e)?.find((it) => objectKeyName(it) === key)
}

/** The source text of a part of an attribute's expression. */
export function partText(a: Attribute, e: {readonly s: number; readonly e: number}): string {
  return a.expr.slice(e.s - a.node.s, e.e - a.node.s)
}

/** Where a part of an attribute's expression lies (a node, a step, or offsets `s`–`e` of the file's text). */
export function partRange(a: Attribute, e: {readonly s: number; readonly e: number}): SourceRange {
  return subRange(a.exprRange, a.expr, e.s - a.node.s, e.e - a.node.s)
}

/** The steps of a traversal as text: `.west`, `[0]`, `["k"]`. */
export function stepText(st: Step): string {
  return st.k === 'attr' ? `.${st.name}` : `[${JSON.stringify(st.key)}]`
}

/**
 * An expression written where Terraform reads a reference or keyword (`to = aws_s3_bucket.b`,
 * `iterator = x`), as written: a quoted string's content (the deprecated quoted form), else the source
 * text of the expression inside any `"${…}"`.
 */
export function referenceText(a: Attribute): string {
  const x = unwrapTemplate(a.node)
  const lit = literalOf(x)
  return typeof lit === 'string' ? lit : partText(a, x).trim()
}

/** An expression's structure without its positions or grouping parentheses: two that are written alike compare equal. */
function structure(e: Expr): string {
  return JSON.stringify(e, (key, v: unknown) => {
    if (key === 's' || key === 'e' || key === 'rootE' || key === 'nameE') return undefined
    let x = v
    while (typeof x === 'object' && x !== null && (x as {k?: unknown}).k === 'parens') x = (x as {inner: unknown}).inner
    return x
  })
}

/** Whether an expression reads a variable (HCL's `Variables()` is not empty): a traversal from a name no `for` binds, or an interpolation. */
function readsVariables(e: Expr): boolean {
  let found = false
  const visit = (x: Expr, bound: ReadonlySet<string>): void => {
    if (found) return
    if (x.k === 'trav') {
      if (!bound.has(x.root)) found = true
      return
    }
    if (x.k === 'wrap' || (x.k === 'tmpl' && x.parts.some((p) => p.k !== 'lit'))) {
      found = true
      return
    }
    if (x.k === 'for' || x.k === 'tfor') {
      visit(x.coll, bound)
      const inner = new Set([...bound, x.valVar, ...(x.keyVar ? [x.keyVar] : [])])
      for (const c of children(x)) if (c !== x.coll) visit(c, inner)
      return
    }
    for (const c of children(x)) visit(c, bound)
  }
  visit(e, new Set())
  return found
}

/**
 * Whether two expressions are the same expression that reads something (OpenTofu compares a provider's
 * for_each with its consumer's): written alike, positions, layout, comments and grouping parentheses aside.
 */
export function sameExpression(a: Expr, b: Expr): boolean {
  return readsVariables(a) && readsVariables(b) && structure(a) === structure(b)
}
