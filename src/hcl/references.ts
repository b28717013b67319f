// The references an expression makes, found as Terraform finds them (`expr.Variables()` of HCL, then
// `addrs.ParseRef`), by a plain linear scanner over the expression's source text.
//
// Contract: `findReferences(text, options)` never throws, on any input. It reports the traversals rooted at
// `var`, `local`, `module`, `data`, `ephemeral`, `resource` or a resource type, cut where Terraform cuts them
// (`aws_instance.a[0].id` is the resource `aws_instance.a`; `module.c[each.key].out`, whose index is not a
// literal, is the whole call `module.c`; `module.c.out` is one output). It skips what HCL does not read as a
// variable: string literal text outside `${…}`/`%{…}`, heredoc text, comments, function names (also
// `provider::ns::fn`), object keys, attributes of non-traversal values (`f(x).y`), the iterator symbols of
// `for` expressions and `%{for}` directives in their scope, and the names given in `options.scope` (dynamic
// block iterators). `count`, `each`, `self`, `path`, `terraform` and other non-object roots are not reported.
// Positions are UTF-16 offsets into `text` (for JSON, into the JSON text, escapes included).
//
// One forward pass with an explicit stack of frames (brackets, interpolations, strings, heredocs), so it runs
// in linear time and cannot overflow the JS stack however deeply the input nests.

import {ModulePath} from '../addrs/module.js'
import {ResourceAddr, type ResourceMode} from '../addrs/resource.js'

export type ReferenceMode = ResourceMode

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

/** The references in one expression, in source order. Never throws. */
export function findReferences(text: string, options: ReferenceScanOptions = {}): Reference[] {
  const out: Reference[] = []
  if (typeof text !== 'string') return out
  const scope = options.scope
  if (options.syntax === 'json') scanJson(text, options.jsonStringsAreExpressions === true, scope, out, undefined)
  else scanNative(text, false, scope, out, undefined, 0, undefined)
  return out
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

/** The provider-defined function calls in one expression, in source order. Never throws. */
export function findProviderFunctionCalls(text: string, options: ReferenceScanOptions = {}): ProviderFunctionCall[] {
  const out: ProviderFunctionCall[] = []
  if (typeof text !== 'string') return out
  const scope = options.scope
  if (options.syntax === 'json') scanJson(text, options.jsonStringsAreExpressions === true, scope, [], out)
  else scanNative(text, false, scope, [], undefined, 0, out)
  return out
}

/** The parts of a namespaced function name `a::b::c` starting at i (blanks allowed around `::`), and where it ends. */
function namespacedName(text: string, i: number): {parts: string[]; end: number; next: number} {
  const parts: string[] = []
  let e = identEnd(text, i)
  parts.push(text.slice(i, e))
  let end = e
  for (;;) {
    const k = skipBlanks(text, end)
    if (text.charCodeAt(k) !== C_COLON || text.charCodeAt(k + 1) !== C_COLON) break
    const s = skipBlanks(text, k + 2)
    if (!isIdentStart(text.charCodeAt(s))) break
    e = identEnd(text, s)
    parts.push(text.slice(s, e))
    end = e
  }
  return {parts, end, next: skipBlanks(text, end)}
}

// ---------------------------------------------------------------------------------------------------------
// Characters

const C_TAB = 9
const C_LF = 10
const C_CR = 13
const C_SPACE = 32
const C_QUOTE = 34
const C_HASH = 35
const C_DOLLAR = 36
const C_PERCENT = 37
const C_LPAREN = 40
const C_RPAREN = 41
const C_STAR = 42
const C_PLUS = 43
const C_MINUS = 45
const C_DOT = 46
const C_SLASH = 47
const C_0 = 48
const C_9 = 57
const C_COLON = 58
const C_LT = 60
const C_QUESTION = 63
const C_LBRACK = 91
const C_BACKSLASH = 92
const C_RBRACK = 93
const C_UNDERSCORE = 95
const C_LBRACE = 123
const C_RBRACE = 125
const C_TILDE = 126

function isDigit(c: number): boolean {
  return c >= C_0 && c <= C_9
}

/** HCL identifiers: a letter or `_` (or any non-ASCII character), then letters, digits, `_` and `-`. */
function isIdentStart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === C_UNDERSCORE || c >= 0x80
}

function isIdentPart(c: number): boolean {
  return isIdentStart(c) || isDigit(c) || c === C_MINUS
}

function isBlank(c: number): boolean {
  return c === C_SPACE || c === C_TAB
}

function isSpace(c: number): boolean {
  return c === C_SPACE || c === C_TAB || c === C_LF || c === C_CR
}

function identEnd(text: string, i: number): number {
  let j = i + 1
  while (j < text.length && isIdentPart(text.charCodeAt(j))) j++
  return j
}

function skipBlanks(text: string, i: number): number {
  while (i < text.length && isBlank(text.charCodeAt(i))) i++
  return i
}

function skipSpaces(text: string, i: number): number {
  while (i < text.length && isSpace(text.charCodeAt(i))) i++
  return i
}

/** After a number literal starting at i (digits, fraction, exponent). */
function numberEnd(text: string, i: number): number {
  let j = i
  while (j < text.length && isDigit(text.charCodeAt(j))) j++
  if (text.charCodeAt(j) === C_DOT && isDigit(text.charCodeAt(j + 1))) {
    j += 2
    while (j < text.length && isDigit(text.charCodeAt(j))) j++
  }
  const e = text.charCodeAt(j)
  if (e === 101 || e === 69) {
    let k = j + 1
    const s = text.charCodeAt(k)
    if (s === C_PLUS || s === C_MINUS) k++
    if (isDigit(text.charCodeAt(k))) {
      j = k
      while (j < text.length && isDigit(text.charCodeAt(j))) j++
    }
  }
  return j
}

// ---------------------------------------------------------------------------------------------------------
// Frames

const F_TOP = 0 // the expression itself
const F_PAREN = 1
const F_BRACK = 2
const F_BRACE = 3
const F_INTERP = 4 // ${ … }
const F_DIRECTIVE = 5 // %{ … }
const F_QUOTED = 6 // "…"
const F_HEREDOC = 7 // <<EOF … EOF
const F_TEMPLATE = 8 // a bare template (a JSON string's text)

const FOR_NONE = 0
const FOR_NAMES = 1 // `for a, b` before `in`
const FOR_COLLECTION = 2 // after `in`, before the `:` (outer scope)
const FOR_BODY = 3 // the iterator symbols are in scope

interface Frame {
  readonly kind: number
  forPhase: number
  names: string[] | undefined
  /** `?` seen at this level while reading a for collection, each waiting for its `:`. */
  pendingQuestions: number
  /** Heredoc closing marker. */
  readonly marker: string
  /** Template frames: symbols of the `%{for}` directives currently open. */
  directiveScopes: string[][] | undefined
}

function frame(kind: number, marker = ''): Frame {
  return {kind, forPhase: FOR_NONE, names: undefined, pendingQuestions: 0, marker, directiveScopes: undefined}
}

function isTemplateFrame(kind: number): boolean {
  return kind >= F_QUOTED
}

function inScope(name: string, stack: readonly Frame[], depth: number, scope: ReadonlySet<string> | undefined): boolean {
  if (scope !== undefined && scope.has(name)) return true
  for (let d = depth; d >= 0; d--) {
    const f = stack[d]
    if (f === undefined) continue
    if (f.forPhase === FOR_BODY && f.names !== undefined && f.names.includes(name)) return true
    if (f.directiveScopes !== undefined) for (const names of f.directiveScopes) if (names.includes(name)) return true
  }
  return false
}

/** If `text` at i starts with `word` followed by a space (or the end), the position after it; else -1. */
function keywordAt(text: string, i: number, word: string): number {
  if (!text.startsWith(word, i)) return -1
  const c = text.charCodeAt(i + word.length)
  return Number.isNaN(c) || isSpace(c) || c === C_TILDE || c === C_RBRACE ? i + word.length : -1
}

// ---------------------------------------------------------------------------------------------------------
// Native syntax

const LITERAL_WORDS = new Set(['true', 'false', 'null'])
// Roots that are valid references but never name an object of the graph (addrs.ParseRef).
const OTHER_ROOTS = new Set(['count', 'each', 'path', 'self', 'terraform', 'caller', 'template', 'lazy', 'arg', 'action', 'list'])
const TYPE_WORDS = new Set(['string', 'number', 'bool', 'any'])

/** One traversal step after the root: an attribute name, or an index with a literal key. */
interface Step {
  readonly attr: string | undefined
  readonly end: number
}

/**
 * The traversal step at i (spaces and tabs allowed before it), or undefined where the traversal ends: at a
 * splat, at an index whose key is not a literal, at anything else.
 */
function stepAt(text: string, i: number): Step | undefined {
  const k = skipBlanks(text, i)
  const c = text.charCodeAt(k)
  if (c === C_DOT) {
    const d = text.charCodeAt(k + 1)
    if (isIdentStart(d)) {
      const e = identEnd(text, k + 1)
      return {attr: text.slice(k + 1, e), end: e}
    }
    if (isDigit(d)) {
      // legacy index syntax: foo.0
      let e = k + 2
      while (e < text.length && isDigit(text.charCodeAt(e))) e++
      return {attr: undefined, end: e}
    }
    return undefined
  }
  if (c !== C_LBRACK) return undefined
  let p = skipSpaces(text, k + 1)
  const d = text.charCodeAt(p)
  if (isDigit(d)) p = numberEnd(text, p)
  else if (d === C_QUOTE) {
    p++
    for (;;) {
      const s = text.charCodeAt(p)
      if (Number.isNaN(s) || s === C_LF) return undefined
      if (s === C_QUOTE) break
      if (s === C_BACKSLASH) p += 2
      else if ((s === C_DOLLAR || s === C_PERCENT) && text.charCodeAt(p + 1) === C_LBRACE) return undefined
      else p++
    }
    p++
  } else return undefined
  p = skipSpaces(text, p)
  return text.charCodeAt(p) === C_RBRACK ? {attr: undefined, end: p + 1} : undefined
}

/**
 * Reads the traversal whose root identifier is text[start, rootEnd) and records the reference it makes.
 * Returns the position after the part read.
 */
function offsetAt(map: Int32Array | undefined, base: number, p: number): number {
  return map === undefined ? base + p : (map[p] ?? base + p)
}

function readTraversal(
  text: string,
  start: number,
  rootEnd: number,
  root: string,
  out: Reference[],
  base: number,
  map: Int32Array | undefined,
): number {
  const s1 = stepAt(text, rootEnd)
  if (s1 === undefined || s1.attr === undefined) return rootEnd
  switch (root) {
    case 'var':
    case 'local': {
      const kind = root
      out.push({kind, name: s1.attr, address: `${root}.${s1.attr}`, start: offsetAt(map, base, start), end: offsetAt(map, base, s1.end)})
      return s1.end
    }
    case 'module': {
      const call = s1.attr
      let end = s1.end
      let s = stepAt(text, end)
      if (s !== undefined && s.attr === undefined) {
        end = s.end
        s = stepAt(text, end)
      }
      if (s !== undefined && s.attr !== undefined) {
        out.push({
          kind: 'module',
          call,
          output: s.attr,
          address: `${ModulePath.of([call]).toString()}.${s.attr}`,
          start: offsetAt(map, base, start),
          end: offsetAt(map, base, s.end),
        })
        return s.end
      }
      // `module.c[0][1]` is an invalid reference; anything else ends at the call (or instance)
      if (s === undefined)
        out.push({
          kind: 'module',
          call,
          output: undefined,
          address: ModulePath.of([call]).toString(),
          start: offsetAt(map, base, start),
          end: offsetAt(map, base, end),
        })
      return end
    }
    case 'data':
    case 'ephemeral':
    case 'resource': {
      const s2 = stepAt(text, s1.end)
      if (s2 === undefined || s2.attr === undefined) return s1.end
      const mode: ReferenceMode = root === 'resource' ? 'managed' : root
      const address = new ResourceAddr(ModulePath.root, mode, s1.attr, s2.attr).localString()
      out.push({
        kind: 'resource',
        mode,
        type: s1.attr,
        name: s2.attr,
        address,
        start: offsetAt(map, base, start),
        end: offsetAt(map, base, s2.end),
      })
      return s2.end
    }
    default:
      out.push({
        kind: 'resource',
        mode: 'managed',
        type: root,
        name: s1.attr,
        address: new ResourceAddr(ModulePath.root, 'managed', root, s1.attr).localString(),
        start: offsetAt(map, base, start),
        end: offsetAt(map, base, s1.end),
      })
      return s1.end
  }
}

/**
 * Scans `text` as a native expression (or, with `template`, as a bare template: a JSON string's text).
 * `base`/`map` turn offsets in `text` into offsets of the caller's text.
 */
function scanNative(
  text: string,
  template: boolean,
  scope: ReadonlySet<string> | undefined,
  out: Reference[],
  map: Int32Array | undefined,
  base: number,
  fns: ProviderFunctionCall[] | undefined,
): void {
  new NativeScanner(text, template, scope, out, map, base, fns).run()
}

function heredocEndAt(text: string, p: number, marker: string): number {
  const k = skipBlanks(text, p)
  if (!text.startsWith(marker, k)) return -1
  const e = k + marker.length
  const c = text.charCodeAt(e)
  return Number.isNaN(c) || c === C_LF || c === C_CR ? e : -1
}

class NativeScanner {
  private readonly stack: Frame[]
  private depth = 0
  private top: Frame

  constructor(
    private readonly text: string,
    template: boolean,
    private readonly scope: ReadonlySet<string> | undefined,
    private readonly out: Reference[],
    private readonly map: Int32Array | undefined,
    private readonly base: number,
    private readonly fns: ProviderFunctionCall[] | undefined,
  ) {
    this.top = frame(template ? F_TEMPLATE : F_TOP)
    this.stack = [this.top]
  }

  private push(f: Frame): void {
    this.depth++
    this.stack[this.depth] = f
    this.top = f
  }

  private pop(): Frame {
    const f = this.top
    if (this.depth > 0) {
      this.depth--
      this.top = this.stack[this.depth] ?? f
    }
    return f
  }

  private closeDirective(): void {
    const f = this.pop()
    const t = this.top
    if (f.forPhase !== FOR_NONE && f.names !== undefined && isTemplateFrame(t.kind)) (t.directiveScopes ??= []).push(f.names)
  }

  run(): void {
    const {text, stack, scope, out, map, base} = this
    const n = text.length
    // whether the last significant character was a `.` (an identifier after it is an attribute)
    let afterDot = false
    let i = 0
    while (i < n) {
      let c = text.charCodeAt(i)
      const top = this.top
      const kind = top.kind

      if (isTemplateFrame(kind)) {
        // plain template text
        while (c !== C_DOLLAR && c !== C_PERCENT && c !== C_BACKSLASH && c !== C_QUOTE && c !== C_LF) {
          if (++i >= n) return
          c = text.charCodeAt(i)
        }
        if ((c === C_DOLLAR || c === C_PERCENT) && i + 1 < n) {
          const d = text.charCodeAt(i + 1)
          if (d === c && text.charCodeAt(i + 2) === C_LBRACE) {
            i += 3 // `$${` and `%%{` are literal text
            continue
          }
          if (d === C_LBRACE) {
            i += 2
            if (text.charCodeAt(i) === C_TILDE) i++
            afterDot = false
            if (c === C_DOLLAR) {
              this.push(frame(F_INTERP))
              continue
            }
            const f = frame(F_DIRECTIVE)
            this.push(f)
            const k = skipSpaces(text, i)
            let e = keywordAt(text, k, 'for')
            if (e >= 0) {
              f.forPhase = FOR_NAMES
              f.names = []
              i = e
              continue
            }
            e = keywordAt(text, k, 'endfor')
            if (e >= 0) {
              // the `%{endfor}` closes the innermost open `%{for}` of the template
              const t = stack[this.depth - 1]
              t?.directiveScopes?.pop()
              i = e
            }
            continue
          }
          i++
          continue
        }
        if (kind === F_QUOTED) {
          if (c === C_BACKSLASH) i += 2
          else if (c === C_QUOTE || c === C_LF) {
            // a newline cannot be inside a quoted string: end it there to recover
            this.pop()
            afterDot = false
            i++
          } else i++
          continue
        }
        if (kind === F_HEREDOC && c === C_LF) {
          i++
          const e = heredocEndAt(text, i, top.marker)
          if (e >= 0) {
            this.pop()
            afterDot = false
            i = e
          }
          continue
        }
        i++
        continue
      }

      // expression mode
      if (isSpace(c)) {
        i++
        continue
      }
      if (isIdentStart(c)) {
        const e = identEnd(text, i)
        if (afterDot) {
          // an attribute of something that is not a traversal: `f(x).y`, `a[i].b`
          afterDot = false
          i = e
          continue
        }
        const name = text.slice(i, e)
        if (top.forPhase === FOR_NAMES) {
          if (name === 'in') top.forPhase = FOR_COLLECTION
          else top.names?.push(name)
          i = e
          continue
        }
        const k = skipBlanks(text, e)
        const next = text.charCodeAt(k)
        if (next === C_LPAREN) {
          i = e // a function call
          continue
        }
        if (next === C_COLON && text.charCodeAt(k + 1) === C_COLON) {
          // provider::namespace::function
          if (this.fns !== undefined && name === 'provider') {
            const nn = namespacedName(text, i)
            if (nn.parts.length >= 3 && text.charCodeAt(nn.next) === C_LPAREN) {
              this.fns.push({
                provider: nn.parts[1]!,
                function: nn.parts[nn.parts.length - 1]!,
                name: nn.parts.join('::'),
                start: offsetAt(map, base, i),
                end: offsetAt(map, base, nn.end),
              })
              i = nn.end
              continue
            }
          }
          let p = k
          while (text.charCodeAt(p) === C_COLON && text.charCodeAt(p + 1) === C_COLON && isIdentStart(text.charCodeAt(p + 2)))
            p = identEnd(text, p + 2)
          i = p
          continue
        }
        if (LITERAL_WORDS.has(name) || OTHER_ROOTS.has(name) || inScope(name, stack, this.depth, scope)) {
          i = e
          continue
        }
        if (TYPE_WORDS.has(name) && stepAt(text, e) === undefined) {
          i = e
          continue
        }
        i = readTraversal(text, i, e, name, out, base, map)
        continue
      }
      if (isDigit(c)) {
        i = numberEnd(text, i)
        afterDot = false
        continue
      }
      afterDot = false
      switch (c) {
        case C_DOT:
          afterDot = true
          i++
          continue
        case C_QUOTE:
          this.push(frame(F_QUOTED))
          i++
          continue
        case C_HASH:
          while (i < n && text.charCodeAt(i) !== C_LF) i++
          continue
        case C_SLASH: {
          const d = text.charCodeAt(i + 1)
          if (d === C_SLASH) {
            while (i < n && text.charCodeAt(i) !== C_LF) i++
          } else if (d === C_STAR) {
            const e = text.indexOf('*/', i + 2)
            i = e < 0 ? n : e + 2
          } else i++
          continue
        }
        case C_LT: {
          if (text.charCodeAt(i + 1) === C_LT) {
            let k = i + 2
            if (text.charCodeAt(k) === C_MINUS) k++
            if (isIdentStart(text.charCodeAt(k))) {
              const e = identEnd(text, k)
              let nl = e
              if (text.charCodeAt(nl) === C_CR) nl++
              if (text.charCodeAt(nl) === C_LF) {
                const marker = text.slice(k, e)
                i = nl + 1
                const end = heredocEndAt(text, i, marker)
                if (end >= 0) i = end
                else this.push(frame(F_HEREDOC, marker))
                continue
              }
            }
            i += 2
            continue
          }
          i++
          continue
        }
        case C_LPAREN:
          this.push(frame(F_PAREN))
          i++
          continue
        case C_LBRACK:
        case C_LBRACE: {
          const f = frame(c === C_LBRACK ? F_BRACK : F_BRACE)
          this.push(f)
          i++
          const k = skipSpaces(text, i)
          const e = keywordAt(text, k, 'for')
          if (e >= 0 && isIdentStart(text.charCodeAt(skipSpaces(text, e)))) {
            f.forPhase = FOR_NAMES
            f.names = []
            i = e
          }
          continue
        }
        case C_RPAREN:
          if (kind === F_PAREN) this.pop()
          i++
          continue
        case C_RBRACK:
          if (kind === F_BRACK) this.pop()
          i++
          continue
        case C_RBRACE:
          if (kind === F_BRACE || kind === F_INTERP) this.pop()
          else if (kind === F_DIRECTIVE) this.closeDirective()
          i++
          continue
        case C_QUESTION:
          if (top.forPhase === FOR_COLLECTION) top.pendingQuestions++
          i++
          continue
        case C_COLON:
          if (top.forPhase === FOR_COLLECTION) {
            if (top.pendingQuestions > 0) top.pendingQuestions--
            else if (kind !== F_DIRECTIVE) top.forPhase = FOR_BODY
          }
          i++
          continue
        default:
          i++
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------------------
// JSON syntax

/**
 * Decodes the JSON string whose opening quote is at q. Returns the text, a map from each text offset to
 * the offset in `json`, and the position after the closing quote.
 */
function decodeJsonString(json: string, q: number): {text: string; map: Int32Array | undefined; end: number} {
  const n = json.length
  let p = q + 1
  while (p < n) {
    const c = json.charCodeAt(p)
    if (c === C_QUOTE || c === C_BACKSLASH) break
    p++
  }
  if (p >= n || json.charCodeAt(p) === C_QUOTE) return {text: json.slice(q + 1, p), map: undefined, end: Math.min(p + 1, n)}
  // escapes: decode by hand, keeping where each character came from
  const chars: string[] = []
  const offsets: number[] = []
  p = q + 1
  while (p < n) {
    const c = json.charCodeAt(p)
    if (c === C_QUOTE) {
      p++
      break
    }
    if (c !== C_BACKSLASH) {
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
  return {text: chars.join(''), map: Int32Array.from(offsets), end: Math.min(p, n)}
}

function scanJson(
  json: string,
  expressions: boolean,
  scope: ReadonlySet<string> | undefined,
  out: Reference[],
  fns: ProviderFunctionCall[] | undefined,
): void {
  const n = json.length
  let i = 0
  while (i < n) {
    if (json.charCodeAt(i) !== C_QUOTE) {
      i++
      continue
    }
    const s = decodeJsonString(json, i)
    // without `${`, a template is plain text
    if (expressions || s.text.includes('{')) scanNative(s.text, !expressions, scope, out, s.map, i + 1, fns)
    i = Math.max(s.end, i + 1)
  }
}
