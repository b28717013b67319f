// A configuration file as fixes edit it: its text, offsets ↔ positions (as the parser counts them), line
// helpers, and the builder that turns changes of several files into one Fix (aligned as `terraform fmt`
// aligns the lines it touches).
import type {Pos, SourceRange} from '../../diag/diagnostic.js'
import {Positions} from '../../hcl/native/positions.js'
import type {Attribute, Block} from '../../hcl/syntax.js'
import {overlapping, withAlignment, type Change} from './align.js'
import type {Fix, TextEdit} from './fix.js'

/** The text of a configuration file (its absolute path as the model's ranges name it, or a name relative to the root); undefined when it cannot be read. */
export type SourceText = (filename: string) => string | undefined

/** One level of indentation, as terraform fmt writes it. */
export const UNIT = '  '

export class FixFile {
  private readonly positions: Positions
  /** The file's line ending: what inserted lines end with. */
  readonly eol: string
  private starts: number[] | undefined

  constructor(
    readonly filename: string,
    readonly text: string,
  ) {
    this.positions = new Positions(text, filename)
    this.eol = /\r\n/.test(text) && !/(^|[^\r])\n/.test(text) ? '\r\n' : '\n'
  }

  static of(sourceText: SourceText | undefined, filename: string): FixFile | undefined {
    const text = sourceText?.(filename)
    return text === undefined ? undefined : new FixFile(filename, text)
  }

  get json(): boolean {
    return this.filename.endsWith('.json')
  }

  range(s: number, e: number): SourceRange {
    return this.positions.range(s, e)
  }

  /** Whether the attribute's expression spans are offsets of this text (they are when the file was not changed since it was parsed). */
  holds(a: Attribute): boolean {
    return a.exprRange.filename === this.filename && this.text.slice(a.node.s, a.node.e) === a.expr
  }

  /** The offset of a position of this file (its line and column). */
  offset(p: Pos): number {
    this.starts ??= lineStarts(this.text)
    let i = this.starts[p.line - 1] ?? this.text.length
    for (let col = 1; col < p.column && i < this.text.length; col++) {
      const c = this.text.charCodeAt(i)
      i += c >= 0xd800 && c <= 0xdbff ? 2 : 1
    }
    return i
  }

  lineStart(i: number): number {
    return this.text.lastIndexOf('\n', i - 1) + 1
  }

  /** The offset of the line break ending the line of `i` (the text's length on the last line). */
  lineEnd(i: number): number {
    const n = this.text.indexOf('\n', i)
    const end = n < 0 ? this.text.length : n
    return end > 0 && this.text[end - 1] === '\r' ? end - 1 : end
  }

  /** The start of the next line (the text's length on the last line). */
  nextLine(i: number): number {
    const n = this.text.indexOf('\n', i)
    return n < 0 ? this.text.length : n + 1
  }

  /** The whitespace that starts the line of `i`. */
  indentOf(i: number): string {
    const s = this.lineStart(i)
    return /^[ \t]*/.exec(this.text.slice(s))![0]
  }

  /**
   * The removal of the whole lines `[s, e)`, with a blank line it would leave at the start or the end of a
   * block or list, or doubled, as terraform fmt users write them.
   */
  lineRemoval(s: number, e: number): Change {
    const t = this.text
    const prevStart = s > 0 ? this.lineStart(s - 1) : -1
    const prev = prevStart < 0 ? undefined : t.slice(prevStart, s).trimEnd()
    const next = e < t.length ? t.slice(e, this.nextLine(e)).trim() : undefined
    if (next === '' && (prev === undefined || prev === '' || /[{[(]$/.test(prev))) return {s, e: this.nextLine(e), text: ''}
    if (prev === '' && prevStart >= 0 && (next === undefined || /^[}\])]/.test(next ?? ''))) return {s: prevStart, e, text: ''}
    return {s, e, text: ''}
  }

  /** Nothing but spaces between the start of its line and `i`. */
  firstOnLine(i: number): boolean {
    return /^[ \t]*$/.test(this.text.slice(this.lineStart(i), i))
  }

  /** Nothing but spaces (or a line comment) between `i` and the end of its line. */
  lastOnLine(i: number, commentToo = true): boolean {
    const rest = this.text.slice(i, this.lineEnd(i))
    return commentToo ? /^[ \t]*(?:(?:#|\/\/).*)?$/.test(rest) : /^[ \t]*$/.test(rest)
  }

  /**
   * The change that removes `[s, e)`: its whole lines when nothing else is on them (a trailing comment goes
   * with them), else the text itself with the spaces after it.
   */
  removal(s: number, e: number): Change {
    if (this.firstOnLine(s) && this.lastOnLine(e)) return this.lineRemoval(this.lineStart(s), this.nextLine(e))
    const after = /^[ \t]*/.exec(this.text.slice(e))![0].length
    return {s, e: e + after, text: ''}
  }

  /** The removal of an attribute of a block body (its lines, a trailing comment with them). */
  attributeRemoval(a: Attribute): Change {
    return this.removal(this.offset(a.nameRange.start), a.node.e)
  }

  /**
   * The removal of one element of a list of `elements` (tuple items or object items, as spans) with its
   * separator: its lines when it is alone on them, else the element and the comma after it (or before it,
   * for the last).
   */
  elementRemoval(elements: readonly {s: number; e: number}[], index: number): Change {
    const el = elements[index]!
    const t = this.text
    const comma = /^[ \t]*,/.exec(t.slice(el.e))
    const end = comma ? el.e + comma[0].length : el.e
    if (this.firstOnLine(el.s) && this.lastOnLine(end)) return this.lineRemoval(this.lineStart(el.s), this.nextLine(end))
    if (comma) return {s: el.s, e: end + /^[ \t]*/.exec(t.slice(end))![0].length, text: ''}
    const prev = elements[index - 1]
    if (prev && /^[ \t]*,[ \t]*$/.test(t.slice(prev.e, el.s))) return {s: prev.e, e: el.e, text: ''}
    return {s: el.s, e: el.e, text: ''}
  }

  /** The offset of the closing brace of a block of this file. */
  closingBrace(b: Block): number | undefined {
    const end = this.offset(b.range.end) - 1
    return this.text[end] === '}' ? end : undefined
  }

  /** The indentation of the first line inside a block (its body's first item), or the block's own plus one level. */
  innerIndent(b: Block): string {
    const first = [...b.body.attributes.map((a) => a.nameRange), ...b.body.blocks.map((x) => x.range)].sort(
      (x, y) => x.start.byte - y.start.byte,
    )[0]
    if (first) {
      const at = this.offset(first.start)
      if (this.firstOnLine(at)) return this.indentOf(at)
    }
    return this.indentOf(this.offset(b.range.start)) + UNIT
  }

  /** Lines inserted just before a closing brace (`}` at `close`) of something whose own line is indented by `outerIndent`. */
  insertBeforeClose(close: number, lines: readonly string[], outerIndent: string): Change {
    if (this.firstOnLine(close)) return {s: this.lineStart(close), e: this.lineStart(close), text: lines.join('\n') + '\n'}
    // `{}` or `{ … }` on one line: the lines go between, and the brace on a line of its own
    const before = /[ \t]*$/.exec(this.text.slice(0, close))![0].length
    return {s: close - before, e: close, text: '\n' + lines.join('\n') + '\n' + outerIndent}
  }
}

function lineStarts(text: string): number[] {
  const out = [text.charCodeAt(0) === 0xfeff ? 1 : 0]
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) out.push(i + 1)
  return out
}

/** Collects the changes of one fix, file by file, and makes the Fix. */
export class FixBuilder {
  private readonly files = new Map<string, {file: FixFile; changes: Change[]}>()
  private broken = false

  change(file: FixFile, c: Change): this {
    const entry = this.files.get(file.filename) ?? {file, changes: []}
    if (entry.file !== file && entry.file.text !== file.text) this.broken = true
    entry.changes.push(c)
    this.files.set(file.filename, entry)
    return this
  }

  /** Marks the fix impossible (a piece of it could not be made). */
  fail(): this {
    this.broken = true
    return this
  }

  get empty(): boolean {
    return this.files.size === 0
  }

  /** The fix, aligned (`structural`: arguments were added or removed); undefined when it changes nothing or its changes overlap. */
  build(title: string, preferred: boolean, opts: {structural?: boolean; group?: string; rank?: readonly number[]} = {}): Fix | undefined {
    if (this.broken || this.files.size === 0) return undefined
    const edits: TextEdit[] = []
    for (const {file, changes} of this.files.values()) {
      if (overlapping(changes)) return undefined
      for (const c of withAlignment(file.text, changes, opts.structural ?? false)) {
        if (file.text.slice(c.s, c.e) === c.text) continue
        edits.push({
          range: file.range(c.s, c.e),
          newText: c.text.replace(/\r?\n/g, file.eol),
          ...(c.join !== undefined && c.s === c.e ? {join: c.join} : {}),
        })
      }
    }
    if (edits.length === 0) return undefined
    return {title, edits, preferred, ...(opts.group !== undefined ? {group: opts.group} : {}), ...(opts.rank ? {rank: opts.rank} : {})}
  }
}

/** One fix of one file. */
export function singleFix(file: FixFile, changes: readonly Change[], title: string, preferred = true, structural = false): Fix | undefined {
  const b = new FixBuilder()
  for (const c of changes) b.change(file, c)
  return b.build(title, preferred, {structural})
}

/** The files of a rule's run, each read once (undefined: fixes were not asked for, or it cannot be read). */
export function fixFiles(sourceText: SourceText | undefined, wanted: boolean | undefined): (filename: string) => FixFile | undefined {
  const seen = new Map<string, FixFile | undefined>()
  return (filename) => {
    if (!wanted) return undefined
    if (!seen.has(filename)) seen.set(filename, FixFile.of(sourceText, filename))
    return seen.get(filename)
  }
}
