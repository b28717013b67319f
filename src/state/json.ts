// The `state` section of `providers --json` (docs/json.md): the state's identity and every object with
// where it was recorded, where it lands now and why.
import type {StateMatch, StateStatus} from './match.js'

export interface StateObjectJson {
  address: string
  mode: 'managed' | 'data'
  type: string
  /** The deposed object's key (only for a deposed object). */
  deposed?: string
  recorded_provider_config: string
  provider_config: string | null
  status: StateStatus
  moved_from: string | null
  /** Present when static evaluation cannot tell whether the instance's count/for_each keys are still declared. */
  instance_keys?: 'unknown'
  /** The `removed` block that names it. */
  removed?: {from: string; destroy: boolean}
}

export interface StateJson {
  serial: number
  lineage: string
  terraform_version: string
  objects: StateObjectJson[]
}

export function stateJson(m: StateMatch): StateJson {
  return {
    serial: m.state.serial,
    lineage: m.state.lineage,
    terraform_version: m.state.terraformVersion,
    objects: m.objects.map((o) => ({
      address: o.object.address.key,
      mode: o.object.address.resource.mode === 'data' ? 'data' : 'managed',
      type: o.object.address.resource.type,
      ...(o.object.deposed ? {deposed: o.object.deposed} : {}),
      recorded_provider_config: o.object.recordedText,
      provider_config: o.providerConfig?.key ?? null,
      status: o.status,
      moved_from: o.movedFrom?.key ?? null,
      ...(o.instance === 'unknown' ? {instance_keys: 'unknown' as const} : {}),
      ...(o.removedBy ? {removed: {from: o.removedBy.from.key, destroy: o.removedBy.destroy}} : {}),
    })),
  }
}
