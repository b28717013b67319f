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

/**
 * Growable typed arrays for the tokens (a plain array push per token measured 5 MB/s on big files): the
 * three share one ArrayBuffer, so a file's tokens cost one allocation (and one more per doubling).
 */
class TokenBuffer {
  types: Uint8Array
  starts: Int32Array
  ends: Int32Array
  n = 0

  constructor(textLength: number) {
    const cap = Math.min(textLength + 2, 256 + (textLength >> 2))
    const b = TokenBuffer.views(cap)
    this.types = b.types
    this.starts = b.starts
    this.ends = b.ends
  }

  /** Three arrays of `cap` entries in one buffer: starts, ends, then types. */
  private static views(cap: number): {types: Uint8Array; starts: Int32Array; ends: Int32Array} {
    const buffer = new ArrayBuffer(cap * 9)
    return {starts: new Int32Array(buffer, 0, cap), ends: new Int32Array(buffer, cap * 4, cap), types: new Uint8Array(buffer, cap * 8, cap)}
  }

  emit(t: number, s: number, e: number): void {
    if (this.n === this.types.length) {
      const b = TokenBuffer.views(this.n * 2)
      b.types.set(this.types)
      b.starts.set(this.starts)
      b.ends.set(this.ends)
      this.types = b.types
      this.starts = b.starts
      this.ends = b.ends
    }
    const i = this.n++
    this.types[i] = t
    this.starts[i] = s
    this.ends[i] = e
  }

  /** The last token's type. */
  last(): number {
    return this.types[this.n - 1]!
  }

  done(tooDeep: number): Tokens {
    return {types: this.types.subarray(0, this.n), starts: this.starts.subarray(0, this.n), ends: this.ends.subarray(0, this.n), tooDeep}
  }
}

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
  const n = text.length
  const buf = new TokenBuffer(n)
  // the nesting: levels open, the depth before each quote, heredoc or template sequence still open,
  // operators counted in this top-level expression, whether a `-` here is unary
  let depth = 0
  const frames: number[] = []
  let ops = 0
  let unary = true
  let tooDeep = -1
  const emit = (t: number, s: number, e: number): void => {
    buf.emit(t, s, e)
    switch (NEST[t]) {
      case N_NEUTRAL:
        unary = false
        return
      case N_OPERAND:
        unary = true
        return
      case N_SKIP:
        return
      case N_OPEN:
        unary = true
        depth++
        break
      case N_FRAME:
        frames.push(depth)
        depth++
        break
      case N_TEMPLATE:
        frames.push(depth)
        depth++
        unary = e - s === 2 // `${~`: the `~` comes last
        break
      case N_CLOSE:
        unary = false
        if (depth > (frames.length === 0 ? 0 : frames[frames.length - 1]! + 1)) depth--
        return
      case N_FRAME_CLOSE:
        unary = false
        depth = frames.pop()!
        return
      case N_MINUS:
        if (!unary) {
          unary = true
          return
        }
        ops++
        break
      case N_UNARY:
        unary = true
        ops++
        break
      case N_NEWLINE:
        if (depth === 0 && text.charCodeAt(e - 1) === 10) ops = 0
        return
    }
    if (tooDeep < 0 && depth + Math.floor(ops / OPERATORS_PER_LEVEL) > limit) tooDeep = s
  }
  const modes: number[] = [template ? MODE_BARE : MODE_MAIN]
  const heredocs: Heredoc[] = []
  const retBraces: number[] = []
  let braces = 0
  let i = from
  // no comment closer exists for a comment opened at or after this index
  let noCloseFrom = Infinity

  /** A one-character token at i, or the two-character one when `second` follows; returns the next index. */
  const pair = (at: number, second: number, both: number, one: number): number => {
    if (text.charCodeAt(at + 1) === second) {
      emit(both, at, at + 2)
      return at + 2
    }
    emit(one, at, at + 1)
    return at + 1
  }

  /** `${` / `%{` (with an optional `~`) at i: emits the opener and enters expression mode. */
  const templateOpen = (kind: number): void => {
    const e = text.charCodeAt(i + 2) === 126 ? i + 3 : i + 2
    emit(kind, i, e)
    braces++
    retBraces.push(braces)
    const h = heredocs[heredocs.length - 1]
    if (h && modes[modes.length - 1] === MODE_HEREDOC) h.startOfLine = false
    modes.push(MODE_MAIN)
    i = e
  }

  while (i < n && tooDeep < 0) {
    const mode = modes[modes.length - 1]!
    const c = text.charCodeAt(i)
    if (mode === MODE_MAIN) {
      if (c === 32 || c === 9) {
        // a run of blanks (indentation) at once
        i++
        while (i < n) {
          const d = text.charCodeAt(i)
          if (d !== 32 && d !== 9) break
          i++
        }
        continue
      }
      if (isDigit(c)) {
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
        emit(T.NUMBER, i, j)
        i = j
        continue
      }
      if (isAsciiIdStart(c) || c >= 0x80) {
        const len = identLength(text, i)
        if (len > 0) {
          emit(T.IDENT, i, i + len)
          i += len
          continue
        }
        const cp = codePointAt(text, i)
        emit(T.INVALID, i, i + cpLen(cp))
        i += cpLen(cp)
        continue
      }
      switch (c) {
        case 10:
          emit(T.NEWLINE, i, i + 1)
          i++
          continue
        case 13:
          if (text.charCodeAt(i + 1) === 10) {
            emit(T.NEWLINE, i, i + 2)
            i += 2
          } else {
            emit(T.INVALID, i, i + 1)
            i++
          }
          continue
        case 35: {
          // #
          const nl = text.indexOf('\n', i)
          const e = nl < 0 ? n : nl + 1
          emit(T.COMMENT, i, e)
          i = e
          continue
        }
        case 47: {
          // /
          const d = text.charCodeAt(i + 1)
          if (d === 47) {
            const nl = text.indexOf('\n', i)
            const e = nl < 0 ? n : nl + 1
            emit(T.COMMENT, i, e)
            i = e
            continue
          }
          if (d === 42 && i < noCloseFrom) {
            const close = text.indexOf('*/', i + 2)
            // none after i: none after a later opener either (keeps unclosed comments linear)
            if (close < 0) noCloseFrom = i
            if (close >= 0) {
              emit(T.COMMENT, i, close + 2)
              i = close + 2
              continue
            }
          }
          emit(T.SLASH, i, i + 1)
          i++
          continue
        }
        case 61: {
          // =
          const d = text.charCodeAt(i + 1)
          if (d === 61) emit(T.EQUAL_OP, i, i + 2)
          else if (d === 62) emit(T.FAT_ARROW, i, i + 2)
          else emit(T.EQUAL, i, i + 1)
          i = buf.last() === T.EQUAL ? i + 1 : i + 2
          continue
        }
        case 33:
          i = pair(i, 61, T.NOT_EQUAL, T.BANG)
          continue
        case 62:
          i = pair(i, 61, T.GTE, T.GT)
          continue
        case 60: {
          // <
          const d = text.charCodeAt(i + 1)
          if (d === 61) {
            emit(T.LTE, i, i + 2)
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
                emit(T.OHEREDOC, i, k + 1)
                heredocs.push({marker: text.slice(j, j + len), startOfLine: true})
                modes.push(MODE_HEREDOC)
                i = k + 1
                continue
              }
            }
          }
          emit(T.LT, i, i + 1)
          i++
          continue
        }
        case 38:
          i = pair(i, 38, T.AND, T.BIT_AND)
          continue
        case 124:
          i = pair(i, 124, T.OR, T.BIT_OR)
          continue
        case 58:
          i = pair(i, 58, T.DOUBLE_COLON, T.COLON)
          continue
        case 46:
          if (text.charCodeAt(i + 1) === 46 && text.charCodeAt(i + 2) === 46) {
            emit(T.ELLIPSIS, i, i + 3)
            i += 3
          } else {
            emit(T.DOT, i, i + 1)
            i++
          }
          continue
        case 123:
          emit(T.OBRACE, i, i + 1)
          braces++
          i++
          continue
        case 125:
        case 126: {
          // } and ~}
          const tilde = c === 126
          if (tilde && text.charCodeAt(i + 1) !== 125) {
            emit(T.BIT_NOT, i, i + 1)
            i++
            continue
          }
          const e = tilde ? i + 2 : i + 1
          if (retBraces.length > 0 && retBraces[retBraces.length - 1] === braces) {
            emit(T.TEMPLATE_SEQ_END, i, e)
            depth = frames.pop()! // the sequence's level ends, and any bracket left open in it
            braces--
            retBraces.pop()
            modes.pop()
          } else {
            emit(tilde ? T.TEMPLATE_SEQ_END : T.CBRACE, i, e)
            braces--
          }
          i = e
          continue
        }
        case 34:
          emit(T.OQUOTE, i, i + 1)
          modes.push(MODE_STRING)
          i++
          continue
        default: {
          const t = c < 128 ? SELF[c]! : -1
          if (t >= 0) emit(t, i, i + 1)
          else emit(T.INVALID, i, i + 1)
          i++
          continue
        }
      }
    }
    if (mode === MODE_STRING) {
      if ((c === 36 || c === 37) && text.charCodeAt(i + 1) === 123) {
        templateOpen(c === 36 ? T.TEMPLATE_INTERP : T.TEMPLATE_CONTROL)
        continue
      }
      if (c === 34) {
        emit(T.CQUOTE, i, i + 1)
        modes.pop()
        i++
        continue
      }
      if (c === 10 || c === 13) {
        let j = i + 1
        while (j < n && (text.charCodeAt(j) === 10 || text.charCodeAt(j) === 13)) j++
        emit(T.QUOTED_NEWLINE, i, j)
        i = j
        continue
      }
      // a run of literal characters: escapes, `$$` / `%%`, a `$` or `%` not starting a sequence
      let j = i
      while (j < n) {
        const d = text.charCodeAt(j)
        if (d === 34 || d === 10 || d === 13) break
        if (d === 92) {
          const e = text.charCodeAt(j + 1)
          if (j + 1 >= n || e === 10 || e === 13) break
          j += 2
          continue
        }
        if (d === 36 || d === 37) {
          // a `$` or `%` ending the text starts a sequence that never completes
          if (j + 1 >= n) break
          const e = text.charCodeAt(j + 1)
          if (e === 123) break
          if (e === d && text.charCodeAt(j + 2) === 123) {
            j += 3
            continue
          }
        }
        j++
      }
      if (j === i) {
        // a lone backslash before a newline or the end, or a `$`/`%` at the end
        emit(T.INVALID, i, i + 1)
        i++
        continue
      }
      emit(T.QUOTED_LIT, i, j)
      i = j
      continue
    }
    // MODE_HEREDOC and MODE_BARE
    if ((c === 36 || c === 37) && text.charCodeAt(i + 1) === 123) {
      templateOpen(c === 36 ? T.TEMPLATE_INTERP : T.TEMPLATE_CONTROL)
      continue
    }
    const h = mode === MODE_HEREDOC ? heredocs[heredocs.length - 1] : undefined
    if (h && h.startOfLine) {
      // a whole line of plain characters may be the closing marker
      let j = i
      while (j < n) {
        const d = text.charCodeAt(j)
        if (d === 36 || d === 37 || d === 10 || d === 13) break
        j++
      }
      let eol = -1
      if (text.charCodeAt(j) === 10) eol = j + 1
      else if (text.charCodeAt(j) === 13 && text.charCodeAt(j + 1) === 10) eol = j + 2
      if (eol >= 0 && text.slice(i, j).trim() === h.marker) {
        emit(T.CHEREDOC, i, j)
        emit(T.NEWLINE, j, eol)
        heredocs.pop()
        modes.pop()
        i = eol
        continue
      }
    }
    // literal text up to a template sequence or through the end of the line
    let j = i
    let eol = false
    let broken = false
    while (j < n) {
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
        if (e === d && text.charCodeAt(j + 2) === 123) {
          j += 3
          continue
        }
      }
      j++
    }
    if (j > i) emit(T.STRING_LIT, i, j)
    if (broken) {
      emit(T.INVALID, j, n)
      i = n
      break
    }
    if (h) h.startOfLine = eol
    i = j
  }
  emit(T.EOF, n, n)
  return buf.done(tooDeep)
}
