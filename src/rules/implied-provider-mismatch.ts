// implied-provider-mismatch: a module uses a provider local name without a required_providers entry, so
// the engine implies `hashicorp/<name>`, while a calling module declares that name with another source
// address (the classic "hashicorp/cloudflare" install failure: the child and its caller mean different
// providers, and the child does not receive the caller's configuration). Also a required_providers entry
// written without `source` (`cloudflare = ">= 4"`), which means hashicorp/<name> just the same.
import {providerString} from '../addrs/provider.js'
import {engineByName} from '../load/engine.js'
import {display, sourcelessMismatches, undeclaredProviders, usesText} from './provider-uses.js'
import type {LintDiagnostic, Rule} from './rule.js'
import {moduleText, report, where, type Finding} from './support.js'

export const impliedProviderMismatch = {
  id: 'implied-provider-mismatch',
  severity: 'error',
  enabledByDefault: true,
  scope: 'tree',
  description:
    'A module relies on the implied hashicorp/<name> provider (no required_providers entry, or one without source) while its caller declares that name with a different source address.',
  docs: 'docs/rules/implied-provider-mismatch.md',
  check({analysis, memo}): LintDiagnostic[] {
    const {tree} = analysis
    const engine = engineByName(tree.engine)
    const findings: Finding[] = []
    for (const u of undeclaredProviders(tree, memo)) {
      // a provider-defined function is not implied: without an entry it is Terraform's "Unknown provider function" error
      const uses = u.uses.filter((x) => !x.function)
      const first = uses[0]
      const mm = u.mismatch
      if (!first || !mm) continue
      const declared = display(mm.provider, engine)
      const implied = display(u.implied, engine)
      const sameName = mm.localName === u.localName
      findings.push({
        summary: "Implied provider differs from the caller's",
        detail: `${moduleText(u.node.addr)} uses the provider local name "${u.localName}" (${usesText(uses)}) without a required_providers entry, so ${engine.product} implies the source address ${implied}; but ${moduleText(mm.node.addr)} declares ${sameName ? 'that name' : `the same provider type as "${mm.localName}"`} as ${declared} at ${where(mm.range)}. These are two different providers: init tries to install ${implied} (which usually does not exist, failing with "Failed to query available provider packages"), and the resources of ${moduleText(u.node.addr)} cannot use the configuration of ${providerString(mm.provider)} set up by the caller. To fix it, add ${u.localName} = { source = "${declared}" } to the required_providers of ${moduleText(u.node.addr)}.`,
        range: first.range,
        address: u.node.addr.key,
        module: u.node,
        key: u.localName,
      })
    }
    for (const e of sourcelessMismatches(tree, memo)) {
      const mm = e.mismatch
      const r = e.requirement
      const declared = display(mm.provider, engine)
      const implied = display(e.implied, engine)
      const sameName = mm.localName === r.localName
      findings.push({
        summary: "Implied provider differs from the caller's",
        detail: `${moduleText(e.node.addr)} declares the provider local name "${r.localName}" in required_providers at ${where(r.attribute.nameRange)} without a source address, so ${engine.product} implies ${implied}; but ${moduleText(mm.node.addr)} declares ${sameName ? 'that name' : `the same provider type as "${mm.localName}"`} as ${declared} at ${where(mm.range)}. These are two different providers: init tries to install ${implied} (which usually does not exist, failing with "Failed to query available provider packages"), and the resources of ${moduleText(e.node.addr)} cannot use the configuration of ${providerString(mm.provider)} set up by the caller. An entry without source never inherits the caller's source address. To fix it, add source = "${declared}" to the entry: ${r.localName} = { source = "${declared}"${r.version !== undefined ? `, version = ${JSON.stringify(r.version)}` : ''} }.`,
        range: r.attribute.nameRange,
        address: e.node.addr.key,
        module: e.node,
        key: r.localName,
      })
    }
    return report(impliedProviderMismatch, findings)
  },
} satisfies Rule
