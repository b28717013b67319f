// Provider addresses: source addresses (FQNs), local names, local and absolute provider
// configuration addresses, in Terraform's own string syntax (REFERENCE §a.2–a.3).

export const BUILTIN_HOST = 'terraform.io'

/** A provider source address (fully qualified name): hostname/namespace/type. */
export interface Provider {
  readonly host: string
  readonly namespace: string
  readonly type: string
}

export function providerString(p: Provider): string {
  return `${p.host}/${p.namespace}/${p.type}`
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
  if (localName === 'terraform') return {host: BUILTIN_HOST, namespace: 'builtin', type: 'terraform'}
  return {host: defaultHost, namespace: 'hashicorp', type: localName}
}

/** Validates one part of a provider address (ParseProviderPart); returns the normalized part or the problem. */
export function parseProviderPart(given: string): {part: string} | {error: string} {
  if (given.length === 0) return {error: 'must have at least one character'}
  if (given.includes('.')) return {error: 'dots are not allowed'}
  if (given.includes('--')) return {error: 'cannot use multiple consecutive dashes'}
  if (!/^[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?$/u.test(given)) {
    return {error: 'must contain only letters, digits, and dashes, and may not use leading or trailing dashes'}
  }
  return {part: given.normalize('NFKC').toLowerCase()}
}

/** Checks a provider local name; `undefined` when valid and normalized. */
export function localNameProblem(name: string): string | undefined {
  const r = parseProviderPart(name)
  if ('error' in r) return `${name} is an invalid provider local name: ${r.error}`
  if (r.part !== name) return `Provider names must be normalized. Replace ${JSON.stringify(name)} with ${JSON.stringify(r.part)} to fix this error.`
  return undefined
}

export interface SourceProblem {
  readonly code: 'provider.invalid-source' | 'provider.invalid-type' | 'provider.invalid-namespace'
  readonly summary: string
  readonly detail: string
}

/** Parses a `source` string of `required_providers` (`[hostname/][namespace/]type`). */
export function parseProviderSource(source: string, defaultHost: string, product: string): {provider: Provider} | {error: SourceProblem} {
  const parts = source.split('/')
  const invalid: SourceProblem = {code: 'provider.invalid-source', summary: 'Invalid provider source string', detail: 'The "source" attribute must be in the format "[hostname/][namespace/]name"'}
  if (source === '' || parts.length > 3 || parts.some((p) => p === '')) return {error: invalid}
  const rawType = parts[parts.length - 1]!
  const typeR = parseProviderPart(rawType)
  if ('error' in typeR) return {error: {code: 'provider.invalid-type', summary: 'Invalid provider type', detail: `Invalid provider type ${JSON.stringify(rawType)} in source ${JSON.stringify(source)}: ${typeR.error}"`}}
  let namespace = 'hashicorp'
  if (parts.length >= 2) {
    const rawNs = parts[parts.length - 2]!
    if (rawNs === '-') namespace = '-'
    else {
      const nsR = parseProviderPart(rawNs)
      if ('error' in nsR) return {error: {code: 'provider.invalid-namespace', summary: 'Invalid provider namespace', detail: `Invalid provider namespace ${JSON.stringify(rawNs)} in source ${JSON.stringify(source)}: ${nsR.error}"`}}
      namespace = nsR.part
    }
  }
  const host = parts.length === 3 ? parts[0]!.toLowerCase() : defaultHost
  const type = typeR.part
  const prefix = product === 'OpenTofu' ? ['opentofu-provider-', 'opentofu-'] : []
  for (const pre of ['terraform-provider-', 'terraform-', ...prefix]) {
    if (type.startsWith(pre) && host !== BUILTIN_HOST) {
      const suggestion = pre.endsWith('provider-') ? ` Did you mean ${JSON.stringify(`${parts.length === 3 ? host + '/' : ''}${namespace}/${type.slice(pre.length)}`)}?` : ''
      return {error: {code: 'provider.invalid-type', summary: 'Invalid provider type', detail: `Provider source ${JSON.stringify(source)} has a type with the prefix ${JSON.stringify(pre)}, which isn't valid. Although that prefix is often used in the names of version control repositories for ${product} providers, provider source strings should not include it.${suggestion}`}}
    }
  }
  return {provider: {host, namespace, type}}
}

/** A provider configuration reference inside one module: `aws` or `aws.west` (OpenTofu: with `[key]`). */
export interface LocalProviderConfig {
  readonly localName: string
  readonly alias?: string
  /** OpenTofu provider for_each instance key expression, e.g. `each.key`. */
  readonly key?: string
}

export function localConfigString(c: LocalProviderConfig): string {
  return (c.alias ? `${c.localName}.${c.alias}` : c.localName) + (c.key !== undefined ? `[${c.key}]` : '')
}

/** Parses `aws`, `aws.west`, `aws.west[each.key]` (the text of a bare traversal). */
export function parseLocalConfigRef(text: string): LocalProviderConfig | undefined {
  const m = /^([A-Za-z_][A-Za-z0-9_-]*)(?:\.([A-Za-z_][A-Za-z0-9_-]*))?(?:\[(.+)\])?$/s.exec(text.trim())
  if (!m) return undefined
  const out: {localName: string; alias?: string; key?: string} = {localName: m[1]!}
  if (m[2] !== undefined) out.alias = m[2]
  if (m[3] !== undefined) out.key = m[3].trim()
  return out
}

/** An absolute provider configuration: `module.a.provider["registry.terraform.io/hashicorp/aws"].west`. */
export interface AbsProviderConfig {
  /** Call names from the root (empty for the root module). */
  readonly module: readonly string[]
  readonly provider: Provider
  readonly alias?: string
}

export function modulePathString(path: readonly string[]): string {
  return path.map((n) => `module.${n}`).join('.')
}

export function absConfigString(c: AbsProviderConfig): string {
  const mod = modulePathString(c.module)
  return `${mod ? mod + '.' : ''}provider[${JSON.stringify(providerString(c.provider))}]${c.alias ? '.' + c.alias : ''}`
}
