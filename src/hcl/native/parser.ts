// A recursive-descent parser of HCL native syntax over the tokens of lexer.ts. Its grammar, recovery
// and diagnostics (summary, detail and subject range of every syntax error) follow HashiCorp's HCL v2
// (hclsyntax) as Terraform uses it, so the messages are the ones users search for. Text nested deeper
// than nesting-limit.ts allows never reaches it.
import type {
  AnonExpr,
  CallExpr,
  ConditionalExpr,
  Expr,
  ForExpr,
  LiteralExpr,
  ObjectItem,
  ScopeTraversalExpr,
  Step,
  TemplateExpr,
  TemplateForExpr,
} from './ast.js'
import {T, type Tokens} from './lexer.js'

/** A syntax error before positions are computed: offsets of its subject. */
export interface RawDiag {
  readonly summary: string
  readonly detail: string
  readonly s: number
  readonly e: number
}

export interface PAttribute {
  readonly name: string
  readonly nameS: number
  readonly nameE: number
  readonly expr: Expr
}

export interface PLabel {
  readonly value: string
  readonly s: number
  readonly e: number
}

export interface PBlock {
  readonly type: string
  readonly typeS: number
  readonly typeE: number
  readonly labels: PLabel[]
  /** End of the closing brace (or of where the block stopped). */
  readonly e: number
  readonly body: PBody
}

export interface PBody {
  readonly attributes: PAttribute[]
  readonly blocks: PBlock[]
  /** Inside the braces: after `{`, before `}`. */
  readonly s: number
  readonly e: number
}

/** Binary operators by precedence level (0 binds loosest). */
const BINARY_OPERATORS: readonly (readonly (readonly [number, string])[])[] = [
  [[T.OR, '||']],
  [[T.AND, '&&']],
  [
    [T.EQUAL_OP, '=='],
    [T.NOT_EQUAL, '!='],
  ],
  [
    [T.GT, '>'],
    [T.GTE, '>='],
    [T.LT, '<'],
    [T.LTE, '<='],
  ],
  [
    [T.PLUS, '+'],
    [T.MINUS, '-'],
  ],
  [
    [T.STAR, '*'],
    [T.SLASH, '/'],
    [T.PERCENT, '%'],
  ],
]
const BINARY_LEVELS = BINARY_OPERATORS.length
/** By token type: its binary operator's level (-1: none) and text (a table lookup per level, no map). */
const {BINARY_LEVEL, BINARY_OP} = binaryTables()

function binaryTables(): {readonly BINARY_LEVEL: Int8Array; readonly BINARY_OP: readonly string[]} {
  const level = new Int8Array(64).fill(-1)
  const op: string[] = []
  for (let l = 0; l < BINARY_LEVELS; l++) {
    for (const [t, o] of BINARY_OPERATORS[l]!) {
      level[t] = l
      op[t] = o
    }
  }
  return {BINARY_LEVEL: level, BINARY_OP: op}
}

const OPPOSITE: Readonly<Record<number, number>> = {
  [T.OBRACE]: T.CBRACE,
  [T.OBRACK]: T.CBRACK,
  [T.OPAREN]: T.CPAREN,
  [T.OQUOTE]: T.CQUOTE,
  [T.OHEREDOC]: T.CHEREDOC,
  [T.CBRACE]: T.OBRACE,
  [T.CBRACK]: T.OBRACK,
  [T.CPAREN]: T.OPAREN,
  [T.CQUOTE]: T.OQUOTE,
  [T.CHEREDOC]: T.OHEREDOC,
  [T.TEMPLATE_CONTROL]: T.TEMPLATE_SEQ_END,
  [T.TEMPLATE_INTERP]: T.TEMPLATE_SEQ_END,
  [T.TEMPLATE_SEQ_END]: T.TEMPLATE_INTERP,
}

const UNCLOSED_BLOCK_DETAIL =
  'There is no closing brace for this block before the end of the file. This may be caused by incorrect brace nesting elsewhere in this file.'
const ARG_OR_BLOCK = 'Argument or block definition required'
const ARG_OR_BLOCK_DETAIL = 'An argument or block definition is required here.'
const ARG_OR_BLOCK_EQUALS =
  'An argument or block definition is required here. To set an argument, use the equals sign "=" to introduce the argument value.'
const INVALID_FOR = "Invalid 'for' expression"

/** Template pieces before directives are paired (HCL's "template tokens"). */
type TPart =
  | {readonly t: 'lit'; v: string; s: number; e: number}
  | {readonly t: 'interp'; readonly expr: Expr; readonly s: number; readonly e: number}
  | {readonly t: 'if'; readonly cond: Expr; readonly s: number; readonly e: number}
  | {
      readonly t: 'for'
      readonly keyVar: string | undefined
      readonly valVar: string
      readonly coll: Expr
      readonly s: number
      readonly e: number
    }
  | {readonly t: 'else' | 'endif' | 'endfor'; readonly s: number; readonly e: number}
  | {readonly t: 'end'; readonly s: number; readonly e: number}

/** Formats a span as HCL's Range.String(): `file:L,C-EC` or `file:L,C-EL,EC`. */
export type RangeString = (s: number, e: number) => string

export class Parser {
  private idx = 0
  /** Whether newlines count here (the top of `nl`, kept apart for the peeker). */
  private withNl = true
  private readonly nl: boolean[] = [true]
  private recovery = false
  readonly diags: RawDiag[] = []
  private readonly types: Uint8Array
  private readonly starts: Int32Array
  private readonly ends: Int32Array
  private readonly last: number
  private readonly escaped: readonly number[]

  constructor(
    private readonly text: string,
    tokens: Tokens,
    private readonly rangeString: RangeString,
  ) {
    this.types = tokens.types
    this.starts = tokens.starts
    this.ends = tokens.ends
    this.last = tokens.types.length - 1
    this.escaped = tokens.escaped
  }

  // ---------------------------------------------------------------------------------------------
  // The peeker: comments are skipped; where newlines count, a comment ending in one stands for it.

  /** Index of the next visible token. */
  private nextIndex(): number {
    const types = this.types
    const i0 = this.idx
    const t0 = types[i0]!
    if (t0 !== T.COMMENT && (t0 !== T.NEWLINE || this.withNl)) return i0 < this.last ? i0 : this.last
    const withNl = this.withNl
    for (let i = i0; i < this.last; i++) {
      const t = types[i]!
      if (t === T.COMMENT) {
        if (withNl && this.text.charCodeAt(this.ends[i]! - 1) === 10) return i
        continue
      }
      if (t === T.NEWLINE && !withNl) continue
      return i
    }
    return this.last
  }

  private typeOf(i: number): number {
    const t = this.types[i]!
    return t === T.COMMENT ? T.NEWLINE : t
  }

  private peek(): number {
    return this.typeOf(this.nextIndex())
  }

  /** Consumes the next visible token and returns its index. */
  private read(): number {
    const i = this.nextIndex()
    this.idx = i < this.last ? i + 1 : this.last
    return i
  }

  private prevIndex(): number {
    return this.idx === 0 ? this.nextIndex() : this.idx - 1
  }

  private s(i: number): number {
    return this.starts[i]!
  }

  private e(i: number): number {
    return this.ends[i]!
  }

  /** A literal token's value: its text, decoded when the lexer saw something to decode in it. */
  private literal(i: number, quoted: boolean): string {
    const a = this.escaped
    if (a.length > 0) {
      let lo = 0
      let hi = a.length - 1
      while (lo <= hi) {
        const mid = (lo + hi) >> 1
        const v = a[mid]!
        if (v === i) return this.decodeQuoted(this.starts[i]!, this.ends[i]!, quoted)
        if (v < i) lo = mid + 1
        else hi = mid - 1
      }
    }
    return this.text.slice(this.starts[i]!, this.ends[i]!)
  }

  private tokText(i: number): string {
    return this.text.slice(this.starts[i]!, this.ends[i]!)
  }

  private isKeyword(i: number, kw: string): boolean {
    return this.types[i] === T.IDENT && this.e(i) - this.s(i) === kw.length && this.text.startsWith(kw, this.s(i))
  }

  private push(include: boolean): void {
    this.nl.push(include)
    this.withNl = include
  }

  private pop(): void {
    const nl = this.nl
    nl.pop()
    this.withNl = nl[nl.length - 1]!
  }

  private err(summary: string, detail: string, s: number, e: number): void {
    this.diags.push({summary, detail, s, e})
  }

  private errTok(summary: string, detail: string, i: number): void {
    this.diags.push({summary, detail, s: this.s(i), e: this.e(i)})
  }

  // ---------------------------------------------------------------------------------------------
  // Bodies

  /** The file's body. */
  parseFile(): PBody {
    return this.parseBody(T.EOF, 0)
  }

  /** The whole text as one expression (newlines ignored, as HCL's ParseExpression reads it). */
  parseWholeExpression(): Expr {
    this.push(false)
    const expr = this.parseExpression()
    const next = this.nextIndex()
    if (this.typeOf(next) !== T.EOF && !this.recovery)
      this.errTok(
        'Extra characters after expression',
        'An expression was successfully parsed, but extra characters were found after it.',
        next,
      )
    this.pop()
    return expr
  }

  /** The whole text as a bare template (a JSON string's value). */
  parseWholeTemplate(): Expr {
    const start = this.s(this.nextIndex())
    const {exprs, passthru} = this.parseTemplateInner(T.EOF, false)
    if (passthru) return {k: 'wrap', inner: exprs[0]!, s: start, e: this.text.length}
    return {k: 'tmpl', parts: exprs, heredoc: false, s: start, e: this.text.length}
  }

  private parseBody(end: number, openIdx: number): PBody {
    const attributes: PAttribute[] = []
    const blocks: PBlock[] = []
    // the attributes by name, once there are enough for a map to pay (until then: a look along the list)
    let seen: Map<string, PAttribute> | undefined
    const s = end === T.EOF ? 0 : this.e(openIdx)
    let e = this.text.length
    for (;;) {
      const i = this.nextIndex()
      const t = this.typeOf(i)
      if (t === end) {
        e = this.s(i)
        this.read()
        break
      }
      if (t === T.NEWLINE) {
        this.read()
        continue
      }
      if (t === T.IDENT) {
        const item = this.parseBodyItem()
        if (!item) continue
        if ('expr' in item) {
          let existing: PAttribute | undefined
          if (seen) existing = seen.get(item.name)
          else {
            const name = item.name
            for (let a = 0; a < attributes.length; a++) {
              if (attributes[a]!.name === name) {
                existing = attributes[a]
                break
              }
            }
          }
          if (existing) {
            this.err(
              'Attribute redefined',
              `The argument ${JSON.stringify(item.name)} was already set at ${this.rangeString(existing.nameS, existing.nameE)}. Each argument may be set only once.`,
              item.nameS,
              item.nameE,
            )
          } else {
            attributes.push(item)
            if (seen) seen.set(item.name, item)
            else if (attributes.length > 16) seen = new Map(attributes.map((a) => [a.name, a]))
          }
        } else blocks.push(item)
        continue
      }
      const bad = this.read()
      if (!this.recovery) {
        if (t === T.OQUOTE) this.errTok('Invalid argument name', 'Argument names must not be quoted.', bad)
        else if (t === T.EOF) {
          if (end === T.CBRACE) this.errTok('Unclosed configuration block', UNCLOSED_BLOCK_DETAIL, openIdx)
          else this.errTok('Unclosed configuration body', 'Found end of file before the end of this configuration body.', openIdx)
        } else this.errTok(ARG_OR_BLOCK, ARG_OR_BLOCK_DETAIL, bad)
      }
      this.recover(end)
      break
    }
    return {attributes, blocks, s, e}
  }

  private parseBodyItem(): PAttribute | PBlock | undefined {
    const ident = this.read()
    const next = this.peek()
    if (next === T.EQUAL) return this.finishAttribute(ident, false)
    if (next === T.OQUOTE || next === T.OBRACE || next === T.IDENT) return this.finishBlock(ident)
    this.recoverAfterBodyItem()
    this.errTok(ARG_OR_BLOCK, ARG_OR_BLOCK_EQUALS, ident)
    return undefined
  }

  private finishAttribute(ident: number, singleLine: boolean): PAttribute {
    this.read() // =
    const before = this.diags.length
    const expr = this.parseExpression()
    const failed = this.diags.length > before
    if (this.recovery && failed) {
      this.recoverAfterBodyItem()
    } else if (!singleLine) {
      const end = this.nextIndex()
      const t = this.typeOf(end)
      if (t !== T.NEWLINE && t !== T.EOF) {
        if (!this.recovery) {
          if (t === T.COMMA)
            this.errTok(
              'Unexpected comma after argument',
              'Argument definitions must be separated by newlines, not commas. An argument definition must end with a newline.',
              end,
            )
          else this.errTok('Missing newline after argument', 'An argument definition must end with a newline.', end)
        }
        this.recoverAfterBodyItem()
      } else this.read()
    }
    return {name: this.tokText(ident), nameS: this.s(ident), nameE: this.e(ident), expr}
  }

  private finishBlock(ident: number): PBlock | undefined {
    const labels: PLabel[] = []
    let open = -1
    for (;;) {
      const i = this.nextIndex()
      const t = this.typeOf(i)
      if (t === T.OBRACE) {
        open = this.read()
        break
      }
      if (t === T.OQUOTE) {
        labels.push(this.parseQuotedStringLiteral())
        continue
      }
      if (t === T.IDENT) {
        this.read()
        labels.push({value: this.tokText(i), s: this.s(i), e: this.e(i)})
        continue
      }
      if (t === T.EQUAL)
        this.errTok(
          'Invalid block definition',
          'The equals sign "=" indicates an argument definition, and must not be used when defining a block.',
          i,
        )
      else if (t === T.NEWLINE)
        this.errTok(
          'Invalid block definition',
          'A block definition must have block content delimited by "{" and "}", starting on the same line as the block header.',
          i,
        )
      else if (!this.recovery)
        this.errTok('Invalid block definition', 'Either a quoted string block label or an opening brace ("{") is expected here.', i)
      this.recoverAfterBodyItem()
      return {
        type: this.tokText(ident),
        typeS: this.s(ident),
        typeE: this.e(ident),
        labels,
        e: this.e(ident),
        body: {attributes: [], blocks: [], s: this.e(ident), e: this.e(ident)},
      }
    }

    let body: PBody
    const first = this.peek()
    if (first === T.NEWLINE || first === T.EOF || first === T.CBRACE) {
      body = this.parseBody(T.CBRACE, open)
    } else {
      const mark = this.diags.length
      body = this.parseSingleAttrBody(open)
      // HCL lists the block's own error before those of its one-line body
      const bodyDiags = this.diags.splice(mark)
      const i = this.nextIndex()
      const t = this.typeOf(i)
      if (t === T.CBRACE) {
        body = {...body, e: this.s(i)}
        this.read()
      } else if (t === T.COMMA) {
        this.errTok(
          'Invalid single-argument block definition',
          'Single-line block syntax can include only one argument definition. To define multiple arguments, use the multi-line block syntax with one argument definition per line.',
          i,
        )
        this.recover(T.CBRACE)
      } else if (t === T.NEWLINE) {
        this.errTok(
          'Invalid single-argument block definition',
          "An argument definition on the same line as its containing block creates a single-line block definition, which must also be closed on the same line. Place the block's closing brace immediately after the argument definition.",
          i,
        )
        this.recover(T.CBRACE)
      } else {
        if (!this.recovery) {
          if (t === T.EOF) this.errTok('Unclosed configuration block', UNCLOSED_BLOCK_DETAIL, open)
          else
            this.errTok(
              'Invalid single-argument block definition',
              'A single-line block definition must end with a closing brace immediately after its single argument definition.',
              i,
            )
        }
        this.recover(T.CBRACE)
      }
      this.diags.push(...bodyDiags)
    }
    const close = this.prevIndex()
    const eol = this.nextIndex()
    const et = this.typeOf(eol)
    if (et === T.NEWLINE || et === T.EOF) this.read()
    else {
      if (!this.recovery) this.errTok('Missing newline after block definition', 'A block definition must end with a newline.', eol)
      this.recoverAfterBodyItem()
    }
    return {type: this.tokText(ident), typeS: this.s(ident), typeE: this.e(ident), labels, e: this.e(close), body}
  }

  /** `name { attr = value }` on one line. */
  private parseSingleAttrBody(open: number): PBody {
    const s = this.e(open)
    const ident = this.read()
    if (this.types[ident] !== T.IDENT) {
      this.recoverAfterBodyItem()
      this.errTok(ARG_OR_BLOCK, ARG_OR_BLOCK_DETAIL, ident)
      return {attributes: [], blocks: [], s, e: s}
    }
    const next = this.nextIndex()
    const t = this.typeOf(next)
    if (t === T.EQUAL) {
      const attr = this.finishAttribute(ident, true)
      return {attributes: [attr], blocks: [], s, e: this.e(this.prevIndex())}
    }
    this.recoverAfterBodyItem()
    if (t === T.OQUOTE || t === T.OBRACE || t === T.IDENT)
      this.err(
        'Argument definition required',
        `A single-line block definition can contain only a single argument. If you meant to define argument ${JSON.stringify(this.tokText(ident))}, use an equals sign to assign it a value. To define a nested block, place it on a line of its own within its parent block.`,
        this.s(ident),
        this.e(next),
      )
    else this.errTok(ARG_OR_BLOCK, ARG_OR_BLOCK_EQUALS, ident)
    return {attributes: [], blocks: [], s, e: s}
  }

  // ---------------------------------------------------------------------------------------------
  // Expressions

  parseExpression(): Expr {
    return this.parseConditional()
  }

  private parseConditional(): Expr {
    const start = this.s(this.nextIndex())
    const before = this.diags.length
    const cond = this.parseBinary(0)
    if (this.recovery && this.diags.length > before) return cond
    if (this.peek() !== T.QUESTION) return cond
    this.read()
    const b1 = this.diags.length
    const then = this.parseExpression()
    if (this.recovery && this.diags.length > b1) return cond
    const colon = this.nextIndex()
    if (this.typeOf(colon) !== T.COLON) {
      this.errTok(
        'Missing false expression in conditional',
        'The conditional operator (...?...:...) requires a false expression, delimited by a colon.',
        colon,
      )
      return cond
    }
    this.read()
    const b2 = this.diags.length
    const otherwise = this.parseExpression()
    if (this.recovery && this.diags.length > b2) return cond
    const r: ConditionalExpr = {k: 'cond', cond, then, else: otherwise, s: start, e: otherwise.e}
    return r
  }

  /**
   * Binary operators by precedence climbing: one call per operand that has operators binding tighter than
   * `level` after it, not one per precedence level. Left-associative within a level. On an error while
   * recovering, the operators folded so far are returned (HCL's level-by-level parser returns the same).
   */
  private parseBinary(level: number): Expr {
    const before = this.diags.length
    let lhs = this.parseWithTraversals()
    if (this.recovery && this.diags.length > before) return lhs
    for (;;) {
      const t = this.peek()
      const l = BINARY_LEVEL[t]!
      if (l < level) return lhs
      const op = BINARY_OP[t]!
      this.read()
      const b = this.diags.length
      const rhs = l + 1 < BINARY_LEVELS ? this.parseBinary(l + 1) : this.parseWithTraversals()
      if (this.recovery && this.diags.length > b) return lhs
      lhs = {k: 'binary', op, left: lhs, right: rhs, s: lhs.s, e: rhs.e}
    }
  }

  private parseWithTraversals(): Expr {
    const term = this.parseTerm()
    return this.parseTraversals(term)
  }

  private appendStep(expr: Expr, step: Step): Expr {
    if (expr.k === 'trav' || expr.k === 'rel') {
      expr.steps.push(step)
      expr.e = step.e
      return expr
    }
    return {k: 'rel', src: expr, steps: [step], s: expr.s, e: step.e}
  }

  private parseTraversals(from: Expr): Expr {
    let ret = from
    for (;;) {
      const t = this.peek()
      if (t === T.DOT) {
        const dot = this.read()
        const ai = this.nextIndex()
        const at = this.typeOf(ai)
        if (at === T.IDENT) {
          this.read()
          ret = this.appendStep(ret, {k: 'attr', name: this.tokText(ai), s: this.s(dot), e: this.e(ai)})
        } else if (at === T.NUMBER) {
          this.read()
          const raw = this.tokText(ai)
          const dotAt = raw.indexOf('.')
          if (dotAt >= 0) {
            this.errTok(
              'Invalid legacy index syntax',
              `When using the legacy index syntax, chaining two indexes together is not permitted. Use the proper index syntax instead, like [${raw.slice(0, dotAt)}][${raw.slice(dotAt + 1)}].`,
              ai,
            )
            ret = this.appendStep(ret, {k: 'index', key: undefined, s: this.s(dot), e: this.e(ai)})
            continue
          }
          ret = this.appendStep(ret, {k: 'index', key: this.numberValue(ai), s: this.s(dot), e: this.e(ai)})
        } else if (at === T.STAR) {
          const marker = this.read()
          const steps: Step[] = []
          let firstS = this.s(this.nextIndex())
          let lastE = this.e(marker)
          let broke = false
          while (this.peek() === T.DOT) {
            const d = this.read()
            const ni = this.nextIndex()
            if (this.typeOf(ni) === T.NUMBER) {
              this.read()
              const raw = this.tokText(ni)
              const dotAt = raw.indexOf('.')
              if (dotAt >= 0) {
                this.errTok(
                  'Invalid legacy index syntax',
                  `When using the legacy index syntax, chaining two indexes together is not permitted. Use the proper index syntax with a full splat expression [*] instead, like [${raw.slice(0, dotAt)}][${raw.slice(dotAt + 1)}].`,
                  ai,
                )
                steps.push({k: 'index', key: undefined, s: this.s(d), e: this.e(ni)})
              } else steps.push({k: 'index', key: this.numberValue(ni), s: this.s(d), e: this.e(ni)})
              lastE = this.e(ni)
              continue
            }
            if (this.typeOf(ni) !== T.IDENT) {
              if (!this.recovery) {
                if (this.typeOf(ni) === T.STAR)
                  this.errTok(
                    'Nested splat expression not allowed',
                    'A splat expression (*) cannot be used inside another attribute-only splat expression.',
                    ni,
                  )
                else this.errTok('Invalid attribute name', 'An attribute name is required after a dot.', ai)
              }
              this.recovery = true
              broke = true
              break
            }
            this.read()
            steps.push({k: 'attr', name: this.tokText(ni), s: this.s(d), e: this.e(ni)})
            lastE = this.e(ni)
          }
          if (broke) continue
          const item: AnonExpr = {k: 'anon', s: this.s(dot), e: this.e(marker)}
          if (steps.length === 0) firstS = item.s
          const each: Expr = steps.length === 0 ? item : {k: 'rel', src: item, steps, s: firstS, e: lastE}
          ret = {k: 'splat', src: ret, each, s: from.s, e: lastE}
        } else {
          this.errTok('Invalid attribute name', 'An attribute name is required after a dot.', ai)
          ret = {k: 'lit', v: undefined, s: from.s, e: this.e(dot)}
          this.recovery = true
        }
        continue
      }
      if (t === T.OBRACK) {
        const open = this.read()
        if (this.peek() === T.STAR) {
          this.read()
          let close = this.read()
          if (this.types[close] !== T.CBRACK && !this.recovery) {
            this.errTok(
              'Missing close bracket on splat index',
              'The star for a full splat operator must be immediately followed by a closing bracket ("]").',
              close,
            )
            close = this.recover(T.CBRACK)
          }
          const item: AnonExpr = {k: 'anon', s: this.s(open), e: this.e(close)}
          const each = this.parseTraversals(item)
          ret = {k: 'splat', src: ret, each, s: from.s, e: each.e}
          continue
        }
        this.push(false)
        const before = this.diags.length
        const key = this.parseExpression()
        let close: number
        if (this.recovery && this.diags.length > before) close = this.recover(T.CBRACK)
        else {
          close = this.read()
          if (this.types[close] !== T.CBRACK && !this.recovery) {
            this.errTok('Missing close bracket on index', 'The index operator must end with a closing bracket ("]").', close)
            close = this.recover(T.CBRACK)
          }
        }
        this.pop()
        if (key.k === 'lit') ret = this.appendStep(ret, {k: 'index', key: key.v, s: this.s(open), e: this.e(close)})
        else if (key.k === 'tmpl' && key.parts.length === 1 && key.parts[0]!.k === 'lit')
          ret = this.appendStep(ret, {k: 'index', key: key.parts[0].v, s: this.s(open), e: this.e(close)})
        else ret = {k: 'index', coll: ret, key, s: from.s, e: this.e(close)}
        continue
      }
      return ret
    }
  }

  private numberValue(i: number): number | undefined {
    const v = Number(this.tokText(i))
    if (Number.isNaN(v)) {
      this.errTok('Invalid number literal', 'Failed to recognize the value of this number literal.', i)
      return undefined
    }
    return v
  }

  private parseTerm(): Expr {
    const start = this.nextIndex()
    const t = this.typeOf(start)
    switch (t) {
      case T.OPAREN: {
        const open = this.read()
        this.push(false)
        const before = this.diags.length
        const inner = this.parseExpression()
        if (this.diags.length > before) {
          this.recover(T.CPAREN)
          this.pop()
          return inner
        }
        const ci = this.nextIndex()
        if (this.typeOf(ci) !== T.CPAREN) {
          this.errTok('Unbalanced parentheses', 'Expected a closing parenthesis to terminate the expression.', ci)
          this.recovery = true
        }
        const close = this.read()
        this.pop()
        return {k: 'parens', inner, s: this.s(open), e: this.e(close)}
      }
      case T.NUMBER: {
        this.read()
        return {k: 'lit', v: this.numberValue(start), s: this.s(start), e: this.e(start)}
      }
      case T.IDENT: {
        this.read()
        const nt = this.peek()
        if (nt === T.OPAREN || nt === T.DOUBLE_COLON) return this.finishCall(start)
        const name = this.tokText(start)
        const s = this.s(start)
        const e = this.e(start)
        if (name === 'true') return {k: 'lit', v: true, s, e}
        if (name === 'false') return {k: 'lit', v: false, s, e}
        if (name === 'null') return {k: 'lit', v: null, s, e}
        const trav: ScopeTraversalExpr = {k: 'trav', root: name, rootE: e, steps: [], s, e}
        return trav
      }
      case T.OQUOTE:
      case T.OHEREDOC: {
        const open = this.read()
        if (t === T.OQUOTE) {
          // the usual string, one literal or none: its node at once (what parseTemplateInner builds)
          const t1 = this.types[open + 1]
          if (t1 === T.CQUOTE) {
            this.idx = open + 2
            const s = this.starts[open + 1]!
            const lit: LiteralExpr = {k: 'lit', v: '', s, e: s}
            return {k: 'tmpl', parts: [lit], heredoc: false, s: this.starts[open]!, e: this.ends[open + 1]!}
          }
          if (t1 === T.QUOTED_LIT && this.types[open + 2] === T.CQUOTE) {
            this.idx = open + 3
            const lit: LiteralExpr = {k: 'lit', v: this.literal(open + 1, true), s: this.starts[open + 1]!, e: this.ends[open + 1]!}
            return {k: 'tmpl', parts: [lit], heredoc: false, s: this.starts[open]!, e: this.ends[open + 2]!}
          }
        }
        const closer = t === T.OQUOTE ? T.CQUOTE : T.CHEREDOC
        const flush = t === T.OHEREDOC && this.text.charCodeAt(this.s(open) + 2) === 45
        const {exprs, passthru} = this.parseTemplateInner(closer, flush)
        const closeE = this.e(this.prevIndex())
        if (passthru) return {k: 'wrap', inner: exprs[0]!, s: this.s(open), e: closeE}
        return {k: 'tmpl', parts: exprs, heredoc: t === T.OHEREDOC, s: this.s(open), e: closeE}
      }
      case T.MINUS:
      case T.BANG: {
        const op = this.read()
        const operand = this.parseWithTraversals()
        return {k: 'unary', op: t === T.MINUS ? '-' : '!', operand, s: this.s(op), e: operand.e}
      }
      case T.OBRACK:
        return this.parseTuple()
      case T.OBRACE:
        return this.parseObject()
      default: {
        if (!this.recovery) {
          if (t === T.EOF) this.errTok('Missing expression', 'Expected the start of an expression, but found the end of the file.', start)
          else this.errTok('Invalid expression', 'Expected the start of an expression, but found an invalid expression token.', start)
        }
        this.recovery = true
        const lit: LiteralExpr = {k: 'lit', v: undefined, s: this.s(start), e: this.e(start)}
        return lit
      }
    }
  }

  private finishCall(name: number): Expr {
    let open = this.read()
    let fname = this.tokText(name)
    let nameE = this.e(name)
    while (this.types[open] === T.DOUBLE_COLON) {
      const part = this.read()
      if (this.types[part] !== T.IDENT) {
        this.errTok('Missing function name', 'Function scope resolution symbol :: must be followed by a function name in this scope.', part)
        this.recoverOver(T.OPAREN)
        return {k: 'lit', v: undefined, s: this.s(name), e: this.e(part)}
      }
      fname += '::' + this.tokText(part)
      nameE = this.e(part)
      open = this.read()
    }
    if (this.types[open] !== T.OPAREN) {
      this.errTok('Missing open parenthesis', 'Function selector must be followed by an open parenthesis to begin the function call.', open)
      this.recoverOver(T.OPAREN)
      return {k: 'lit', v: undefined, s: this.s(name), e: this.e(open)}
    }
    const args: Expr[] = []
    let expandFinal = false
    let close = -1
    this.push(false)
    for (;;) {
      if (this.peek() === T.CPAREN) {
        close = this.read()
        break
      }
      const before = this.diags.length
      args.push(this.parseExpression())
      if (this.recovery && this.diags.length > before) {
        const r = this.recover(T.CPAREN)
        if (this.types[r] === T.CPAREN) close = r
        break
      }
      const sep = this.read()
      const st = this.types[sep]
      if (st === T.CPAREN) {
        close = sep
        break
      }
      if (st === T.ELLIPSIS) {
        expandFinal = true
        if (this.peek() !== T.CPAREN) {
          if (!this.recovery)
            this.errTok(
              'Missing closing parenthesis',
              'An expanded function argument (with ...) must be immediately followed by closing parentheses.',
              sep,
            )
          close = this.recover(T.CPAREN)
        } else close = this.read()
        break
      }
      if (st !== T.COMMA) {
        if (st === T.EOF)
          this.err(
            'Unterminated function call',
            'There is no closing parenthesis for this function call before the end of the file. This may be caused by incorrect parenthesis nesting elsewhere in this file.',
            this.s(name),
            this.e(open),
          )
        else this.errTok('Missing argument separator', 'A comma is required to separate each function argument from the next.', sep)
        close = this.recover(T.CPAREN)
        break
      }
      if (this.peek() === T.CPAREN) {
        close = this.read()
        break
      }
    }
    this.pop()
    const e = close >= 0 ? this.e(close) : this.s(name)
    const call: CallExpr = {k: 'call', name: fname, nameE, args, expandFinal, s: this.s(name), e: Math.max(e, nameE)}
    return call
  }

  private parseTuple(): Expr {
    const open = this.read()
    this.push(false)
    try {
      if (this.isKeyword(this.nextIndex(), 'for')) return this.finishFor(open)
      const items: Expr[] = []
      let close: number
      for (;;) {
        if (this.peek() === T.CBRACK) {
          close = this.read()
          break
        }
        const before = this.diags.length
        items.push(this.parseExpression())
        if (this.recovery && this.diags.length > before) {
          close = this.recover(T.CBRACK)
          break
        }
        const ni = this.nextIndex()
        const nt = this.typeOf(ni)
        if (nt === T.CBRACK) {
          close = this.read()
          break
        }
        if (nt !== T.COMMA) {
          if (!this.recovery) {
            if (nt === T.EOF)
              this.errTok(
                'Unterminated tuple constructor expression',
                'There is no corresponding closing bracket before the end of the file. This may be caused by incorrect bracket nesting elsewhere in this file.',
                open,
              )
            else this.errTok('Missing item separator', 'Expected a comma to mark the beginning of the next item.', ni)
          }
          close = this.recover(T.CBRACK)
          break
        }
        this.read()
      }
      return {k: 'tuple', items, s: this.s(open), e: this.e(close)}
    } finally {
      this.pop()
    }
  }

  private parseObject(): Expr {
    const open = this.read()
    this.push(false)
    const isFor = this.isKeyword(this.nextIndex(), 'for')
    this.pop()
    if (isFor) return this.finishFor(open)
    this.push(true)
    try {
      const items: ObjectItem[] = []
      let close: number
      for (;;) {
        const t = this.peek()
        if (t === T.NEWLINE) {
          this.read()
          continue
        }
        if (t === T.CBRACE) {
          close = this.read()
          break
        }
        const keyForced = t === T.OPAREN
        const before = this.diags.length
        const key = this.parseExpression()
        if (this.recovery && this.diags.length > before) {
          close = this.recover(T.CBRACE)
          break
        }
        const ni = this.nextIndex()
        const nt = this.typeOf(ni)
        if (nt !== T.EQUAL && nt !== T.COLON) {
          if (!this.recovery) {
            if (nt === T.NEWLINE || nt === T.COMMA)
              this.errTok('Missing attribute value', 'Expected an attribute value, introduced by an equals sign ("=").', ni)
            else if (nt === T.IDENT)
              this.errTok(
                'Missing key/value separator',
                'Expected an equals sign ("=") to mark the beginning of the attribute value. If you intended to given an attribute name containing periods or spaces, write the name in quotes to create a string literal.',
                ni,
              )
            else if (nt === T.EOF)
              this.errTok(
                'Unterminated object constructor expression',
                'There is no corresponding closing brace before the end of the file. This may be caused by incorrect brace nesting elsewhere in this file.',
                open,
              )
            else
              this.errTok('Missing key/value separator', 'Expected an equals sign ("=") to mark the beginning of the attribute value.', ni)
          }
          close = this.recover(T.CBRACE)
          break
        }
        this.read()
        const b2 = this.diags.length
        const value = this.parseExpression()
        if (this.recovery && this.diags.length > b2) {
          close = this.recover(T.CBRACE)
          break
        }
        items.push({key, keyForced, value})
        const ci = this.nextIndex()
        const ct = this.typeOf(ci)
        if (ct === T.CBRACE) {
          close = this.read()
          break
        }
        if (ct !== T.COMMA && ct !== T.NEWLINE) {
          if (!this.recovery) {
            if (ct === T.EOF)
              this.errTok(
                'Unterminated object constructor expression',
                'There is no corresponding closing brace before the end of the file. This may be caused by incorrect brace nesting elsewhere in this file.',
                open,
              )
            else this.errTok('Missing attribute separator', 'Expected a newline or comma to mark the beginning of the next attribute.', ci)
          }
          close = this.recover(T.CBRACE)
          break
        }
        this.read()
      }
      return {k: 'object', items, s: this.s(open), e: this.e(close)}
    } finally {
      this.pop()
    }
  }

  private finishFor(open: number): Expr {
    this.push(false)
    try {
      this.read() // for
      const object = this.types[open] === T.OBRACE
      const closeType = object ? T.CBRACE : T.CBRACK
      const fail = (detail: string): Expr => {
        if (!this.recovery) this.errTok(INVALID_FOR, detail, this.nextIndex())
        const close = this.recover(closeType)
        return {k: 'lit', v: undefined, s: this.s(open), e: this.e(close)}
      }
      if (this.peek() !== T.IDENT) return fail("For expression requires variable name after 'for'.")
      let keyVar: string | undefined
      let valVar = this.tokText(this.read())
      if (this.peek() === T.COMMA) {
        keyVar = valVar
        this.read()
        if (this.peek() !== T.IDENT) return fail('For expression requires value variable name after comma.')
        valVar = this.tokText(this.read())
      }
      if (!this.isKeyword(this.nextIndex(), 'in')) return fail("For expression requires the 'in' keyword after its name declarations.")
      this.read()
      const b1 = this.diags.length
      const coll = this.parseExpression()
      if (this.recovery && this.diags.length > b1) {
        const close = this.recover(closeType)
        return {k: 'lit', v: undefined, s: this.s(open), e: this.e(close)}
      }
      if (this.peek() !== T.COLON) return fail('For expression requires a colon after the collection expression.')
      this.read()
      const b2 = this.diags.length
      let keyExpr: Expr | undefined
      let valExpr = this.parseExpression()
      if (this.peek() === T.FAT_ARROW) {
        this.read()
        keyExpr = valExpr
        valExpr = this.parseExpression()
      }
      if (this.recovery && this.diags.length > b2) {
        const close = this.recover(closeType)
        return {k: 'lit', v: undefined, s: this.s(open), e: this.e(close)}
      }
      let group = false
      let ellipsis = -1
      if (this.peek() === T.ELLIPSIS) {
        ellipsis = this.read()
        group = true
      }
      let cond: Expr | undefined
      if (this.isKeyword(this.nextIndex(), 'if')) {
        this.read()
        const b3 = this.diags.length
        cond = this.parseExpression()
        if (this.recovery && this.diags.length > b3) {
          const close = this.recover(closeType)
          return {k: 'lit', v: undefined, s: this.s(open), e: this.e(close)}
        }
      }
      let close: number
      if (this.peek() === closeType) close = this.read()
      else {
        if (!this.recovery) this.errTok(INVALID_FOR, "Extra characters after the end of the 'for' expression.", this.nextIndex())
        close = this.recover(closeType)
      }
      if (!object) {
        if (keyExpr) this.err(INVALID_FOR, 'Key expression is not valid when building a tuple.', keyExpr.s, keyExpr.e)
        if (group) this.errTok(INVALID_FOR, 'Grouping ellipsis (...) cannot be used when building a tuple.', ellipsis)
      } else if (!keyExpr) this.err(INVALID_FOR, 'Key expression is required when building an object.', valExpr.s, valExpr.e)
      const r: ForExpr = {k: 'for', keyVar, valVar, coll, keyExpr, valExpr, cond, group, object, s: this.s(open), e: this.e(close)}
      return r
    } finally {
      this.pop()
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Strings and templates

  /** A block label: a quoted string without template sequences. */
  private parseQuotedStringLiteral(): PLabel {
    const open = this.read()
    let value = ''
    let end = -1
    for (;;) {
      const i = this.read()
      const t = this.types[i]
      if (t === T.CQUOTE) {
        end = i
        break
      }
      if (t === T.QUOTED_LIT) {
        value += this.literal(i, true)
        continue
      }
      if (t === T.TEMPLATE_CONTROL || t === T.TEMPLATE_INTERP) {
        const which = t === T.TEMPLATE_CONTROL ? '%' : '$'
        this.errTok(
          'Invalid string literal',
          `Template sequences are not allowed in this string. To include a literal ${JSON.stringify(which)}, double it (as "${which}${which}") to escape it.`,
          i,
        )
        value += which + '{ ... }'
        this.recover(T.TEMPLATE_SEQ_END)
        continue
      }
      if (t === T.EOF) {
        this.errTok('Unterminated string literal', 'Unable to find the closing quote mark before the end of the file.', i)
        end = i
        break
      }
      this.errTok('Invalid string literal', 'This item is not valid in a string literal.', i)
      this.recover(T.CQUOTE)
      end = i
      break
    }
    return {value, s: this.s(open), e: this.e(end)}
  }

  /**
   * The value of a literal token's text: in quoted strings the escapes `\n \r \t \" \\ \uNNNN \UNNNNNNNN`;
   * in both kinds `$${` and `%%{` stand for `${` and `%{`. Bad escapes are reported.
   */
  private decodeQuoted(s: number, e: number, quoted: boolean): string {
    const text = this.text
    let out = ''
    let run = s
    for (let i = s; i < e; i++) {
      const c = text.charCodeAt(i)
      if ((c === 36 || c === 37) && text.charCodeAt(i + 1) === c && text.charCodeAt(i + 2) === 123 && i + 2 < e) {
        out += text.slice(run, i) + String.fromCharCode(c) + '{'
        i += 2
        run = i + 1
        continue
      }
      if (!quoted || c !== 92) continue
      out += text.slice(run, i)
      const d = text.charCodeAt(i + 1)
      if (i + 1 >= e) {
        this.err('Invalid escape sequence', 'Backslash must be followed by an escape sequence selector character.', i, i + 1)
        out += '\\'
        run = i + 1
        continue
      }
      let len = 2
      switch (d) {
        case 110:
          out += '\n'
          break
        case 114:
          out += '\r'
          break
        case 116:
          out += '\t'
          break
        case 34:
          out += '"'
          break
        case 92:
          out += '\\'
          break
        case 117:
        case 85: {
          const want = d === 117 ? 4 : 8
          let k = i + 2
          while (k < e && k - (i + 2) < want && /[0-9a-fA-F]/.test(text[k]!)) k++
          len = k - i
          const digits = text.slice(i + 2, k)
          if (digits.length !== want) {
            this.err(
              'Invalid escape sequence',
              `The \\${d === 117 ? 'u' : 'U'} escape sequence must be followed by ${want === 4 ? 'four' : 'eight'} hexadecimal digits.`,
              i,
              k,
            )
            out += text.slice(i, k)
            break
          }
          const cp = parseInt(digits, 16)
          if (cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) {
            this.err('Invalid escape sequence', `Cannot encode character U+${cp.toString(16).padStart(4, '0')} in UTF-8.`, i, k)
            out += text.slice(i, k)
            break
          }
          out += String.fromCodePoint(cp)
          break
        }
        default: {
          const cp = text.codePointAt(i + 1) ?? 0
          len = 1 + (cp > 0xffff ? 2 : 1)
          const sym = String.fromCodePoint(cp)
          this.err('Invalid escape sequence', `The symbol ${JSON.stringify(sym)} is not a valid escape sequence selector.`, i, i + len)
          out += sym
        }
      }
      i += len - 1
      run = i + 1
    }
    return out + text.slice(run, e)
  }

  private parseTemplateInner(end: number, flush: boolean): {exprs: Expr[]; passthru: boolean} {
    const parts = this.parseTemplateParts(end)
    if (flush) flushHeredoc(parts, this.text)
    // meld consecutive literals (in one pass: a heredoc is a literal a line)
    let w = 0
    let directives = false
    for (let r = 0; r < parts.length; r++) {
      const b = parts[r]!
      const a = w > 0 ? parts[w - 1]! : undefined
      if (a !== undefined && a.t === 'lit' && b.t === 'lit') {
        a.v += b.v
        a.e = b.e
      } else {
        if (b.t !== 'lit' && b.t !== 'interp' && b.t !== 'end') directives = true
        parts[w++] = b
      }
    }
    parts.length = w
    let exprs: Expr[]
    if (directives) exprs = new TemplateParser(parts, this.diags, this.rangeString).parseRoot()
    else {
      // literals and interpolations only: nothing to pair (what TemplateParser.parseRoot makes of them)
      exprs = []
      for (let i = 0; i < w - 1; i++) {
        const p = parts[i]!
        if (p.t === 'lit') exprs.push({k: 'lit', v: p.v, s: p.s, e: p.e})
        else if (p.t === 'interp') exprs.push(p.expr)
      }
    }
    const passthru = parts.length === 2 && parts[0]!.t === 'interp'
    return {exprs, passthru}
  }

  private parseTemplateParts(end: number): TPart[] {
    const parts: TPart[] = []
    const startI = this.nextIndex()
    const startS = this.s(startI)
    const startE = this.e(startI)
    let ltrimNext = false
    let nextCanTrimPrev = false
    let endS = 0
    let endE = 0
    for (;;) {
      const i = this.read()
      const t = this.types[i]!
      if (t === end) {
        endS = this.s(i)
        endE = this.e(i)
        break
      }
      const ltrim = ltrimNext
      ltrimNext = false
      const canTrimPrev = nextCanTrimPrev
      nextCanTrimPrev = false
      if (t === T.STRING_LIT || t === T.QUOTED_LIT) {
        let v = this.literal(i, t === T.QUOTED_LIT)
        if (ltrim) v = v.replace(/^\s+/u, '')
        parts.push({t: 'lit', v, s: this.s(i), e: this.e(i)})
        nextCanTrimPrev = true
        continue
      }
      if (t === T.TEMPLATE_INTERP || t === T.TEMPLATE_CONTROL) {
        const tilde = this.e(i) - this.s(i) === 3
        if (canTrimPrev && tilde && parts.length > 0) {
          const prev = parts[parts.length - 1]!
          if (prev.t === 'lit') prev.v = prev.v.replace(/\s+$/u, '')
        }
        this.push(false)
        if (t === T.TEMPLATE_INTERP) {
          const expr = this.parseExpression()
          const ci = this.nextIndex()
          const ct = this.typeOf(ci)
          let closeE = this.e(ci)
          if (ct !== T.TEMPLATE_SEQ_END) {
            if (!this.recovery) {
              if (ct === T.EOF)
                this.err(
                  'Unclosed template interpolation sequence',
                  'There is no closing brace for this interpolation sequence before the end of the file. This might be caused by incorrect nesting inside the given expression.',
                  startS,
                  startE,
                )
              else if (ct === T.COLON)
                this.errTok(
                  'Extra characters after interpolation expression',
                  'Template interpolation doesn\'t expect a colon at this location. Did you intend this to be a literal sequence to be processed as part of another language? If so, you can escape it by starting with "$${" instead of just "${".',
                  ci,
                )
              else if ((ct === T.CQUOTE || ct === T.OQUOTE) && end === T.CQUOTE)
                this.err(
                  'Unclosed template interpolation sequence',
                  'There is no closing brace for this interpolation sequence before the end of the quoted template. This might be caused by incorrect nesting inside the given expression.',
                  startS,
                  startE,
                )
              else
                this.errTok(
                  'Extra characters after interpolation expression',
                  'Expected a closing brace to end the interpolation expression, but found extra characters.\n\nThis can happen when you include interpolation syntax for another language, such as shell scripting, but forget to escape the interpolation start token. If this is an embedded sequence for another language, escape it by starting with "$${" instead of just "${".',
                  ci,
                )
            }
            this.recover(T.TEMPLATE_SEQ_END)
          } else {
            this.read()
            if (this.e(ci) - this.s(ci) === 2) ltrimNext = true
            closeE = this.e(ci)
          }
          this.pop()
          parts.push({t: 'interp', expr, s: this.s(i), e: closeE})
          continue
        }
        // a directive
        const kw = this.nextIndex()
        if (this.typeOf(kw) !== T.IDENT) {
          if (!this.recovery)
            this.errTok(
              'Invalid template directive',
              'A template directive keyword ("if", "for", etc) is expected at the beginning of a %{ sequence.',
              kw,
            )
          this.recover(T.TEMPLATE_SEQ_END)
          this.pop()
          continue
        }
        this.read()
        const word = this.tokText(kw)
        if (word === 'if') {
          const cond = this.parseExpression()
          parts.push({t: 'if', cond, s: this.s(i), e: this.e(this.nextIndex())})
        } else if (word === 'else' || word === 'endif' || word === 'endfor') {
          parts.push({t: word, s: this.s(i), e: this.e(this.nextIndex())})
        } else if (word === 'for') {
          const failDirective = (detail: string): void => {
            if (!this.recovery) this.errTok("Invalid 'for' directive", detail, this.nextIndex())
            this.recover(T.TEMPLATE_SEQ_END)
            this.pop()
          }
          if (this.peek() !== T.IDENT) {
            failDirective("For directive requires variable name after 'for'.")
            continue
          }
          let keyVar: string | undefined
          let valVar = this.tokText(this.read())
          if (this.peek() === T.COMMA) {
            keyVar = valVar
            this.read()
            if (this.peek() !== T.IDENT) {
              failDirective('For directive requires value variable name after comma.')
              continue
            }
            valVar = this.tokText(this.read())
          }
          if (!this.isKeyword(this.nextIndex(), 'in')) {
            failDirective("For directive requires 'in' keyword after names.")
            continue
          }
          this.read()
          const coll = this.parseExpression()
          parts.push({t: 'for', keyVar, valVar, coll, s: this.s(i), e: this.e(this.nextIndex())})
        } else {
          if (!this.recovery) {
            const suggestion = nameSuggestion(word, ['if', 'for', 'else', 'endif', 'endfor'])
            this.errTok(
              'Invalid template control keyword',
              `${JSON.stringify(word)} is not a valid template control keyword.${suggestion ? ` Did you mean ${JSON.stringify(suggestion)}?` : ''}`,
              kw,
            )
          }
          this.recover(T.TEMPLATE_SEQ_END)
          this.pop()
          continue
        }
        const ci = this.nextIndex()
        if (this.typeOf(ci) !== T.TEMPLATE_SEQ_END) {
          if (!this.recovery)
            this.errTok(
              `Extra characters in ${word} marker`,
              'Expected a closing brace to end the sequence, but found extra characters.',
              ci,
            )
          this.recover(T.TEMPLATE_SEQ_END)
        } else {
          this.read()
          if (this.e(ci) - this.s(ci) === 2) ltrimNext = true
        }
        this.pop()
        continue
      }
      if (!this.recovery) this.errTok('Unterminated template string', 'No closing marker was found for the string.', i)
      const final = this.recover(end)
      endS = this.s(final)
      endE = this.e(final)
      break
    }
    if (parts.length === 0) parts.push({t: 'lit', v: '', s: startS, e: startS})
    parts.push({t: 'end', s: endS, e: endE})
    return parts
  }

  // ---------------------------------------------------------------------------------------------
  // Recovery

  /** Skips to the token `end` (counting nested brackets of its kind) and returns it. */
  private recover(end: number): number {
    const start = OPPOSITE[end] ?? -1
    this.recovery = true
    let nest = 0
    for (;;) {
      const i = this.read()
      let t = this.typeOf(i)
      if (end === T.TEMPLATE_SEQ_END && t === T.TEMPLATE_CONTROL) t = T.TEMPLATE_INTERP
      if (t === start) nest++
      else if (t === end) {
        if (nest < 1) return i
        nest--
      } else if (t === T.EOF) return i
    }
  }

  private recoverOver(start: number): void {
    for (;;) {
      const t = this.typeOf(this.read())
      if (t === start || t === T.EOF) break
    }
    this.recover(OPPOSITE[start]!)
  }

  private recoverAfterBodyItem(): void {
    this.recovery = true
    const open: number[] = []
    for (;;) {
      const t = this.typeOf(this.read())
      switch (t) {
        case T.NEWLINE:
          if (open.length === 0) return
          break
        case T.EOF:
          return
        case T.OBRACE:
        case T.OBRACK:
        case T.OPAREN:
        case T.OQUOTE:
        case T.OHEREDOC:
        case T.TEMPLATE_INTERP:
        case T.TEMPLATE_CONTROL:
          open.push(t)
          break
        case T.CBRACE:
        case T.CBRACK:
        case T.CPAREN:
        case T.CQUOTE:
        case T.CHEREDOC: {
          const opener = OPPOSITE[t]
          while (open.length > 0 && open[open.length - 1] !== opener) open.pop()
          if (open.length > 0) open.pop()
          break
        }
        case T.TEMPLATE_SEQ_END:
          while (open.length > 0 && open[open.length - 1] !== T.TEMPLATE_INTERP && open[open.length - 1] !== T.TEMPLATE_CONTROL) open.pop()
          if (open.length > 0) open.pop()
          break
      }
    }
  }
}

/** Pairs `%{if}`/`%{for}` directives with their ends, turning template pieces into expressions. */
class TemplateParser {
  private pos = 0

  constructor(
    private readonly parts: TPart[],
    private readonly diags: RawDiag[],
    private readonly rangeString: RangeString,
  ) {}

  private peek(): TPart {
    return this.parts[this.pos]!
  }

  private read(): TPart {
    const p = this.peek()
    if (p.t !== 'end') this.pos++
    return p
  }

  parseRoot(): Expr[] {
    const exprs: Expr[] = []
    while (this.peek().t !== 'end') exprs.push(this.parseExpr())
    return exprs
  }

  private placeholder(p: {s: number; e: number}): Expr {
    return {k: 'lit', v: undefined, s: p.s, e: p.e}
  }

  private parseExpr(): Expr {
    const p = this.peek()
    switch (p.t) {
      case 'lit':
        this.read()
        return {k: 'lit', v: p.v, s: p.s, e: p.e}
      case 'interp':
        this.read()
        return p.expr
      case 'if':
        return this.parseIf()
      case 'for':
        return this.parseFor()
      case 'end':
        this.read()
        this.diags.push({
          summary: 'Unexpected end of template',
          detail: 'The control directives within this template are unbalanced.',
          s: p.s,
          e: p.e,
        })
        return this.placeholder(p)
      default:
        this.read()
        this.diags.push({
          summary: `Unexpected ${p.t} directive`,
          detail: 'The control directives within this template are unbalanced.',
          s: p.s,
          e: p.e,
        })
        return this.placeholder(p)
    }
  }

  private parseIf(): Expr {
    const open = this.read()
    if (open.t !== 'if') return this.placeholder(open)
    const ifExprs: Expr[] = []
    const elseExprs: Expr[] = []
    let current = ifExprs
    let endif: TPart | undefined
    for (;;) {
      const next = this.peek()
      if (next.t === 'end') {
        this.diags.push({
          summary: 'Unexpected end of template',
          detail: `The if directive at ${this.rangeString(open.s, open.e)} is missing its corresponding endif directive.`,
          s: next.s,
          e: next.e,
        })
        return this.placeholder(next)
      }
      if (next.t === 'else' || next.t === 'endif' || next.t === 'endfor') {
        this.read()
        if (next.t === 'else') {
          if (current === ifExprs) {
            current = elseExprs
            continue
          }
          this.diags.push({
            summary: 'Unexpected else directive',
            detail: `Already in the else clause for the if started at ${this.rangeString(open.s, open.e)}.`,
            s: next.s,
            e: next.e,
          })
        } else if (next.t === 'endif') {
          endif = next
          break
        } else
          this.diags.push({
            summary: `Unexpected ${next.t} directive`,
            detail: `Expecting an endif directive for the if started at ${this.rangeString(open.s, open.e)}.`,
            s: next.s,
            e: next.e,
          })
        return this.placeholder(next)
      }
      current.push(this.parseExpr())
    }
    if (ifExprs.length === 0) ifExprs.push({k: 'lit', v: '', s: open.e, e: open.e})
    if (elseExprs.length === 0) elseExprs.push({k: 'lit', v: '', s: endif.s, e: endif.s})
    const then: TemplateExpr = {k: 'tmpl', parts: ifExprs, heredoc: false, s: ifExprs[0]!.s, e: ifExprs[ifExprs.length - 1]!.e}
    const otherwise: TemplateExpr = {k: 'tmpl', parts: elseExprs, heredoc: false, s: elseExprs[0]!.s, e: elseExprs[elseExprs.length - 1]!.e}
    return {k: 'cond', cond: open.cond, then, else: otherwise, s: open.s, e: endif.e}
  }

  private parseFor(): Expr {
    const open = this.read()
    if (open.t !== 'for') return this.placeholder(open)
    const content: Expr[] = []
    let endfor: TPart | undefined
    for (;;) {
      const next = this.peek()
      if (next.t === 'end') {
        this.diags.push({
          summary: 'Unexpected end of template',
          detail: `The for directive at ${this.rangeString(open.s, open.e)} is missing its corresponding endfor directive.`,
          s: next.s,
          e: next.e,
        })
        return this.placeholder(next)
      }
      if (next.t === 'else' || next.t === 'endif' || next.t === 'endfor') {
        this.read()
        if (next.t === 'endfor') {
          endfor = next
          break
        }
        if (next.t === 'else')
          this.diags.push({
            summary: 'Unexpected else directive',
            detail: 'An else clause is not expected for a for directive.',
            s: next.s,
            e: next.e,
          })
        else
          this.diags.push({
            summary: `Unexpected ${next.t} directive`,
            detail: `Expecting an endfor directive corresponding to the for directive at ${this.rangeString(open.s, open.e)}.`,
            s: next.s,
            e: next.e,
          })
        return this.placeholder(next)
      }
      content.push(this.parseExpr())
    }
    if (content.length === 0) content.push({k: 'lit', v: '', s: open.e, e: open.e})
    const body: TemplateExpr = {k: 'tmpl', parts: content, heredoc: false, s: content[0]!.s, e: content[content.length - 1]!.e}
    const r: TemplateForExpr = {k: 'tfor', keyVar: open.keyVar, valVar: open.valVar, coll: open.coll, body, s: open.s, e: endfor.e}
    return r
  }
}

/**
 * `<<-` heredocs: the smallest indentation of the lines (blank lines aside) is removed from every line,
 * counted on the literal text only (an interpolated value cannot change it).
 */
function flushHeredoc(parts: TPart[], text: string): void {
  let min = Infinity
  let newline = true
  const adjust: Array<Extract<TPart, {t: 'lit'}>> = []
  for (const p of parts) {
    if (newline) {
      newline = false
      let spaces = Infinity
      if (p.t === 'lit') {
        // the leading white space (as /^\s+/u: every such character is one code unit)
        const v = p.v
        let lead = 0
        while (lead < v.length && isSpace(v.charCodeAt(lead))) lead++
        if (lead === v.length && v.endsWith('\n')) spaces = Infinity
        else {
          spaces = lead
          adjust.push(p)
        }
      } else if (p.t === 'end') break
      else spaces = 0
      if (spaces < min) min = spaces
    }
    if (p.t === 'lit' && p.v.endsWith('\n')) newline = true
  }
  if (min === Infinity) return
  for (const p of adjust) {
    // the first `min` code points (a surrogate pair is one)
    const v = p.v
    let drop = 0
    for (let k = 0; k < min && drop < v.length; k++) {
      const c = v.charCodeAt(drop)
      drop += c >= 0xd800 && c <= 0xdbff && drop + 1 < v.length && (v.charCodeAt(drop + 1) & 0xfc00) === 0xdc00 ? 2 : 1
    }
    p.v = v.slice(drop)
    p.s += drop
  }
  void text
}

/** What /\s/u matches: JavaScript's white space and line terminators. */
function isSpace(c: number): boolean {
  if (c < 128) return c === 32 || (c >= 9 && c <= 13)
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  )
}

/** The closest of `candidates` to `given` (Levenshtein distance under 3), as HCL suggests keywords. */
function nameSuggestion(given: string, candidates: readonly string[]): string {
  for (const c of candidates) if (levenshtein(given, c) < 3) return c
  return ''
}

function levenshtein(a: string, b: string): number {
  const row = Array.from({length: b.length + 1}, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!
    row[0] = i
    for (let j = 1; j <= b.length; j++) {
      const tmp = row[j]!
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1))
      prev = tmp
    }
  }
  return row[b.length]!
}
