// Module instance paths from the root: `module.a.module.b`, '' for the root module itself
// (REFERENCE §a.2). tfgraph analyses configurations statically, so a path has no instance keys.
import {CallPath} from './keyed.js'

/** The calls from the root module to a module: `module.a.module.b` (the root: no calls, ''). */
export class ModulePath extends CallPath {
  static readonly root: ModulePath = new ModulePath([])

  private constructor(calls: readonly string[]) {
    super('module', calls)
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

  /** The module this one is called from; undefined for the root. */
  get parent(): ModulePath | undefined {
    return this.isRoot ? undefined : ModulePath.of(this.calls.slice(0, -1))
  }

  /** Whether `other` is this module or a module it calls, directly or through others (the root contains every module). */
  contains(other: ModulePath): boolean {
    return this.calls.length <= other.calls.length && this.calls.every((c, i) => c === other.calls[i])
  }

  /** The modules from the first call down to this one: `module.a`, `module.a.module.b` (none for the root). */
  ancestry(): ModulePath[] {
    return this.calls.map((_, i) => ModulePath.of(this.calls.slice(0, i + 1)))
  }

  /** Whether the module at `address` is the module at `ancestor` or inside it, both in their string forms (`module.a.module.b` is inside `module.a`; everything is inside ''). */
  static within(address: string, ancestor: string): boolean {
    const a = ModulePath.parse(address)
    const b = ModulePath.parse(ancestor)
    return a !== undefined && b !== undefined && b.contains(a)
  }

  child(call: string): ModulePath {
    return new ModulePath([...this.calls, call])
  }
}
