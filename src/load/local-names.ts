// Per-module provider local names: required_providers entries → source addresses, else implied
// hashicorp/<name> on the engine's default registry host (`terraform` → the built-in provider).
import {impliedProvider, parseLocalConfigRef, parseProviderSource, providerString, type Provider} from '../addrs/provider.js'
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
import {writtenRange} from '../hcl/traversal.js'
import type {ConfigurationAlias, RequiredProvider} from './records.js'
import type {Engine} from './engine.js'

export type {RequiredProvider as Requirement} from './records.js'

export interface LocalNames {
  readonly requirements: ReadonlyMap<string, RequiredProvider>
  /** Source address for a local name: its requirement, else implied. */
  providerFor(localName: string): Provider
  /** Local name for a provider in this module (requirement name, else the type if implied). */
  localNameFor(p: Provider): string | undefined
  /** The errors in the entries' `source` addresses. */
  readonly diagnostics: readonly Diagnostic[]
  /**
   * Terraform: sources whose namespace has an underscore, which only 1.16 and later accept (the entry is read as
   * they read it): the error releases before 1.16 give, reported where the root's required_version rules 1.16 out.
   */
  readonly before116?: readonly Diagnostic[]
}

/** A `configuration_aliases` entry: `aws.east` as written (a reference, or the same quoted), where it is. */
function configurationAlias(a: Attribute, item: Expr): ConfigurationAlias {
  const x = unwrapTemplate(item)
  const dotted = dottedName(item)
  const lit = literalOf(item)
  const text = dotted ?? (typeof lit === 'string' ? lit : partText(a, x).trim())
  // a quoted entry: its content
  const quoted = dotted === undefined && typeof lit === 'string' && x.k === 'tmpl' && !x.heredoc
  const value = parseLocalConfigRef(text)
  return {text, ...(value ? {value} : {}), range: quoted ? partRange(a, {s: x.s + 1, e: x.e - 1}) : partRange(a, x)}
}

/** The `version` value of a required_providers entry (a quoted string), else the whole expression. */
function versionValueRange(a: Attribute, items: readonly ObjectItem[] | undefined): SourceRange {
  const v = items?.find((it) => objectKeyName(it) === 'version')?.value
  return v && v.k === 'tmpl' && !v.heredoc ? writtenRange(a, v) : a.exprRange
}

/**
 * The module's required_providers entries as records (static entries only: an object, or a legacy version
 * string), with the errors in their `source` addresses.
 */
export function readRequiredProviders(
  entries: ReadonlyMap<string, Attribute>,
  engine: Engine,
): {records: Map<string, RequiredProvider>; diagnostics: Diagnostic[]; before116: Diagnostic[]} {
  const records = new Map<string, RequiredProvider>()
  const diagnostics: Diagnostic[] = []
  const before116: Diagnostic[] = []
  for (const [name, a] of entries) {
    const items = objectItemsOf(a.node)
    if (!items) {
      // a legacy entry: a version constraint string alone
      const version = literalOf(a.node)
      if (typeof version !== 'string') continue
      records.set(name, {
        localName: name,
        provider: impliedProvider(name, engine.defaultRegistryHost),
        version,
        versionRange: a.exprRange,
        versionValueRange: a.exprRange,
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
    const aliases = aliasItems ? (tupleItemsOf(aliasItems.value) ?? []).map((x) => configurationAlias(a, x)) : []
    const version = literalEntry('version')
    records.set(name, {
      localName: name,
      provider,
      ...(version !== undefined ? {version, versionRange: a.exprRange} : {}),
      versionValueRange: versionValueRange(a, items),
      aliases,
      attribute: a,
      implied: src === undefined,
    })
  }
  return {records, diagnostics, before116}
}

/** The provider local names of a module (`Module.names`), from its required_providers records. */
export function localNames(
  requirements: ReadonlyMap<string, RequiredProvider>,
  diagnostics: readonly Diagnostic[],
  engine: Engine,
  before116: readonly Diagnostic[] = [],
): LocalNames {
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
