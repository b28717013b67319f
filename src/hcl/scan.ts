// A fast, hand-written structural scanner for HCL native syntax (`.tf` files).
//
// Values come from @cdktf/hcl2json, which reports no source positions; this scanner supplies the
// structure (attributes, blocks, labels) and every position. It is a single forward pass using
// charCodeAt, with explicit stacks instead of recursion, so it runs in linear time and cannot overflow
// the JS stack however deeply the input nests. It never throws: malformed input yields what was
// scanned plus error diagnostics (the authoritative syntax errors come from hcl2json).
import type {Diagnostic, DiagnosticCode, Pos, SourceRange} from '../diag/diagnostic.js'
import type {Label} from './syntax.js'

export interface ScanAttribute {
  readonly kind: 'attribute'
  readonly name: string
  readonly nameRange: SourceRange
  readonly exprRange: SourceRange
  /** The exact source text of `exprRange`. */
  readonly expr: string
}

export interface ScanBlock {
  readonly kind: 'block'
  readonly type: string
  readonly typeRange: SourceRange
  readonly labels: readonly Label[]
  /** Terraform's DeclRange: from the type name to the end of the last label. */
  readonly declRange: SourceRange
  /** The type name through the closing brace. */
  readonly range: SourceRange
  readonly body: ScanBody
}

export interface ScanBody {
  readonly attributes: readonly ScanAttribute[]
  readonly blocks: readonly ScanBlock[]
  /** Just after `{` to just before `}`; the whole file for a file body. */
  readonly range: SourceRange
}

/**
 * Scans one native-syntax file; never throws. Lines and columns are 1-based with columns counted in
 * code points; `byte` is the 0-based UTF-8 offset in the file (a leading BOM is skipped: it takes 3
 * bytes but no column). Ranges are half-open. Lone CRs are treated as spaces, not newlines.
 */
export function scanNative(text: string, filename: string): {body: ScanBody; diagnostics: Diagnostic[]} {
  return new Scanner(text, filename).run()
}

// ---------------------------------------------------------------------------------------------------
// Character tables (ASCII only; code units >= 0x80 are handled separately).

// Expression-mode classes.
const X_PLAIN = 0
const X_SPACE = 1
const X_NL = 2
const X_HASH = 3
const X_SLASH = 4
const X_QUOTE = 5
const X_LT = 6
const X_OPEN = 7
const X_CLOSE = 8

const XCLASS = new Uint8Array(128)
XCLASS[32] = X_SPACE
XCLASS[9] = X_SPACE
XCLASS[13] = X_SPACE
XCLASS[10] = X_NL
XCLASS[35] = X_HASH // #
XCLASS[47] = X_SLASH // /
XCLASS[34] = X_QUOTE // "
XCLASS[60] = X_LT // <
XCLASS[40] = X_OPEN // (
XCLASS[91] = X_OPEN // [
XCLASS[123] = X_OPEN // {
XCLASS[41] = X_CLOSE // )
XCLASS[93] = X_CLOSE // ]
XCLASS[125] = X_CLOSE // }

// Identifier characters: 1 = may start an identifier, 2 = may only continue one.
const IDENT = new Uint8Array(128)
for (let c = 65; c <= 90; c++) IDENT[c] = 1
for (let c = 97; c <= 122; c++) IDENT[c] = 1
IDENT[95] = 1 // _
for (let c = 48; c <= 57; c++) IDENT[c] = 2
IDENT[45] = 2 // -

const ID_START = /^\p{ID_Start}$/u
const ID_CONTINUE = /^\p{ID_Continue}$/u

// Nesting-stack entry kinds of the expression lexer. Kinds below K_STR are expression mode.
const K_PAREN = 1
const K_BRACK = 2
const K_BRACE = 3
const K_INTERP = 4 // `${ … }` or `%{ … }` inside a template
const K_STR = 5 // a quoted template "…"
const K_HEREDOC = 6 // a heredoc template body

const OPENER_TEXT = ['', '(', '[', '{', '${', '"', '<<']
const CLOSER_TEXT = ['', ')', ']', '}', '}', '"', '']

/**
 * How many times per file an expression that runs unclosed to the end of the file may be retried from
 * the line after its start. Each retry rescans at most the rest of the file, so this keeps the scan
 * linear while still letting one broken expression leave the rest of the file scannable.
 */
const MAX_RESTARTS = 8

/** Initial size of the expression lexer's nesting stack (it grows as needed). */
const STACK_INIT = 32

interface Container {
  readonly attributes: ScanAttribute[]
  readonly blocks: ScanBlock[]
}

interface Frame extends Container {
  readonly type: string
  readonly typeRange: SourceRange
  readonly labels: readonly Label[]
  readonly declRange: SourceRange
  /** The opening brace. */
  readonly open: SourceRange
  /** Index just after the opening brace. */
  readonly bodyIdx: number
}

const FILE_START: Pos = {line: 1, column: 1, byte: 0}

function isHighSurrogate(c: number): boolean {
  return c >= 0xd800 && c <= 0xdbff
}

function isLowSurrogate(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff
}

function hexValue(c: number): number {
  if (c >= 48 && c <= 57) return c - 48
  if (c >= 65 && c <= 70) return c - 55
  if (c >= 97 && c <= 102) return c - 87
  return -1
}

class Scanner {
  private readonly text: string
  private readonly len: number
  private readonly filename: string
  private readonly diagnostics: Diagnostic[] = []
  /** Index of the first character after a leading BOM (0 or 1). */
  private readonly startIdx: number

  // Position cursor: positions are computed incrementally from the last one requested.
  private cIdx: number
  private cLine = 1
  private cCol = 1
  private cByte: number
  /** Index and byte offset of the start of the cursor's line. */
  private lsIdx: number
  private lsByte: number
  /** ASCII-only text: byte offsets equal indexes. */
  private readonly ascii: boolean
  /** ASCII mode: index of the first newline at or after `lsIdx` (-1 when unknown). */
  private nextNl = -1

  // Expression-lexer nesting stack (reused across expressions).
  // (Preallocated so that the common shallow nesting never grows them.)
  private readonly kinds: number[] = new Array<number>(STACK_INIT).fill(0)
  private readonly opens: number[] = new Array<number>(STACK_INIT).fill(0)
  private readonly delims: string[] = new Array<string>(STACK_INIT).fill('')
  /** Set by heredocStart: the heredoc's closing marker. */
  private heredocDelim = ''
  private readonly lastOfKind = new Int32Array(K_HEREDOC + 1)
  private readonly prevSame: number[] = new Array<number>(STACK_INIT).fill(0)
  /** Set by scanExpr: the trimmed expression bounds. */
  private exprStart = 0
  private exprEnd = 0
  private restarts = 0
  /** No comment terminator (star, slash) exists at or after this index + 2: keeps unclosed comments linear. */
  private noCommentCloseFrom = Infinity
  /** Set by quotedEnd: the index where an unterminated quoted string stopped. */
  private quoteFailAt = 0

  constructor(text: string, filename: string) {
    this.text = text
    this.len = text.length
    this.filename = filename
    const bom = text.charCodeAt(0) === 0xfeff ? 1 : 0
    this.startIdx = bom
    this.cIdx = bom
    this.cByte = bom * 3
    this.lsIdx = bom
    this.lsByte = bom * 3
    // Each non-ASCII UTF-16 unit takes at least two UTF-8 bytes, so equal lengths mean pure ASCII.
    this.ascii = Buffer.byteLength(text, 'utf8') === text.length
  }

  run(): {body: ScanBody; diagnostics: Diagnostic[]} {
    const text = this.text
    const len = this.len
    const root: Container = {attributes: [], blocks: []}
    const nul = text.indexOf('\u0000')
    if (nul >= 0) {
      this.error(
        'Invalid character encoding',
        'All input files must be UTF-8 encoded text; this file contains a NUL character and appears to be binary, so it was not scanned.',
        nul,
        nul + 1,
        'hcl.binary-file',
      )
      return {body: this.fileBody(root), diagnostics: this.diagnostics}
    }

    const frames: Frame[] = []
    let cur: Container = root
    let i = this.startIdx
    for (;;) {
      i = this.skipTrivia(i)
      if (i >= len) break
      const c = text.charCodeAt(i)
      if (c === 125) {
        // `}`
        const f = frames.pop()
        if (f) {
          const bodyEnd = this.posAt(i)
          const end = this.posAt(i + 1)
          cur = frames.length > 0 ? frames[frames.length - 1]! : root
          cur.blocks.push(this.makeBlock(f, bodyEnd, end))
          i++
        } else {
          this.error('Argument or block definition required', 'An argument or block definition is required here.', i, i + 1)
          i = this.resync(i + 1)
        }
        continue
      }
      if (this.identStartAt(i)) {
        const r = this.item(i, cur)
        if (typeof r === 'number') {
          i = r
        } else {
          frames.push(r)
          cur = r
          i = r.bodyIdx
        }
        continue
      }
      this.invalidItemStart(i, c)
      i = this.resync(i)
    }

    if (frames.length > 0) {
      const end = this.posAt(len)
      for (const f of frames) {
        this.diagnostics.push({
          code: 'hcl.syntax',
          severity: 'error',
          summary: 'Unclosed configuration block',
          detail:
            'There is no closing brace for this block before the end of the file. This may be caused by incorrect brace nesting elsewhere in this file.',
          range: f.open,
        })
      }
      for (let k = frames.length - 1; k >= 0; k--) {
        const parent: Container = k > 0 ? frames[k - 1]! : root
        parent.blocks.push(this.makeBlock(frames[k]!, end, end))
      }
    }
    return {body: this.fileBody(root), diagnostics: this.diagnostics}
  }

  private fileBody(root: Container): ScanBody {
    return {
      attributes: root.attributes,
      blocks: root.blocks,
      range: {filename: this.filename, start: FILE_START, end: this.posAt(this.len)},
    }
  }

  private makeBlock(f: Frame, bodyEnd: Pos, end: Pos): ScanBlock {
    const filename = this.filename
    return {
      kind: 'block',
      type: f.type,
      typeRange: f.typeRange,
      labels: f.labels,
      declRange: f.declRange,
      range: {filename, start: f.typeRange.start, end},
      body: {attributes: f.attributes, blocks: f.blocks, range: {filename, start: f.open.end, end: bodyEnd}},
    }
  }

  /**
   * Scans one body item starting at identifier index `i`. An attribute is added to `cur` and the index
   * to continue from is returned; a block header returns its new frame (continue at its `bodyIdx`).
   */
  private item(i: number, cur: Container): number | Frame {
    const text = this.text
    const nameStart = i
    const nameEnd = this.identEnd(i)
    let j = this.skipInline(nameEnd)
    let c = text.charCodeAt(j)
    if (c === 61) {
      // `=`: an attribute
      const nameRange = this.range(nameStart, nameEnd)
      const next = this.scanExpr(j + 1, true)
      const es = this.exprStart
      const ee = this.exprEnd
      const exprRange = this.range(es, ee)
      if (es === ee) {
        const found = es >= this.len ? 'the end of the file' : text.charCodeAt(es) === 125 ? 'a closing brace' : 'the end of the line'
        this.diagnostics.push({
          code: 'hcl.syntax',
          severity: 'error',
          summary: 'Invalid expression',
          detail: `Expected the start of an expression, but found ${found}.`,
          range: exprRange,
        })
      }
      cur.attributes.push({kind: 'attribute', name: text.slice(nameStart, nameEnd), nameRange, exprRange, expr: text.slice(es, ee)})
      return next
    }

    const typeRange = this.range(nameStart, nameEnd)
    const labels: Label[] = []
    for (;;) {
      if (c === 34) {
        const e = this.quotedEnd(j)
        if (e < 0) {
          const stop = this.quoteFailAt
          this.error('Unterminated template string', 'No closing marker was found for the string.', j, this.trimBack(stop, j))
          return stop
        }
        const start = this.posAt(j)
        const value = this.decodeQuoted(j + 1, e - 1)
        labels.push({value, range: {filename: this.filename, start, end: this.posAt(e)}})
        j = e
      } else if (j < this.len && this.identStartAt(j)) {
        const e = this.identEnd(j)
        labels.push({value: text.slice(j, e), range: this.range(j, e)})
        j = e
      } else {
        break
      }
      j = this.skipInline(j)
      c = text.charCodeAt(j)
    }

    if (c === 123) {
      // `{`: a block
      const last = labels[labels.length - 1]
      const declRange: SourceRange = last ? {filename: this.filename, start: typeRange.start, end: last.range.end} : typeRange
      const open = this.range(j, j + 1)
      return {type: text.slice(nameStart, nameEnd), typeRange, labels, declRange, open, bodyIdx: j + 1, attributes: [], blocks: []}
    }

    const atEnd = j >= this.len || c === 10 || c === 125 || c === 35 || (c === 47 && text.charCodeAt(j + 1) === 47)
    if (labels.length === 0) {
      this.error(
        'Argument or block definition required',
        'An argument or block definition is required here. To set an argument, use the equals sign "=" to introduce the argument value.',
        nameStart,
        nameEnd,
      )
    } else if (atEnd) {
      this.error(
        'Invalid block definition',
        'A block definition must have block content delimited by "{" and "}", starting on the same line as the block header.',
        nameStart,
        j,
      )
    } else {
      this.error(
        'Invalid block definition',
        'Either a quoted string block label or an opening brace ("{") is expected here.',
        j,
        j + this.charLen(j),
      )
    }
    return this.resync(j)
  }

  private invalidItemStart(i: number, c: number): void {
    const n = this.charLen(i)
    if (c === 0xfffd) {
      this.error(
        'Invalid character encoding',
        'All input files must be UTF-8 encoded. Ensure that UTF-8 encoding is selected in your editor.',
        i,
        i + n,
        'hcl.invalid-encoding',
      )
    } else if (c === 39) {
      this.error('Invalid character', 'Single quotes are not valid. Use double quotes (") to enclose strings.', i, i + n)
    } else if (c === 59) {
      this.error(
        'Invalid character',
        'The ";" character is not valid. Use newlines to separate arguments and blocks, and commas to separate items in collection values.',
        i,
        i + n,
      )
    } else if (c < 32 || c === 127 || c === 96 || c === 64 || c === 92 || c === 36 || c === 94 || c >= 128) {
      this.error('Invalid character', 'This character is not used within the language.', i, i + n)
    } else {
      this.error('Argument or block definition required', 'An argument or block definition is required here.', i, i + n)
    }
  }

  /** Skips to the next line at bracket depth 0 (or a `}` closing the enclosing block). */
  private resync(i: number): number {
    return this.scanExpr(i, false)
  }

  // -------------------------------------------------------------------------------------------------
  // Expression lexer

  /**
   * Scans an attribute expression starting at `from` (just after `=`). Sets `exprStart`/`exprEnd` to
   * the expression without surrounding spaces and trailing comments, and returns the index to continue
   * the body from: a newline at depth 0, a `}` closing the enclosing block, or the end of the file.
   * With `report` false (resynchronisation after an error) it reports nothing.
   */
  private scanExpr(from: number, report: boolean): number {
    // Rare paths (heredoc openers, bracket mismatches, errors) live in separate methods: this keeps the
    // hot function small, which makes V8 optimise it sooner and re-optimise it faster after a deopt.
    const text = this.text
    const len = this.len
    const kinds = this.kinds
    const opens = this.opens
    // For brackets and interpolations: the nearest open entry of each kind (-1 if none), and for each
    // entry the previous open entry of its kind, so that mismatch recovery needs no stack search.
    const last = this.lastOfKind
    last.fill(-1)
    const prev = this.prevSame
    const diagMark = this.diagnostics.length
    let depth = 0
    let i = from
    for (;;) {
      const c = text.charCodeAt(i)
      if (c === 32 || c === 9 || c === 13) i++
      else if (c === 47 && text.charCodeAt(i + 1) === 42) {
        const e = this.blockCommentEnd(i, report)
        if (e < 0) {
          i = this.lineEnd(i)
          break
        }
        i = e
      } else break
    }
    const start = i
    this.exprStart = i
    let lastSig = i
    let hdLineStart = false

    loop: while (i < len) {
      const top = depth === 0 ? 0 : kinds[depth - 1]!
      if (top < K_STR) {
        // Expression mode.
        const c = text.charCodeAt(i)
        switch (c < 128 ? XCLASS[c]! : X_PLAIN) {
          case X_PLAIN:
            i++
            while (i < len) {
              const d = text.charCodeAt(i)
              if (d < 128 && XCLASS[d] !== X_PLAIN) break
              i++
            }
            lastSig = i
            break
          case X_SPACE:
            i++
            break
          case X_NL:
            if (depth === 0) break loop
            i++
            break
          case X_HASH:
            i = this.lineEnd(i)
            break
          case X_SLASH: {
            const d = text.charCodeAt(i + 1)
            if (d === 47) {
              i = this.lineEnd(i)
            } else if (d === 42) {
              const e = this.blockCommentEnd(i, report)
              i = e < 0 ? this.lineEnd(i) : e
            } else {
              i++
              lastSig = i
            }
            break
          }
          case X_QUOTE:
            kinds[depth] = K_STR
            opens[depth] = i
            depth++
            i++
            lastSig = i
            break
          case X_LT: {
            const body = text.charCodeAt(i + 1) === 60 ? this.heredocStart(i) : -1
            if (body >= 0) {
              kinds[depth] = K_HEREDOC
              opens[depth] = i
              this.delims[depth] = this.heredocDelim
              depth++
              i = body
              hdLineStart = true
            } else {
              i++
            }
            lastSig = i
            break
          }
          case X_OPEN: {
            const k = c === 40 ? K_PAREN : c === 91 ? K_BRACK : K_BRACE
            kinds[depth] = k
            opens[depth] = i
            prev[depth] = last[k]!
            last[k] = depth
            depth++
            i++
            lastSig = i
            break
          }
          default: {
            // X_CLOSE: `)`, `]` or `}`.
            if (top === (c === 41 ? K_PAREN : c === 93 ? K_BRACK : K_BRACE) || (c === 125 && top === K_INTERP)) {
              depth--
              last[top] = prev[depth]!
              i++
              lastSig = i
              break
            }
            if (depth === 0 && c === 125) break loop // closes the enclosing (single-line) block
            depth = this.mismatchedCloser(c, i, depth, report)
            if (depth < 0) {
              // Only brackets were open: the `}` closes the enclosing block.
              depth = 0
              break loop
            }
            i++
            lastSig = i
            break
          }
        }
      } else if (top === K_STR) {
        // Inside a quoted template.
        for (;;) {
          if (i >= len) break loop
          const c = text.charCodeAt(i)
          if (c === 34) {
            depth--
            i++
            lastSig = i
            continue loop
          }
          if (c === 92) {
            i += text.charCodeAt(i + 1) === 10 ? 1 : 2
            continue
          }
          if (c === 36 || c === 37) {
            const d = text.charCodeAt(i + 1)
            if (d === 123) {
              kinds[depth] = K_INTERP
              opens[depth] = i
              prev[depth] = last[K_INTERP]!
              last[K_INTERP] = depth
              depth++
              i += 2
              continue loop
            }
            i += d === c && text.charCodeAt(i + 2) === 123 ? 3 : 1
            continue
          }
          if (c === 10) {
            // A quoted string cannot span lines: report it and go on in the enclosing context.
            depth--
            lastSig = this.unterminatedString(opens[depth]!, i, start, report)
            continue loop
          }
          i++
        }
      } else {
        // Inside a heredoc template.
        if (hdLineStart) {
          hdLineStart = false
          const k = this.heredocEndAt(i, this.delims[depth - 1]!)
          if (k >= 0) {
            depth--
            i = k
            lastSig = k
            continue
          }
        }
        for (;;) {
          if (i >= len) break loop
          const c = text.charCodeAt(i)
          if (c === 10) {
            i++
            hdLineStart = true
            continue loop
          }
          if (c === 36 || c === 37) {
            const d = text.charCodeAt(i + 1)
            if (d === 123) {
              kinds[depth] = K_INTERP
              opens[depth] = i
              prev[depth] = last[K_INTERP]!
              last[K_INTERP] = depth
              depth++
              i += 2
              continue loop
            }
            i += d === c && text.charCodeAt(i + 2) === 123 ? 3 : 1
            continue
          }
          i++
        }
      }
    }

    if (i >= len && depth > 0) return this.unclosedAtEof(start, depth, diagMark, report)
    this.exprEnd = lastSig
    return i
  }

  /** At `<<` (index `i`): if a heredoc starts here, the index of its first body line (else -1). */
  private heredocStart(i: number): number {
    const text = this.text
    let j = i + 2
    if (text.charCodeAt(j) === 45) j++
    if (!this.identStartAt(j)) return -1
    const e = this.identEnd(j)
    let k = e
    if (text.charCodeAt(k) === 13) k++
    if (text.charCodeAt(k) !== 10) return -1
    this.heredocDelim = text.slice(j, e)
    return k + 1
  }

  /** At the start of a heredoc line: if it is the closing marker, the index just after the marker (else -1). */
  private heredocEndAt(i: number, delim: string): number {
    const text = this.text
    let c = text.charCodeAt(i)
    while (c === 32 || c === 9) c = text.charCodeAt(++i)
    if (!text.startsWith(delim, i)) return -1
    const k = i + delim.length
    let e = k
    c = text.charCodeAt(e)
    while (c === 32 || c === 9 || c === 13) c = text.charCodeAt(++e)
    return e >= this.len || c === 10 ? k : -1
  }

  /**
   * A closing bracket `c` at `i` that does not match the innermost opener. Pops to the nearest matching
   * opener within the current template level and returns the new depth; returns `depth` unchanged for a
   * stray closer, or -1 for a `}` with only brackets open (it closes the enclosing block).
   */
  private mismatchedCloser(c: number, i: number, depth: number, report: boolean): number {
    const kinds = this.kinds
    const last = this.lastOfKind
    const prev = this.prevSame
    const top = depth === 0 ? 0 : kinds[depth - 1]!
    const isBrace = c === 125
    const want = c === 41 ? K_PAREN : c === 93 ? K_BRACK : K_BRACE
    const boundary = last[K_INTERP]!
    const found = isBrace ? Math.max(last[K_BRACE]!, boundary) : last[want]! > boundary ? last[want]! : -1
    if (found >= 0) {
      if (report) {
        this.error(
          'Unbalanced brackets',
          `Found "${String.fromCharCode(c)}" while "${OPENER_TEXT[top]}" is still open; expected "${CLOSER_TEXT[top]}".`,
          i,
          i + 1,
        )
      }
      while (depth > found) {
        depth--
        last[kinds[depth]!] = prev[depth]!
      }
      return depth
    }
    if (isBrace) {
      if (report) {
        const at = this.opens[depth - 1]!
        this.error('Unbalanced brackets', `There is no closing "${CLOSER_TEXT[top]}" for this "${OPENER_TEXT[top]}".`, at, at + 1)
      }
      return -1
    }
    if (report) this.error('Unbalanced brackets', `There is no opening bracket for this "${String.fromCharCode(c)}".`, i, i + 1)
    return depth
  }

  /** A quoted string opened at `open` meets the newline at `nl`: returns the trimmed end of the line. */
  private unterminatedString(open: number, nl: number, min: number, report: boolean): number {
    const e = this.trimBack(nl, min)
    if (report) this.error('Unterminated template string', 'No closing marker was found for the string.', open, e)
    return e
  }

  /** The expression from `start` ran off the end of the file with `depth` entries still open. */
  private unclosedAtEof(start: number, depth: number, diagMark: number, report: boolean): number {
    const kind = this.kinds[depth - 1]!
    const at = this.opens[depth - 1]!
    const delim = this.delims[depth - 1] ?? ''
    if (this.restarts < MAX_RESTARTS) {
      // Retry from the next line, so that the rest of the file is still scanned. What was reported
      // beyond that line will be found again, so those diagnostics are dropped.
      this.restarts++
      const lineEnd = this.lineEnd(start)
      const ds = this.diagnostics
      if (ds.length > diagMark) {
        const cut = this.posAt(lineEnd).byte
        let w = diagMark
        for (let k = diagMark; k < ds.length; k++) {
          const d = ds[k]!
          if (d.range && d.range.start.byte < cut) ds[w++] = d
        }
        ds.length = w
      }
      if (report) this.reportUnclosed(kind, at, delim)
      this.exprEnd = this.trimBack(lineEnd, start)
      return lineEnd
    }
    if (report) this.reportUnclosed(kind, at, delim)
    this.exprEnd = this.trimBack(this.len, start)
    return this.len
  }

  private reportUnclosed(kind: number, at: number, delim: string): void {
    if (kind === K_STR) {
      this.error('Unterminated template string', 'No closing marker was found for the string.', at, this.trimBack(this.lineEnd(at), at))
    } else if (kind === K_HEREDOC) {
      this.error(
        'Unterminated template string',
        `No closing marker "${delim}" was found for this heredoc.`,
        at,
        this.trimBack(this.lineEnd(at), at),
      )
    } else if (kind === K_INTERP) {
      this.error(
        'Unclosed template interpolation',
        'There is no closing brace for this interpolation sequence before the end of the file.',
        at,
        at + 2,
      )
    } else {
      this.error(
        'Unbalanced brackets',
        `There is no closing "${CLOSER_TEXT[kind]}" for this "${OPENER_TEXT[kind]}" before the end of the file.`,
        at,
        at + 1,
      )
    }
  }

  // -------------------------------------------------------------------------------------------------
  // Small lexical helpers

  /** Index of the newline ending the line containing `i` (or the end of the text). */
  private lineEnd(i: number): number {
    const e = this.text.indexOf('\n', i)
    return e < 0 ? this.len : e
  }

  /** Index just after the terminator of the block comment opened at `i`, or -1 (reported) if unterminated. */
  private blockCommentEnd(i: number, report: boolean): number {
    const e = i >= this.noCommentCloseFrom ? -1 : this.text.indexOf('*/', i + 2)
    if (e >= 0) return e + 2
    if (i < this.noCommentCloseFrom) this.noCommentCloseFrom = i
    if (report) this.error('Unterminated comment', 'There is no closing "*/" for this multi-line comment.', i, i + 2)
    return -1
  }

  /** Body level: skips spaces, newlines and comments. */
  private skipTrivia(i: number): number {
    const text = this.text
    for (;;) {
      const c = text.charCodeAt(i)
      if (c === 32 || c === 10 || c === 9 || c === 13) i++
      else if (c === 35) i = this.lineEnd(i)
      else if (c === 47) {
        const d = text.charCodeAt(i + 1)
        if (d === 47) i = this.lineEnd(i)
        else if (d === 42) {
          const e = this.blockCommentEnd(i, true)
          i = e < 0 ? this.lineEnd(i) : e
        } else return i
      } else return i
    }
  }

  /** Within an item header: skips spaces and block comments (not newlines). */
  private skipInline(i: number): number {
    const text = this.text
    for (;;) {
      const c = text.charCodeAt(i)
      if (c === 32 || c === 9 || c === 13) i++
      else if (c === 47 && text.charCodeAt(i + 1) === 42) {
        const e = this.blockCommentEnd(i, true)
        if (e < 0) return this.lineEnd(i)
        i = e
      } else return i
    }
  }

  /** Moves `e` back over spaces, tabs and carriage returns, not below `min`. */
  private trimBack(e: number, min: number): number {
    const text = this.text
    while (e > min) {
      const c = text.charCodeAt(e - 1)
      if (c !== 32 && c !== 9 && c !== 13) break
      e--
    }
    return e
  }

  /** Length in UTF-16 units of the code point at `i`. */
  private charLen(i: number): number {
    if (i >= this.len) return 0
    return isHighSurrogate(this.text.charCodeAt(i)) && isLowSurrogate(this.text.charCodeAt(i + 1)) ? 2 : 1
  }

  private identStartAt(i: number): boolean {
    if (i >= this.len) return false
    const c = this.text.charCodeAt(i)
    if (c < 128) return IDENT[c] === 1
    const cp = this.text.codePointAt(i)!
    return ID_START.test(String.fromCodePoint(cp))
  }

  /** End of the identifier whose first character is at `i`. */
  private identEnd(i: number): number {
    const text = this.text
    const len = this.len
    let j = i + this.charLen(i)
    while (j < len) {
      const c = text.charCodeAt(j)
      if (c < 128) {
        if (IDENT[c] === 0) break
        j++
      } else {
        const cp = text.codePointAt(j)!
        if (!ID_CONTINUE.test(String.fromCodePoint(cp))) break
        j += cp > 0xffff ? 2 : 1
      }
    }
    return j
  }

  /**
   * Index just after the closing quote of the quoted string opened at `i`, or -1 when the line or
   * the file ends first (then `quoteFailAt` is that index).
   */
  private quotedEnd(i: number): number {
    const text = this.text
    const len = this.len
    let j = i + 1
    for (;;) {
      if (j >= len) {
        this.quoteFailAt = len
        return -1
      }
      const c = text.charCodeAt(j)
      if (c === 34) return j + 1
      if (c === 10) {
        this.quoteFailAt = j
        return -1
      }
      if (c === 92) {
        j += text.charCodeAt(j + 1) === 10 ? 1 : 2
        continue
      }
      if ((c === 36 || c === 37) && text.charCodeAt(j + 1) === 123) {
        this.error(
          'Invalid string literal',
          `Template sequences are not allowed in this string. To include a literal "${String.fromCharCode(c)}", double it (as "${String.fromCharCode(c, c)}") to escape it.`,
          j,
          j + 2,
        )
        j += 2
        continue
      }
      if ((c === 36 || c === 37) && text.charCodeAt(j + 1) === c) {
        j += 2
        continue
      }
      j++
    }
  }

  /** The value of the quoted-string contents `[a, b)`: escapes decoded, `$${`/`%%{` unescaped. */
  private decodeQuoted(a: number, b: number): string {
    const text = this.text
    let j = a
    while (j < b) {
      const c = text.charCodeAt(j)
      if (c === 92 || c === 36 || c === 37) break
      j++
    }
    if (j >= b) return text.slice(a, b)
    const parts: string[] = []
    let run = a
    while (j < b) {
      const c = text.charCodeAt(j)
      if (c === 92) {
        parts.push(text.slice(run, j))
        const d = text.charCodeAt(j + 1)
        let next = j + 2
        switch (d) {
          case 110:
            parts.push('\n')
            break
          case 114:
            parts.push('\r')
            break
          case 116:
            parts.push('\t')
            break
          case 34:
            parts.push('"')
            break
          case 92:
            parts.push('\\')
            break
          case 117: // u
          case 85: {
            // U
            const n = d === 117 ? 4 : 8
            let cp = 0
            let k = 0
            for (; k < n && j + 2 + k < b; k++) {
              const h = hexValue(text.charCodeAt(j + 2 + k))
              if (h < 0) break
              cp = cp * 16 + h
            }
            if (k < n || cp > 0x10ffff) {
              this.error(
                'Invalid escape sequence',
                k < n
                  ? `The \\${String.fromCharCode(d)} escape sequence must be followed by ${n} hexadecimal digits.`
                  : 'The escape sequence does not name a valid Unicode character.',
                j,
                j + 2 + k,
              )
              parts.push('\ufffd')
            } else {
              parts.push(String.fromCodePoint(cp))
            }
            next = j + 2 + k
            break
          }
          default: {
            const n = this.charLen(j + 1)
            this.error(
              'Invalid escape sequence',
              `The symbol "${text.slice(j + 1, j + 1 + n)}" is not a valid escape sequence selector.`,
              j,
              j + 1 + n,
            )
            parts.push(text.slice(j, j + 1 + n))
            next = j + 1 + n
          }
        }
        j = next
        run = j
      } else if ((c === 36 || c === 37) && text.charCodeAt(j + 1) === c && text.charCodeAt(j + 2) === 123) {
        parts.push(text.slice(run, j + 1))
        j += 2
        run = j
      } else {
        j++
      }
    }
    parts.push(text.slice(run, b))
    return parts.join('')
  }

  // -------------------------------------------------------------------------------------------------
  // Positions and diagnostics

  private error(summary: string, detail: string, a: number, b: number, code: DiagnosticCode = 'hcl.syntax'): void {
    this.diagnostics.push({code, severity: 'error', summary, detail, range: this.range(a, b)})
  }

  private range(a: number, b: number): SourceRange {
    const start = this.posAt(a)
    return {filename: this.filename, start, end: this.posAt(b)}
  }

  /**
   * The position of index `target`. Advances a cursor from the last position requested, so a scan
   * that asks for positions in (nearly) increasing order costs O(n) in total.
   */
  private posAt(target: number): Pos {
    if (target < this.startIdx) target = this.startIdx
    if (target > this.len) target = this.len
    if (target < this.cIdx) this.rewind(target)
    if (this.ascii) {
      // Pure ASCII: byte = index and column = distance from the line start; jump between newlines.
      let line = this.cLine
      let lsIdx = this.lsIdx
      let nextNl = this.nextNl
      if (nextNl < 0) nextNl = this.lineEnd(lsIdx)
      while (nextNl < target) {
        line++
        lsIdx = nextNl + 1
        nextNl = this.lineEnd(lsIdx)
      }
      this.cIdx = target
      this.cLine = line
      this.cCol = target - lsIdx + 1
      this.cByte = target
      this.lsIdx = lsIdx
      this.lsByte = lsIdx
      this.nextNl = nextNl
      return {line, column: target - lsIdx + 1, byte: target}
    }
    const text = this.text
    let k = this.cIdx
    let line = this.cLine
    let col = this.cCol
    let byte = this.cByte
    let lsIdx = this.lsIdx
    let lsByte = this.lsByte
    while (k < target) {
      const c = text.charCodeAt(k++)
      if (c < 0x80) {
        byte++
        if (c === 10) {
          line++
          col = 1
          lsIdx = k
          lsByte = byte
        } else {
          col++
        }
      } else {
        col++
        if (c < 0x800) byte += 2
        else if (isHighSurrogate(c) && k < target && isLowSurrogate(text.charCodeAt(k))) {
          k++
          byte += 4
        } else byte += 3
      }
    }
    this.cIdx = k
    this.cLine = line
    this.cCol = col
    this.cByte = byte
    this.lsIdx = lsIdx
    this.lsByte = lsByte
    return {line, column: col, byte}
  }

  /** Moves the cursor back to `target` (rare: only for out-of-order requests). */
  private rewind(target: number): void {
    const text = this.text
    if (target >= this.lsIdx) {
      // Same line: restart from the line start.
      this.cIdx = this.lsIdx
      this.cCol = 1
      this.cByte = this.lsByte
      return
    }
    // Walk back from the current line start to the start of target's line, counting bytes and lines.
    let k = this.lsIdx
    let byte = this.lsByte
    let line = this.cLine
    const nl = target > this.startIdx ? text.lastIndexOf('\n', target - 1) : -1
    const ls = nl < this.startIdx ? this.startIdx : nl + 1
    while (k > ls) {
      const c = text.charCodeAt(--k)
      if (c < 0x80) {
        byte--
        if (c === 10) line--
      } else if (c < 0x800) byte -= 2
      else if (isLowSurrogate(c) && k > ls && isHighSurrogate(text.charCodeAt(k - 1))) {
        k--
        byte -= 4
      } else byte -= 3
    }
    this.cIdx = ls
    this.cLine = line
    this.cCol = 1
    this.cByte = byte
    this.lsIdx = ls
    this.lsByte = byte
    this.nextNl = -1
  }
}
