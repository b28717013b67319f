// Terraform 0.11-style quoted references and keywords, still accepted with a deprecation warning
// (compat_shim.go): `provider = "aws.west"`, `depends_on = ["aws_instance.a"]`,
// `ignore_changes = ["tags"]`, provisioner `when = "destroy"`. Native syntax only (JSON needs strings).
import type {Diagnostic, SourceRange} from '../diag/diagnostic.js'

import {warningDiag} from '../diag/diagnostic.js'
import type {Attribute, Block} from '../hcl/syntax.js'
import type {Engine} from './engine.js'
import {literalString, partRange, type Expr} from '../hcl/expr.js'

/** A native quoted string without interpolations or directives (what Terraform's shimTraversalInString unquotes). */
function plainString(e: Expr): boolean {
  return e.k === 'tmpl' && !e.heredoc && e.parts.every((p) => p.k === 'lit')
}

/**
 * Ranges of the list elements that are whole quoted strings in a list expression `[ "a", b["c"] ]` (or of
 * the whole expression when it is one quoted string): `hcl.ExprList` elements that are native quoted
 * strings, as Terraform's shimTraversalInString sees them. Strings nested inside an element (an index
 * `tags["Owner"]`, a call argument, an inner list) are not elements and never count.
 */
export function quotedStringRanges(a: Attribute): SourceRange[] {
  if (plainString(a.node)) return [a.exprRange]
  return a.node.k === 'tuple' ? a.node.items.filter(plainString).map((x) => partRange(a, x)) : []
}

/** The deprecation warning of a quoted reference (`reference`) or keyword (`keyword`). */
function quotedWarning(engine: Engine, range: SourceRange, what: 'reference' | 'keyword'): Diagnostic {
  return warningDiag(
    what === 'reference' ? 'config.quoted-reference' : 'config.quoted-keyword',
    `Quoted ${what}s are deprecated`,
    `In this context, ${what}s are expected literally rather than in quotes. ${engine.product} 0.11 and earlier required quotes, but quoted ${what}s are now deprecated and will be removed in a future version of ${engine.product}. Remove the quotes surrounding this ${what} to silence this warning.`,
    range,
  )
}

function attrOf(b: Block, name: string): Attribute | undefined {
  return b.body.attributes.find((a) => a.name === name)
}

function isNative(a: Attribute): boolean {
  return !a.nameRange.filename.endsWith('.json')
}

/** Warnings for one top-level block (resource, data, ephemeral, module, output, check…). */
export function quotedReferenceWarnings(b: Block, engine: Engine): Diagnostic[] {
  const out: Diagnostic[] = []
  const dep = ['resource', 'data', 'ephemeral', 'module', 'output', 'check'].includes(b.type) ? attrOf(b, 'depends_on') : undefined
  if (dep && isNative(dep)) for (const r of quotedStringRanges(dep)) out.push(quotedWarning(engine, r, 'reference'))
  if (b.type === 'resource' || b.type === 'data' || b.type === 'ephemeral') {
    const p = attrOf(b, 'provider')
    if (p && isNative(p) && literalString(p) !== undefined && quotedStringRanges(p).length === 1)
      out.push(quotedWarning(engine, p.exprRange, 'reference'))
    for (const lc of b.body.blocks.filter((x) => x.type === 'lifecycle')) {
      const ic = attrOf(lc, 'ignore_changes')
      const all = ic !== undefined && plainString(ic.node) && literalString(ic) === 'all'
      if (ic && isNative(ic) && !all) for (const r of quotedStringRanges(ic)) out.push(quotedWarning(engine, r, 'reference'))
      if (ic && isNative(ic) && all) out.push(quotedWarning(engine, ic.exprRange, 'keyword'))
    }
    for (const pv of b.body.blocks.filter((x) => x.type === 'provisioner')) {
      for (const name of ['when', 'on_failure']) {
        const k = attrOf(pv, name)
        if (k && isNative(k) && quotedStringRanges(k).length === 1 && k.node.k !== 'tuple')
          out.push(quotedWarning(engine, k.exprRange, 'keyword'))
      }
    }
  }
  return out
}
