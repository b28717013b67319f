// Position arithmetic inside raw source text: where a sub-string of an attribute's expression starts
// and ends, given where the expression starts (columns count code points, bytes count UTF-8).
import type {Pos, SourceRange} from './diagnostic.js'

/** The position reached after reading `text` from `start`. */
export function advancePos(start: Pos, text: string): Pos {
  let {line, column, byte} = start
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0
    byte += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4
    if (ch === '\n') {
      line++
      column = 1
    } else column++
  }
  return {line, column, byte}
}

/** The range of `text.slice(from, to)` when `text` starts at `range.start` (e.g. an attribute's `expr` and `exprRange`). */
export function subRange(range: SourceRange, text: string, from: number, to: number): SourceRange {
  const start = advancePos(range.start, text.slice(0, from))
  const end = advancePos(start, text.slice(from, to))
  return {filename: range.filename, start, end}
}
