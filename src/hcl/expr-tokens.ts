// One tokenizer for the HCL native expressions tfgraph re-reads from raw attribute text: provider
// validation (src/providers/validate-*.ts) and variable type constraints (src/load/types/). Tokens carry
// their range (line, column, byte), their offsets in the text, and string values.
//
// Why the `strict` option: the two readers need different token rules, and each keeps its own exactly.
// - Provider validation (default) reads whatever an attribute holds and never fails: unterminated strings,
//   comments and heredocs end at the end of the text, any character is a punctuation token, escapes are
//   decoded leniently (`\q` is `q`), heredocs stay raw (`template: true`), and a string that is exactly
//   `"${…}"` carries the tokens inside it (`wrapped`). With `json`, a string's value is its JSON value.
// - Type constraints (`strict`) must fail where HCL fails ("Invalid type specification"): an invalid escape,
//   an unterminated string, interpolation, comment or heredoc, a heredoc header with trailing blanks, or a
//   character that is no HCL operator throws ExprSyntaxError; strings and heredocs get HCL's decoded value.
//   (Lenient mode also advances over a heredoc's lines by code points where strict mode uses offsets; the
//   two differ only for astral characters, and each mode keeps what its reader always did.)
import type {Pos, SourceRange} from '../diag/diagnostic.js'

export type ExprTokenKind = 'ident' | 'number' | 'string' | 'heredoc' | 'punct' | 'nl'

export interface ExprToken {
  readonly kind: ExprTokenKind
  readonly text: string
  readonly range: SourceRange
  /** Where `text` is in the tokenized text (UTF-16 offsets; for `wrapped` tokens too). */
  readonly from: number
  readonly to: number
  /** Strings (and, with `strict`, heredocs): the value when there is no interpolation. */
  readonly literal?: string
  /** Strings that are exactly one `${…}` (not with `strict` or `json`): the tokens inside. */
  readonly wrapped?: readonly ExprToken[]
  /** Strings and heredocs with interpolation or directives (every heredoc unless `strict`). */
  readonly template?: boolean
}

export interface ExprTokenOptions {
  /** Position of the text's first character (default line 1, column 1, byte 0). */
  readonly start?: Pos
  /** For the ranges (default ""). */
  readonly filename?: string
  /** The text is a JSON value: string values are JSON-decoded, and not re-tokenized (ignored with `strict`). */
  readonly json?: boolean
  /** Type-constraint rules: throw ExprSyntaxError where HCL fails, decode strings and heredocs as HCL does. */
  readonly strict?: boolean
}

/** Thrown in `strict` mode (and by readers built on these tokens) for text HCL would not parse. */
export class ExprSyntaxError extends Error {}

const PUNCT3 = ['...']
const PUNCT2 = ['==', '!=', '<=', '>=', '&&', '||', '=>', '::']
/** HCL's one-character operators and delimiters: with `strict`, any other character is an error. */
const PUNCT1 = new Set(['(', ')', '[', ']', '{', '}', ',', '=', ':', '.', '?', '!', '-', '+', '*', '/', '%', '<', '>'])
const ID_START = /[\p{ID_Start}_]/u
const ID_CONTINUE = /[\p{ID_Continue}-]/u
const NUMBER = /^[0-9]+(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/
const HEREDOC = /^<<-?([\p{ID_Start}_][\p{ID_Continue}-]*)[ \t]*\r?\n/u
const STRICT_HEREDOC = /^<<(-?)([\p{ID_Start}_][\p{ID_Continue}-]*)\r?\n/u
const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {n: '\n', r: '\r', t: '\t', '"': '"', '\\': '\\'}

class Cursor {
  i = 0
  private line: number
  private column: number
  private byte: number
  constructor(
    readonly text: string,
    start: Pos,
  ) {
    this.line = start.line
    this.column = start.column
    this.byte = start.byte
  }
  get done(): boolean {
    return this.i >= this.text.length
  }
  peek(n = 0): string {
    return this.text[this.i + n] ?? ''
  }
  startsWith(s: string): boolean {
    return this.text.startsWith(s, this.i)
  }
  pos(): Pos {
    return {line: this.line, column: this.column, byte: this.byte}
  }
  next(): void {
    const cp = this.text.codePointAt(this.i)
    if (cp === undefined) return
    const len = cp > 0xffff ? 2 : 1
    this.byte += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4
    if (cp === 10) {
      this.line++
      this.column = 1
    } else if (cp !== 13) this.column++
    this.i += len
  }
  /** Advances `n` code points. */
  skip(n: number): void {
    for (let k = 0; k < n && !this.done; k++) this.next()
  }
  /** Advances to the offset `index`. */
  skipTo(index: number): void {
    while (!this.done && this.i < index) this.next()
  }
  range(start: Pos, filename: string): SourceRange {
    return {filename, start, end: this.pos()}
  }
}

/** Lenient string decoding: known escapes, any other `\x` is `x`, `$${`/`%%{` are `${`/`%{`. */
function unescape(s: string): string {
  return s
    .replace(/\\(u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|.)/gs, (_m, e: string) => {
      switch (e[0]) {
        case 'n':
          return '\n'
        case 'r':
          return '\r'
        case 't':
          return '\t'
        case 'u':
        case 'U':
          return String.fromCodePoint(parseInt(e.slice(1), 16))
        default:
          return e
      }
    })
    .replace(/\$\$\{/g, '${')
    .replace(/%%\{/g, '%{')
}

/** Strict: the escape sequence at the cursor (a backslash), decoded; the cursor moves past it. */
function strictEscape(c: Cursor): string {
  const e = c.peek(1)
  if (Object.prototype.hasOwnProperty.call(SIMPLE_ESCAPES, e)) {
    c.skip(2)
    return SIMPLE_ESCAPES[e] as string
  }
  const rest = c.text.slice(c.i + 2)
  const hex = e === 'u' ? /^[0-9a-fA-F]{4}/.exec(rest) : e === 'U' ? /^[0-9a-fA-F]{8}/.exec(rest) : null
  if (!hex) throw new ExprSyntaxError('invalid escape')
  const value = String.fromCodePoint(parseInt(hex[0], 16))
  c.skip(2 + hex[0].length)
  return value
}

/** Skips a balanced `${…}` / `%{…}` body (the cursor is just after the `{`), nested strings included. */
function skipTemplateBody(c: Cursor, strict: boolean): void {
  let depth = 1
  while (!c.done && depth > 0) {
    const ch = c.peek()
    if (ch === '"') {
      scanString(c, strict)
      continue
    }
    if (ch === '{') depth++
    else if (ch === '}') depth--
    c.next()
  }
  if (strict && depth > 0) throw new ExprSyntaxError('unterminated interpolation')
}

interface ScannedString {
  template: boolean
  /** Index range and start position of the single interpolation when the string is exactly `"${…}"`. */
  wrapped?: {from: number; to: number; start: Pos}
  /** Strict: the decoded value (interpolations left out). */
  value: string
}

/** Scans a quoted string starting at `"`; leaves the cursor after the closing quote. */
function scanString(c: Cursor, strict: boolean): ScannedString {
  const open = c.i
  c.next()
  let template = false
  let interpolations = 0
  let wrapped: {from: number; to: number; start: Pos} | undefined
  let value = ''
  let closed = false
  while (!c.done) {
    const ch = c.peek()
    if (ch === '\\') {
      if (strict) value += strictEscape(c)
      else c.skip(2)
      continue
    }
    if (ch === '"') {
      c.next()
      closed = true
      break
    }
    if (ch === '\n') break
    if ((ch === '$' || ch === '%') && c.peek(1) === ch && c.peek(2) === '{') {
      value += ch + '{'
      c.skip(3)
      continue
    }
    if ((ch === '$' || ch === '%') && c.peek(1) === '{') {
      template = true
      interpolations++
      const at = c.i
      c.skip(2)
      const innerStart = c.pos()
      const innerFrom = c.i
      skipTemplateBody(c, strict)
      if (ch === '$' && at === open + 1 && c.peek() === '"') wrapped = {from: innerFrom, to: c.i - 1, start: innerStart}
      continue
    }
    const from = c.i
    c.next()
    value += c.text.slice(from, c.i)
  }
  if (strict && !closed) throw new ExprSyntaxError('unterminated string')
  return {template, value, ...(wrapped && interpolations === 1 ? {wrapped} : {})}
}

const DEFAULT_START: Pos = {line: 1, column: 1, byte: 0}

/** The tokens of `text`, newlines included, comments and blanks left out. */
export function tokenizeExpr(text: string, options: ExprTokenOptions = {}): ExprToken[] {
  return scan(text, options.start ?? DEFAULT_START, options.filename ?? '', options.json ?? false, options.strict ?? false, 0)
}

/**
 * Strict rules: the offset just after the `}` that closes the `${`/`%{` whose `{` is at `open` (nested
 * strings skipped); throws ExprSyntaxError when it is not closed.
 */
export function interpolationEnd(text: string, open: number): number {
  const c = new Cursor(text, DEFAULT_START)
  c.skipTo(open + 1)
  skipTemplateBody(c, true)
  return c.i
}

function scan(text: string, start: Pos, filename: string, json: boolean, strict: boolean, offset: number): ExprToken[] {
  const c = new Cursor(text, start)
  const out: ExprToken[] = []
  while (!c.done) {
    const ch = c.peek()
    const from = c.i
    const p = c.pos()
    const token = (kind: ExprTokenKind, extra: Partial<ExprToken> = {}): ExprToken => ({
      kind,
      text: text.slice(from, c.i),
      range: c.range(p, filename),
      from: offset + from,
      to: offset + c.i,
      ...extra,
    })
    if (ch === ' ' || ch === '\t' || ch === '\r') {
      c.next()
      continue
    }
    if (ch === '\n') {
      c.next()
      out.push(token('nl'))
      continue
    }
    if (ch === '#' || c.startsWith('//')) {
      while (!c.done && c.peek() !== '\n') c.next()
      continue
    }
    if (c.startsWith('/*')) {
      c.skip(2)
      while (!c.done && !c.startsWith('*/')) c.next()
      if (strict && c.done) throw new ExprSyntaxError('unterminated comment')
      c.skip(2)
      continue
    }
    if (ch === '"') {
      const s = scanString(c, strict)
      const raw = text.slice(from, c.i)
      let literal: string | undefined
      if (strict) literal = s.template ? undefined : s.value
      else if (json) {
        try {
          const v: unknown = JSON.parse(raw)
          if (typeof v === 'string') literal = v
        } catch {
          literal = undefined
        }
      } else if (!s.template) literal = unescape(raw.slice(1, raw.endsWith('"') && raw.length > 1 ? -1 : undefined))
      const wrapped =
        !json && !strict && s.wrapped
          ? scan(text.slice(s.wrapped.from, s.wrapped.to), s.wrapped.start, filename, false, false, offset + s.wrapped.from)
          : undefined
      out.push(token('string', {...(literal !== undefined ? {literal} : {}), ...(wrapped ? {wrapped} : {}), template: s.template}))
      continue
    }
    if (c.startsWith('<<')) {
      const heredoc = strict ? strictHeredoc(c) : lenientHeredoc(c)
      if (heredoc) {
        out.push(token('heredoc', heredoc))
        continue
      }
    }
    if (/[0-9]/.test(ch)) {
      const m = NUMBER.exec(text.slice(c.i))
      c.skip(m?.[0].length ?? 1)
      out.push(token('number'))
      continue
    }
    const cp = String.fromCodePoint(text.codePointAt(c.i) ?? 0)
    if (ID_START.test(cp)) {
      c.next()
      while (!c.done) {
        const n = String.fromCodePoint(text.codePointAt(c.i) ?? 0)
        if (!ID_CONTINUE.test(n)) break
        c.next()
      }
      out.push(token('ident'))
      continue
    }
    const op = PUNCT3.find((o) => c.startsWith(o)) ?? PUNCT2.find((o) => c.startsWith(o)) ?? cp
    if (strict && op === cp && !PUNCT1.has(cp)) throw new ExprSyntaxError(`unexpected character ${cp}`)
    c.skip(op === cp ? 1 : op.length)
    out.push(token('punct'))
  }
  return out
}

/** A heredoc at the cursor (`<<`), raw: to its closing marker or the end of the text; undefined when `<<` starts none. */
function lenientHeredoc(c: Cursor): Partial<ExprToken> | undefined {
  const text = c.text
  const m = HEREDOC.exec(text.slice(c.i))
  if (!m) return undefined
  const marker = m[1] ?? ''
  c.skip(m[0].length)
  while (!c.done) {
    let eol = text.indexOf('\n', c.i)
    if (eol < 0) eol = text.length
    const line = text.slice(c.i, eol)
    if (line.trim() === marker) {
      c.skip(line.length)
      break
    }
    c.skip(eol - c.i + 1)
  }
  return {template: true}
}

/** A heredoc at the cursor (`<<`), decoded as HCL does (`<<-` strips the common indentation). */
function strictHeredoc(c: Cursor): Partial<ExprToken> {
  const text = c.text
  const m = STRICT_HEREDOC.exec(text.slice(c.i))
  if (!m) throw new ExprSyntaxError('invalid heredoc')
  const marker = m[2] as string
  c.skipTo(c.i + m[0].length)
  const lines: string[] = []
  while (!c.done) {
    let eol = text.indexOf('\n', c.i)
    if (eol < 0) eol = text.length
    const line = text.slice(c.i, eol).replace(/\r$/, '')
    if (line.trim() === marker) {
      c.skipTo(eol)
      let body = lines.map((l) => l + '\n')
      if (m[1] === '-') {
        const indents = lines.filter((l) => l.trim() !== '').map((l) => (/^[ \t]*/.exec(l) as RegExpExecArray)[0].length)
        const strip = indents.length ? Math.min(...indents) : 0
        body = lines.map((l) => l.slice(strip) + '\n')
      }
      const raw = body.join('')
      const template = /(^|[^$])\$\{|(^|[^%])%\{/.test(raw)
      return template ? {template} : {template, literal: raw.replace(/\$\$\{/g, '${').replace(/%%\{/g, '%{')}
    }
    lines.push(line)
    c.skipTo(eol + 1)
  }
  throw new ExprSyntaxError('unterminated heredoc')
}
