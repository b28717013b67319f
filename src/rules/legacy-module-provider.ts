// legacy-module-provider: a called (non-root) module that configures providers itself. Terraform then
// refuses count, for_each and depends_on (OpenTofu: also enabled) on every call that reaches it.
import {AbsProviderConfig, providerForDisplay, type Provider} from '../addrs/provider.js'
import type {SourceRange} from '../diag/diagnostic.js'
import type {ModuleNode} from '../crawl/crawl.js'
import {engineByName} from '../load/engine.js'
import type {LintDiagnostic, Rule} from './rule.js'
import {type Finding, report, sameModuleNodes, where} from './support.js'

interface Restriction {
  readonly call: string
  readonly meta: string
  readonly range: SourceRange | undefined
}

/** The nearest call on the chain to `node` (itself first) that uses count/for_each/enabled/depends_on. */
function restrictionOf(node: ModuleNode, tofu: boolean): Restriction | undefined {
  for (let n: ModuleNode | undefined = node; n && !n.addr.isRoot; n = n.parent) {
    const call = n.call
    if (n.count) return {call: n.addr.key, meta: 'count', range: call?.count?.exprRange}
    if (n.forEach) return {call: n.addr.key, meta: 'for_each', range: call?.forEach?.exprRange}
    if (tofu && n.enabled) return {call: n.addr.key, meta: 'enabled', range: call?.enabled?.exprRange}
    if (n.dependsOn) return {call: n.addr.key, meta: 'depends_on', range: call?.dependsOn?.exprRange}
  }
  return undefined
}

export const legacyModuleProvider = {
  id: 'legacy-module-provider',
  severity: 'warning',
  enabledByDefault: true,
  scope: 'tree',
  description: 'A called module configures a provider itself instead of receiving provider configurations from its callers.',
  docs: 'docs/rules/legacy-module-provider.md',
  check({analysis, memo}): LintDiagnostic[] {
    const {tree} = analysis
    const engine = engineByName(tree.engine)
    const tofu = engine.name === 'opentofu'
    const metas = tofu ? 'count, for_each, enabled or depends_on' : 'count, for_each or depends_on'
    const findings: Finding[] = []
    for (const node of tree.nodes) {
      const m = node.module
      if (!m || node.addr.isRoot) continue
      const configured = [...m.providerConfigs.values()].filter((p) => p.configured)
      if (configured.length === 0) continue
      const names = m.names
      const calls = sameModuleNodes(tree.nodes, node).filter((n) => !n.addr.isRoot)
      const broken = calls.flatMap((n) => {
        const r = restrictionOf(n, tofu)
        return r
          ? [`${n.addr.key} (${r.call === n.addr.key ? 'its call' : `its caller ${r.call}`} uses ${r.meta} at ${where(r.range)})`]
          : []
      })
      const fine = calls.filter((n) => !restrictionOf(n, tofu)).map((n) => n.addr.key)
      const status = [
        broken.length > 0
          ? `Calls that already fail (${engine.product} reports "Module is incompatible with count, for_each${tofu ? ', enabled' : ','} and depends_on"): ${broken.join('; ')}.`
          : '',
        fine.length > 0 ? `Calls that would fail as soon as they (or a call above them) used ${metas}: ${fine.join(', ')}.` : '',
      ]
        .filter((s) => s !== '')
        .join(' ')
      for (const b of configured) {
        const {localName, alias} = b
        const provider: Provider = names.providerFor(localName)
        const key = alias ? `${localName}.${alias}` : localName
        const source = providerForDisplay(provider, engine.defaultRegistryHost)
        const fix = alias
          ? `declare the alias in required_providers instead (${localName} = { source = "${source}", configuration_aliases = [${key}] }) and have callers pass it with providers = { ${key} = ${localName}.<their alias> }`
          : `declare the provider in required_providers only (${localName} = { source = "${source}" }, adding configuration_aliases for any alias it needs) and let callers configure it in the root module and pass it down (by inheritance, or providers = { ${localName} = ${localName} })`
        findings.push({
          summary: 'Provider configured inside a shared module',
          detail: `${node.addr.key} has its own provider "${localName}"${alias ? ` configuration with alias "${alias}"` : ' configuration'} at ${where(b.declRange)}, which makes it a legacy shared module: ${engine.product} does not allow ${metas} on any call that reaches it, and removing a call also removes the configuration needed to destroy its resources. ${status} To fix it, move the settings of this block to the root module's provider "${localName}" block, remove the block here, ${fix}.`,
          range: b.declRange,
          address: new AbsProviderConfig(node.addr, provider, alias).toString(),
          module: node,
        })
      }
    }
    return report(legacyModuleProvider, findings)
  },
} satisfies Rule
