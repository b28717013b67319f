// Module instance paths from the root: `module.a.module.b`, '' for the root module itself
// (REFERENCE §a.2). tfgraph analyses configurations statically, so a path has no instance keys.

/** The calls from the root module to a module: `module.a.module.b` (the root: no calls, ''). */
export class ModulePath {
  static readonly root: ModulePath = new ModulePath([])

  readonly calls: readonly string[]

  private constructor(calls: readonly string[]) {
    this.calls = Object.freeze([...calls])
    Object.freeze(this)
  }

  /** The path of these call names, outermost first. */
  static of(calls: readonly string[]): ModulePath {
    return calls.length === 0 ? ModulePath.root : new ModulePath(calls)
  }

  /** Parses `module.a.module.b` ('' is the root); undefined when the text is not a module path. */
  static parse(text: string): ModulePath | undefined {
    if (text === '') return ModulePath.root
    const parts = text.split('.')
    if (parts.length % 2 !== 0) return undefined
    const calls: string[] = []
    for (let i = 0; i < parts.length; i += 2) {
      if (parts[i] !== 'module' || !/^[A-Za-z_][A-Za-z0-9_-]*$/.test(parts[i + 1]!)) return undefined
      calls.push(parts[i + 1]!)
    }
    return new ModulePath(calls)
  }

  get isRoot(): boolean {
    return this.calls.length === 0
  }

  /** The module this one is called from; undefined for the root. */
  get parent(): ModulePath | undefined {
    return this.isRoot ? undefined : ModulePath.of(this.calls.slice(0, -1))
  }

  child(call: string): ModulePath {
    return new ModulePath([...this.calls, call])
  }

  /** `module.a.module.b`; '' for the root. */
  toString(): string {
    return this.calls.map((n) => `module.${n}`).join('.')
  }

  equals(other: ModulePath): boolean {
    return this.calls.length === other.calls.length && this.calls.every((c, i) => c === other.calls[i])
  }
}
