// The tokens of HCL native syntax, following HashiCorp's published specification and the token rules of
// the Go implementation (hashicorp/hcl v2, hclsyntax): three modes (expressions, quoted templates,
// heredoc templates) with a stack, so `${ … }` may nest strings and heredocs to any depth. One pass with
// charCodeAt over the text; tokens are kept as three parallel arrays of numbers (type, start, end in
// UTF-16 code units), so a file's tokens cost no objects. The same pass measures the nesting the parser
// will recurse on (nesting-limit.ts): no second pass over the text checks it.

export const T = {
  EOF: 0,
  NEWLINE: 1,
  COMMENT: 2,
  IDENT: 3,
  NUMBER: 4,
  OQUOTE: 5,
  CQUOTE: 6,
  OHEREDOC: 7,
  CHEREDOC: 8,
  QUOTED_LIT: 9,
  STRING_LIT: 10,
  TEMPLATE_INTERP: 11,
  TEMPLATE_CONTROL: 12,
  TEMPLATE_SEQ_END: 13,
  OBRACE: 14,
  CBRACE: 15,
  OBRACK: 16,
  CBRACK: 17,
  OPAREN: 18,
  CPAREN: 19,
  DOT: 20,
  COMMA: 21,
  STAR: 22,
  SLASH: 23,
  PERCENT: 24,
  PLUS: 25,
  MINUS: 26,
  EQUAL: 27,
  LT: 28,
  GT: 29,
  BANG: 30,
  QUESTION: 31,
  COLON: 32,
  EQUAL_OP: 33,
  NOT_EQUAL: 34,
  GTE: 35,
  LTE: 36,
  AND: 37,
  OR: 38,
  DOUBLE_COLON: 39,
  ELLIPSIS: 40,
  FAT_ARROW: 41,
  BIT_AND: 42,
  BIT_OR: 43,
  BIT_NOT: 44,
  BIT_XOR: 45,
  SEMICOLON: 46,
  BACKTICK: 47,
  APOSTROPHE: 48,
  QUOTED_NEWLINE: 49,
  INVALID: 50,
} as const

export type TokenType = (typeof T)[keyof typeof T]

/** A file's tokens: `types[i]` spans `text.slice(starts[i], ends[i])`; the last one is EOF. */
export interface Tokens {
  readonly types: Uint8Array
  readonly starts: Int32Array
  readonly ends: Int32Array
  /**
   * Where the nesting first went past the limit given to `lex` (the opener or operator that did), or -1.
   * When it did, lexing stopped there: the tokens end early and are not to be parsed.
   */
  readonly tooDeep: number
  /**
   * How many tokens HCL reports on their own wherever they appear (bitwise operators, `;`, a backtick or
   * an apostrophe, a newline in a quoted string, a character the language does not use): when none, a
   * file's tokens need no second look for them.
   */
  readonly flagged: number
  /**
   * Indices (ascending) of the literal tokens (QUOTED_LIT, STRING_LIT) whose text may need decoding: a
   * backslash, or a doubled `$` or `%`. Every other literal token's value is its text as it stands.
   */
  readonly escaped: readonly number[]
  /**
   * Where each line starts (after every `\n`, in order; the first line's start, `from`, first), or
   * undefined when lexing stopped early (tooDeep): what Positions would find, without a scan of its own.
   */
  readonly lineStarts: number[] | undefined
}

/** Unary and conditional operators in one expression cost the parser far less stack than a bracket each. */
export const OPERATORS_PER_LEVEL = 10

// What a token does to the nesting count (lex): see NEST below.
const N_NEUTRAL = 0 // a significant token after which `-` is binary
const N_OPERAND = 1 // a significant token after which `-` is unary (an operator, `=`, an opener, `,`, `:`)
const N_SKIP = 2 // not significant: template text, the end
const N_OPEN = 3 // ( [ {: one level deeper
const N_FRAME = 4 // " or <<EOT: one level deeper, until its own closer
const N_TEMPLATE = 5 // ${ or %{: one level deeper, until its closing brace
const N_CLOSE = 6 // ) ] } ~}: a level opened by a bracket in the same expression ends
const N_FRAME_CLOSE = 7 // closing quote or heredoc marker: back to the depth before its opener
const N_MINUS = 8 // - : an operator level when unary
const N_UNARY = 9 // ! ? : an operator level
const N_NEWLINE = 10 // a newline (a comment ends in one): at the top level, a new expression starts
const NEST = new Uint8Array(64).fill(N_NEUTRAL)
for (const t of [T.QUOTED_LIT, T.STRING_LIT, T.QUOTED_NEWLINE, T.EOF]) NEST[t] = N_SKIP
NEST[T.NEWLINE] = N_NEWLINE
NEST[T.COMMENT] = N_NEWLINE
for (const t of [
  T.EQUAL,
  T.EQUAL_OP,
  T.NOT_EQUAL,
  T.GTE,
  T.LTE,
  T.FAT_ARROW,
  T.COMMA,
  T.COLON,
  T.DOUBLE_COLON,
  T.PLUS,
  T.STAR,
  T.SLASH,
  T.PERCENT,
  T.LT,
  T.GT,
  T.AND,
  T.OR,
  T.BIT_AND,
  T.BIT_OR,
])
  NEST[t] = N_OPERAND
for (const t of [T.OBRACE, T.OBRACK, T.OPAREN]) NEST[t] = N_OPEN
for (const t of [T.OQUOTE, T.OHEREDOC]) NEST[t] = N_FRAME
for (const t of [T.TEMPLATE_INTERP, T.TEMPLATE_CONTROL]) NEST[t] = N_TEMPLATE
for (const t of [T.CBRACE, T.CBRACK, T.CPAREN, T.TEMPLATE_SEQ_END]) NEST[t] = N_CLOSE
for (const t of [T.CQUOTE, T.CHEREDOC]) NEST[t] = N_FRAME_CLOSE
NEST[T.MINUS] = N_MINUS
NEST[T.BANG] = N_UNARY
NEST[T.QUESTION] = N_UNARY

/** Tokens reported wherever they appear (Tokens.flagged). */
const FLAGGED = new Uint8Array(64)
for (const t of [T.BIT_AND, T.BIT_OR, T.BIT_XOR, T.BIT_NOT, T.BACKTICK, T.APOSTROPHE, T.SEMICOLON, T.QUOTED_NEWLINE, T.INVALID])
  FLAGGED[t] = 1

const MODE_MAIN = 0
const MODE_STRING = 1
const MODE_HEREDOC = 2
/** A bare template (a JSON string's text): literal text and sequences up to the end, no closing marker. */
const MODE_BARE = 3

/** Single characters that are a token of their own in expression mode. */
const SELF = new Int8Array(128).fill(-1)
for (const [ch, t] of [
  ['[', T.OBRACK],
  [']', T.CBRACK],
  ['(', T.OPAREN],
  [')', T.CPAREN],
  [',', T.COMMA],
  ['*', T.STAR],
  ['%', T.PERCENT],
  ['+', T.PLUS],
  ['-', T.MINUS],
  ['?', T.QUESTION],
  ['^', T.BIT_XOR],
  [';', T.SEMICOLON],
  ['`', T.BACKTICK],
  ["'", T.APOSTROPHE],
] as const)
  SELF[ch.charCodeAt(0)] = t

/** ASCII characters by what may start at them in expression mode (CLASS). */
const C_OTHER = 0
const C_ID = 1
const C_DIGIT = 2
const CLASS = new Uint8Array(128)
for (let c = 0; c < 128; c++) {
  if ((c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95) CLASS[c] = C_ID
  else if (c >= 48 && c <= 57) CLASS[c] = C_DIGIT
  else CLASS[c] = C_OTHER
}

/**
 * A run of characters a quoted string's literal takes as they are (no quote, line break, backslash, `$` or
 * `%`), and one a heredoc's or a bare template's takes (no line break, `$` or `%`): skipped by V8's own scan
 * (#53: in a short run the loops over them ran interpreted, over every description and heredoc).
 */
const QUOTED_PLAIN = /[^"\n\r\\$%]+/y
const LINE_PLAIN = /[^\n\r$%]+/y
/** The ASCII characters that continue an identifier (letters, digits, `_` and `-`), as a run. */
const ID_REST = /[A-Za-z0-9_-]+/y
/** Spaces and tabs, as a run. */
const BLANKS = /[ \t]+/y
/** Where the run of `re`'s characters from `i` ends (`i` when there is none). */
function plainEnd(re: RegExp, text: string, i: number): number {
  re.lastIndex = i
  return re.test(text) ? re.lastIndex : i
}
const ID_START_RE = /^[\p{ID_Start}]$/u
const ID_CONTINUE_RE = /^[\p{ID_Continue}]$/u

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57
}

function isAsciiIdStart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95
}

function isAsciiIdContinue(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || isDigit(c) || c === 45
}

/** The code point at `i` and its length in code units. */
function codePointAt(text: string, i: number): number {
  return text.codePointAt(i) ?? 0
}

function cpLen(cp: number): number {
  return cp > 0xffff ? 2 : 1
}

/** Length of an identifier starting at `i` (0 when none starts there). */
export function identLength(text: string, i: number): number {
  const c = text.charCodeAt(i)
  let j = i
  if (isAsciiIdStart(c)) j++
  else if (c >= 0x80) {
    const cp = codePointAt(text, i)
    if (!ID_START_RE.test(String.fromCodePoint(cp))) return 0
    j += cpLen(cp)
  } else return 0
  const n = text.length
  while (j < n) {
    const d = text.charCodeAt(j)
    if (d < 0x80) {
      if (!isAsciiIdContinue(d)) break
      j++
    } else {
      const cp = codePointAt(text, j)
      if (!ID_CONTINUE_RE.test(String.fromCodePoint(cp))) break
      j += cpLen(cp)
    }
  }
  return j - i
}

interface Heredoc {
  readonly marker: string
  startOfLine: boolean
}

/**
 * Splits native-syntax text into tokens. `from` skips a leading byte-order mark; `template` reads the
 * whole text as a bare template (as a JSON string's value is read). Never throws.
 *
 * `limit`: the deepest nesting the parser may be handed. Levels are brackets, quoted strings, heredocs
 * and template sequences, plus one for every OPERATORS_PER_LEVEL unary or conditional operators (`!`,
 * `?`, a unary `-`) in one top-level expression; past the limit, lexing stops (Tokens.tooDeep).
 */
export function lex(text: string, from: number, template = false, limit = Infinity): Tokens {
  return new Lexer(text, limit).run(from, template)
}

/**
 * One lexing pass. The state is fields and the loop's locals, not variables shared with closures (which
 * V8 keeps in a heap context, a memory access each); tokens go straight into growable typed arrays (a
 * plain array push per token measured 5 MB/s on big files) that share one ArrayBuffer, so a file's tokens
 * cost one allocation (and one more per doubling).
 */
class Lexer {
  private types: Uint8Array
  private starts: Int32Array
  private ends: Int32Array
  private count = 0
  // the nesting: levels open, the depth before each quote, heredoc or template sequence still open,
  // operators counted in this top-level expression, whether a `-` here is unary
  private depth = 0
  private readonly frames: number[] = []
  private ops = 0
  private unary = true
  private tooDeep = -1
  private flagged = 0
  private readonly escaped: number[] = []
  private readonly lines: number[] = []

  constructor(
    private readonly text: string,
    private readonly limit: number,
  ) {
    const cap = Math.min(text.length + 2, 256 + (text.length >> 2))
    const buffer = new ArrayBuffer(cap * 9)
    this.starts = new Int32Array(buffer, 0, cap)
    this.ends = new Int32Array(buffer, cap * 4, cap)
    this.types = new Uint8Array(buffer, cap * 8, cap)
  }

  /** Three arrays of twice the entries in one new buffer: starts, ends, then types. */
  private grow(): void {
    const cap = this.count * 2
    const buffer = new ArrayBuffer(cap * 9)
    const starts = new Int32Array(buffer, 0, cap)
    const ends = new Int32Array(buffer, cap * 4, cap)
    const types = new Uint8Array(buffer, cap * 8, cap)
    starts.set(this.starts)
    ends.set(this.ends)
    types.set(this.types)
    this.starts = starts
    this.ends = ends
    this.types = types
  }

  private emit(t: number, s: number, e: number): void {
    const i = this.count
    if (i === this.types.length) this.grow()
    this.count = i + 1
    this.types[i] = t
    this.starts[i] = s
    this.ends[i] = e
    switch (NEST[t]) {
      case N_NEUTRAL:
        if (FLAGGED[t] === 1) this.flagged++
        this.unary = false
        return
      case N_OPERAND:
        if (FLAGGED[t] === 1) this.flagged++
        this.unary = true
        return
      case N_SKIP:
        if (t === T.QUOTED_NEWLINE) this.flagged++
        return
      case N_OPEN:
        this.unary = true
        this.depth++
        break
      case N_FRAME:
        this.frames.push(this.depth)
        this.depth++
        break
      case N_TEMPLATE:
        this.frames.push(this.depth)
        this.depth++
        this.unary = e - s === 2 // `${~`: the `~` comes last
        break
      case N_CLOSE: {
        this.unary = false
        const frames = this.frames
        if (this.depth > (frames.length === 0 ? 0 : frames[frames.length - 1]! + 1)) this.depth--
        return
      }
      case N_FRAME_CLOSE:
        this.unary = false
        this.depth = this.frames.pop()!
        return
      case N_MINUS:
        if (!this.unary) {
          this.unary = true
          return
        }
        this.ops++
        break
      case N_UNARY:
        this.unary = true
        this.ops++
        break
      case N_NEWLINE:
        if (this.depth === 0 && this.text.charCodeAt(e - 1) === 10) this.ops = 0
        return
    }
    if (this.tooDeep < 0 && this.depth + Math.floor(this.ops / OPERATORS_PER_LEVEL) > this.limit) this.tooDeep = s
  }

  /** Every line start within text[from, to) (for tokens that may hold any number of newlines). */
  private linesIn(from: number, to: number): void {
    for (let k = this.text.indexOf('\n', from); k >= 0 && k < to; k = this.text.indexOf('\n', k + 1)) this.lines.push(k + 1)
  }

  /** A one-character token at `at`, or the two-character one when `second` follows; returns the next index. */
  private pair(at: number, second: number, both: number, one: number): number {
    if (this.text.charCodeAt(at + 1) === second) {
      this.emit(both, at, at + 2)
      return at + 2
    }
    this.emit(one, at, at + 1)
    return at + 1
  }

  run(from: number, template: boolean): Tokens {
    const text = this.text
    const n = text.length
    const modes: number[] = [template ? MODE_BARE : MODE_MAIN]
    let mode = modes[0]!
    const heredocs: Heredoc[] = []
    const lines = this.lines
    lines.push(from)
    const retBraces: number[] = []
    let braces = 0
    let i = from
    // no comment closer exists for a comment opened at or after this index
    let noCloseFrom = Infinity

    while (i < n && this.tooDeep < 0) {
      const c = text.charCodeAt(i)
      if (mode === MODE_MAIN) {
        if (c === 32 || c === 9) {
          // a run of blanks (indentation) at once
          i = plainEnd(BLANKS, text, i + 1)
          continue
        }
        if (c < 128) {
          const cls = CLASS[c]!
          if (cls === C_ID) {
            // an ASCII identifier: letters, digits, `_` and `-` (a non-ASCII character goes the long way)
            let j = plainEnd(ID_REST, text, i + 1)
            if (text.charCodeAt(j) >= 0x80) j = i + identLength(text, i)
            this.emit(T.IDENT, i, j)
            i = j
            continue
          }
          if (cls === C_DIGIT) {
            let j = i + 1
            for (;;) {
              const d = text.charCodeAt(j)
              if (isDigit(d) || d === 46) j++
              else if (d === 101 || d === 69) {
                let k = j + 1
                const s = text.charCodeAt(k)
                if (s === 43 || s === 45) k++
                if (isDigit(text.charCodeAt(k))) j = k + 1
                else break
              } else break
            }
            while (text.charCodeAt(j - 1) === 46) j--
            this.emit(T.NUMBER, i, j)
            i = j
            continue
          }
        } else {
          const len = identLength(text, i)
          if (len > 0) {
            this.emit(T.IDENT, i, i + len)
            i += len
            continue
          }
          const cp = codePointAt(text, i)
          this.emit(T.INVALID, i, i + cpLen(cp))
          i += cpLen(cp)
          continue
        }
        switch (c) {
          case 10:
            this.emit(T.NEWLINE, i, i + 1)
            lines.push(++i)
            continue
          case 13:
            if (text.charCodeAt(i + 1) === 10) {
              this.emit(T.NEWLINE, i, i + 2)
              i += 2
              lines.push(i)
            } else {
              this.emit(T.INVALID, i, i + 1)
              i++
            }
            continue
          case 35: {
            // #
            const nl = text.indexOf('\n', i)
            const e = nl < 0 ? n : nl + 1
            this.emit(T.COMMENT, i, e)
            if (nl >= 0) lines.push(e)
            i = e
            continue
          }
          case 47: {
            // /
            const d = text.charCodeAt(i + 1)
            if (d === 47) {
              const nl = text.indexOf('\n', i)
              const e = nl < 0 ? n : nl + 1
              this.emit(T.COMMENT, i, e)
              if (nl >= 0) lines.push(e)
              i = e
              continue
            }
            if (d === 42 && i < noCloseFrom) {
              const close = text.indexOf('*/', i + 2)
              // none after i: none after a later opener either (keeps unclosed comments linear)
              if (close < 0) noCloseFrom = i
              if (close >= 0) {
                this.emit(T.COMMENT, i, close + 2)
                this.linesIn(i + 2, close)
                i = close + 2
                continue
              }
            }
            this.emit(T.SLASH, i, i + 1)
            i++
            continue
          }
          case 61: {
            // =
            const d = text.charCodeAt(i + 1)
            if (d === 61) {
              this.emit(T.EQUAL_OP, i, i + 2)
              i += 2
            } else if (d === 62) {
              this.emit(T.FAT_ARROW, i, i + 2)
              i += 2
            } else {
              this.emit(T.EQUAL, i, i + 1)
              i++
            }
            continue
          }
          case 33:
            i = this.pair(i, 61, T.NOT_EQUAL, T.BANG)
            continue
          case 62:
            i = this.pair(i, 61, T.GTE, T.GT)
            continue
          case 60: {
            // <
            const d = text.charCodeAt(i + 1)
            if (d === 61) {
              this.emit(T.LTE, i, i + 2)
              i += 2
              continue
            }
            if (d === 60) {
              // heredoc: << or <<- then an identifier, then a newline
              let j = i + 2
              const flush = text.charCodeAt(j) === 45
              if (flush) j++
              const len = identLength(text, j)
              if (len > 0) {
                let k = j + len
                if (text.charCodeAt(k) === 13) k++
                if (text.charCodeAt(k) === 10) {
                  this.emit(T.OHEREDOC, i, k + 1)
                  lines.push(k + 1)
                  heredocs.push({marker: text.slice(j, j + len), startOfLine: true})
                  modes.push((mode = MODE_HEREDOC))
                  i = k + 1
                  continue
                }
              }
            }
            this.emit(T.LT, i, i + 1)
            i++
            continue
          }
          case 38:
            i = this.pair(i, 38, T.AND, T.BIT_AND)
            continue
          case 124:
            i = this.pair(i, 124, T.OR, T.BIT_OR)
            continue
          case 58:
            i = this.pair(i, 58, T.DOUBLE_COLON, T.COLON)
            continue
          case 46:
            if (text.charCodeAt(i + 1) === 46 && text.charCodeAt(i + 2) === 46) {
              this.emit(T.ELLIPSIS, i, i + 3)
              i += 3
            } else {
              this.emit(T.DOT, i, i + 1)
              i++
            }
            continue
          case 123:
            this.emit(T.OBRACE, i, i + 1)
            braces++
            i++
            continue
          case 125:
          case 126: {
            // } and ~}
            const tilde = c === 126
            if (tilde && text.charCodeAt(i + 1) !== 125) {
              this.emit(T.BIT_NOT, i, i + 1)
              i++
              continue
            }
            const e = tilde ? i + 2 : i + 1
            if (retBraces.length > 0 && retBraces[retBraces.length - 1] === braces) {
              this.emit(T.TEMPLATE_SEQ_END, i, e)
              this.depth = this.frames.pop()! // the sequence's level ends, and any bracket left open in it
              braces--
              retBraces.pop()
              modes.pop()
              mode = modes[modes.length - 1]!
            } else {
              this.emit(tilde ? T.TEMPLATE_SEQ_END : T.CBRACE, i, e)
              braces--
            }
            i = e
            continue
          }
          case 34:
            this.emit(T.OQUOTE, i, i + 1)
            modes.push((mode = MODE_STRING))
            i++
            continue
          default: {
            const t = SELF[c]!
            if (t >= 0) this.emit(t, i, i + 1)
            else this.emit(T.INVALID, i, i + 1)
            i++
            continue
          }
        }
      }
      if ((c === 36 || c === 37) && text.charCodeAt(i + 1) === 123) {
        // `${` / `%{` (with an optional `~`): the opener, then expression mode
        const e = text.charCodeAt(i + 2) === 126 ? i + 3 : i + 2
        this.emit(c === 36 ? T.TEMPLATE_INTERP : T.TEMPLATE_CONTROL, i, e)
        braces++
        retBraces.push(braces)
        if (mode === MODE_HEREDOC) heredocs[heredocs.length - 1]!.startOfLine = false
        modes.push((mode = MODE_MAIN))
        i = e
        continue
      }
      if (mode === MODE_STRING) {
        if (c === 34) {
          this.emit(T.CQUOTE, i, i + 1)
          modes.pop()
          mode = modes[modes.length - 1]!
          i++
          continue
        }
        if (c === 10 || c === 13) {
          let j = i + 1
          while (j < n && (text.charCodeAt(j) === 10 || text.charCodeAt(j) === 13)) j++
          this.emit(T.QUOTED_NEWLINE, i, j)
          this.linesIn(i, j)
          i = j
          continue
        }
        // a run of literal characters: escapes, `$$` / `%%`, a `$` or `%` not starting a sequence
        let j = i
        let plain = true
        while (j < n) {
          j = plainEnd(QUOTED_PLAIN, text, j)
          if (j >= n) break
          const d = text.charCodeAt(j)
          if (d > 92) {
            j++
            continue
          }
          if (d === 34 || d === 10 || d === 13) break
          if (d === 92) {
            const e = text.charCodeAt(j + 1)
            if (j + 1 >= n || e === 10 || e === 13) break
            plain = false
            j += 2
            continue
          }
          if (d === 36 || d === 37) {
            // a `$` or `%` ending the text starts a sequence that never completes
            if (j + 1 >= n) break
            const e = text.charCodeAt(j + 1)
            if (e === 123) break
            if (e === d) {
              plain = false
              if (text.charCodeAt(j + 2) === 123) {
                j += 3
                continue
              }
            }
          }
          j++
        }
        if (j === i) {
          // a lone backslash before a newline or the end, or a `$`/`%` at the end
          this.emit(T.INVALID, i, i + 1)
          i++
          continue
        }
        if (!plain) this.escaped.push(this.count)
        this.emit(T.QUOTED_LIT, i, j)
        i = j
        continue
      }
      // MODE_HEREDOC and MODE_BARE
      const h = mode === MODE_HEREDOC ? heredocs[heredocs.length - 1] : undefined
      if (h && h.startOfLine) {
        // a whole line of plain characters may be the closing marker
        const j = plainEnd(LINE_PLAIN, text, i)
        let eol = -1
        if (text.charCodeAt(j) === 10) eol = j + 1
        else if (text.charCodeAt(j) === 13 && text.charCodeAt(j + 1) === 10) eol = j + 2
        if (eol >= 0 && text.slice(i, j).trim() === h.marker) {
          this.emit(T.CHEREDOC, i, j)
          this.emit(T.NEWLINE, j, eol)
          lines.push(eol)
          heredocs.pop()
          modes.pop()
          mode = modes[modes.length - 1]!
          i = eol
          continue
        }
      }
      // literal text up to a template sequence or through the end of the line
      let j = i
      let eol = false
      let broken = false
      let plain = true
      while (j < n) {
        j = plainEnd(LINE_PLAIN, text, j)
        if (j >= n) break
        const d = text.charCodeAt(j)
        if (d === 10) {
          j++
          eol = true
          break
        }
        if (d === 13) {
          if (text.charCodeAt(j + 1) === 10) {
            j += 2
            eol = true
          } else broken = true // a lone CR: no token matches, the rest of the text is invalid
          break
        }
        if (d === 36 || d === 37) {
          if (j + 1 >= n) {
            broken = true
            break
          }
          const e = text.charCodeAt(j + 1)
          if (e === 123) break
          if (e === d) {
            plain = false
            if (text.charCodeAt(j + 2) === 123) {
              j += 3
              continue
            }
          }
        }
        j++
      }
      if (j > i) {
        if (!plain) this.escaped.push(this.count)
        this.emit(T.STRING_LIT, i, j)
      }
      if (broken) {
        this.emit(T.INVALID, j, n)
        this.linesIn(j, n)
        i = n
        break
      }
      if (eol) lines.push(j)
      if (h) h.startOfLine = eol
      i = j
    }
    this.emit(T.EOF, n, n)
    const c = this.count
    return {
      types: this.types.subarray(0, c),
      starts: this.starts.subarray(0, c),
      ends: this.ends.subarray(0, c),
      tooDeep: this.tooDeep,
      flagged: this.flagged,
      escaped: this.escaped,
      lineStarts: this.tooDeep < 0 ? lines : undefined,
    }
  }
}
