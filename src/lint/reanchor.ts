// Findings of one text of a file taken to another (#48 item 3): the lines the two texts share at their start
// keep their findings, those they share at their end move by the lines and bytes the change added; a finding
// on the changed lines, across them, or whose text names a line of the file at or after them, cannot be
// taken (undefined: the caller analyses again). Columns are unchanged, whole lines being equal.
import * as path from 'node:path'
import type {SourceRange} from '../diag/diagnostic.js'
import type {LintDiagnostic} from '../rules/rule.js'
import {fileIgnoredRules} from './ignore.js'

/** Where two texts of a file differ, by whole lines (1-based). */
export interface TextChange {
  /** Lines shared at the start. */
  readonly head: number
  /** The last changed line of the old text (`head` when lines were only inserted). */
  readonly oldEnd: number
  /** The last changed line of the new text (`head` when lines were only removed). */
  readonly newEnd: number
  readonly lines: number
  readonly bytes: number
  readonly oldLines: readonly string[]
  readonly newLines: readonly string[]
}

/** The change from `then` to `now`; undefined when they are the same. */
export function textChange(then: string, now: string): TextChange | undefined {
  if (then === now) return undefined
  const a = then.split('\n')
  const b = now.split('\n')
  let head = 0
  while (head < a.length && head < b.length && a[head] === b[head]) head++
  let tail = 0
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++
  return {
    head,
    oldEnd: a.length - tail,
    newEnd: b.length - tail,
    lines: b.length - a.length,
    bytes: Buffer.byteLength(now, 'utf8') - Buffer.byteLength(then, 'utf8'),
    oldLines: a,
    newLines: b,
  }
}

const IGNORE_MARK = /(?:tfgraph|tflint)-ignore/

/**
 * Whether an ignore comment could silence or free a finding through this change: one on the changed lines
 * or on the line before them (a comment covers its line and the next), in either text, or a change of the
 * comments that open the file (`tflint-ignore-file`).
 */
export function touchesIgnores(c: TextChange): boolean {
  const near = (lines: readonly string[], end: number): boolean => {
    for (let i = Math.max(0, c.head - 1); i < Math.min(lines.length, end); i++) if (IGNORE_MARK.test(lines[i]!)) return true
    return false
  }
  if (near(c.oldLines, c.oldEnd) || near(c.newLines, c.newEnd)) return true
  return JSON.stringify(fileIgnoredRules(c.oldLines)) !== JSON.stringify(fileIgnoredRules(c.newLines))
}

/**
 * Whether a finding's text names a line of the changed file `file` (absolute) at or after the change's first
 * changed line (`modules/x/main.tf:12`, named from `root` as the findings' texts name files): that text would
 * say another line now.
 */
export function namesMovedLine(d: LintDiagnostic, root: string, file: string, c: TextChange): boolean {
  return namedLines(d, root, file).some((line) => line > c.head)
}

const NO_LINES: readonly number[] = Object.freeze([])

/**
 * The lines of `file` (absolute) a finding's text names (`modules/x/main.tf:12`, named from `root` as the
 * findings' texts name files), in the order written: a pure function of the finding's texts (a caller may
 * keep it with the finding).
 */
export function namedLines(d: LintDiagnostic, root: string, file: string): readonly number[] {
  // `base:LINE` only (most texts name no file, or none with a line)
  const base = path.basename(file)
  const named = base + ':'
  if (!d.detail.includes(named) && !d.summary.includes(named) && !(d.extra?.explanation?.includes(named) ?? false)) return NO_LINES
  const text = [d.summary, d.detail, d.extra?.explanation ?? ''].join('\n')
  const out: number[] = []
  // each `base:LINE` with the name before it back to a separator (or to the end of the one before): what
  // /([^\s(),;'"`]*?)BASE:(\d+)/g finds, without trying every start (a long text made that quadratic)
  let from = 0
  for (let q = text.indexOf(named); q >= 0; q = text.indexOf(named, Math.max(q + 1, from))) {
    let e = q + named.length
    while (e < text.length && isDigit(text.charCodeAt(e))) e++
    if (e === q + named.length) continue
    let s = q
    while (s > from && !SEPARATOR.test(text[s - 1]!)) s--
    const prefix = text.slice(s, q)
    from = e
    // `aws_main.tf:3` is another file; a name ends at a separator
    if (prefix !== '' && !prefix.endsWith('/') && !prefix.endsWith(path.sep)) continue
    if (path.resolve(root, prefix + base) === file) out.push(Number(text.slice(q + named.length, e)))
  }
  return out.length > 0 ? out : NO_LINES
}

/** What ends a file name written in a text (as a range's prefix). */
const SEPARATOR = /[\s(),;'"`]/

function isDigit(ch: number): boolean {
  return ch >= 48 && ch <= 57
}

/** A range of the changed file taken to the new text; undefined when it lies on or across the changed lines. */
function moveRange(r: SourceRange, c: TextChange): SourceRange | undefined {
  if (r.end.line <= c.head) return r
  if (r.start.line > c.oldEnd)
    return {
      ...r,
      start: {...r.start, line: r.start.line + c.lines, byte: r.start.byte + c.bytes},
      end: {...r.end, line: r.end.line + c.lines, byte: r.end.byte + c.bytes},
    }
  return undefined
}

/**
 * A finding taken to the new text of the changed file (`inFile`: whether a range's file name is that file):
 * its ranges in it moved; undefined when one cannot be. A finding with fixes is not taken (they edit text).
 */
export function reanchor(d: LintDiagnostic, c: TextChange, inFile: (filename: string) => boolean): LintDiagnostic | undefined {
  if (d.fixes && d.fixes.length > 0) return undefined
  const move = (r: SourceRange | undefined): SourceRange | undefined | false => {
    if (!r || !inFile(r.filename)) return r
    return moveRange(r, c) ?? false
  }
  const range = move(d.range)
  const extraRange = move(d.extra?.range)
  const restatesAt = move(d.restatesAt)
  const ignoreAt = move(d.ignoreAt)
  if (range === false || extraRange === false || restatesAt === false || ignoreAt === false) return undefined
  if (range === d.range && extraRange === d.extra?.range && restatesAt === d.restatesAt && ignoreAt === d.ignoreAt) return d
  return {
    ...d,
    ...(range ? {range} : {}),
    ...(extraRange && d.extra ? {extra: {...d.extra, range: extraRange}} : {}),
    ...(restatesAt ? {restatesAt} : {}),
    ...(ignoreAt ? {ignoreAt} : {}),
  }
}
