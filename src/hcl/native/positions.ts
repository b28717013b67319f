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
    if (Buffer.byteLength(text, 'utf8') !== text.length + 2 * this.bom) {
      const bytes: number[] = new Array<number>(starts.length)
      let byte = this.bom ? 3 : 0
      bytes[0] = byte
      for (let l = 1; l < starts.length; l++) {
        byte += utf8Length(text, starts[l - 1]!, starts[l]!)
        bytes[l] = byte
      }
      this.lineBytes = bytes
    }
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
