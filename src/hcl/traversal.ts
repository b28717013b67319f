// Static traversals as Terraform's decoders take them from an expression (HCL's `hcl.AbsTraversalForExpr`,
// and Terraform's shim that reads a quoted string's content as one), with the ranges HCL gives each part:
// `aws.west` in `provider = aws.west`, in `provider = "aws.west"` (deprecated quoting) and in JSON syntax,
// where HCL parses a string's content from the position of its opening quote.
import type {Pos, SourceRange} from '../diag/diagnostic.js'
import {advancePos} from '../diag/positions.js'
import {literalOf, partRange, unwrapTemplate, type Expr} from './expr.js'
import {parseExpressionText} from './native/index.js'
import type {Attribute} from './syntax.js'

export interface TraversalStep {
  /** `.name`, or an index with a constant key (`[0]`, `["k"]`, the legacy `.0`). */
  readonly kind: 'attr' | 'index'
  readonly name?: string
  /** The step as written, its `.` or brackets included. */
  readonly range: SourceRange
}

export interface Traversal {
  readonly root: string
  readonly rootRange: SourceRange
  readonly steps: readonly TraversalStep[]
  /** From the root to the end of the last step. */
  readonly range: SourceRange
}

/** Whether an attribute is written in JSON syntax (a `.tf.json` or `.tofu.json` file). */
export function isJsonAttribute(a: Attribute): boolean {
  return a.exprRange.filename.endsWith('.json')
}

/** A node's range in its file; for JSON syntax, a node read from a string's content widens to the whole string, quotes included. */
export function writtenRange(a: Attribute, e: Expr): SourceRange {
  if (!isJsonAttribute(a)) return partRange(a, e)
  const s = jsonStringAround(a, e)
  return s ? partRange(a, {s: s.s, e: s.e}) : partRange(a, e)
}

/** An expression node with the way to place its offsets in the file (a string's content is parsed apart). */
export interface PlacedExpr {
  readonly x: Expr
  readonly at: (s: number, e: number) => SourceRange
}

/** A node of an attribute's expression, placed in its file. */
export function placed(a: Attribute, x: Expr): PlacedExpr {
  return {x, at: (s, e) => partRange(a, {s, e})}
}

/** The traversal a placed node is (a scope traversal with constant steps; nothing unwrapped); undefined otherwise. */
export function traversalIn(p: PlacedExpr): Traversal | undefined {
  const e = p.x
  // a keyword root (`null.plain`) parses as a literal: HCL still takes it as a traversal's root name
  const keyword = (x: Expr): string | undefined => (x.k === 'lit' && (x.v === null || typeof x.v === 'boolean') ? String(x.v) : undefined)
  const root = e.k === 'trav' ? e.root : keyword(e.k === 'rel' ? e.src : e)
  if (root === undefined) return undefined
  const rootE = e.k === 'trav' ? e.rootE : e.k === 'rel' ? e.src.e : e.e
  const steps: TraversalStep[] = []
  for (const st of e.k === 'trav' || e.k === 'rel' ? e.steps : []) {
    if (st.k === 'attr') steps.push({kind: 'attr', name: st.name, range: p.at(st.s, st.e)})
    else if (typeof st.key === 'number' || typeof st.key === 'string') steps.push({kind: 'index', range: p.at(st.s, st.e)})
    else return undefined
  }
  return {root, rootRange: p.at(e.s, rootE), steps, range: p.at(e.s, e.e)}
}

/** `hcl.AbsTraversalForExpr` on a native expression: a scope traversal, through any `"${…}"` wrapper; undefined for anything else. */
export function absTraversal(a: Attribute, e: Expr): Traversal | undefined {
  return traversalIn(placed(a, unwrapTemplate(e)))
}

/** Text parsed as one expression, positioned from `start` (a string's content, as HCL parses it apart). */
function parsedText(text: string, start: Pos, filename: string): PlacedExpr | undefined {
  const parsed = parseExpressionText(text)
  if (parsed.errors.length > 0) return undefined
  return {
    x: parsed.expr,
    at: (s, e) => {
      const from = advancePos(start, text.slice(0, s))
      return {filename, start: from, end: advancePos(from, text.slice(s, e))}
    },
  }
}

/**
 * The content of a native quoted string without interpolations (Terraform's shim for quoted references) parsed
 * as an expression, positioned after the opening quote; undefined for any other node, or content that does not parse.
 */
export function quotedContent(a: Attribute, x: Expr): PlacedExpr | undefined {
  const v = literalOf(x)
  if (x.k !== 'tmpl' || x.heredoc || typeof v !== 'string') return undefined
  return parsedText(v, partRange(a, {s: x.s + 1, e: x.s + 1}).start, a.exprRange.filename)
}

/**
 * The content of the JSON string that holds `e` parsed as an expression, positioned as HCL positions it (from
 * the string's opening quote); undefined when `e` is no string, or its content does not parse.
 */
export function jsonStringContent(a: Attribute, e: Expr): PlacedExpr | undefined {
  const s = jsonStringAround(a, e)
  if (!s) return undefined
  return parsedText(s.value, partRange(a, {s: s.s, e: s.s}).start, a.exprRange.filename)
}

/** Whether `e` (a node of a JSON attribute) is a JSON string (read as a template or an expression). */
export function isJsonString(a: Attribute, e: Expr): boolean {
  return jsonStringAround(a, e) !== undefined && e.k !== 'object' && e.k !== 'tuple'
}

/** The JSON string (its offsets, quotes included, and its value) that holds the node `e` of a JSON attribute. */
export function jsonStringAround(
  a: Attribute,
  e: {readonly s: number; readonly e: number},
): {s: number; e: number; value: string} | undefined {
  const text = a.expr
  const base = a.node.s
  const at = e.s - base
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== '"') continue
    let j = i + 1
    while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1
    if (at >= i && at <= j) {
      let value: unknown
      try {
        value = JSON.parse(text.slice(i, j + 1))
      } catch {
        return undefined
      }
      return typeof value === 'string' ? {s: base + i, e: base + j + 1, value} : undefined
    }
    i = j
  }
  return undefined
}
