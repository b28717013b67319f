// Which directory to analyse a file in when no workspace folder holds it (a client started without a
// root, a file opened from elsewhere): the nearest enclosing directory with a `.git`; without one, the
// nearest with a `.terraform` directory or a `.terraform.lock.hcl` (a root module that was initialised,
// so a shared module beneath it is analysed with its callers); else the file's own directory.
import {existsSync} from 'node:fs'
import * as path from 'node:path'

/** The nearest directory from `start` upwards that holds one of `names`, if any. */
function nearest(start: string, names: readonly string[], exists: (p: string) => boolean): string | undefined {
  for (let d = start; ; d = path.dirname(d)) {
    if (names.some((n) => exists(path.join(d, n)))) return d
    if (path.dirname(d) === d) return undefined
  }
}

/** The workspace directory for `file` (absolute) when no workspace folder holds it. */
export function rootDirFor(file: string, exists: (p: string) => boolean = existsSync): string {
  const dir = path.dirname(path.resolve(file))
  return nearest(dir, ['.git'], exists) ?? nearest(dir, ['.terraform', '.terraform.lock.hcl'], exists) ?? dir
}
