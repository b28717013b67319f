// `tfgraph lint --fix --diff`: what the fixes would change, as one unified diff (git's form: `a/` and `b/`
// prefixes, paths from the current directory), so that `git apply` or `patch -p1` can apply it. jsdiff
// makes the hunks and prints them; a file that ends without a line break says so, as diff does.
import * as path from 'node:path'
import {formatPatch, structuredPatch} from 'diff'

export interface ChangedFile {
  /** Absolute path. */
  readonly file: string
  readonly before: string
  readonly after: string
  /** The file is deleted (the fixes left it with nothing): `+++ /dev/null`, as git writes a deletion. */
  readonly removed?: boolean
}

/** The unified diff of the changed files, sorted by path ('' when nothing changes). */
export function renderFixDiff(files: readonly ChangedFile[], cwd: string): string {
  const out: string[] = []
  for (const f of [...files].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0))) {
    if (f.before === f.after) continue
    const rel = path.relative(cwd, f.file).split(path.sep).join('/')
    const patch = structuredPatch(`a/${rel}`, f.removed ? '/dev/null' : `b/${rel}`, f.before, f.after, undefined, undefined, {context: 3})
    // jsdiff's separator line before each file is not part of git's form
    out.push(formatPatch(patch).replace(/^(?:Index: .*\n)?=+\n/, ''))
  }
  return out.join('')
}
