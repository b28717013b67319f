// Values computed once per run from an object the run shares between roots (a module's model), such as
// what the lint rules read from every expression of a module: a module reached from many roots of a
// `--recursive` run is read once. Weakly keyed, so nothing outlives what it was computed from.
export class RunMemo {
  private readonly slots = new WeakMap<object, Map<string, unknown>>()
  private readonly counts = new Map<string, number>()

  /** The value of `slot` for `key`, computed by `compute` the first time it is asked for. */
  get<T>(key: object, slot: string, compute: () => T): T {
    let m = this.slots.get(key)
    if (!m) {
      m = new Map()
      this.slots.set(key, m)
    }
    if (m.has(slot)) return m.get(slot) as T
    const v = compute()
    m.set(slot, v)
    this.counts.set(slot, (this.counts.get(slot) ?? 0) + 1)
    return v
  }

  /** How many values of each slot were computed in the run (once per key it was asked for): what a test counts. */
  computed(): ReadonlyMap<string, number> {
    return this.counts
  }
}
