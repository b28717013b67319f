// What `lint --recursive` may forget between roots: a module load is named by the directory relative to
// the root that loaded it (its files' display names), so it can serve another root only if that root names
// the directory the same way. Once no root still to be linted could, the load (and its syntax trees) goes.
import * as path from 'node:path'

/**
 * A test for loads worth keeping while `roots` (absolute directories) are still to be linted: a load of
 * `dir` named `prefix` (`../../modules/x/`, '' for a root) is kept when some remaining root names `dir`
 * with the same relative path, i.e. its ancestor that many levels up is where the path comes down from.
 */
export function stillUseful(roots: Iterable<string>): (dir: string, prefix: string) => boolean {
  const ancestors = new Set<string>()
  for (const r of roots) {
    let at = path.resolve(r)
    for (let k = 0; k < 64; k++) {
      ancestors.add(`${k}\0${at}`)
      const up = path.dirname(at)
      if (up === at) break
      at = up
    }
  }
  return (dir, prefix) => {
    const parts = prefix.split('/').filter((p) => p !== '' && p !== '.')
    let k = 0
    while (parts[k] === '..') k++
    const down = parts.length - k
    const base = down > 0 ? path.resolve(dir, ...Array.from({length: down}, () => '..')) : path.resolve(dir)
    return ancestors.has(`${k}\0${base}`)
  }
}
