// Per-module provider local names: required_providers entries → source addresses, else implied
// hashicorp/<name> on the engine's default registry host (`terraform` → the built-in provider).
import {impliedProvider, parseProviderSource, providerString, type Provider} from '../addrs/provider.js'
import type {Diagnostic, SourceRange} from '../diag/diagnostic.js'
import {errorDiag} from '../diag/diagnostic.js'
import type {Attribute, Value} from '../hcl/syntax.js'
import {isRecord, unwrapExpression} from '../hcl/value.js'
import {subRange} from '../diag/positions.js'
import type {Engine} from '../load/engine.js'
import type {Module} from '../load/model.js'

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
}

function str(v: Value | undefined): string | undefined {
  return typeof v === 'string' && !v.includes('${') ? v : undefined
}

/**
 * Local names of a module for an engine. Computed on each call: a module has a handful of
 * required_providers entries, and memoising them (a module-level WeakMap before #15) made no
 * measurable difference: every rule over the largest corpus root (fabric 0-org-setup, 702 resources)
 * takes 2–6 ms with or without it.
 */
export function localNames(m: Module, engine: Engine): LocalNames {
  return computeLocalNames(m, engine)
}

function computeLocalNames(m: Module, engine: Engine): LocalNames {
  const requirements = new Map<string, Requirement>()
  const diagnostics: Diagnostic[] = []
  for (const [name, a] of m.requiredProviders) {
    const v = a.value
    if (typeof v === 'string') {
      requirements.set(name, {
        localName: name,
        provider: impliedProvider(name, engine.defaultRegistryHost),
        version: v,
        versionRange: a.exprRange,
        aliases: [],
        attribute: a,
        implied: true,
      })
      continue
    }
    if (!isRecord(v)) continue
    const src = str(v['source'])
    let provider = impliedProvider(name, engine.defaultRegistryHost)
    if (src !== undefined) {
      const parsed = parseProviderSource(src, engine.defaultRegistryHost, engine.product)
      if ('error' in parsed) {
        // subject: the source string inside the object (Terraform points at the attribute's expression)
        const m = /\bsource\s*=\s*("(?:[^"\\]|\\.)*")/.exec(a.expr) ?? /"source"\s*:\s*("(?:[^"\\]|\\.)*")/.exec(a.expr)
        const at = m && m.index !== undefined ? a.expr.indexOf(m[1]!, m.index) : -1
        diagnostics.push(
          errorDiag(
            parsed.error.code,
            parsed.error.summary,
            parsed.error.detail,
            at >= 0 ? subRange(a.exprRange, a.expr, at, at + m![1]!.length) : a.exprRange,
          ),
        )
      } else provider = parsed.provider
    }
    const aliasesRaw = v['configuration_aliases']
    const aliases = Array.isArray(aliasesRaw)
      ? (aliasesRaw as readonly Value[]).flatMap((x) => (typeof x === 'string' ? [unwrapExpression(x)] : []))
      : []
    const version = str(v['version'])
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
    providerFor: (localName) => requirements.get(localName)?.provider ?? impliedProvider(localName, engine.defaultRegistryHost),
    localNameFor: (p) => {
      const n = byProvider.get(providerString(p))
      if (n !== undefined) return n
      return p.namespace === 'hashicorp' && p.host === engine.defaultRegistryHost ? p.type : undefined
    },
  }
}
