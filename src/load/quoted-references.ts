// Terraform 0.11-style quoted references and keywords, still accepted with a deprecation warning
// (compat_shim.go): `provider = "aws.west"`, `depends_on = ["aws_instance.a"]`,
// `ignore_changes = ["tags"]`, provisioner `when = "destroy"`. Native syntax only (JSON needs strings).
import type {Diagnostic, SourceRange} from '../diag/diagnostic.js'
import {advancePos} from '../diag/positions.js'
import {warningDiag} from '../diag/diagnostic.js'
import type {Attribute, Block} from '../hcl/syntax.js'
import type {Engine} from './engine.js'


/** Ranges of the plain quoted-string items of a list expression `[ "a", "b" ]` (or the whole string). */
export function quotedStringRanges(a: Attribute): SourceRange[] {
  const text = a.expr
  const out: SourceRange[] = []
  const whole = /^"(?:[^"\\$%]|\\.)*"$/.exec(text)
  if (whole) return [a.exprRange]
  if (!text.startsWith('[')) return []
  const re = /"(?:[^"\\$%\n]|\\.)*"/g
  let m: RegExpExecArray | null
  while ((m = re.exec(text)) !== null) {
    // only items: preceded by `[` or `,` and followed by `,` or `]` (whitespace and comments aside)
    const before = text.slice(0, m.index).replace(/#[^\n]*|\/\/[^\n]*/g, '').trimEnd()
    const after = text.slice(m.index + m[0].length).replace(/^\s*(#[^\n]*|\/\/[^\n]*)?\s*/, '')
    if (!(before.endsWith('[') || before.endsWith(',')) || !(after.startsWith(',') || after.startsWith(']'))) continue
    const start = advancePos(a.exprRange.start, text.slice(0, m.index))
    out.push({filename: a.exprRange.filename, start, end: advancePos(start, m[0])})
  }
  return out
}

function refWarning(engine: Engine, range: SourceRange): Diagnostic {
  return warningDiag(
    'Quoted references are deprecated',
    `In this context, references are expected literally rather than in quotes. ${engine.product} 0.11 and earlier required quotes, but quoted references are now deprecated and will be removed in a future version of ${engine.product}. Remove the quotes surrounding this reference to silence this warning.`,
    range,
  )
}

function keywordWarning(engine: Engine, range: SourceRange): Diagnostic {
  return warningDiag(
    'Quoted keywords are deprecated',
    `In this context, keywords are expected literally rather than in quotes. ${engine.product} 0.11 and earlier required quotes, but quoted keywords are now deprecated and will be removed in a future version of ${engine.product}. Remove the quotes surrounding this keyword to silence this warning.`,
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
  if (dep && isNative(dep)) for (const r of quotedStringRanges(dep)) out.push(refWarning(engine, r))
  if (b.type === 'resource' || b.type === 'data' || b.type === 'ephemeral') {
    const p = attrOf(b, 'provider')
    if (p && isNative(p) && typeof p.value === 'string' && !p.value.includes('${') && quotedStringRanges(p).length === 1) out.push(refWarning(engine, p.exprRange))
    for (const lc of b.body.blocks.filter((x) => x.type === 'lifecycle')) {
      const ic = attrOf(lc, 'ignore_changes')
      if (ic && isNative(ic) && ic.expr.trim() !== '"all"') for (const r of quotedStringRanges(ic)) out.push(refWarning(engine, r))
      if (ic && isNative(ic) && ic.expr.trim() === '"all"') out.push(keywordWarning(engine, ic.exprRange))
    }
    for (const pv of b.body.blocks.filter((x) => x.type === 'provisioner')) {
      for (const name of ['when', 'on_failure']) {
        const k = attrOf(pv, name)
        if (k && isNative(k) && quotedStringRanges(k).length === 1 && !k.expr.startsWith('[')) out.push(keywordWarning(engine, k.exprRange))
      }
    }
  }
  return out
}
