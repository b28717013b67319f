// missing-required-provider: a module uses a provider local name (resource type prefix, `provider =`,
// provider block, providers map, provider-defined function call) that has no required_providers entry, so the engine silently assumes
// `hashicorp/<name>`. When a caller declares that name with another source address, the stronger
// implied-provider-mismatch rule reports it instead. Entries that rely on the same assumption are reported
// too, at the entry's value: the legacy string form (`aws = "~> 5.0"`, native or JSON syntax) always, an
// object without `source` unless the option `require_source` is false.
import {objectEntry, objectItemsOf} from '../hcl/expr.js'
import {engineByName, type Engine} from '../load/engine.js'
import {localNames} from '../load/local-names.js'
import type {RunMemo} from '../load/run-memo.js'
import {authoredModules, type AuthoredModule} from './module-expressions.js'
import {ruleOption} from './options.js'
import {display, sourcelessMismatches, undeclaredProviders, usesText} from './provider-uses.js'
import type {LintDiagnostic, Rule} from './rule.js'
import {moduleText, report, where, type Finding} from './support.js'

/** Entries of authored modules written without a source address (not those implied-provider-mismatch reports). */
function sourcelessEntries(
  am: AuthoredModule,
  engine: Engine,
  requireSource: boolean,
  mismatched: ReadonlySet<string>,
  memo: RunMemo | undefined,
): Finding[] {
  const out: Finding[] = []
  const names = memo
    ? memo.get(am.module, `local-names:${engine.name}`, () => localNames(am.module, engine))
    : localNames(am.module, engine)
  for (const r of names.requirements.values()) {
    if (r.localName === 'terraform' || mismatched.has(`${r.attribute.exprRange.filename}:${r.attribute.exprRange.start.byte}`)) continue
    const items = objectItemsOf(r.attribute.node)
    const legacy = items === undefined
    if (!legacy && (!requireSource || objectEntry(r.attribute.node, 'source') !== undefined)) continue
    const range = r.attribute.exprRange
    const implied = display(r.provider, engine)
    for (const node of am.nodes)
      out.push({
        summary: legacy ? 'Legacy required_providers entry' : 'required_providers entry without source',
        detail: `${moduleText(node.address)} declares "${r.localName}" in required_providers at ${where(range)} ${legacy ? 'in the legacy form of Terraform 0.12, a version constraint alone' : 'without a source address'}, so ${engine.product} assumes ${implied}${legacy ? '' : " (an entry without source never takes a caller's source address)"}: right only for a HashiCorp provider, and the reader cannot tell which provider is meant. To fix it, write ${r.localName} = { source = "hashicorp/${r.localName}"${r.version !== undefined ? `, version = ${JSON.stringify(r.version)}` : ''} } (with the provider's real source address if it is not a HashiCorp provider).`,
        range,
        address: node.address,
        module: node,
        key: `entry:${r.localName}`,
      })
  }
  return out
}

export const missingRequiredProvider = {
  id: 'missing-required-provider',
  severity: 'warning',
  enabledByDefault: true,
  description:
    'A module uses a provider without declaring it in required_providers, relying on the implied hashicorp/<name> source address.',
  docs: 'docs/rules/missing-required-provider.md',
  check({analysis, options, memo}): LintDiagnostic[] {
    const {tree} = analysis
    const engine = engineByName(tree.engine)
    const findings: Finding[] = []
    const requireSource = ruleOption<boolean>('missing-required-provider', options, 'require_source')
    const mismatched = new Set(
      sourcelessMismatches(tree).map(
        (x) => `${x.requirement.attribute.exprRange.filename}:${x.requirement.attribute.exprRange.start.byte}`,
      ),
    )
    for (const am of authoredModules(tree)) findings.push(...sourcelessEntries(am, engine, requireSource, mismatched, memo))
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
