// missing-required-provider: a module uses a provider local name (resource type prefix, `provider =`,
// provider block, providers map, provider-defined function call) that has no required_providers entry, so the engine silently assumes
// `hashicorp/<name>`. When a caller declares that name with another source address, the stronger
// implied-provider-mismatch rule reports it instead.
import {engineByName} from '../load/engine.js'
import {display, undeclaredProviders, usesText} from './provider-uses.js'
import type {LintDiagnostic, Rule} from './rule.js'
import {moduleText, report, where, type Finding} from './support.js'

export const missingRequiredProvider = {
  id: 'missing-required-provider',
  severity: 'warning',
  enabledByDefault: true,
  description:
    'A module uses a provider without declaring it in required_providers, relying on the implied hashicorp/<name> source address.',
  docs: 'docs/rules/missing-required-provider.md',
  check({analysis}): LintDiagnostic[] {
    const {tree} = analysis
    const engine = engineByName(tree.engine)
    const findings: Finding[] = []
    for (const u of undeclaredProviders(tree)) {
      if (u.mismatch && u.uses.some((x) => !x.function)) continue
      // only provider-defined functions: Terraform's own "Unknown provider function" error says it (OpenTofu's is not reproduced)
      if (engine.name === 'terraform' && u.uses.every((x) => x.function)) continue
      const first = u.uses[0]
      if (!first) continue
      const block = u.node.module?.requiredProvidersBlock
      findings.push({
        summary: 'Provider used without a required_providers entry',
        detail: `${moduleText(u.node.address)} uses the provider local name "${u.localName}" (${usesText(u.uses)}) but declares no required_providers entry for it, so ${engine.product} assumes the source address ${display(u.implied, engine)} and no version constraint. ${u.uses.some((x) => x.function) ? `Its provider-defined functions (provider::${u.localName}::…) are available only through that entry. ` : ''}Every module should declare the providers it uses so that ${engine.product} installs the right one and can pick a version all modules accept. To fix it, add ${u.localName} = { source = "hashicorp/${u.localName}", version = ">= <oldest version you support>" } (with the provider's real source address if it is not a HashiCorp provider) to ${block ? `the required_providers block at ${where(block.declRange)}` : 'a terraform { required_providers { … } } block'}.`,
        range: first.range,
        address: u.node.address,
        module: u.node,
        key: u.localName,
      })
    }
    return report(missingRequiredProvider, findings)
  },
} satisfies Rule
