// `providers diff --state`: which changes between two revisions would orphan objects of a state. The state
// is matched to both revisions; an object whose recorded configuration the old revision has and the new
// one removes, while the new one no longer declares the object, is one `terraform plan` refuses ("removes
// aws.east, which 14 objects still use"); one the new revision binds to another configuration is re-homed.
import type {ResourceInstanceAddr} from '../addrs/instance.js'
import type {AbsProviderConfig} from '../addrs/provider.js'
import type {ProvidersAnalysis} from '../providers/analysis.js'
import {matchState} from './match.js'
import type {StateFile} from './read.js'

export interface StateDiff {
  readonly state: Omit<StateFile, 'objects'>
  /** Per configuration the new revision removes: the state's objects that still need it. */
  readonly orphaned: readonly {readonly providerConfig: string; readonly objects: readonly ResourceInstanceAddr[]}[]
  /** Objects the new revision binds to another configuration than the old one did. */
  readonly rehomed: readonly {
    readonly address: ResourceInstanceAddr
    readonly before?: AbsProviderConfig
    readonly after?: AbsProviderConfig
  }[]
  /** Objects whose configuration the old revision had already lost (plan fails either way). */
  readonly alreadyMissing: number
}

export function diffState(state: StateFile, before: ProvidersAnalysis, after: ProvidersAnalysis): StateDiff {
  const b = matchState(state, before).objects
  const n = matchState(state, after)
  const orphaned = new Map<string, ResourceInstanceAddr[]>()
  const rehomed: {address: ResourceInstanceAddr; before?: AbsProviderConfig; after?: AbsProviderConfig}[] = []
  let alreadyMissing = 0
  for (const [i, m] of n.objects.entries()) {
    const old = b[i]!
    if (m.status === 'orphan-configuration-missing') {
      if (old.status === 'orphan-configuration-missing') alreadyMissing++
      else {
        const list = orphaned.get(m.object.recordedText)
        if (list) list.push(m.object.address)
        else orphaned.set(m.object.recordedText, [m.object.address])
      }
    } else if (m.binding && old.providerConfig?.key !== m.providerConfig?.key)
      rehomed.push({
        address: m.object.address,
        ...(old.providerConfig ? {before: old.providerConfig} : {}),
        ...(m.providerConfig ? {after: m.providerConfig} : {}),
      })
  }
  return {
    state: n.state,
    orphaned: [...orphaned]
      .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))
      .map(([providerConfig, objects]) => ({providerConfig, objects})),
    rehomed,
    alreadyMissing,
  }
}

export interface StateDiffJson {
  serial: number
  lineage: string
  terraform_version: string
  orphaned: {provider_config: string; objects: readonly string[]}[]
  rehomed: {address: string; before: string | null; after: string | null}[]
  already_missing: number
}

export function stateDiffJson(d: StateDiff): StateDiffJson {
  return {
    serial: d.state.serial,
    lineage: d.state.lineage,
    terraform_version: d.state.terraformVersion,
    orphaned: d.orphaned.map((o) => ({provider_config: o.providerConfig, objects: o.objects.map((a) => a.key)})),
    rehomed: d.rehomed.map((r) => ({address: r.address.key, before: r.before?.key ?? null, after: r.after?.key ?? null})),
    already_missing: d.alreadyMissing,
  }
}
