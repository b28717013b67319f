// The references an expression makes, found as Terraform finds them (`expr.Variables()` of HCL, then
// `addrs.ParseRef`), read from the syntax tree of src/hcl/native (`parseExpressionText`, `parseTemplateText`).
//
// Contract: `findReferences(text, options)` never throws, on every input. It reports the traversals rooted
// at `var`, `local`, `module`, `data`, `ephemeral`, `resource` or a resource type, cut where Terraform cuts
// them (`aws_instance.a[0].id` is the resource `aws_instance.a`; `module.c[each.key].out`, whose index is not
// a literal, is the whole call `module.c`; `module.c.out` is one output). It skips what HCL does not read as
// a variable: literal string and heredoc text, comments, function names (also `provider::ns::fn`), object
// keys written as a bare name (a key in parentheses, `(k)`, or a key that is some other expression, such
// as `a.b`, is read), attributes of non-traversal values (`f(x).y`), the iterator symbols of `for`
// expressions and `%{for}` directives in their scope, and the names given in `options.scope` (dynamic block
// iterators). `count`, `each`, `self`, `path`, `terraform` and other non-object roots are not reported.
// Positions are UTF-16 offsets into `text` (for JSON, into the JSON text, escapes included).
//
// A traversal is read as far as it is written the way Terraform's configurations write references: steps
// `.name`, the legacy `.0`, and `[0]`/`["key"]` with a plain number or a quoted string without sequences,
// wherever HCL continues the traversal (`(module.c\n  .out)`, inside parentheses, is `module.c.out`, as
// Terraform reads it). Where a step is written otherwise (`[true]`, `[<<EOT…]`), the traversal is cut there.
//
// The tree is read without recursion. The parser recurses: where text is nested (brackets, braces,
// parentheses, interpolations) deeper than its stack allows, the text is parsed again in pieces nested at
// most MAX_DEPTH levels (`readNested`), so it reads at every depth. Only thousands of unary operators in a
// row, or of directives nested without brackets (`%{if}` in `%{if}`), still exhaust the parser's stack: the
// piece that holds them gives nothing.
//
// Text that does not parse (no configuration that loads has such expressions, but a JSON string can hold
// a broken template): the parser's partial tree is read (HCL's recovery); where the parser stopped before
// the end of the text (`)] var.x`), the rest is read as further expressions; a quoted string ends at a
// newline (HCL reports the newline and reads on in the string); in a JSON expression string (`depends_on`)
// that does not parse, such as `"${aws_instance.a}"`, the `${…}` sequences are read too. This recovers
// less than the previous scanner of this module did from broken text: a construct the parser gives up on
// (an unclosed `[for …`) reads as nothing.
//
// JSON (`options.syntax === 'json'`, the value of an attribute of a `.tf.json` file): every JSON string,
// object keys included, is decoded and read as a template (or, with `jsonStringsAreExpressions`, as an
// expression), with a map from each decoded character back to its offset in the JSON text.

import type {Attribute} from './syntax.js'
import type {EngineMode} from '../addrs/resource.js'
import type {Step} from './native/ast.js'
import {children, parseExpressionText, parseTemplateText, type Expr, type ParsedExpression} from './native/index.js'
import {lex, T} from './native/lexer.js'

export type ReferenceMode = EngineMode

interface ReferenceBase {
  /** Terraform's string form of the referenced object: `var.x`, `module.c.out`, `data.t.n`, … */
  readonly address: string
  /** Offsets in the scanned text: the traversal from its root to the last part that names the object. */
  readonly start: number
  readonly end: number
}

export type Reference =
  | (ReferenceBase & {readonly kind: 'var'; readonly name: string})
  | (ReferenceBase & {readonly kind: 'local'; readonly name: string})
  /** `module.c` (output undefined: the whole call) or `module.c.out`. */
  | (ReferenceBase & {readonly kind: 'module'; readonly call: string; readonly output: string | undefined})
  | (ReferenceBase & {readonly kind: 'resource'; readonly mode: ReferenceMode; readonly type: string; readonly name: string})

export interface ReferenceScanOptions {
  /** How `text` is written: a native-syntax expression (default) or a JSON value of a `.tf.json` file. */
  readonly syntax?: 'native' | 'json'
  /**
   * JSON only: each string is an expression written without `${…}` (`depends_on`, `replace_triggered_by`,
   * `import.to`), rather than a string template.
   */
  readonly jsonStringsAreExpressions?: boolean
  /** Symbols bound around the expression (dynamic block iterators): traversals rooted there are no references. */
  readonly scope?: ReadonlySet<string>
}

/**
 * A call of a provider-defined function, `provider::NAME::FUNCTION(…)` (Terraform reads a longer name,
 * `provider::NAME::x::FUNCTION`, as provider NAME and function FUNCTION).
 */
export interface ProviderFunctionCall {
  /** The provider local name. */
  readonly provider: string
  /** The function's name inside the provider (the last part). */
  readonly function: string
  /** The name as Terraform prints it: the parts joined with `::`, without blanks. */
  readonly name: string
  /** Offsets in the scanned text of the name (`provider` to the end of the last part), as Terraform's range. */
  readonly start: number
  readonly end: number
}

/** The references in one expression, in source order. Never throws. */
export function findReferences(text: string, options: ReferenceScanOptions = {}): Reference[] {
  if (typeof text !== 'string') return []
  const refs: Reference[] = []
  read(text, options, {refs, fns: undefined, scope: options.scope})
  return inSourceOrder(refs)
}

/** The provider-defined function calls in one expression, in source order. Never throws. */
export function findProviderFunctionCalls(text: string, options: ReferenceScanOptions = {}): ProviderFunctionCall[] {
  if (typeof text !== 'string') return []
  const fns: ProviderFunctionCall[] = []
  read(text, options, {refs: undefined, fns, scope: options.scope})
  return inSourceOrder(fns)
}

/**
 * The references of an attribute, read from its expression node (no text is parsed again); offsets are
 * in `a.expr`, as `findReferences(a.expr)` gives them. `scope`: names bound around the attribute (a
 * dynamic block's iterator), which make no reference.
 */
export function attributeReferences(a: Attribute, scope?: ReadonlySet<string>): Reference[] {
  const refs: Reference[] = []
  const n = a.node
  // a traversal alone (`var.x`, `module.m.out`: the most frequent argument after a literal)
  if (n.k === 'trav') {
    if (n.steps.length > 0 && !OTHER_ROOTS.has(n.root) && !scope?.has(n.root))
      traversal(a.expr, n.s, n.s, n.root, n.steps, refs, (p) => p - n.s)
    return refs
  }
  readNode(a, {refs, fns: undefined, scope})
  return inSourceOrder(refs)
}

/** The provider-defined function calls of an attribute, from its expression node; offsets in `a.expr`. */
export function attributeFunctionCalls(a: Attribute): ProviderFunctionCall[] {
  const fns: ProviderFunctionCall[] = []
  readNode(a, {refs: undefined, fns, scope: undefined})
  return inSourceOrder(fns)
}

function readNode(a: Attribute, sink: Sink): void {
  const base = a.node.s
  collect(a.node, a.expr, sink, {at: (p) => p - base, scope: undefined}, undefined, base)
}

/** What a reading collects: references, provider function calls, or both. */
interface Sink {
  readonly refs: Reference[] | undefined
  readonly fns: ProviderFunctionCall[] | undefined
  readonly scope: ReadonlySet<string> | undefined
}

/** Turns an offset in the text read into an offset in the caller's text. */
type OffsetMap = (p: number) => number

function read(text: string, options: ReferenceScanOptions, sink: Sink): void {
  try {
    if (options.syntax === 'json') readJson(text, options.jsonStringsAreExpressions === true, sink)
    else readText(text, false, sink, undefined)
  } catch {
    // never throws: a failure (which no input is known to cause) leaves what was found so far
  }
}

function inSourceOrder<R extends {readonly start: number}>(xs: R[]): R[] {
  for (let i = 1; i < xs.length; i++) if (xs[i]!.start < xs[i - 1]!.start) return xs.sort((a, b) => a.start - b.start)
  return xs
}

// ---------------------------------------------------------------------------------------------------------
// Parsing

/** Where a text read comes from: offsets in it to offsets in the caller's text, and the scope around it. */
interface Origin {
  readonly at: OffsetMap
  readonly scope: Scope | undefined
}

const identity: OffsetMap = (p) => p

/** A character of a name, spaces or tabs, a dot and the start of a name: what every reference holds. */
const ROOT_AND_STEP = /[\w\u0080-\uffff-][ \t]*\.[A-Za-z_\u0080-\uffff]/

/**
 * Reads `text` as one expression (or, with `template`, as a bare template: a JSON string's text) and
 * tells whether it parsed without errors. `map` turns offsets in `text` into offsets of the caller's text.
 */
function readText(text: string, template: boolean, sink: Sink, map: OffsetMap | undefined): boolean {
  // every reference has a root name and a `.name` step, every provider function a `::`
  if (sink.refs !== undefined ? !ROOT_AND_STEP.test(text) : !text.includes('::')) return true
  // an attribute's text ends at a heredoc's closing marker: the newline after it is given back
  const source = text.includes('<<') ? text + '\n' : text
  const origin: Origin = {at: map ?? identity, scope: undefined}
  let parsed
  try {
    parsed = parse(source, template)
  } catch (e) {
    // nested deeper than the parser's stack allows
    if (!(e instanceof RangeError)) throw e
    readNested(source, template, sink, origin)
    return false
  }
  collect(parsed.expr, source, sink, origin, undefined)
  return parsed.errors.length === 0 || recover(source, template, parsed, sink, origin)
}

function parse(text: string, template: boolean): ParsedExpression {
  return template ? parseTemplateText(text) : parseExpressionText(text)
}

/** Times a text that does not parse is changed and read again. */
const MAX_RETRIES = 64

/**
 * After a text that does not parse was read, reads again what the parser did not read. A quoted string
 * that runs into a newline ends there (HCL reports the newline, then reads on in the string): the text is
 * read again with the newline as the closing quote. Where the parser stopped before the end of the text,
 * the rest is read as further expressions. Returns false (the text did not parse).
 */
function recover(source: string, template: boolean, first: ParsedExpression, sink: Sink, origin: Origin): false {
  let text = source
  let parsed = first
  let from = 0 // where the text is read from
  // the offsets read so far: a later reading adds only what is new
  const seen = new Set<number>()
  const note = (): void => {
    for (const r of sink.refs ?? []) seen.add(r.start)
    for (const f of sink.fns ?? []) seen.add(f.start)
  }
  for (let retries = 0; retries < MAX_RETRIES; retries++) {
    note()
    const newline = quotedNewline(text, template)
    if (newline >= 0) {
      text = text.slice(0, newline) + '"' + text.slice(newline + 1)
    } else {
      const next = expressionStart(text, Math.max(parsed.expr.e, from + 1), template)
      if (next < 0) return false
      from = next
      // the text before is blanked, so that offsets stay as they are
      text = ' '.repeat(next) + text.slice(next)
      template = false
    }
    parsed = parse(text, template)
    const more: Sink = {refs: sink.refs && [], fns: sink.fns && [], scope: sink.scope}
    collect(parsed.expr, text, more, origin, undefined)
    for (const r of more.refs ?? []) if (!seen.has(r.start)) sink.refs?.push(r)
    for (const f of more.fns ?? []) if (!seen.has(f.start)) sink.fns?.push(f)
    if (parsed.errors.length === 0) return false
  }
  return false
}

/** Where the first newline inside a quoted string is; -1 if none. */
function quotedNewline(text: string, template: boolean): number {
  const {types, starts} = lex(text, 0, template)
  const k = types.indexOf(T.QUOTED_NEWLINE)
  return k < 0 ? -1 : starts[k]!
}

/** The start of the first token at or after `p` that may start an expression; -1 if none. */
function expressionStart(text: string, p: number, template: boolean): number {
  const {types, starts} = lex(text, 0, template)
  for (let i = 0; i < types.length; i++) {
    if (starts[i]! < p) continue
    switch (types[i]) {
      case T.IDENT:
      case T.NUMBER:
      case T.OQUOTE:
      case T.OHEREDOC:
      case T.OBRACE:
      case T.OBRACK:
      case T.OPAREN:
      case T.MINUS:
      case T.BANG:
        return starts[i]!
    }
  }
  return -1
}

// ---------------------------------------------------------------------------------------------------------
// Text nested deeper than the parser's stack allows

/** Nesting levels of one piece of a deeply nested text. */
const MAX_DEPTH = 100

/** HCL's nesting levels: the tokens that open and close one. */
function opens(t: number): boolean {
  return (
    t === T.OBRACE ||
    t === T.OBRACK ||
    t === T.OPAREN ||
    t === T.TEMPLATE_INTERP ||
    t === T.TEMPLATE_CONTROL ||
    t === T.OQUOTE ||
    t === T.OHEREDOC
  )
}

function closes(t: number): boolean {
  return t === T.CBRACE || t === T.CBRACK || t === T.CPAREN || t === T.TEMPLATE_SEQ_END || t === T.CQUOTE || t === T.CHEREDOC
}

/** A group of tokens read on its own: tokens [from, to), as a template or an expression. */
interface Piece {
  readonly from: number
  readonly to: number
  readonly template: boolean
  /** The group is `(…)`, read as `[…]`: the arguments of a call, or a parenthesized expression. */
  readonly tuple: boolean
  readonly scope: Scope | undefined
}

/** One stretch of a piece's text: `length` characters at `at` in the piece, from `from` in the source. */
interface Segment {
  readonly at: number
  readonly from: number
  readonly length: number
}

/**
 * Reads deeply nested text in pieces, without recursion. In each piece, every group (`(…)`, `[…]`, `{…}`,
 * `${…}`) that opens MAX_DEPTH levels down is a piece of its own, parsed on its own (`(…)` as a tuple, so
 * that call arguments read), and in the piece around it the group's content is replaced by a name, `_`, that
 * makes no reference (`(_)`, `[_]`, `${_}`; `{…}` becomes `[_]`), which cuts a traversal at the group as the
 * group itself cuts it. Each piece is read in the scope of the `for` symbols around its place, so the pieces
 * give what the whole gives.
 */
function readNested(source: string, template: boolean, sink: Sink, origin: Origin): void {
  const tokens = lex(source, 0, template)
  const {types, starts, ends} = tokens
  const n = types.length - 1 // without the end
  const close = new Int32Array(n).fill(-1)
  const open: number[] = []
  for (let i = 0; i < n; i++) {
    const t = types[i]!
    if (opens(t)) open.push(i)
    else if (closes(t) && open.length > 0) close[open.pop()!] = i
  }
  const pieces: Piece[] = [{from: 0, to: n, template, tuple: false, scope: origin.scope}]
  while (pieces.length > 0) {
    const piece = pieces.pop()!
    const top = piece.from === 0 && piece.to === n
    const segments: Segment[] = []
    let text = ''
    /** Appends source[a, b) to the piece's text. */
    const copy = (a: number, b: number): void => {
      if (b <= a) return
      segments.push({at: text.length, from: a, length: b - a})
      text += source.slice(a, b)
    }
    const holes: {readonly at: number; readonly piece: Piece}[] = []
    let depth = 0
    let pos = top ? 0 : starts[piece.from]! // the source copied up to here
    for (let i = piece.from; i < piece.to; i++) {
      const t = types[i]!
      const c = close[i]!
      const group = t === T.TEMPLATE_INTERP || t === T.OPAREN || t === T.OBRACK || t === T.OBRACE
      if (group && depth >= MAX_DEPTH - 1 && c > i + 1 && c < piece.to && !literalKey(types, i, c)) {
        const interp = t === T.TEMPLATE_INTERP
        copy(pos, starts[i]!)
        if (t === T.OBRACE) text += '['
        else copy(starts[i]!, ends[i]!)
        holes.push({
          at: text.length,
          piece: {from: interp ? i + 1 : i, to: interp ? c : c + 1, template: false, tuple: t === T.OPAREN, scope: undefined},
        })
        text += '_'
        if (t === T.OBRACE) text += ']'
        else copy(starts[c]!, ends[c]!)
        pos = ends[c]!
        i = c
        continue
      }
      if (opens(t)) depth++
      else if (closes(t) && depth > 0) depth--
      if (piece.tuple && (i === piece.from || i === piece.to - 1)) {
        copy(pos, starts[i]!)
        text += i === piece.from ? '[' : ']'
        pos = ends[i]!
      }
    }
    copy(pos, top ? source.length : ends[piece.to - 1]!)
    const at = (p: number): number => origin.at(sourceOffset(segments, p))
    let parsed
    try {
      parsed = parse(text, piece.template)
    } catch {
      continue // operators or directives nested too deep even in a piece
    }
    // the scopes of the placeholders
    const scopes = new Map<number, Scope | undefined>()
    collect(parsed.expr, text, sink, {at, scope: piece.scope}, (s, scope) => scopes.set(s, scope))
    for (const h of holes) pieces.push({...h.piece, scope: scopes.has(h.at) ? scopes.get(h.at) : piece.scope})
  }
}

/** The source offset of offset `p` of a piece's text. */
function sourceOffset(segments: readonly Segment[], p: number): number {
  let lo = 0
  let hi = segments.length - 1
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1
    if (segments[mid]!.at <= p) lo = mid
    else hi = mid - 1
  }
  const g = segments[lo]
  return g === undefined ? p : g.from + (p - g.at)
}

/** Whether tokens [open, close] are `[0]` or `["key"]`, a traversal step, which is never cut. */
function literalKey(types: ArrayLike<number>, open: number, close: number): boolean {
  if (types[open] !== T.OBRACK) return false
  let i = open + 1
  while (types[i] === T.NEWLINE) i++
  if (types[i] === T.NUMBER) i++
  else if (types[i] === T.OQUOTE) {
    i++
    while (types[i] === T.QUOTED_LIT) i++
    if (types[i] !== T.CQUOTE) return false
    i++
  } else return false
  while (types[i] === T.NEWLINE) i++
  return i === close
}

// ---------------------------------------------------------------------------------------------------------
// The tree

/** The iterator symbols of the `for` expressions and `%{for}` directives around a node. */
interface Scope {
  readonly names: readonly string[]
  readonly parent: Scope | undefined
}

function inScope(name: string, scope: Scope | undefined, sink: Sink): boolean {
  if (sink.scope !== undefined && sink.scope.has(name)) return true
  for (let s = scope; s !== undefined; s = s.parent) if (s.names.includes(name)) return true
  return false
}

function bind(keyVar: string | undefined, valVar: string, parent: Scope | undefined): Scope {
  return {names: keyVar === undefined ? [valVar] : [keyVar, valVar], parent}
}

/** Roots that are valid references but never name an object of the graph (addrs.ParseRef). */
const OTHER_ROOTS = new Set(['count', 'each', 'path', 'self', 'terraform', 'caller', 'template', 'lazy', 'arg', 'action', 'list'])

/**
 * Collects what `e` holds, without recursion. `names` is told the offset and the scope of every name
 * that stands alone (readNested finds the scopes of its placeholders so).
 */
function collect(
  e: Expr,
  text: string,
  sink: Sink,
  origin: Origin,
  names: ((s: number, scope: Scope | undefined) => void) | undefined,
  base = 0,
): void {
  const exprs: Expr[] = [e]
  const scopes: (Scope | undefined)[] = [origin.scope]
  const at = origin.at
  while (exprs.length > 0) {
    const x = exprs.pop()!
    const scope = scopes.pop()
    switch (x.k) {
      case 'trav':
        // a name alone is no reference (and may be a placeholder of readNested)
        if (x.steps.length === 0) names?.(x.s, scope)
        else if (sink.refs !== undefined && !OTHER_ROOTS.has(x.root) && !inScope(x.root, scope, sink))
          traversal(text, base, x.s, x.root, x.steps, sink.refs, at)
        continue
      case 'call':
        if (sink.fns !== undefined && x.name.startsWith('provider::')) {
          const parts = x.name.split('::')
          if (parts.length >= 3)
            sink.fns.push({
              provider: parts[1]!,
              function: parts[parts.length - 1]!,
              name: x.name,
              start: at(x.s),
              end: at(x.nameE),
            })
        }
        break
      case 'for': {
        const inner = bind(x.keyVar, x.valVar, scope)
        if (x.cond) {
          exprs.push(x.cond)
          scopes.push(inner)
        }
        exprs.push(x.valExpr)
        scopes.push(inner)
        if (x.keyExpr) {
          exprs.push(x.keyExpr)
          scopes.push(inner)
        }
        exprs.push(x.coll)
        scopes.push(scope)
        continue
      }
      case 'tfor':
        exprs.push(x.body, x.coll)
        scopes.push(bind(x.keyVar, x.valVar, scope), scope)
        continue
    }
    // the children, last first (children() without its arrays, for the frequent kinds)
    switch (x.k) {
      case 'tmpl':
      case 'call':
      case 'tuple': {
        const kids = x.k === 'tmpl' ? x.parts : x.k === 'call' ? x.args : x.items
        for (let i = kids.length - 1; i >= 0; i--) {
          exprs.push(kids[i]!)
          scopes.push(scope)
        }
        continue
      }
      case 'object':
        for (let i = x.items.length - 1; i >= 0; i--) {
          const it = x.items[i]!
          exprs.push(it.value, it.key)
          scopes.push(scope, scope)
        }
        continue
      case 'binary':
        exprs.push(x.right, x.left)
        scopes.push(scope, scope)
        continue
      case 'wrap':
      case 'parens':
        exprs.push(x.inner)
        scopes.push(scope)
        continue
      case 'rel':
        exprs.push(x.src)
        scopes.push(scope)
        continue
    }
    const kids = children(x)
    for (let i = kids.length - 1; i >= 0; i--) {
      exprs.push(kids[i]!)
      scopes.push(scope)
    }
  }
}

/**
 * Whether a traversal step is written as a reference's step: `.name` or `.0`, or `[…]` holding a plain
 * number or a quoted string without sequences. What stands between it and the part before it is what HCL
 * skips there (blanks; inside brackets and parentheses, newlines and comments too): the parser made it a
 * step of the traversal, as HCL does.
 */
function plainStep(text: string, st: Step, base: number): boolean {
  const c = text.charCodeAt(st.s - base)
  if (st.k === 'attr') return c === 46 && st.e - st.s === st.name.length + 1
  if (c === 46) {
    // legacy index syntax: `.0`
    for (let p = st.s + 1; p < st.e; p++) if (!isDigit(text.charCodeAt(p - base))) return false
    return st.e > st.s + 1
  }
  if (c !== 91 || text.charCodeAt(st.e - 1 - base) !== 93) return false
  let a = st.s + 1
  while (isSpace(text.charCodeAt(a - base))) a++
  let b = st.e - 2
  while (b > a && isSpace(text.charCodeAt(b - base))) b--
  const first = text.charCodeAt(a - base)
  const last = text.charCodeAt(b - base)
  if (typeof st.key === 'number') return isDigit(first) && isDigit(last)
  if (typeof st.key !== 'string' || first !== 34 || last !== 34 || b === a) return false
  const inside = text.slice(a - base, b - base)
  return !inside.includes('${') && !inside.includes('%{') && !inside.includes('\n')
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57
}

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13
}

/** Records the reference a traversal makes, if it makes one. */
function traversal(text: string, base: number, start: number, root: string, all: readonly Step[], out: Reference[], at: OffsetMap): void {
  // the steps written as a reference's steps (three at most name an object); the traversal is cut at the first other one
  let plain = 0
  while (plain < 3 && plain < all.length && plainStep(text, all[plain]!, base)) plain++
  const s1 = plain > 0 ? all[0] : undefined
  if (s1 === undefined || s1.k !== 'attr') return
  const s2 = plain > 1 ? all[1] : undefined
  switch (root) {
    case 'var':
    case 'local':
      out.push({kind: root, name: s1.name, address: `${root}.${s1.name}`, start: at(start), end: at(s1.e)})
      return
    case 'module': {
      const call = s1.name
      // `module.c.out`, `module.c[0].out`; `module.c[0][1]` is an invalid reference; anything else ends at the call (or instance)
      const s = s2 !== undefined && s2.k === 'index' ? (plain > 2 ? all[2] : undefined) : s2
      if (s !== undefined && s.k === 'attr')
        out.push({kind: 'module', call, output: s.name, address: `module.${call}.${s.name}`, start: at(start), end: at(s.e)})
      else if (s === undefined)
        out.push({kind: 'module', call, output: undefined, address: `module.${call}`, start: at(start), end: at((s2 ?? s1).e)})
      return
    }
    case 'data':
    case 'ephemeral':
    case 'resource': {
      if (s2 === undefined || s2.k !== 'attr') return
      const mode: ReferenceMode = root === 'resource' ? 'managed' : root
      const address = `${mode === 'managed' ? '' : mode + '.'}${s1.name}.${s2.name}`
      out.push({kind: 'resource', mode, type: s1.name, name: s2.name, address, start: at(start), end: at(s2.e)})
      return
    }
    default:
      out.push({
        kind: 'resource',
        mode: 'managed',
        type: root,
        name: s1.name,
        address: `${root}.${s1.name}`,
        start: at(start),
        end: at(s1.e),
      })
  }
}

// ---------------------------------------------------------------------------------------------------------
// JSON syntax

/**
 * Decodes the JSON string whose opening quote is at q. Returns the text, a map from each text offset to
 * the offset in `json`, and the position after the closing quote.
 */
function decodeJsonString(json: string, q: number): {text: string; map: OffsetMap; end: number} {
  const n = json.length
  let p = q + 1
  while (p < n) {
    const c = json.charCodeAt(p)
    if (c === 34 || c === 92) break
    p++
  }
  const base = q + 1
  if (p >= n || json.charCodeAt(p) === 34) return {text: json.slice(base, p), map: (x) => base + x, end: Math.min(p + 1, n)}
  // escapes: decode by hand, keeping where each character came from
  const chars: string[] = []
  const offsets: number[] = []
  p = base
  while (p < n) {
    const c = json.charCodeAt(p)
    if (c === 34) {
      p++
      break
    }
    if (c !== 92) {
      chars.push(json[p] ?? '')
      offsets.push(p)
      p++
      continue
    }
    const e = json[p + 1] ?? ''
    let ch: string
    let len = 2
    switch (e) {
      case 'n':
        ch = '\n'
        break
      case 't':
        ch = '\t'
        break
      case 'r':
        ch = '\r'
        break
      case 'b':
        ch = '\b'
        break
      case 'f':
        ch = '\f'
        break
      case 'u': {
        const hex = json.slice(p + 2, p + 6)
        const code = /^[0-9a-fA-F]{4}$/.test(hex) ? parseInt(hex, 16) : 0xfffd
        ch = String.fromCharCode(code)
        len = 6
        break
      }
      default:
        ch = e
    }
    chars.push(ch)
    offsets.push(p)
    p += len
  }
  offsets.push(Math.min(p, n))
  const table = Int32Array.from(offsets)
  return {text: chars.join(''), map: (x) => table[x] ?? base + x, end: Math.min(p, n)}
}

/** Every string of the JSON text (object keys too) is read: as a template, or as an expression. */
function readJson(json: string, expressions: boolean, sink: Sink): void {
  const n = json.length
  let i = 0
  while (i < n) {
    if (json.charCodeAt(i) !== 34) {
      i++
      continue
    }
    const s = decodeJsonString(json, i)
    // without `${` or `%{`, a template is plain text
    if (!expressions) {
      if (s.text.includes('{')) readText(s.text, true, sink, s.map)
    } else if (!readText(s.text, false, sink, s.map) && s.text.includes('{')) {
      // an expression that does not parse, such as `${aws_instance.a}`: its sequences are read too
      const more: Sink = {refs: sink.refs && [], fns: sink.fns && [], scope: sink.scope}
      readText(s.text, true, more, s.map)
      addNew(sink.refs, more.refs)
      addNew(sink.fns, more.fns)
    }
    i = Math.max(s.end, i + 1)
  }
}

/** Adds to `to` the items of `from` at offsets where `to` has none yet. */
function addNew<R extends {readonly start: number}>(to: R[] | undefined, from: readonly R[] | undefined): void {
  if (to === undefined || from === undefined || from.length === 0) return
  const starts = new Set(to.map((r) => r.start))
  for (const r of from) if (!starts.has(r.start)) to.push(r)
}
