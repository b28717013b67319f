// unused-required-provider: a required_providers entry that nothing uses — no resource, data source or
// ephemeral resource (by its type or its `provider` argument), no provider or provider_meta block, no
// provider-defined function call, no `providers` map of a module call, no import or removed block, and no
// module in the subtree below through inheritance: a module that calls children which inherit (or are
// passed) the provider uses it, unlike tflint's terraform_unused_required_providers, which looks at one
// module alone (tflint-ruleset-terraform#21). Modules below an unresolved call are unknown, so a module
// with one in its subtree is not reported.
import {resourceAddressParts} from '../addrs/address-text.js'
import {impliedLocalName, providerString, type Provider} from '../addrs/provider.js'
import type {SourceRange} from '../diag/diagnostic.js'
import type {ModuleNode} from '../crawl/crawl.js'
import type {Block} from '../hcl/syntax.js'
import {engineByName, type Engine} from '../load/engine.js'
import type {Module} from '../load/model.js'
import {siteBlocks} from '../load/block-kinds.js'
import type {ProviderArgument} from '../load/records.js'
import type {RunMemo} from '../load/run-memo.js'
import {display, providerUses} from './provider-uses.js'
import type {LintDiagnostic, Rule} from './rule.js'
import {inRemotePackage, moduleText, report, sameModuleNodes, where, type Finding} from './support.js'
import {referenceText} from '../hcl/expr.js'
import {unusedEntryFix} from './fix/providers.js'
import {siteOf} from './fix/required-providers.js'

/** Local names used by the table's top-level sites (import: `to`, `provider`; removed: `from`, `provider`; …): they need the provider too. */
function lifecycleBlockNames(blocks: readonly Block[], attr: string, args: ReadonlyMap<Block, ProviderArgument>): string[] {
  const out: string[] = []
  for (const b of blocks) {
    const ref = args.get(b)?.value
    if (ref) {
      out.push(ref.localName)
      continue
    }
    const target = b.body.attributes.find((a) => a.name === attr)
    if (!target) continue
    // the address as written, its module.NAME… calls skipped; data.TYPE.NAME names its type second
    const parts = resourceAddressParts(referenceText(target)).local
    const type = parts[0] === 'data' || parts[0] === 'ephemeral' ? parts[1] : parts[0]
    if (type && type !== 'module') out.push(impliedLocalName(type))
  }
  return out
}

/** Every provider local name a module uses itself; with the run's memo, once per module in the run (an editor's edit reads one module again). */
function namesUsed(m: Module, memo: RunMemo | undefined): ReadonlySet<string> {
  return memo ? memo.get(m, 'unused-required-provider:names-used', () => computeNamesUsed(m)) : computeNamesUsed(m)
}

function computeNamesUsed(m: Module): Set<string> {
  const used = new Set(providerUses(m).map((u) => u.localName))
  for (const b of m.providerMetas.values()) used.add(b.labels[0]?.value ?? '')
  // Terraform's state_store names the provider that stores the state in a nested provider block
  const store = m.stateStore?.body.blocks.find((x) => x.type === 'provider')?.labels[0]?.value
  if (store !== undefined) used.add(store)
  for (const [site, blocks] of siteBlocks(m)) for (const n of lifecycleBlockNames(blocks, site.target, m.providerArguments)) used.add(n)
  return used
}

/** Providers (`host/namespace/type`) the modules below `node` use, or undefined when one of them could not be followed. */
function subtreeProviders(node: ModuleNode, engine: Engine, memo: RunMemo | undefined): Set<string> | undefined {
  const out = new Set<string>()
  const stack = [...node.children]
  while (stack.length > 0) {
    const n = stack.pop()!
    if (!n.module || !n.resolved) return undefined
    const names = n.module.names
    for (const name of namesUsed(n.module, memo)) {
      out.add(providerString(names.providerFor(name)))
      // a local name the module below uses without a source address of its own (no entry, or one without
      // source) while a caller declares it with another: implied-provider-mismatch reports that, and the fix
      // it gives makes the caller's entry used
      const r = names.requirements.get(name)
      if (!r || r.implied) out.add(`name:${name}`)
    }
    stack.push(...n.children)
  }
  return out
}

function entryRange(nameRange: SourceRange, exprRange: SourceRange): SourceRange {
  return {filename: nameRange.filename, start: nameRange.start, end: exprRange.end}
}

export const unusedRequiredProvider = {
  id: 'unused-required-provider',
  severity: 'warning',
  enabledByDefault: true,
  scope: 'tree',
  description:
    'A required_providers entry that nothing in the module uses, nor any module it calls through inheritance or a providers map.',
  docs: 'docs/rules/unused-required-provider.md',
  check({analysis, memo, sourceText, fixes}): LintDiagnostic[] {
    const {tree} = analysis
    const engine = engineByName(tree.engine)
    const findings: Finding[] = []
    for (const node of tree.nodes) {
      const m = node.module
      if (!m || inRemotePackage(node) || (node.source !== undefined && node.source.kind !== 'local')) continue
      const names = m.names
      if (names.requirements.size === 0) continue
      const used = namesUsed(m, memo)
      let below: Set<string> | undefined | null = null
      for (const r of names.requirements.values()) {
        // configuration_aliases entries: unused-configuration-alias reports the aliases nothing uses
        if (used.has(r.localName) || r.aliases.length > 0) continue
        below ??= subtreeProviders(node, engine, memo)
        if (below === undefined) break
        if (below.has(providerString(r.provider)) || below.has(`name:${r.localName}`)) continue
        const site = fixes && sourceText ? siteOf(node, sourceText) : undefined
        const fix = site && unusedEntryFix(site, r.attribute, r.localName, sameModuleNodes(tree.nodes, node))
        findings.push({
          ...finding(node, r.localName, r.provider, entryRange(r.attribute.nameRange, r.attribute.exprRange), engine),
          ...(fix ? {fixes: [fix]} : {}),
        })
      }
    }
    return report(unusedRequiredProvider, findings)
  },
} satisfies Rule

function finding(node: ModuleNode, localName: string, provider: Provider, range: SourceRange, engine: Engine): Finding {
  const calls =
    node.children.length > 0 ? ', and none of the modules it calls uses that provider (by inheritance or through a providers map)' : ''
  return {
    summary: 'Required provider not used',
    detail: `${moduleText(node.addr)} declares "${localName}" (${display(provider, engine)}) in required_providers at ${where(range)}, but no resource, data source, ephemeral resource, provider block, provider-defined function (provider::${localName}::…) or providers map of the module uses it${calls}. The entry still makes "${engine.command} init" install the provider and adds its version constraint to every configuration that uses the module. To fix it, remove the entry (or use the provider if something is missing).`,
    range,
    address: node.addr.key,
    module: node,
    key: localName,
  }
}
