// Offsets (UTF-16 code units) to HCL positions: 1-based line, 1-based column counted in code points, and
// the 0-based UTF-8 byte offset in the file. A leading byte-order mark takes 3 bytes and no column.
import type {Pos, SourceRange} from '../../diag/diagnostic.js'

export class Positions {
  /** Code-unit index where each line starts (line 1 at index 0, or after the BOM). */
  private readonly lineStarts: number[]
  /** UTF-8 byte offset of each line start (only for non-ASCII text). */
  private readonly lineBytes: number[] | undefined
  private readonly bom: number

  /** `lineStarts`: where each line starts, when the lexer found them already (Tokens.lineStarts). */
  constructor(
    private readonly text: string,
    readonly filename: string,
    lineStarts?: number[],
  ) {
    this.bom = text.charCodeAt(0) === 0xfeff ? 1 : 0
    let starts = lineStarts
    if (!starts) {
      starts = [this.bom]
      for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1)
    }
    this.lineStarts = starts
    // only text with non-ASCII characters needs byte offsets per line (its UTF-8 is longer than it;
    // a BOM's 3 bytes are 1 character)
    if (Buffer.byteLength(text, 'utf8') !== text.length + 2 * this.bom) this.lineBytes = lineBytesOf(text, starts, this.bom ? 3 : 0)
  }

  pos(index: number): Pos {
    const starts = this.lineStarts
    if (index < this.bom) index = this.bom
    if (index > this.text.length) index = this.text.length
    let lo = 0
    let hi = starts.length - 1
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1
      if (starts[mid]! <= index) lo = mid
      else hi = mid - 1
    }
    const ls = starts[lo]!
    if (!this.lineBytes) return {line: lo + 1, column: index - ls + 1, byte: index + (this.bom ? 2 : 0)}
    // a line of ASCII (as many bytes as code units to the next line's start): counted as in ASCII text
    const next = lo + 1 < starts.length ? starts[lo + 1]! : -1
    if (next >= 0 && this.lineBytes[lo + 1]! - this.lineBytes[lo]! === next - ls)
      return {line: lo + 1, column: index - ls + 1, byte: this.lineBytes[lo]! + (index - ls)}
    let column = 1
    for (let i = ls; i < index; i++) {
      const c = this.text.charCodeAt(i)
      if (c >= 0xd800 && c <= 0xdbff && i + 1 < index) {
        const d = this.text.charCodeAt(i + 1)
        if (d >= 0xdc00 && d <= 0xdfff) i++
      }
      column++
    }
    return {line: lo + 1, column, byte: this.lineBytes[lo]! + utf8Length(this.text, ls, index)}
  }

  range(start: number, end: number): SourceRange {
    return {filename: this.filename, start: this.pos(start), end: this.pos(end)}
  }
}

/**
 * The UTF-8 byte offset of each line start, the first at `first`: each line's code units, plus what its
 * characters beyond ASCII add (found by a regular expression: V8 scans for them natively, where a loop
 * over every code unit ran interpreted in a short run; #53). Lines end at a line feed, so a surrogate pair
 * never spans two: the same sums as `utf8Length` line by line.
 */
function lineBytesOf(text: string, starts: readonly number[], first: number): number[] {
  const bytes: number[] = new Array<number>(starts.length)
  const from = starts[0]!
  const wide = /[^\x00-\x7f]/g
  wide.lastIndex = from
  let extra = 0
  let at = wide.exec(text)?.index ?? -1
  for (let l = 0; l < starts.length; l++) {
    const start = starts[l]!
    while (at >= 0 && at < start) {
      const c = text.charCodeAt(at)
      if (c < 0x800) extra += 1
      else if (c >= 0xd800 && c <= 0xdbff && at + 1 < start) {
        const d = text.charCodeAt(at + 1)
        if (d >= 0xdc00 && d <= 0xdfff) {
          // a pair: 4 bytes for its 2 code units
          extra += 2
          wide.lastIndex = at + 2
        } else extra += 2
      } else extra += 2
      at = wide.exec(text)?.index ?? -1
    }
    bytes[l] = first + (start - from) + extra
  }
  return bytes
}

/** UTF-8 length of `text.slice(a, b)`. */
export function utf8Length(text: string, a: number, b: number): number {
  let n = 0
  for (let i = a; i < b; i++) {
    const c = text.charCodeAt(i)
    if (c < 0x80) n++
    else if (c < 0x800) n += 2
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < b) {
      const d = text.charCodeAt(i + 1)
      if (d >= 0xdc00 && d <= 0xdfff) {
        n += 4
        i++
      } else n += 3
    } else n += 3
  }
  return n
}
