// unsatisfiable-provider-constraints: the version constraints that all modules of the tree put on one
// provider admit no version at all, so `init` cannot select one ("no available releases match").
import {providerForDisplay} from '../addrs/provider.js'
import type {SourceRange} from '../diag/diagnostic.js'
import type {ModuleNode} from '../crawl/crawl.js'
import {engineByName} from '../load/engine.js'
import {constraintsString, intersectionIsEmpty, parseProviderConstraints, type Constraint} from '../providers/releases/constraints.js'
import type {LintDiagnostic, Rule} from './rule.js'
import {moduleText, report, where, type Finding} from './support.js'

interface Origin {
  readonly node: ModuleNode
  readonly text: string
  readonly constraints: readonly Constraint[]
  readonly range: SourceRange | undefined
}

export const unsatisfiableProviderConstraints = {
  id: 'unsatisfiable-provider-constraints',
  severity: 'error',
  enabledByDefault: true,
  scope: 'tree',
  description: 'The version constraints on a provider from all modules of the configuration admit no version.',
  docs: 'docs/rules/unsatisfiable-provider-constraints.md',
  check({analysis, memo}): LintDiagnostic[] {
    const {tree, requirements} = analysis
    const engine = engineByName(tree.engine)
    const nodeByAddress = new Map(tree.nodes.map((n) => [n.addr.key, n]))
    const byProvider = new Map<string, Origin[]>()
    const seen = new Set<string>()
    for (const req of requirements) {
      const node = nodeByAddress.get(req.module)
      if (!node?.module) continue
      for (const o of req.constraints) {
        // the same directory called twice adds the same constraint twice: once is enough
        const k = `${req.provider}\0${o.constraint}\0${o.range ? `${o.range.filename}:${o.range.start.byte}` : req.module}`
        if (seen.has(k)) continue
        seen.add(k)
        // an origin is its module's (`moduleRequirements`, once per module in the run): parsed once with it (#48)
        const parsed = memo
          ? memo.get(o, `parsed-constraint:${tree.engine}`, () => parseProviderConstraints(o.constraint, {engine: tree.engine}))
          : parseProviderConstraints(o.constraint, {engine: tree.engine})
        if ('error' in parsed) continue // the loader reports invalid syntax
        // a required_providers entry's range is the whole object: narrow it to the version value
        const entry = o.range
          ? [...node.module.requiredProviders.values()].find(
              (r) => r.attribute.exprRange.start.byte === o.range?.start.byte && r.attribute.exprRange.filename === o.range.filename,
            )
          : undefined
        const list = byProvider.get(req.provider) ?? []
        list.push({node, text: o.constraint, constraints: parsed.constraints, range: entry ? entry.versionValueRange : o.range})
        byProvider.set(req.provider, list)
      }
    }
    const findings: Finding[] = []
    for (const [provider, origins] of byProvider) {
      const all = origins.flatMap((o) => o.constraints)
      if (!intersectionIsEmpty(all)) continue
      // The subject: the first constraint (in tree order) that leaves no version for those before it.
      let tip = origins[origins.length - 1]!
      for (let i = 0; i < origins.length; i++) {
        if (intersectionIsEmpty(origins.slice(0, i + 1).flatMap((o) => o.constraints))) {
          tip = origins[i]!
          break
        }
      }
      const [host = '', namespace = '', type = ''] = provider.split('/')
      const name = providerForDisplay({host, namespace, type}, engine.defaultRegistryHost)
      const list = origins.map((o) => `  - ${moduleText(o.node.addr)}: "${o.text}" at ${where(o.range)}`).join('\n')
      findings.push({
        summary: 'No provider version satisfies every module',
        detail: `No version of ${name} satisfies all the constraints of this configuration (together: ${constraintsString(all)}); ${engine.command} init would fail with "no available releases match the given constraints". The constraints, in module order:\n${list}\nThe one at ${where(tip.range)} (${moduleText(tip.node.addr)}) is where the set becomes empty. To fix it, relax the constraints that set upper bounds or exact versions (shared modules should only set minimums with >=) so that one version satisfies all of them, or upgrade the module that needs an older version.`,
        ...(tip.range ? {range: tip.range} : {}),
        address: tip.node.addr.key,
        module: tip.node,
        key: provider,
      })
    }
    return report(unsatisfiableProviderConstraints, findings)
  },
} satisfies Rule
