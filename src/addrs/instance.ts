// Instance addresses as the state names them: module instance paths with their keys
// (`module.m["a"].module.b[0]`), resource instance keys (`[0]`, `["k"]`) and OpenTofu's provider
// instances (`provider["registry.opentofu.org/hashicorp/aws"].a["key"]`, its provider `for_each`).
import {ModulePath} from './module.js'
import {AbsProviderConfig, providerAddr} from './provider.js'
import type {ResourceAddr} from './resource.js'
import {KeyedAddress} from './keyed.js'

/** A `count` index or a `for_each` key. */
export type InstanceKey = number | string

/** `[0]`, `["a"]` (Terraform quotes a string key as a Go string; JSON's quoting agrees for what keys hold). */
export function instanceKeyString(k: InstanceKey | undefined): string {
  return k === undefined ? '' : `[${typeof k === 'number' ? String(k) : JSON.stringify(k)}]`
}

/** A module instance: the module path and each call's key (undefined: the call has no count or for_each). */
export interface ModuleInstance {
  readonly path: ModulePath
  readonly keys: readonly (InstanceKey | undefined)[]
}

/** Reads one `[…]` key at `i` (`[0]`, `["a\"b"]`): the key and where it ends; undefined when malformed. */
function readKey(text: string, i: number): {key: InstanceKey; end: number} | undefined {
  if (text[i] !== '[') return undefined
  if (text[i + 1] === '"') {
    let j = i + 2
    while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1
    let key: unknown
    try {
      key = JSON.parse(text.slice(i + 1, j + 1))
    } catch {
      return undefined
    }
    return typeof key === 'string' && text[j + 1] === ']' ? {key, end: j + 2} : undefined
  }
  const m = /^\[(\d+)\]/.exec(text.slice(i))
  return m ? {key: Number(m[1]), end: i + m[0].length} : undefined
}

/** Parses `module.m["a"].module.b[0]` ('' is the root); undefined when it is not a module instance address. */
export function parseModuleInstance(text: string): ModuleInstance | undefined {
  const calls: string[] = []
  const keys: (InstanceKey | undefined)[] = []
  let i = 0
  while (i < text.length) {
    const m = /^module\.([A-Za-z_][A-Za-z0-9_-]*)/.exec(text.slice(i))
    if (!m) return undefined
    calls.push(m[1]!)
    i += m[0].length
    let key: InstanceKey | undefined
    if (text[i] === '[') {
      const k = readKey(text, i)
      if (!k) return undefined
      key = k.key
      i = k.end
    }
    keys.push(key)
    if (i < text.length) {
      if (text[i] !== '.') return undefined
      i++
      if (i === text.length) return undefined
    }
  }
  return {path: ModulePath.of(calls), keys}
}

/** `module.m["a"].module.b[0]`; '' for the root. */
export function moduleInstanceString(m: ModuleInstance): string {
  return m.path.calls.map((c, i) => `module.${c}${instanceKeyString(m.keys[i])}`).join('.')
}

/**
 * A provider configuration as a state records it: Terraform's `AbsProviderConfig` form, and OpenTofu's
 * provider instance (`….a["key"]`, a configuration with `for_each`); undefined when not such an address.
 */
export function parseProviderInstance(text: string): {config: AbsProviderConfig; key?: InstanceKey} | undefined {
  const plain = AbsProviderConfig.parse(text)
  if (plain) return {config: plain}
  if (!text.endsWith(']')) return undefined
  // the key is the last `[…]` after the configuration's closing `]`: find where the configuration ends
  for (let i = text.lastIndexOf('['); i > 0; i = text.lastIndexOf('[', i - 1)) {
    const config = AbsProviderConfig.parse(text.slice(0, i))
    const key = config ? readKey(text, i) : undefined
    if (config && key && key.end === text.length) return {config, key: key.key}
  }
  return undefined
}

/**
 * A provider configuration in the form Terraform 0.12 wrote (`provider.aws`, `module.a.provider.aws.west`),
 * read as Terraform 0.13 and later read it (ParseLegacyAbsProviderConfigStr): the provider of that type in
 * the `hashicorp` namespace of the public registry, as `terraform init` upgrades it. Undefined otherwise.
 */
export function parseLegacyProviderConfig(text: string): AbsProviderConfig | undefined {
  const m = /^((?:module\.[A-Za-z_][A-Za-z0-9_-]*\.)*)provider\.([A-Za-z_][A-Za-z0-9_-]*)(?:\.([A-Za-z_][A-Za-z0-9_-]*))?$/.exec(text)
  if (!m) return undefined
  const module = ModulePath.parse(m[1]!.replace(/\.$/, ''))
  return module ? new AbsProviderConfig(module, providerAddr('registry.terraform.io', 'hashicorp', m[2]!), m[3]) : undefined
}

/**
 * A resource instance as a state names it: the module instance, the resource and its key
 * (`module.m["a"].terraform_data.r[0]`, Terraform's AbsResourceInstance). A deposed object's key is no part of it.
 */
export class ResourceInstanceAddr extends KeyedAddress {
  readonly module: ModuleInstance
  readonly resource: ResourceAddr
  /** The `count` index or `for_each` key; undefined for a resource without either. */
  readonly instanceKey?: InstanceKey
  /** The address's identity as a string (its text, like Terraform's UniqueKey): compare and key maps by it, never by the object. */
  readonly key: string

  /** `resourceText`: the text without the instance key when the caller has it already (one per resource, not per instance). */
  constructor(module: ModuleInstance, resource: ResourceAddr, instanceKey?: InstanceKey, resourceText?: string) {
    super()
    this.module = module
    this.resource = resource
    if (instanceKey !== undefined) this.instanceKey = instanceKey
    const text = resourceText ?? ResourceInstanceAddr.resourceText(module, resource)
    this.key = instanceKey === undefined ? text : text + instanceKeyString(instanceKey)
    Object.freeze(this)
  }

  /** The resource in its module instance, without an instance key: `module.m["a"].terraform_data.r`. */
  static resourceText(module: ModuleInstance, resource: ResourceAddr): string {
    const m = moduleInstanceString(module)
    return `${m ? m + '.' : ''}${resource.localString()}`
  }

  /** The same resource of the same module instance without the instance key: `module.m["a"].terraform_data.r`. */
  withoutKey(): ResourceInstanceAddr {
    return this.instanceKey === undefined ? this : new ResourceInstanceAddr(this.module, this.resource)
  }
}
