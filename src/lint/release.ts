// What `lint --recursive` may forget between roots: a module load serves every root that reaches its
// directory, and the shared loads note the paths by which roots reached it (`../../modules/x/`). A root
// reaches a directory the same way again from the same ancestor, so a load is kept while a root still to
// be linted has that ancestor; once none has, the load (and its syntax trees) goes.
import * as path from 'node:path'

/**
 * The roots still to be linted, and whether a load is still worth keeping for them: a load of `dir` reached
 * as `prefix` (`../../modules/x/`, '' for a root) is kept when some remaining root would reach `dir` by the
 * same relative path, i.e. its ancestor that many levels up is where the path comes down from. Counts per
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

  /** Whether a load of `dir`, reached from a root as `prefix`, may serve a remaining root. */
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
