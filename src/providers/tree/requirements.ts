// Provider requirements per module, as `terraform providers` computes them (REFERENCE §c): explicit
// required_providers entries with their version constraints, plus every provider implied by a
// resource or a provider block (with the deprecated provider-block `version`), each constraint
// traceable to the module and range that added it.
import {impliedLocalName, providerString, type Provider} from '../../addrs/provider.js'
import type {SourceRange} from '../../diag/diagnostic.js'
import type {ModuleNode} from '../../crawl/crawl.js'
import {resourceRecords} from '../../load/block-kinds.js'
import type {Module} from '../../load/model.js'
import type {RunMemo} from '../../load/run-memo.js'
import {constraintsString, parseProviderConstraints, type Constraint} from '../releases/constraints.js'

export interface ConstraintOrigin {
  readonly constraint: string
  readonly range?: SourceRange
}

export interface ModuleRequirement {
  readonly module: string
  readonly provider: string
  /** Canonical form of all constraints (VersionConstraintsString); '' when none. */
  readonly canonical: string
  readonly constraints: readonly ConstraintOrigin[]
}

/**
 * The requirements of the module at node `n`. A module's requirements are a function of its model alone:
 * with the run's `memo`, they are computed once per module (every instance of it, every root of the run,
 * every analysis of an editor's session while its files are unchanged: #48).
 */
export function moduleRequirements(n: ModuleNode, memo?: RunMemo): ModuleRequirement[] {
  const m = n.module
  if (!m) return []
  const own = memo ? memo.get(m, 'module-requirements', () => requirementsOf(m)) : requirementsOf(m)
  return own.map((r) => ({module: n.addr.key, ...r}))
}

function requirementsOf(m: Module): Omit<ModuleRequirement, 'module'>[] {
  const names = m.names
  const acc = new Map<string, {provider: Provider; origins: ConstraintOrigin[]}>()
  const add = (p: Provider, origin?: ConstraintOrigin): void => {
    const k = providerString(p)
    let e = acc.get(k)
    if (!e) {
      e = {provider: p, origins: []}
      acc.set(k, e)
    }
    if (origin) e.origins.push(origin)
  }
  for (const r of names.requirements.values())
    add(r.provider, r.version !== undefined ? {constraint: r.version, ...(r.versionRange ? {range: r.versionRange} : {})} : undefined)
  for (const [, b] of m.providerConfigs) {
    const p = names.providerFor(b.localName)
    const v = b.block.body.attributes.find((a) => a.name === 'version')
    add(p, typeof v?.value === 'string' ? {constraint: v.value, range: v.exprRange} : undefined)
  }
  // actions are requirements too (Config.addProviderRequirements); list blocks are not: `terraform init`
  // does not read query files, so only a required_providers entry or another use installs their provider
  for (const r of resourceRecords(m, (k) => k.required)) add(names.providerFor(r.provider?.value?.localName ?? impliedLocalName(r.type)))
  // import blocks that generate configuration (their target resource is not declared here)
  for (const t of m.index.generatingImports) {
    let local = impliedLocalName(t.type)
    if (typeof t.provider?.value === 'string') local = t.provider.value.replace(/^\$\{|\}$/g, '').split(/[.[]/)[0] ?? local
    add(names.providerFor(local))
  }
  const out: Omit<ModuleRequirement, 'module'>[] = []
  for (const [k, e] of acc) {
    const parsed: Constraint[] = []
    for (const o of e.origins) {
      const r = parseProviderConstraints(o.constraint)
      if ('constraints' in r) parsed.push(...r.constraints)
    }
    out.push({provider: k, canonical: constraintsString(parsed), constraints: e.origins})
  }
  return out.sort((a, b) => (a.provider < b.provider ? -1 : a.provider > b.provider ? 1 : 0))
}
