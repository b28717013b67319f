// Terraform 0.11-style quoted references and keywords, still accepted with a deprecation warning
// (compat_shim.go): `provider = "aws.west"`, `depends_on = ["aws_instance.a"]`,
// `ignore_changes = ["tags"]`, provisioner `when = "destroy"`. Native syntax only (JSON needs strings).
import type {Diagnostic, SourceRange} from '../diag/diagnostic.js'
import {advancePos} from '../diag/positions.js'
import {warningDiag} from '../diag/diagnostic.js'
import type {Attribute, Block} from '../hcl/syntax.js'
import type {Engine} from './engine.js'
import {literalString} from '../hcl/expr.js'

/**
 * Ranges of the list elements that are whole quoted strings in a list expression `[ "a", b["c"] ]` (or of
 * the whole expression when it is one quoted string): `hcl.ExprList` elements that are native quoted
 * strings, as Terraform's shimTraversalInString sees them. Strings nested inside an element (an index
 * `tags["Owner"]`, a call argument, an inner list) are not elements and never count.
 */
export function quotedStringRanges(a: Attribute): SourceRange[] {
  const text = a.expr
  if (/^"(?:[^"\\$%]|\\.)*"$/.test(text)) return [a.exprRange]
  if (!text.startsWith('[')) return []
  const out: SourceRange[] = []
  let depth = 0
  // the element being read at depth 1: its first token was a plain string, and nothing followed it yet
  let elementStart = true
  let candidate: {start: number; end: number} | undefined
  let spoiled = false
  const closeElement = (): void => {
    if (candidate && !spoiled) {
      const start = advancePos(a.exprRange.start, text.slice(0, candidate.start))
      out.push({filename: a.exprRange.filename, start, end: advancePos(start, text.slice(candidate.start, candidate.end))})
    }
    candidate = undefined
    spoiled = false
    elementStart = true
  }
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!
    if (ch === '#' || (ch === '/' && text[i + 1] === '/')) {
      const nl = text.indexOf('\n', i)
      i = nl < 0 ? text.length : nl
      continue
    }
    if (ch === '/' && text[i + 1] === '*') {
      const close = text.indexOf('*/', i + 2)
      i = close < 0 ? text.length : close + 1
      continue
    }
    if (/\s/.test(ch)) continue
    if (ch === '"') {
      // a quoted string: skip to its end, noting whether it is a plain literal (no interpolation or directive)
      let j = i + 1
      let plain = true
      let braces = 0
      for (; j < text.length; j++) {
        const c = text[j]!
        if (c === '\\') {
          j++
          continue
        }
        if ((c === '$' || c === '%') && text[j + 1] === '{') {
          plain = false
          braces++
          j++
          continue
        }
        if (braces > 0 && c === '}') {
          braces--
          continue
        }
        if (braces === 0 && (c === '"' || c === '\n')) break
      }
      if (depth === 1 && elementStart && plain) candidate = {start: i, end: j + 1}
      else if (depth === 1) spoiled = true
      elementStart = false
      i = j
      continue
    }
    if (ch === '[' || ch === '(' || ch === '{') {
      if (depth === 1) spoiled = true // a nested collection, index or call: not a plain string element
      depth++
      elementStart = depth === 1
      continue
    }
    if (ch === ']' || ch === ')' || ch === '}') {
      depth--
      if (depth === 0) {
        closeElement()
        break
      }
      continue
    }
    if (depth === 1 && ch === ',') {
      closeElement()
      continue
    }
    if (depth === 1) {
      spoiled = true
      elementStart = false
    }
  }
  return out
}

function refWarning(engine: Engine, range: SourceRange): Diagnostic {
  return warningDiag(
    'config.quoted-reference',
    'Quoted references are deprecated',
    `In this context, references are expected literally rather than in quotes. ${engine.product} 0.11 and earlier required quotes, but quoted references are now deprecated and will be removed in a future version of ${engine.product}. Remove the quotes surrounding this reference to silence this warning.`,
    range,
  )
}

function keywordWarning(engine: Engine, range: SourceRange): Diagnostic {
  return warningDiag(
    'config.quoted-keyword',
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
    if (p && isNative(p) && literalString(p) !== undefined && quotedStringRanges(p).length === 1) out.push(refWarning(engine, p.exprRange))
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
