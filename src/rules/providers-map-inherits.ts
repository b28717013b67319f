// providers-map-inherits: a module call has a `providers` map, yet resources in the called module still
// use a default configuration the map does not list. Terraform's docs say the map replaces inheritance;
// Terraform Core still finds a default configuration by walking up to the callers, so the provider the
// map leaves out is silently inherited. Only configurations that are declared somewhere count: the root
// module's implied empty configuration is what the module would get in any case.
import {localConfigString, providerString} from '../addrs/provider.js'
import {engineByName} from '../load/engine.js'
import {stepText} from '../providers/tree/step-text.js'
import type {ProviderConfigInfo, ResourceBinding} from '../providers/tree/resolve.js'
import type {ModuleNode} from '../crawl/crawl.js'
import type {LintDiagnostic, Rule} from './rule.js'
import {moduleText, report, where, type Finding} from './support.js'

export const providersMapInherits = {
  id: 'providers-map-inherits',
  severity: 'warning',
  enabledByDefault: true,
  scope: 'tree',
  description:
    'A module call with a providers map leaves out a default provider configuration the module uses, which is then silently inherited.',
  docs: 'docs/rules/providers-map-inherits.md',
  check({analysis, memo}): LintDiagnostic[] {
    const {tree, resolution} = analysis
    const engine = engineByName(tree.engine)
    const configs = new Map<string, ProviderConfigInfo>(resolution.configs.map((c) => [c.address.key, c]))
    const findings: Finding[] = []
    // resources by module, in resolution order, so a call's subtree is read without scanning them all
    const byModule = new Map<string, {index: number; r: ResourceBinding}[]>()
    resolution.resources.forEach((r, index) => {
      const list = byModule.get(r.module.key) ?? []
      list.push({index, r})
      byModule.set(r.module.key, list)
    })
    const subtreeResources = (top: ModuleNode): ResourceBinding[] => {
      const out: {index: number; r: ResourceBinding}[] = []
      const stack = [top]
      for (let n = stack.pop(); n; n = stack.pop()) {
        out.push(...(byModule.get(n.addr.key) ?? []))
        stack.push(...n.children)
      }
      return out.sort((a, b) => a.index - b.index).map((e) => e.r)
    }
    for (const node of tree.nodes) {
      const parent = node.parent
      const providersAttr = node.call?.providersAttribute
      if (!parent || !node.module || !node.call || !providersAttr) continue
      const listed = node.call.providerEntries.flatMap((e) => (e.inChild ? [localConfigString(e.inChild)] : []))
      // Resources in the called subtree whose configuration lies above the call and was not passed through it.
      const inherited = new Map<string, {config: ProviderConfigInfo; resources: ResourceBinding[]}>()
      for (const r of subtreeResources(node)) {
        if (r.providerConfig === undefined) continue
        const config = configs.get(r.providerConfig.key)
        if (!config || node.addr.contains(config.module)) continue
        // The root's implied empty configuration is what the module would get anyway: nothing surprising.
        if (config.implied) continue
        if (r.resolution.some((s) => s.kind === 'passed' && s.module.key === node.addr.key)) continue
        const e = inherited.get(config.address.key) ?? {config, resources: []}
        e.resources.push(r)
        inherited.set(config.address.key, e)
      }
      const childNames = node.module.names
      const parentNames = parent.module ? parent.module.names : undefined
      for (const {config, resources} of inherited.values()) {
        const first = resources[0]!
        const provider = config.provider
        const inChild = childNames.localNameFor(provider) ?? (first.module.key === node.addr.key ? first.reference : config.localName)
        const inParent = parentNames?.localNameFor(provider) ?? config.localName
        const steps = first.resolution.filter(
          (s) =>
            s.kind === 'inherited' || s.kind === 'declared' || s.kind === 'implied-config' || s.kind === 'legacy' || s.kind === 'passed',
        )
        const names =
          resources
            .slice(0, 3)
            .map((r) => `${r.address.key} (${where(r.range)})`)
            .join(', ') + (resources.length > 3 ? ` and ${resources.length - 3} more` : '')
        findings.push({
          summary: 'Provider inherited despite a providers map',
          detail: `The providers map of ${node.addr.key} at ${where(providersAttr.exprRange)} ${listed.length > 0 ? `lists ${listed.join(', ')}` : 'lists nothing'} but not "${inChild}", yet ${names} in ${node.addr.key} use${resources.length === 1 ? 's' : ''} ${config.address.key}: ${steps.map((s) => stepText(s, engine)).join('; ')}. ${engine.product}'s documentation says a providers map replaces the inherited default configurations, but ${engine.product} still walks up to the callers for a default configuration the map leaves out, so this inheritance is easy to miss (and breaks if the caller's configuration changes). To fix it, make it explicit: add ${inChild} = ${inParent} to the providers map of ${node.addr.key} in ${moduleText(parent.addr)} (or pass the configuration you actually meant).`,
          range: providersAttr.exprRange,
          address: node.addr.key,
          module: parent,
          key: providerString(config.provider),
        })
      }
    }
    return report(providersMapInherits, findings)
  },
} satisfies Rule
