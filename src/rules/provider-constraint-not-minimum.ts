// provider-constraint-not-minimum: a shared (non-root) module constrains a provider with anything but
// minimums (`>=`, `>`). Upper bounds and exact versions in a shared module cap every configuration that
// uses it; Terraform's docs advise reusable modules to constrain only the minimum version.
import type {SourceRange} from '../diag/diagnostic.js'
import {constraintsString, parseProviderConstraints, type Constraint} from '../providers/releases/constraints.js'
import type {LintDiagnostic, Rule} from './rule.js'
import {type Finding, report, where} from './support.js'
import {literalString} from '../hcl/expr.js'
import type {EngineName} from '../load/engine.js'
import type {Module} from '../load/model.js'

function describe(c: Constraint): string {
  switch (c.op) {
    case '~>':
      return `"${constraintsString([c])}" sets an upper bound (${c.parts === 3 ? 'next minor' : 'next major'} version)`
    case '=':
      return `"${constraintsString([c])}" allows exactly one version`
    case '<':
    case '<=':
      return `"${constraintsString([c])}" sets an upper bound`
    case '!=':
      return `"${constraintsString([c])}" excludes a version`
    default:
      return ''
  }
}

/** The minimum a constraint list implies, as a `>=` suggestion. */
function minimumOf(cs: readonly Constraint[]): string | undefined {
  const lows = cs.filter((c) => c.op === '>=' || c.op === '>' || c.op === '~>' || c.op === '=')
  if (lows.length === 0) return undefined
  const best = [...lows].sort((a, b) => {
    const x = a.version
    const y = b.version
    return y.major - x.major || y.minor - x.minor || y.patch - x.patch
  })[0]!
  const v = best.version
  return `>= ${v.major}.${v.minor}.${v.patch}${v.prerelease ? '-' + v.prerelease : ''}`
}

/** A constraint of a module that says more than a minimum: where, what it bounds, and the minimum it could say instead. */
interface Excess {
  readonly o: {readonly what: string; readonly constraint: string; readonly range: SourceRange}
  readonly bad: readonly Constraint[]
  readonly min: string | undefined
}

/** The constraints of module `m` (required_providers entries, provider blocks' version) that say more than a minimum. */
function excessOf(m: Module, engine: EngineName): Excess[] {
  const names = m.names
  const origins: {what: string; constraint: string; range: SourceRange}[] = []
  for (const r of names.requirements.values()) {
    if (r.version === undefined) continue
    origins.push({
      what: `required_providers entry "${r.localName}" (${r.provider.namespace}/${r.provider.type})`,
      constraint: r.version,
      range: r.versionValueRange,
    })
  }
  for (const [key, b] of m.providerConfigs) {
    const v = b.block.body.attributes.find((a) => a.name === 'version')
    const constraint = literalString(v)
    if (!v || constraint === undefined) continue
    origins.push({what: `provider "${key}" block (the deprecated version argument)`, constraint, range: v.exprRange})
  }
  const out: Excess[] = []
  for (const o of origins) {
    const parsed = parseProviderConstraints(o.constraint, {engine})
    if ('error' in parsed) continue // the loader reports invalid syntax
    const bad = parsed.constraints.filter((c) => c.op !== '>=' && c.op !== '>')
    if (bad.length === 0) continue
    out.push({o, bad, min: minimumOf(parsed.constraints)})
  }
  return out
}

export const providerConstraintNotMinimum = {
  id: 'provider-constraint-not-minimum',
  severity: 'warning',
  enabledByDefault: true,
  scope: 'tree',
  description: 'A shared module constrains a provider version with an upper bound or an exact version instead of only a minimum (>=).',
  docs: 'docs/rules/provider-constraint-not-minimum.md',
  check({analysis, memo}): LintDiagnostic[] {
    const {tree} = analysis
    const findings: Finding[] = []
    // what a module's constraints say is the module's alone: once per module in the run (#48: an editor's
    // analyses of a root reuse it for its unchanged modules)
    const ownOf = (m: Module): readonly Excess[] =>
      memo ? memo.get(m, `provider-constraint-not-minimum:${tree.engine}`, () => excessOf(m, tree.engine)) : excessOf(m, tree.engine)
    for (const node of tree.nodes) {
      const m = node.module
      if (!m || node.addr.isRoot) continue
      for (const {o, bad, min} of ownOf(m)) {
        findings.push({
          summary: 'Shared module constrains more than the minimum provider version',
          detail: `The ${o.what} of ${node.addr.key} at ${where(o.range)} requires "${o.constraint}": ${bad.map(describe).join(', ')}. ${node.addr.key} is called by other configurations, and every constraint in the module tree must hold at once, so a maximum here blocks all of them from upgrading the provider (and an exact version conflicts with any other module's choice). Terraform's documentation advises reusable modules to constrain only their minimum provider versions; pin exact versions in the root module and its dependency lock file. To fix it, write ${min ? `version = "${min}"` : 'a minimum such as version = ">= X.Y"'}.`,
          range: o.range,
          address: node.addr.key,
          module: node,
        })
      }
    }
    return report(providerConstraintNotMinimum, findings)
  },
} satisfies Rule
