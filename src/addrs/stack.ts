// Terraform Stacks addresses (internal/stacks/stackaddrs): the path of embedded stack calls from the root stack
// (`stack.a.stack.b`, '' for the root stack), a component in a stack (`component.x`, an instance
// `component.x["k"]`, in an embedded stack `stack.s.component.x`), and a stack's `provider "TYPE" "NAME"`
// configuration, written as Terraform writes a provider configuration (`provider["registry.terraform.io/
// hashicorp/aws"].east`, `provider.TYPE.NAME` while the local name is undeclared, `stack.s.` before it in an
// embedded stack). Values with a `key` (their text, like Terraform's UniqueKey); text only at the outputs.
import {instanceKeyString, type InstanceKey} from './instance.js'
import {parseProviderString, providerAddr, providerString, type Provider} from './provider.js'
import {CallPath, KeyedAddress} from './keyed.js'
import {ModulePath} from './module.js'

const NAME = /^[A-Za-z_][A-Za-z0-9_-]*$/

/** The embedded stack calls an address starts with (`stack.a.stack.b.`) and the text after them. */
function leadingStackCalls(text: string): {calls: string[]; rest: string} {
  const calls: string[] = []
  let rest = text
  for (;;) {
    const m = /^stack\.([A-Za-z_][A-Za-z0-9_-]*)\./.exec(rest)
    if (!m) break
    calls.push(m[1]!)
    rest = rest.slice(m[0].length)
  }
  return {calls, rest}
}

/** The embedded stack calls from the root stack to a stack: `stack.a.stack.b` (the root stack: none, ''). */
export class StackPath extends CallPath {
  static readonly root: StackPath = new StackPath([])

  private constructor(calls: readonly string[]) {
    super('stack', calls)
    Object.freeze(this)
  }

  static of(calls: readonly string[]): StackPath {
    return calls.length === 0 ? StackPath.root : new StackPath(calls)
  }

  /** The stack this one calls as `stack.NAME`. */
  child(name: string): StackPath {
    return new StackPath([...this.calls, name])
  }

  /** What an address inside this stack starts with: `stack.a.` ('' for the root stack). */
  prefix(): string {
    return this.isRoot ? '' : this.key + '.'
  }
}

/** A component of a stack: `component.x`, `stack.s.component.x`; an instance with its `for_each` key: `component.x["k"]`. */
export class ComponentAddr extends KeyedAddress {
  readonly stack: StackPath
  readonly name: string
  readonly instanceKey: InstanceKey | undefined
  /** The address's identity as a string: compare and key maps by it, never by the object. */
  readonly key: string

  constructor(stack: StackPath, name: string, instanceKey?: InstanceKey) {
    super()
    this.stack = stack
    this.name = name
    this.instanceKey = instanceKey
    this.key = `${stack.prefix()}component.${name}${instanceKeyString(instanceKey)}`
    Object.freeze(this)
  }

  /** Parses `stack.a.component.x`, `component.x["k"]`, `component.x[0]`; undefined when the text is no component address. */
  static parse(text: string): ComponentAddr | undefined {
    const {calls, rest} = leadingStackCalls(text)
    const c = /^component\.([A-Za-z_][A-Za-z0-9_-]*)(.*)$/s.exec(rest)
    if (!c) return undefined
    const tail = c[2]!
    if (tail === '') return new ComponentAddr(StackPath.of(calls), c[1]!)
    if (!tail.startsWith('[') || !tail.endsWith(']')) return undefined
    let key: unknown
    try {
      key = JSON.parse(tail.slice(1, -1))
    } catch {
      return undefined
    }
    if (typeof key !== 'string' && !(typeof key === 'number' && Number.isInteger(key) && key >= 0)) return undefined
    const addr = new ComponentAddr(StackPath.of(calls), c[1]!, key)
    return addr.key === text ? addr : undefined
  }

  /** The component itself, without an instance key. */
  get config(): ComponentAddr {
    return this.instanceKey === undefined ? this : new ComponentAddr(this.stack, this.name)
  }
}

/**
 * A stack's `provider "TYPE" "NAME"` block: `provider["registry.terraform.io/hashicorp/aws"].east`; while the
 * local name TYPE is not in the stack's required_providers, `provider.TYPE.NAME`; `stack.s.` before either in an
 * embedded stack.
 */
export class StackProviderConfigAddr extends KeyedAddress {
  readonly stack: StackPath
  readonly localName: string
  readonly name: string
  /** The provider the local name stands for; undefined while it is undeclared. */
  readonly provider: Provider | undefined
  /** The address's identity as a string: compare and key maps by it, never by the object. */
  readonly key: string

  constructor(stack: StackPath, localName: string, name: string, provider?: Provider) {
    super()
    this.stack = stack
    this.localName = localName
    this.name = name
    this.provider = provider ? providerAddr(provider.host, provider.namespace, provider.type) : undefined
    const base = this.provider ? `provider[${JSON.stringify(providerString(this.provider))}].${name}` : `provider.${localName}.${name}`
    this.key = stack.prefix() + base
    Object.freeze(this)
  }

  /**
   * Parses `stack.s.provider["registry.terraform.io/hashicorp/aws"].east` or `provider.aws.east`; undefined
   * otherwise. The first form does not say the local name: `localName` is then the provider's type.
   */
  static parse(text: string): StackProviderConfigAddr | undefined {
    const {calls, rest} = leadingStackCalls(text)
    const stack = StackPath.of(calls)
    const undeclared = /^provider\.([A-Za-z_][A-Za-z0-9_-]*)\.([A-Za-z_][A-Za-z0-9_-]*)$/.exec(rest)
    if (undeclared) return new StackProviderConfigAddr(stack, undeclared[1]!, undeclared[2]!)
    const m = /^provider\[("(?:[^"\\]|\\.)*")\]\.(.*)$/s.exec(rest)
    if (!m || !NAME.test(m[2]!)) return undefined
    let fqn: unknown
    try {
      fqn = JSON.parse(m[1]!)
    } catch {
      return undefined
    }
    const provider = typeof fqn === 'string' ? parseProviderString(fqn) : undefined
    return provider ? new StackProviderConfigAddr(stack, provider.type, m[2]!, provider) : undefined
  }
}

/** A place in a stack: a component, and a module of its tree (the root module: the component itself): `component.a`, `component.a.module.b`. */
export class StackPlace extends KeyedAddress {
  readonly component: ComponentAddr
  readonly module: ModulePath
  /** The place's identity as a string (its text): compare and key maps by it, never by the object. */
  readonly key: string

  constructor(component: ComponentAddr, module: ModulePath) {
    super()
    this.component = component
    this.module = module
    this.key = module.isRoot ? component.key : `${component.key}.${module.key}`
    Object.freeze(this)
  }
}

/** Where a diagnostic is: a module of a tree, or a place in a stack. */
export type DiagnosticPlace = ModulePath | StackPlace
