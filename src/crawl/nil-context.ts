// HCL's evaluation of an expression without an evaluation context, as Terraform before 1.15 decodes a
// module call's `source` and `version` (internal/configs/module_call.go: hcl.DecodeExpression(…, nil, …)
// and decodeVersionConstraint's Expr.Value(nil)): every variable reference is "Variables not allowed" (at
// its root name), every function call "Function calls not allowed" (its arguments not evaluated), and a
// conditional whose condition fails goes no further. Native syntax only: in JSON a string is not a
// template without a context.
import type {Diagnostic, SourceRange} from '../diag/diagnostic.js'
import {errorDiag} from '../diag/diagnostic.js'
import {partRange, type Expr} from '../hcl/expr.js'
import {children} from '../hcl/native/index.js'
import type {Attribute} from '../hcl/syntax.js'

/** The errors of evaluating `a` without a context, in HCL's order; none for an expression of literals. */
export function nilContextErrors(a: Attribute): Diagnostic[] {
  if (a.nameRange.filename.endsWith('.json')) return []
  const out: Diagnostic[] = []
  evaluate(a, a.node, out)
  return out
}

function evaluate(a: Attribute, e: Expr, out: Diagnostic[]): void {
  switch (e.k) {
    case 'trav':
      out.push(
        errorDiag(
          'module.source-not-literal',
          'Variables not allowed',
          'Variables may not be used here.',
          partRange(a, {s: e.s, e: e.rootE}),
        ),
      )
      return
    case 'call':
      out.push(errorDiag('module.source-not-literal', 'Function calls not allowed', 'Functions may not be called here.', partRange(a, e)))
      return
    case 'cond': {
      const before = out.length
      evaluate(a, e.cond, out)
      if (out.length > before) return
      evaluate(a, e.then, out)
      evaluate(a, e.else, out)
      return
    }
    case 'for':
    case 'tfor': {
      evaluate(a, e.coll, out)
      return
    }
    default:
      for (const c of children(e)) evaluate(a, c, out)
  }
}

/** HCL's StartRange of `a`'s expression: where a conversion error of its value is reported. */
export function nilStartRange(a: Attribute): SourceRange {
  let e: Expr = a.node
  for (;;) {
    if (e.k === 'call') return partRange(a, {s: e.s, e: e.nameE + 1})
    if (e.k === 'tmpl' && e.parts[0]) e = e.parts[0]
    else if (e.k === 'cond') e = e.cond
    else if (e.k === 'binary') e = e.left
    else return partRange(a, e)
  }
}
