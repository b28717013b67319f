// unused-configuration-alias: a module declares `configuration_aliases` entries that nothing in it uses
// (no resource's `provider` argument, no nested module call's providers map). Every caller must still
// pass a configuration for each entry, so an unused one is a requirement without a purpose.
import {engineByName} from '../load/engine.js'
import {resourceRecords} from '../load/block-kinds.js'
import type {ModuleCall, ProviderArgument} from '../load/records.js'
import type {LintDiagnostic, Rule} from './rule.js'
import {moduleText, report, sameModuleNodes, where, type Finding} from './support.js'
import {unusedSlotFix} from './fix/providers.js'
import {siteOf} from './fix/required-providers.js'

/** `name.alias` of every provider reference in resources, data sources (also in check blocks), import blocks and providers maps. */
function usedConfigs(args: Iterable<ProviderArgument | undefined>, calls: Iterable<ModuleCall>): Set<string> {
  const used = new Set<string>()
  for (const arg of args) {
    const ref = arg?.value
    if (ref?.alias) used.add(`${ref.localName}.${ref.alias}`)
  }
  for (const call of calls) for (const {inParent: ref} of call.providerEntries) if (ref?.alias) used.add(`${ref.localName}.${ref.alias}`)
  return used
}

export const unusedConfigurationAlias = {
  id: 'unused-configuration-alias',
  severity: 'warning',
  enabledByDefault: true,
  scope: 'tree',
  description: 'A configuration_aliases entry that no resource or nested module call in the module uses.',
  docs: 'docs/rules/unused-configuration-alias.md',
  check({analysis, sourceText, fixes}): LintDiagnostic[] {
    const {tree} = analysis
    const engine = engineByName(tree.engine)
    const findings: Finding[] = []
    const done = new Set<object>()
    for (const node of tree.nodes) {
      const m = node.module
      if (!m || done.has(m)) continue
      done.add(m)
      const names = m.names
      const used = usedConfigs([...resourceRecords(m).map((r) => r.provider), ...m.providerArguments.values()], m.moduleCalls.values())
      for (const r of names.requirements.values()) {
        for (const entry of r.aliases) {
          const ref = entry.value
          if (!ref?.alias) continue
          const key = `${ref.localName}.${ref.alias}`
          if (used.has(key)) continue
          const site = fixes && sourceText ? siteOf(node, sourceText) : undefined
          const fix = site && unusedSlotFix(site, r.attribute, key, sameModuleNodes(tree.nodes, node))
          findings.push({
            summary: 'Unused configuration alias',
            detail: `${moduleText(node.addr)} declares the configuration alias ${key} in its required_providers entry "${r.localName}" at ${where(r.attribute.nameRange)}, but no resource, data source or nested module call in it refers to ${key}. Every caller must still pass a configuration for it (${engine.product} reports "Missing required provider configuration" otherwise). To fix it, remove ${key} from configuration_aliases, or use it with provider = ${key} in the resources meant for it.`,
            range: entry.range,
            address: node.addr.key,
            module: node,
            key,
            ...(fix ? {fixes: [fix]} : {}),
          })
        }
      }
    }
    return report(unusedConfigurationAlias, findings)
  },
} satisfies Rule
