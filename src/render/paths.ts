// File names for people. Diagnostics name files relative to the analysed root (`range.filename`, as
// `terraform validate -json` does, and the JSON formats keep that); the text formats name them from the
// current directory instead, so that a terminal or an editor opens `file:line:col` exactly as printed,
// whatever directory was analysed (`lint ../x`, `lint /abs/dir`, `lint --recursive`). Names are
// normalised (`examples/../x.tf` is `x.tf`) and use `/`.
import * as path from 'node:path'

import type {FileNamer} from '../diag/file-names.js'

export {renameRanges, rootRelative, type FileNamer} from '../diag/file-names.js'

function outside(rel: string): boolean {
  return rel === '..' || rel.startsWith('..' + path.sep) || path.isAbsolute(rel)
}

/**
 * How the file `filename` (relative to `dir`, the analysed directory as the user gave it: relative to
 * `cwd`, or absolute) is named for a reader in `cwd`: relative to `cwd`. A file outside `cwd` of a
 * directory given as an absolute path keeps its absolute path (clearer than `../../..`, and opens as well).
 */
export function displayPath(dir: string, filename: string, cwd: string = process.cwd()): string {
  const abs = path.resolve(cwd, dir, filename)
  const rel = path.relative(cwd, abs)
  const shown = rel === '' ? '.' : outside(rel) && path.isAbsolute(dir) ? abs : rel
  return shown.split(path.sep).join('/')
}

/** The namer for files of the directory `dir` (as given), read from `cwd`. */
export function fileNamer(dir: string, cwd: string = process.cwd()): FileNamer {
  const cache = new Map<string, string>()
  return (f) => {
    let shown = cache.get(f)
    if (shown === undefined) {
      shown = displayPath(dir, f, cwd)
      cache.set(f, shown)
    }
    return shown
  }
}
