// provider-version-missing: a required_providers entry with no version constraint in a shared module (one
// that another module of the analysed configuration calls, or a directory declaring configuration_aliases):
// its callers cannot tell which provider versions it supports. In a root module the dependency lock file
// selects the version, so an entry is reported there only when the lock file does not (option `root`).
import {isBuiltin, providerString} from '../addrs/provider.js'
import {objectEntry} from '../hcl/expr.js'
import {engineByName} from '../load/engine.js'
import {ruleOption} from './options.js'
import type {LintDiagnostic, Rule} from './rule.js'
import {type Finding, inRemotePackage, moduleText, report, where} from './support.js'

export const providerVersionMissing = {
  id: 'provider-version-missing',
  severity: 'warning',
  enabledByDefault: true,
  scope: 'tree',
  description:
    'A shared module declares a provider in required_providers without a version constraint (a root module only when its lock file does not select one).',
  docs: 'docs/rules/provider-version-missing.md',
  check({analysis, options, lockedProviders, memo}): LintDiagnostic[] {
    const {tree} = analysis
    const engine = engineByName(tree.engine)
    const rootPolicy = ruleOption<string>('provider-version-missing', options, 'root')
    const findings: Finding[] = []
    for (const node of tree.nodes) {
      const m = node.module
      if (!m || inRemotePackage(node) || (node.source !== undefined && node.source.kind !== 'local')) continue
      const isRoot = node.addr.isRoot
      const shared = !isRoot || analysis.sharedModule !== undefined
      if (!shared && rootPolicy === 'never') continue
      const names = m.names
      for (const r of names.requirements.values()) {
        if (r.version !== undefined || isBuiltin(r.provider)) continue
        // a version written as an expression is not missing (the loader reports what is wrong with it)
        if (objectEntry(r.attribute.node, 'version') !== undefined) continue
        // the deprecated version argument of a provider block still constrains the provider
        const legacy = [...m.providerConfigs.values()].some(
          (b) => b.localName === r.localName && b.block.body.attributes.some((a) => a.name === 'version'),
        )
        if (legacy) continue
        const fqn = providerString(r.provider)
        const short = `${r.provider.namespace}/${r.provider.type}`
        const locked = lockedProviders?.get(fqn)
        if (!shared && rootPolicy === 'unlocked' && locked !== undefined) continue
        const range = r.attribute.nameRange
        const why = shared
          ? `${moduleText(node.addr)} is ${isRoot ? 'a shared module (it declares configuration_aliases, so other configurations call it)' : `called by ${node.parent ? moduleText(node.parent.addr) : 'another module'}`}, and its callers cannot tell from it which versions of ${short} it works with: "${engine.command} init" picks the newest version every other constraint allows, including a new major version that may remove what the module uses.`
          : `${lockedProviders === undefined ? 'The root module has no dependency lock file' : `The dependency lock file does not select a version of ${fqn}`}, so "${engine.command} init" installs the newest version, and every other machine or later run may get a different one.`
        const fix = shared
          ? `To fix it, add the oldest version the module supports as a minimum: ${r.localName} = { source = "${short}", version = ">= X.Y" }.`
          : `To fix it, add a version constraint (${r.localName} = { source = "${short}", version = "~> X.Y" }) and commit the .terraform.lock.hcl that "${engine.command} init" writes.`
        findings.push({
          summary: 'Provider requirement without a version constraint',
          detail: `The required_providers entry "${r.localName}" (${short}) of ${moduleText(node.addr)} at ${where(range)} has no version argument. ${why} ${fix}`,
          range,
          address: node.addr.key,
          module: node,
        })
      }
    }
    return report(providerVersionMissing, findings)
  },
} satisfies Rule
