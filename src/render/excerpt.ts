// One source line as a diagnostic shows it: terminal-safe, and cut to a window around the diagnostic's
// column when it is long (a minified or binary file can have a single line of many kilobytes, and a
// control character is shown as a six-character escape). The caret offsets are in the shown text.
import {terminalInline} from './terminal-text.js'

export interface Excerpt {
  /** The line as shown: controls escaped, a tab as two spaces, `…` where the line was cut. */
  readonly text: string
  /** Offset (in characters of `text`) of the column's character: the caret goes this far in. */
  readonly caret: number
  /** Characters of `text` the marked range covers (at least 1). */
  readonly caretWidth: number
  /** True when the line was cut on either side. */
  readonly cut: boolean
}

export interface ExcerptOptions {
  /** The column after the marked range on the same line (1-based, exclusive); default: one character. */
  readonly endColumn?: number
  /** The most characters `text` may have, `…` included; default 120. */
  readonly width?: number
}

const ELLIPSIS = '…'

/** `line` as shown, with `column` (1-based, in code points, as in SourceRange) inside the window. */
export function excerpt(line: string, column: number, opts: ExcerptOptions = {}): Excerpt {
  const width = Math.max(10, opts.width ?? 120)
  const cells = [...line].map((ch) => (ch === '\t' ? '  ' : terminalInline(ch)))
  const size = cells.map((c) => [...c].length)
  const n = cells.length
  const start = Math.min(Math.max(column - 1, 0), n)
  const end = Math.min(Math.max((opts.endColumn ?? column + 1) - 1, start + 1), n)
  const span = (from: number, to: number): number => size.slice(from, to).reduce((a, b) => a + b, 0)
  const total = span(0, n)
  if (total <= width) return {text: cells.join(''), caret: span(0, start), caretWidth: Math.max(1, span(start, end)), cut: false}

  // room for the text between the two `…`; about a third of it before the column, the rest after
  const room = width - 2
  let lo = start
  let hi = start
  let used = 0
  while (lo > 0 && used + size[lo - 1]! <= Math.floor(room / 3)) used += size[--lo]!
  while (hi < n && used + size[hi]! <= room) used += size[hi++]!
  // the end of the line was reached first: the remaining room (and that of the `…` not needed after) goes before the column
  while (lo > 0 && used + size[lo - 1]! <= room + (hi === n ? 1 : 0)) used += size[--lo]!
  // the start of the line is shown: the `…` not needed before leaves room for one more after
  if (lo === 0) while (hi < n && used + size[hi]! <= room + 1) used += size[hi++]!
  const left = lo > 0 ? ELLIPSIS : ''
  const right = hi < n ? ELLIPSIS : ''
  const text = left + cells.slice(lo, hi).join('') + right
  const caret = left.length + span(lo, start)
  return {text, caret, caretWidth: Math.max(1, Math.min(span(start, end), span(start, hi))), cut: true}
}
