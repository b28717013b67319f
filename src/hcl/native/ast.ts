// The syntax tree of HCL native syntax. Every node carries its source span as UTF-16 offsets into the
// file's text (`s` inclusive, `e` exclusive); `Positions.range` turns a span into a SourceRange.

/** One step of a traversal: `.name`, `[key]` with a constant key, or the legacy `.0`. */
export type Step =
  | {readonly k: 'attr'; readonly name: string; readonly s: number; readonly e: number}
  | {readonly k: 'index'; readonly key: string | number | boolean | null | undefined; readonly s: number; readonly e: number}

interface Span {
  s: number
  e: number
}

export interface LiteralExpr extends Span {
  readonly k: 'lit'
  /** `undefined` for the placeholder of an expression that did not parse. */
  readonly v: string | number | boolean | null | undefined
}
export interface TemplateExpr extends Span {
  readonly k: 'tmpl'
  readonly parts: Expr[]
  /** A heredoc (`<<EOT` or `<<-EOT`) rather than a quoted string. */
  readonly heredoc: boolean
}
/** A template that is exactly one interpolation, `"${x}"`: its value is the inner expression's. */
export interface TemplateWrapExpr extends Span {
  readonly k: 'wrap'
  readonly inner: Expr
}
export interface ScopeTraversalExpr extends Span {
  readonly k: 'trav'
  readonly root: string
  readonly rootE: number
  readonly steps: Step[]
}
export interface RelativeTraversalExpr extends Span {
  readonly k: 'rel'
  readonly src: Expr
  readonly steps: Step[]
}
export interface CallExpr extends Span {
  readonly k: 'call'
  /** The name with `::` separators for provider-defined functions: `provider::aws::arn_parse`. */
  readonly name: string
  readonly nameE: number
  readonly args: Expr[]
  readonly expandFinal: boolean
}
export interface TupleExpr extends Span {
  readonly k: 'tuple'
  readonly items: Expr[]
}
export interface ObjectItem {
  readonly key: Expr
  /** The key was written in parentheses: an expression, never a bare name. */
  readonly keyForced: boolean
  readonly value: Expr
}
export interface ObjectExpr extends Span {
  readonly k: 'object'
  readonly items: ObjectItem[]
}
export interface IndexExpr extends Span {
  readonly k: 'index'
  readonly coll: Expr
  readonly key: Expr
}
export interface SplatExpr extends Span {
  readonly k: 'splat'
  readonly src: Expr
  /** What is applied to each element: the anonymous item, or a traversal from it. */
  readonly each: Expr
}
/** The element placeholder of a splat (`[*]` or `.*`). */
export interface AnonExpr extends Span {
  readonly k: 'anon'
}
export interface ForExpr extends Span {
  readonly k: 'for'
  readonly keyVar: string | undefined
  readonly valVar: string
  readonly coll: Expr
  readonly keyExpr: Expr | undefined
  readonly valExpr: Expr
  readonly cond: Expr | undefined
  readonly group: boolean
  /** Built with `{…}` (an object) rather than `[…]`. */
  readonly object: boolean
}
export interface ConditionalExpr extends Span {
  readonly k: 'cond'
  readonly cond: Expr
  readonly then: Expr
  readonly else: Expr
}
export interface UnaryExpr extends Span {
  readonly k: 'unary'
  readonly op: '-' | '!'
  readonly operand: Expr
}
export interface BinaryExpr extends Span {
  readonly k: 'binary'
  readonly op: string
  readonly left: Expr
  readonly right: Expr
}
export interface ParensExpr extends Span {
  readonly k: 'parens'
  readonly inner: Expr
}
/** A `%{for}` directive in a template. */
export interface TemplateForExpr extends Span {
  readonly k: 'tfor'
  readonly keyVar: string | undefined
  readonly valVar: string
  readonly coll: Expr
  readonly body: TemplateExpr
}

export type Expr =
  | LiteralExpr
  | TemplateExpr
  | TemplateWrapExpr
  | ScopeTraversalExpr
  | RelativeTraversalExpr
  | CallExpr
  | TupleExpr
  | ObjectExpr
  | IndexExpr
  | SplatExpr
  | AnonExpr
  | ForExpr
  | ConditionalExpr
  | UnaryExpr
  | BinaryExpr
  | ParensExpr
  | TemplateForExpr

/** Calls `visit` on `e` and every expression inside it, outermost first; `visit` returning false skips a subtree. */
export function walkExpr(e: Expr, visit: (e: Expr) => boolean | void): void {
  const stack: Expr[] = [e]
  while (stack.length > 0) {
    const x = stack.pop()!
    if (visit(x) === false) continue
    const kids = children(x)
    for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]!)
  }
}

/** The direct sub-expressions of a node, in source order. */
export function children(x: Expr): readonly Expr[] {
  switch (x.k) {
    case 'lit':
    case 'trav':
    case 'anon':
      return []
    case 'tmpl':
      return x.parts
    case 'wrap':
    case 'parens':
      return [x.inner]
    case 'rel':
      return [x.src]
    case 'call':
      return x.args
    case 'tuple':
      return x.items
    case 'object':
      return x.items.flatMap((it) => [it.key, it.value])
    case 'index':
      return [x.coll, x.key]
    case 'splat':
      return [x.src, x.each]
    case 'for':
      return [x.coll, ...(x.keyExpr ? [x.keyExpr] : []), x.valExpr, ...(x.cond ? [x.cond] : [])]
    case 'cond':
      return [x.cond, x.then, x.else]
    case 'unary':
      return [x.operand]
    case 'binary':
      return [x.left, x.right]
    case 'tfor':
      return [x.coll, x.body]
  }
}
