// Per-module provider local names: required_providers entries → source addresses, else implied
// hashicorp/<name> on the engine's default registry host (`terraform` → the built-in provider).
import {impliedProvider, parseProviderSource, providerString, type Provider} from '../addrs/provider.js'
import type {Diagnostic, SourceRange} from '../diag/diagnostic.js'
import {errorDiag} from '../diag/diagnostic.js'
import {
  dottedName,
  literalOf,
  objectItemsOf,
  objectKeyName,
  partRange,
  partText,
  tupleItemsOf,
  unwrapTemplate,
  type Expr,
  type ObjectItem,
} from '../hcl/expr.js'
import type {Attribute} from '../hcl/syntax.js'
import type {Engine} from './engine.js'

export interface Requirement {
  readonly localName: string
  readonly provider: Provider
  /** Version constraint string as written, if any. */
  readonly version?: string
  readonly versionRange?: SourceRange
  /** `configuration_aliases` entries as `name.alias`. */
  readonly aliases: readonly string[]
  readonly attribute: Attribute
  /** True when `source` was omitted (implied from the local name). */
  readonly implied: boolean
}

export interface LocalNames {
  readonly requirements: ReadonlyMap<string, Requirement>
  /** Source address for a local name: its requirement, else implied. */
  providerFor(localName: string): Provider
  /** Local name for a provider in this module (requirement name, else the type if implied). */
  localNameFor(p: Provider): string | undefined
  readonly diagnostics: readonly Diagnostic[]
  /**
   * Terraform: sources whose namespace has an underscore, which only 1.16 and later accept (the entry is read as
   * they read it): the error releases before 1.16 give, reported where the root's required_version rules 1.16 out.
   */
  readonly before116?: readonly Diagnostic[]
}

/** Local names of a module for an engine (decoded once, when the module is built: `Module.names`). */
export function localNames(m: {readonly requiredProviders: ReadonlyMap<string, Attribute>}, engine: Engine): LocalNames {
  return computeLocalNames(m, engine)
}

/** A `configuration_aliases` entry as written: `aws.east` (a reference, or the same quoted). */
function aliasText(a: Attribute, item: Expr): string {
  const dotted = dottedName(item)
  if (dotted !== undefined) return dotted
  const lit = literalOf(item)
  return typeof lit === 'string' ? lit : partText(a, unwrapTemplate(item)).trim()
}

function computeLocalNames(m: {readonly requiredProviders: ReadonlyMap<string, Attribute>}, engine: Engine): LocalNames {
  const requirements = new Map<string, Requirement>()
  const diagnostics: Diagnostic[] = []
  const before116: Diagnostic[] = []
  for (const [name, a] of m.requiredProviders) {
    const items = objectItemsOf(a.node)
    if (!items) {
      // a legacy entry: a version constraint string alone
      const version = literalOf(a.node)
      if (typeof version !== 'string') continue
      requirements.set(name, {
        localName: name,
        provider: impliedProvider(name, engine.defaultRegistryHost),
        version,
        versionRange: a.exprRange,
        aliases: [],
        attribute: a,
        implied: true,
      })
      continue
    }
    const entry = (key: string): ObjectItem | undefined => items.find((it) => objectKeyName(it) === key)
    const literalEntry = (key: string): string | undefined => {
      const v = entry(key)
      const lit = v ? literalOf(v.value) : undefined
      return typeof lit === 'string' ? lit : undefined
    }
    const srcItem = entry('source')
    const src = literalEntry('source')
    let provider = impliedProvider(name, engine.defaultRegistryHost)
    if (src !== undefined && srcItem) {
      const terraform = engine.name === 'terraform'
      const parsed = parseProviderSource(src, engine.defaultRegistryHost, engine.product, terraform)
      // subject: the source string inside the object
      if ('error' in parsed)
        diagnostics.push(errorDiag(parsed.error.code, parsed.error.summary, parsed.error.detail, partRange(a, srcItem.value)))
      else {
        provider = parsed.provider
        const strict = terraform ? parseProviderSource(src, engine.defaultRegistryHost, engine.product) : parsed
        if ('error' in strict)
          before116.push(errorDiag(strict.error.code, strict.error.summary, strict.error.detail, partRange(a, srcItem.value)))
      }
    }
    const aliasItems = entry('configuration_aliases')
    const aliases = aliasItems ? (tupleItemsOf(aliasItems.value) ?? []).map((x) => aliasText(a, x)) : []
    const version = literalEntry('version')
    requirements.set(name, {
      localName: name,
      provider,
      ...(version !== undefined ? {version, versionRange: a.exprRange} : {}),
      aliases,
      attribute: a,
      implied: src === undefined,
    })
  }
  const byProvider = new Map<string, string>()
  for (const [name, r] of [...requirements].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const k = providerString(r.provider)
    if (!byProvider.has(k)) byProvider.set(k, name)
  }
  return {
    requirements,
    diagnostics,
    ...(before116.length > 0 ? {before116} : {}),
    providerFor: (localName) => requirements.get(localName)?.provider ?? impliedProvider(localName, engine.defaultRegistryHost),
    localNameFor: (p) => {
      const n = byProvider.get(providerString(p))
      if (n !== undefined) return n
      return p.namespace === 'hashicorp' && p.host === engine.defaultRegistryHost ? p.type : undefined
    },
  }
}
