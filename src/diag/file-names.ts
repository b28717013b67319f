// How the model names files, and how outputs name them. A module is a function of its directory's files:
// its ranges name each file by its absolute path, whatever root or call reached it, so one directory is
// decoded once per run. Outputs name files for their reader: relative to the analysed root (the JSON
// documents and the library's values, as `terraform validate -json` does), or to the current directory
// (the text formats, render/paths.ts). `renameFiles` does it for a whole document: every range's file and
// every range written in a text ("declared at /abs/main.tf:3,1-15").
import * as path from 'node:path'

/** Names a file of the model (an absolute path, or a name already relative) for a reader. */
export type FileNamer = (filename: string) => string

/** Files named relative to `root` (`main.tf`, `../modules/vpc/main.tf`), with `/`; names already relative are kept. */
export function rootRelative(root: string): FileNamer {
  const base = path.resolve(root)
  const cache = new Map<string, string>()
  return (f) => {
    if (!path.isAbsolute(f)) return f
    let shown = cache.get(f)
    if (shown === undefined) {
      shown = path.relative(base, f).split(path.sep).join('/') || '.'
      cache.set(f, shown)
    }
    return shown
  }
}

/**
 * Ranges written in a text (a detail says "declared at main.tf:3,1-15") renamed with `name`: only the
 * file part of Terraform's range form `FILE:LINE,COL-…`, and only after "at ", "in ", "from ", "(" or
 * ", " (how tfgraph's and Terraform's texts introduce one), so other text — and a file name with a
 * space, which cannot be told apart — stays as it is; an absolute path (how the model names a file) is
 * renamed wherever it starts a word.
 */
export function renameRanges(text: string, name: FileNamer): string {
  // most texts write no range (`FILE:LINE,COL-…`): no lookbehinds tried at every position for them
  if (!RANGE_TAIL.test(text)) return text
  return text.replace(
    /(?:(?<=(?:^|[\s(])(?:at|in|from) |\(|, |^)|(?<=^|[\s(;"'`])(?=\/))([^\s:,()"'`[\]]+\.[A-Za-z]+):(\d+,\d+-\d+)/gm,
    (_m, file: string, rest: string) => `${name(file)}:${rest}`,
  )
}

/** What every range written in a text ends with: `:LINE,COL-` and a digit. */
const RANGE_TAIL = /:\d+,\d+-\d/

/** Ranges of files named by their absolute paths (how the model names them) renamed with `name`, in any text. */
export function renameAbsoluteRanges(text: string, name: FileNamer): string {
  // most strings of a document (addresses, provider sources) name no range: no regular expression for them
  if (!text.includes(':') || !text.includes('/')) return text
  return text.replace(
    /(?<=^|[\s(;"'`])(\/[^\s:,()"'`[\]]+\.[A-Za-z]+):(\d+,\d+-\d+)/gm,
    (_m, file: string, rest: string) => `${name(file)}:${rest}`,
  )
}

/** The keys whose text may name ranges (diagnostics' details, tfgraph's explanations, resolution steps' sentences, ranges written as text). */
const TEXT_KEYS: ReadonlySet<string> = new Set(['detail', 'explanation', 'text', 'reason', 'how', 'range'])

function isRange(v: Record<string, unknown>): boolean {
  return typeof v['filename'] === 'string' && typeof v['start'] === 'object' && typeof v['end'] === 'object'
}

/**
 * A copy of plain data (a document, diagnostics) with every file named by `name`: the `filename` of each
 * range, the ranges written in its texts, and in any other string the ranges of files named by their absolute paths. Values that are not plain objects or arrays are kept as they are.
 */
export function renameFiles<T>(value: T, name: FileNamer): T {
  const visit = (v: unknown, key: string): unknown => {
    if (typeof v === 'string') return TEXT_KEYS.has(key) ? renameRanges(v, name) : renameAbsoluteRanges(v, name)
    if (Array.isArray(v)) return v.map((x) => visit(x, key))
    if (typeof v !== 'object' || v === null || Object.getPrototypeOf(v) !== Object.prototype) return v
    const o = v as Record<string, unknown>
    const out: Record<string, unknown> = {}
    for (const [k, x] of Object.entries(o)) out[k] = k === 'filename' && isRange(o) && typeof x === 'string' ? name(x) : visit(x, k)
    return out
  }
  return visit(value, '') as T
}
