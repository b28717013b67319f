// Provider addresses: source addresses (FQNs), local names, local and absolute provider
// configuration addresses, in Terraform's own string syntax (REFERENCE §a.2–a.3). A provider and a local
// configuration are frozen values (`providerAddr`, `localConfig`) with `…String` and `…Equals`; an absolute
// configuration is a class (`AbsProviderConfig`), built from a module path (module.ts).
import {ModulePath} from './module.js'
import {KeyedAddress} from './keyed.js'

export const BUILTIN_HOST = 'terraform.io'

/** A provider source address (fully qualified name): hostname/namespace/type. */
export interface Provider {
  readonly host: string
  readonly namespace: string
  readonly type: string
}

/** A provider address as a frozen value. */
export function providerAddr(host: string, namespace: string, type: string): Provider {
  return Object.freeze({host, namespace, type})
}

/** `registry.terraform.io/hashicorp/aws`. */
export function providerString(p: Provider): string {
  return `${p.host}/${p.namespace}/${p.type}`
}

export function providerEquals(a: Provider, b: Provider): boolean {
  return a.host === b.host && a.namespace === b.namespace && a.type === b.type
}

/** Parses the string form (`registry.terraform.io/hashicorp/aws`) back; undefined unless it has three parts. */
export function parseProviderString(fqn: string): Provider | undefined {
  const parts = fqn.split('/')
  return parts.length === 3 && parts.every((x) => x !== '') ? providerAddr(parts[0]!, parts[1]!, parts[2]!) : undefined
}

/** `ForDisplay`: the address without the default registry host. */
export function providerForDisplay(p: Provider, defaultHost: string): string {
  return p.host === defaultHost ? `${p.namespace}/${p.type}` : providerString(p)
}

export function isBuiltin(p: Provider): boolean {
  return p.host === BUILTIN_HOST && p.namespace === 'builtin'
}

/** The local name a resource type implies: up to the first `_` (`google_beta_x` → `google`), else the whole type. */
export function impliedLocalName(type: string): string {
  const i = type.indexOf('_')
  return i < 0 ? type : type.slice(0, i)
}

/** `terraform` → terraform.io/builtin/terraform; anything else → <default host>/hashicorp/<name>. */
export function impliedProvider(localName: string, defaultHost: string): Provider {
  if (localName === 'terraform') return providerAddr(BUILTIN_HOST, 'builtin', 'terraform')
  return providerAddr(defaultHost, 'hashicorp', localName)
}

/** A part of ASCII letters and digits with dashes inside: valid with or without underscores allowed. */
const ASCII_PART = /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/

/**
 * Validates one part of a provider address (ParseProviderPart); returns the normalized part or the problem.
 * `underscores`: a namespace as Terraform 1.16 and later read it (terraform-registry-address 0.5's
 * ParseProviderNamespace, Terraform #38894: underscores allowed where letters and digits are).
 */
export function parseProviderPart(given: string, underscores = false): {part: string} | {error: string} {
  if (given.length === 0) return {error: 'must have at least one character'}
  if (given.includes('.')) return {error: 'dots are not allowed'}
  if (given.includes('--')) return {error: 'cannot use multiple consecutive dashes'}
  // ASCII letters, digits and dashes first: the same answer for such a part (NFKC leaves ASCII as it is), without
  // the Unicode classes, whose first matches cost ~0.3 ms each (V8 compiles their ranges; #53: a run reads a few)
  if (ASCII_PART.test(given)) return {part: given.toLowerCase()}
  const valid = underscores ? /^[\p{L}\p{N}_](?:[\p{L}\p{N}_-]*[\p{L}\p{N}_])?$/u : /^[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?$/u
  if (!valid.test(given)) {
    return {error: 'must contain only letters, digits, and dashes, and may not use leading or trailing dashes'}
  }
  return {part: given.normalize('NFKC').toLowerCase()}
}

/** Checks a provider local name; `undefined` when valid and normalized. */
export function localNameProblem(name: string): string | undefined {
  const r = parseProviderPart(name)
  if ('error' in r) return `${name} is an invalid provider local name: ${r.error}`
  if (r.part !== name)
    return `Provider names must be normalized. Replace ${JSON.stringify(name)} with ${JSON.stringify(r.part)} to fix this error.`
  return undefined
}

export interface SourceProblem {
  readonly code: 'provider.invalid-source' | 'provider.invalid-type' | 'provider.invalid-namespace'
  readonly summary: string
  readonly detail: string
}

/**
 * Parses a `source` string of `required_providers` (`[hostname/][namespace/]type`). `namespaceUnderscores`:
 * as Terraform 1.16 and later, which accept underscores in the namespace.
 */
export function parseProviderSource(
  source: string,
  defaultHost: string,
  product: string,
  namespaceUnderscores = false,
): {provider: Provider} | {error: SourceProblem} {
  const parts = source.split('/')
  const invalid: SourceProblem = {
    code: 'provider.invalid-source',
    summary: 'Invalid provider source string',
    detail: 'The "source" attribute must be in the format "[hostname/][namespace/]name"',
  }
  if (source === '' || parts.length > 3 || parts.some((p) => p === '')) return {error: invalid}
  const rawType = parts[parts.length - 1]!
  const typeR = parseProviderPart(rawType)
  if ('error' in typeR)
    return {
      error: {
        code: 'provider.invalid-type',
        summary: 'Invalid provider type',
        detail: `Invalid provider type ${JSON.stringify(rawType)} in source ${JSON.stringify(source)}: ${typeR.error}"`,
      },
    }
  let namespace = 'hashicorp'
  if (parts.length >= 2) {
    const rawNs = parts[parts.length - 2]!
    if (rawNs === '-') namespace = '-'
    else {
      const nsR = parseProviderPart(rawNs, namespaceUnderscores)
      if ('error' in nsR)
        return {
          error: {
            code: 'provider.invalid-namespace',
            summary: 'Invalid provider namespace',
            // the library prints the namespace it failed to produce: always "" (terraform-registry-address ParseProviderSource)
            detail: `Invalid provider namespace "" in source ${JSON.stringify(source)}: ${nsR.error}"`,
          },
        }
      namespace = nsR.part
    }
  }
  const host = parts.length === 3 ? parts[0]!.toLowerCase() : defaultHost
  const type = typeR.part
  const prefix = product === 'OpenTofu' ? ['opentofu-provider-', 'opentofu-'] : []
  for (const pre of ['terraform-provider-', 'terraform-', ...prefix]) {
    if (type.startsWith(pre) && host !== BUILTIN_HOST) {
      const suggestion = pre.endsWith('provider-')
        ? ` Did you mean ${JSON.stringify(`${parts.length === 3 ? host + '/' : ''}${namespace}/${type.slice(pre.length)}`)}?`
        : ''
      return {
        error: {
          code: 'provider.invalid-type',
          summary: 'Invalid provider type',
          detail: `Provider source ${JSON.stringify(source)} has a type with the prefix ${JSON.stringify(pre)}, which isn't valid. Although that prefix is often used in the names of version control repositories for ${product} providers, provider source strings should not include it.${suggestion}`,
        },
      }
    }
  }
  return {provider: providerAddr(host, namespace, type)}
}

/** A provider configuration reference inside one module: `aws` or `aws.west` (OpenTofu: with `[key]`). */
export interface LocalProviderConfig {
  readonly localName: string
  readonly alias?: string
  /** OpenTofu provider for_each instance key expression, e.g. `each.key`. */
  readonly key?: string
}

/** A local configuration reference as a frozen value. */
export function localConfig(localName: string, alias?: string, key?: string): LocalProviderConfig {
  return Object.freeze({localName, ...(alias ? {alias} : {}), ...(key !== undefined ? {key} : {})})
}

/** `aws`, `aws.west`, `aws.west[each.key]`. */
export function localConfigString(c: LocalProviderConfig): string {
  return (c.alias ? `${c.localName}.${c.alias}` : c.localName) + (c.key !== undefined ? `[${c.key}]` : '')
}

export function localConfigEquals(a: LocalProviderConfig, b: LocalProviderConfig): boolean {
  return a.localName === b.localName && (a.alias ?? '') === (b.alias ?? '') && a.key === b.key
}

/** Parses `aws`, `aws.west`, `aws.west[each.key]` (the text of a bare traversal). */
export function parseLocalConfigRef(text: string): LocalProviderConfig | undefined {
  const m = /^([A-Za-z_][A-Za-z0-9_-]*)(?:\.([A-Za-z_][A-Za-z0-9_-]*))?(?:\[(.+)\])?$/s.exec(text.trim())
  if (!m) return undefined
  return localConfig(m[1]!, m[2], m[3]?.trim())
}

/**
 * The parts of a provider reference as written, however incomplete (an editor's text, a providers map key):
 * `aws.east` → `aws` and `east`, `aws` → `aws` and no alias. `parseLocalConfigRef` is the strict reading.
 */
export function referenceParts(text: string): {localName: string; alias: string | undefined} {
  const [localName = '', alias] = text.split('.')
  return {localName, alias}
}

/** An absolute provider configuration: `module.a.provider["registry.terraform.io/hashicorp/aws"].west`. */
export class AbsProviderConfig extends KeyedAddress {
  readonly module: ModulePath
  readonly provider: Provider
  readonly alias: string | undefined
  /** The configuration's identity as a string (its text, like Terraform's UniqueKey): compare and key maps by it, never by the object. */
  readonly key: string

  constructor(module: ModulePath, provider: Provider, alias?: string) {
    super()
    this.module = module
    this.provider = providerAddr(provider.host, provider.namespace, provider.type)
    this.alias = alias === '' ? undefined : alias
    const mod = module.key
    this.key = `${mod ? mod + '.' : ''}provider[${JSON.stringify(providerString(this.provider))}]${this.alias ? '.' + this.alias : ''}`
    Object.freeze(this)
  }

  /**
   * Parses Terraform's form back (`module.a.provider["registry.terraform.io/hashicorp/aws"].east`);
   * undefined when the text is not an absolute provider configuration address.
   */
  static parse(text: string): AbsProviderConfig | undefined {
    const i = text.startsWith('provider["') ? 0 : text.indexOf('.provider["') + 1
    if (i === 0 && !text.startsWith('provider["')) return undefined
    const module = ModulePath.parse(i === 0 ? '' : text.slice(0, i - 1))
    const rest = text.slice(i + 'provider['.length)
    // the FQN is a quoted string: its end is the first unescaped quote
    let end = 1
    while (end < rest.length && rest[end] !== '"') end += rest[end] === '\\' ? 2 : 1
    let fqn: unknown
    try {
      fqn = JSON.parse(rest.slice(0, end + 1))
    } catch {
      return undefined
    }
    const provider = typeof fqn === 'string' ? parseProviderString(fqn) : undefined
    const tail = rest.slice(end + 1)
    if (!module || !provider || !tail.startsWith(']')) return undefined
    const alias = tail.slice(1)
    if (alias !== '' && !/^\.[A-Za-z_][A-Za-z0-9_-]*$/.test(alias)) return undefined
    return new AbsProviderConfig(module, provider, alias.slice(1))
  }
}
