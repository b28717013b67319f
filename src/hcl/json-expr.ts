// Expression nodes for JSON-syntax values, as HCL's JSON body gives them: a string is a template (or, for
// the arguments Terraform reads as references and keywords, an expression: `"provider": "aws.west"`), an
// array a tuple, an object an object, other values literals. Spans are offsets into the file's text: a
// string's nodes are parsed from its unescaped content and mapped back through its escapes, and the
// outermost node of a value spans the whole JSON value (quotes included), where the attribute's `expr` starts.
import type {Node as JsonNode} from 'jsonc-parser'
import {parseExpressionText, parseTemplateText, walkExpr, type Expr} from './native/index.js'
import type {ObjectItem} from './native/ast.js'

/** How an attribute's JSON strings are read (see parse-json.ts `Convert`). */
export type JsonConvert = 'expr' | 'exprValues' | 'requiredProvider' | undefined

/**
 * The expression node of an attribute's JSON value; `text` is the file's text the offsets refer to. The
 * node spans the whole value (a string's quotes included), where the attribute's `expr` starts; the nodes
 * inside a string span its content.
 */
export function jsonExpr(n: JsonNode, convert: JsonConvert, text: string): Expr {
  const e = valueExpr(n, convert, text)
  const whole = span(n)
  if (e.s === whole.s && e.e === whole.e) return e
  // a template spans its quotes, as in native syntax; an expression read from a string is wrapped, as `"${…}"` is
  return e.k === 'tmpl' ? {...e, ...whole} : {k: 'wrap', inner: e, ...whole}
}

function valueExpr(n: JsonNode, convert: JsonConvert, text: string): Expr {
  switch (n.type) {
    case 'string':
      return stringExpr(n, convert === 'expr', text)
    case 'array':
      return {k: 'tuple', items: (n.children ?? []).map((el) => valueExpr(el, convert === 'expr' ? 'expr' : undefined, text)), ...span(n)}
    case 'object': {
      const items: ObjectItem[] = []
      for (const p of n.children ?? []) {
        const [key, value] = p.children ?? []
        if (!key || !value) continue
        const inner: JsonConvert =
          convert === 'exprValues' ? 'expr' : convert === 'requiredProvider' && key.value === 'configuration_aliases' ? 'expr' : undefined
        items.push({key: stringExpr(key, false, text), keyForced: false, value: valueExpr(value, inner, text)})
      }
      return {k: 'object', items, ...span(n)}
    }
    case 'number':
    case 'boolean': {
      const v: unknown = n.value
      return {k: 'lit', v: typeof v === 'number' || typeof v === 'boolean' ? v : null, ...span(n)}
    }
    default:
      return {k: 'lit', v: null, ...span(n)}
  }
}

function span(n: JsonNode): {s: number; e: number} {
  return {s: n.offset, e: n.offset + Math.max(n.length, 0)}
}

/**
 * A JSON string as a template, or (`asExpr`) as an expression unless it is itself a template or blank,
 * as Terraform reads such arguments; its nodes span the content. Content that does not parse stays a
 * literal string spanning the whole string.
 */
function stringExpr(n: JsonNode, asExpr: boolean, text: string): Expr {
  const value: unknown = n.value
  const whole = span(n)
  if (typeof value !== 'string') return {k: 'lit', v: null, ...whole}
  const expression = asExpr && !value.includes('${') && !value.includes('%{') && value.trim() !== ''
  const parsed = expression ? parseExpressionText(value) : parseTemplateText(value)
  if (parsed.errors.length > 0) return {k: 'lit', v: value, ...whole}
  remap(parsed.expr, contentOffsets(text, n.offset + 1, whole.e - 1, value.length))
  return parsed.expr
}

/**
 * For each UTF-16 index of a JSON string's unescaped content (and one past its end), the offset in the
 * file's text of the character it came from.
 */
function contentOffsets(text: string, start: number, end: number, length: number): Int32Array {
  const map = new Int32Array(length + 1)
  let i = 0
  let raw = start
  while (raw < end && i < length) {
    map[i] = raw
    if (text.charCodeAt(raw) === 92 /* \ */) raw += text.charCodeAt(raw + 1) === 117 /* u */ ? 6 : 2
    else raw++
    i++
  }
  for (; i <= length; i++) map[i] = Math.min(raw, end)
  return map
}

/** Moves every span of a node parsed from a string's content to file offsets. */
function remap(root: Expr, map: Int32Array): void {
  const at = (x: number): number => map[Math.max(0, Math.min(x, map.length - 1))]!
  const move = (x: {s: number; e: number}): void => {
    x.s = at(x.s)
    x.e = at(x.e)
  }
  walkExpr(root, (x) => {
    move(x as {s: number; e: number})
    if (x.k === 'trav') {
      ;(x as {rootE: number}).rootE = at(x.rootE)
      for (const st of x.steps) move(st as {s: number; e: number})
    } else if (x.k === 'rel') for (const st of x.steps) move(st as {s: number; e: number})
    else if (x.k === 'call') (x as {nameE: number}).nameE = at(x.nameE)
  })
}
