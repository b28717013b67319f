// unused-provider-alias: an aliased provider configuration in the root module that no resource ends up
// using, neither directly (`provider = aws.x`) nor through providers maps of module calls.
import {ModulePath} from '../addrs/module.js'
import {AbsProviderConfig} from '../addrs/provider.js'
import type {LintDiagnostic, Rule} from './rule.js'
import {report, where, type Finding} from './support.js'

export const unusedProviderAlias = {
  id: 'unused-provider-alias',
  severity: 'warning',
  enabledByDefault: true,
  scope: 'tree',
  description: 'An aliased provider configuration in the root module that no resource uses, directly or through providers maps.',
  docs: 'docs/rules/unused-provider-alias.md',
  check({analysis, memo}): LintDiagnostic[] {
    const {tree, resolution} = analysis
    const root = tree.root
    if (!root.module) return []
    const usedByResource = new Set(resolution.resources.flatMap((r) => (r.providerConfig ? [r.providerConfig.key] : [])))
    const findings: Finding[] = []
    // the analysis graph's `proxies` edges, read from the passes they are made of (buildGraph): a pass from
    // a configuration or proxy address to another one; the graph itself is built only when something needs it
    const addresses = new Set([...resolution.configs.map((c) => c.address.key), ...resolution.passes.map((p) => p.childAddress.key)])
    const proxies = resolution.passes.filter((p) => !p.childAddress.equals(p.parentAddress) && addresses.has(p.parentAddress.key))
    for (const config of resolution.configs) {
      if (!config.module.isRoot || config.alias === undefined || config.implied) continue
      if (usedByResource.has(config.address.key)) continue
      // Follow providers maps: every proxy address it reaches (the `proxies` edges, backwards), and any call
      // we could not look into.
      const reached = new Set([config.address.key])
      for (let grew = true; grew;) {
        grew = false
        for (const p of proxies)
          if (reached.has(p.parentAddress.key) && !reached.has(p.childAddress.key)) {
            reached.add(p.childAddress.key)
            grew = true
          }
      }
      const passedTo = resolution.passes.filter((p) => reached.has(p.parentAddress.key)).map((p) => p.to.key)
      const opaque = tree.nodes.some((n) => {
        if (n.resolved || !n.parent?.module || !n.call) return false
        const names = n.parent.module.names
        return n.call.providerEntries.some(({inParent: ref}) => {
          return (
            ref !== undefined &&
            reached.has(new AbsProviderConfig(ModulePath.of(n.parent?.path ?? []), names.providerFor(ref.localName), ref.alias).key)
          )
        })
      })
      if (opaque) continue
      const key = `${config.localName}.${config.alias}`
      findings.push({
        summary: 'Unused provider configuration',
        detail: `The root module configures provider "${config.localName}" with alias "${config.alias}" at ${where(config.range)}, but no resource uses it${passedTo.length > 0 ? `: it is passed to ${[...new Set(passedTo)].join(', ')}, where no resource uses the configuration it becomes` : ' and no module call receives it in a providers map'}. An unused configuration still has to be valid (credentials, region) for every plan. To fix it, remove the block, or use it with provider = ${key} on the resources meant for it or providers = { <name> = ${key} } on the module call.`,
        ...(config.range ? {range: config.range} : {}),
        address: config.address.key,
        module: root,
      })
    }
    return report(unusedProviderAlias, findings)
  },
} satisfies Rule
