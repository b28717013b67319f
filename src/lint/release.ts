// What `lint --recursive` may forget between roots: a module load is named by the directory relative to
// the root that loaded it (its files' display names), so it can serve another root only if that root names
// the directory the same way. Once no root still to be linted could, the load (and its syntax trees) goes.
import * as path from 'node:path'

/**
 * The roots still to be linted, and whether a load is still worth keeping for them: a load of `dir` named
 * `prefix` (`../../modules/x/`, '' for a root) is kept when some remaining root names `dir` with the same
 * relative path, i.e. its ancestor that many levels up is where the path comes down from. Counts per
 * ancestor are kept up to date as roots finish, so each question costs a lookup.
 */
export class RemainingRoots {
  private readonly ancestors = new Map<string, number>()

  constructor(roots: Iterable<string>) {
    for (const r of roots) this.count(r, 1)
  }

  /** A root is done. */
  done(root: string): void {
    this.count(root, -1)
  }

  /** Whether a load of `dir` under the display prefix `prefix` can serve a remaining root. */
  useful(dir: string, prefix: string): boolean {
    const parts = prefix.split('/').filter((p) => p !== '' && p !== '.')
    let k = 0
    while (parts[k] === '..') k++
    const down = parts.length - k
    const base = down > 0 ? path.resolve(dir, ...Array.from({length: down}, () => '..')) : path.resolve(dir)
    return (this.ancestors.get(`${k}\0${base}`) ?? 0) > 0
  }

  private count(root: string, by: number): void {
    let at = path.resolve(root)
    for (let k = 0; k < 64; k++) {
      const key = `${k}\0${at}`
      const n = (this.ancestors.get(key) ?? 0) + by
      if (n > 0) this.ancestors.set(key, n)
      else this.ancestors.delete(key)
      const up = path.dirname(at)
      if (up === at) break
      at = up
    }
  }
}
