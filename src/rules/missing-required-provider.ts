// missing-required-provider: a module uses a provider local name (resource type prefix, `provider =`,
// provider block, providers map, provider-defined function call) that has no required_providers entry, so the engine silently assumes
// `hashicorp/<name>`. When a caller declares that name with another source address, the stronger
// implied-provider-mismatch rule reports it instead. Entries that rely on the same assumption are reported
// too, at the entry's value: the legacy string form (`aws = "~> 5.0"`, native or JSON syntax) always, an
// object without `source` unless the option `require_source` is false.
import {impliedProvider} from '../addrs/provider.js'
import type {ModuleNode} from '../crawl/crawl.js'
import {literalOf, literalString, objectEntry, objectItemsOf} from '../hcl/expr.js'
import type {Attribute} from '../hcl/syntax.js'
import {engineByName, type Engine} from '../load/engine.js'
import {authoredModules, type AuthoredModule} from './module-expressions.js'
import {ruleOption} from './options.js'
import {display, sourcelessMismatches, undeclaredProviders, usesText} from './provider-uses.js'
import type {LintDiagnostic, Rule} from './rule.js'
import {moduleText, report, where, type Finding} from './support.js'
import {missingEntryFix, sourcelessEntryFix} from './fix/providers.js'
import {siteOf} from './fix/required-providers.js'
import type {SourceText} from './fix/source-file.js'
import {providerString} from '../addrs/provider.js'

/** A required_providers entry written without a source address: the legacy string form, or an object without `source`. */
interface SourcelessEntry {
  readonly am: AuthoredModule
  readonly name: string
  readonly attribute: Attribute
  readonly legacy: boolean
}

/** The entries of authored modules written without a source address (read from the entries themselves: most modules have none). */
function sourcelessEntries(modules: readonly AuthoredModule[], requireSource: boolean): SourcelessEntry[] {
  const out: SourcelessEntry[] = []
  for (const am of modules)
    for (const [name, attribute] of am.module.requiredProviderAttributes) {
      if (name === 'terraform') continue
      const legacy = objectItemsOf(attribute.node) === undefined
      if (legacy || (requireSource && objectEntry(attribute.node, 'source') === undefined)) out.push({am, name, attribute, legacy})
    }
  return out
}

function sourcelessFinding(e: SourcelessEntry, node: ModuleNode, engine: Engine, sourceText: SourceText | undefined): Finding {
  const range = e.attribute.exprRange
  const implied = display(impliedProvider(e.name, engine.defaultRegistryHost), engine)
  const site = sourceText && siteOf(node, sourceText)
  const fix = site && sourcelessEntryFix(site, e.attribute, e.name, implied)
  const version = e.legacy ? literalString(e.attribute) : literalOf(objectEntry(e.attribute.node, 'version')?.value ?? e.attribute.node)
  return {
    summary: e.legacy ? 'Legacy required_providers entry' : 'required_providers entry without source',
    detail: `${moduleText(node.addr)} declares "${e.name}" in required_providers at ${where(range)} ${e.legacy ? 'in the legacy form of Terraform 0.12, a version constraint alone' : 'without a source address'}, so ${engine.product} assumes ${implied}${e.legacy ? '' : " (an entry without source never takes a caller's source address)"}: right only for a HashiCorp provider, and the reader cannot tell which provider is meant. To fix it, write ${e.name} = { source = "hashicorp/${e.name}"${typeof version === 'string' ? `, version = ${JSON.stringify(version)}` : ''} } (with the provider's real source address if it is not a HashiCorp provider).`,
    range,
    address: node.addr.key,
    module: node,
    key: `entry:${e.name}`,
    ...(fix ? {fixes: [fix]} : {}),
  }
}

export const missingRequiredProvider = {
  id: 'missing-required-provider',
  severity: 'warning',
  enabledByDefault: true,
  scope: 'tree',
  description:
    'A module uses a provider without declaring it in required_providers, relying on the implied hashicorp/<name> source address.',
  docs: 'docs/rules/missing-required-provider.md',
  check({analysis, options, memo, sourceText, fixes, lockedProviders}): LintDiagnostic[] {
    const {tree} = analysis
    const engine = engineByName(tree.engine)
    const findings: Finding[] = []
    const requireSource = ruleOption<boolean>('missing-required-provider', options, 'require_source')
    const entries = sourcelessEntries(authoredModules(tree), requireSource)
    // an entry whose name a caller declares with another source address is implied-provider-mismatch's
    const mismatched = entries.length === 0 ? [] : sourcelessMismatches(tree, memo).map((x) => x.requirement.attribute)
    for (const e of entries)
      if (!mismatched.includes(e.attribute))
        for (const node of e.am.nodes) findings.push(sourcelessFinding(e, node, engine, fixes ? sourceText : undefined))
    for (const u of undeclaredProviders(tree, memo)) {
      if (u.mismatch && u.uses.some((x) => !x.function)) continue
      // only provider-defined functions: Terraform's own "Unknown provider function" error says it (OpenTofu's is not reproduced)
      if (engine.name === 'terraform' && u.uses.every((x) => x.function)) continue
      const first = u.uses[0]
      if (!first) continue
      const block = u.node.module?.requiredProvidersBlock
      const site = fixes && sourceText ? siteOf(u.node, sourceText) : undefined
      const root = u.node.addr.isRoot && analysis.sharedModule === undefined
      const fix =
        site && missingEntryFix(site, u.localName, display(u.implied, engine), lockedProviders?.get(providerString(u.implied)), root)
      findings.push({
        summary: 'Provider used without a required_providers entry',
        detail: `${moduleText(u.node.addr)} uses the provider local name "${u.localName}" (${usesText(u.uses)}) but declares no required_providers entry for it, so ${engine.product} assumes the source address ${display(u.implied, engine)} and no version constraint. ${u.uses.some((x) => x.function) ? `Its provider-defined functions (provider::${u.localName}::…) are available only through that entry. ` : ''}Every module should declare the providers it uses so that ${engine.product} installs the right one and can pick a version all modules accept. To fix it, add ${u.localName} = { source = "hashicorp/${u.localName}", version = ">= <oldest version you support>" } (with the provider's real source address if it is not a HashiCorp provider) to ${block ? `the required_providers block at ${where(block.declRange)}` : 'a terraform { required_providers { … } } block'}.`,
        range: first.range,
        address: u.node.addr.key,
        module: u.node,
        key: u.localName,
        ...(fix ? {fixes: [fix]} : {}),
      })
    }
    return report(missingRequiredProvider, findings)
  },
} satisfies Rule
