// Between tfgraph's source ranges (1-based lines, columns counting code points, file names relative to
// the analysed root) and the protocol's (0-based lines, characters counting UTF-16 code units, URIs).
import * as path from 'node:path'
import {fileURLToPath, pathToFileURL} from 'node:url'
import type {Position, Range} from 'vscode-languageserver'
import type {SourceRange} from '../diag/diagnostic.js'

/** A position as tfgraph counts: 1-based line, 1-based column in code points. */
export interface Spot {
  readonly line: number
  readonly column: number
}

/** The file a `file:` URI names (undefined for any other scheme). */
export function uriPath(uri: string): string | undefined {
  if (!uri.startsWith('file:')) return undefined
  try {
    return path.resolve(fileURLToPath(uri))
  } catch {
    return undefined
  }
}

export function pathUri(file: string): string {
  return pathToFileURL(file).toString()
}

/** The lines of a file's text, to count characters (undefined: unknown, columns are taken as characters). */
export type LinesOf = (file: string) => readonly string[] | undefined

/** UTF-16 units of the first `column - 1` code points of `line`. */
function utf16(line: string | undefined, column: number): number {
  if (line === undefined) return column - 1
  let units = 0
  let points = 0
  for (const ch of line) {
    if (points >= column - 1) break
    units += ch.length
    points++
  }
  return units + Math.max(0, column - 1 - points)
}

/** The protocol's range of a tfgraph range of `root`'s analysis. */
export function lspRange(r: SourceRange, root: string, lines: LinesOf): Range {
  return lspRangeIn(path.resolve(root, r.filename), r, lines)
}

/** The protocol's range of a tfgraph range in `file` (absolute). */
export function lspRangeIn(file: string, r: SourceRange, lines: LinesOf): Range {
  const text = lines(file)
  return {
    start: {line: r.start.line - 1, character: utf16(text?.[r.start.line - 1], r.start.column)},
    end: {line: r.end.line - 1, character: utf16(text?.[r.end.line - 1], r.end.column)},
  }
}

/** tfgraph's position of a protocol position in a file whose lines are `text`. */
export function spotOf(p: Position, text: readonly string[] | undefined): Spot {
  const line = text?.[p.line]
  if (line === undefined) return {line: p.line + 1, column: p.character + 1}
  let points = 0
  let units = 0
  for (const ch of line) {
    if (units >= p.character) break
    units += ch.length
    points++
  }
  return {line: p.line + 1, column: points + 1}
}

/** Whether `r` (of file `rel`, as `r` names it: the model's absolute path) holds the position; its end is included (a cursor just after a name). */
export function holds(r: SourceRange | undefined, rel: string, at: Spot): boolean {
  if (!r || r.filename !== rel) return false
  const after = at.line > r.start.line || (at.line === r.start.line && at.column >= r.start.column)
  const before = at.line < r.end.line || (at.line === r.end.line && at.column <= r.end.column)
  return after && before
}

/** The name a root's analysis gives `file`: relative to the root, `/`-separated. */
export function relativeName(root: string, file: string): string {
  return path.relative(root, file).split(path.sep).join('/')
}

export function sameRange(a: SourceRange | undefined, b: SourceRange | undefined): boolean {
  return a !== undefined && b !== undefined && a.filename === b.filename && a.start.byte === b.start.byte && a.end.byte === b.end.byte
}
