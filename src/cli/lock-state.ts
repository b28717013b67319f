// `tfgraph lock --state FILE`: the state's objects by the provider they were recorded with, for the lock
// check to say which keep an entry no module requires (terraform init removes an entry only once neither
// the configuration nor the state uses the provider). A state that cannot be used is one line (exit 1).
import type {ResourceInstanceAddr} from '../addrs/instance.js'
import {providerString} from '../addrs/provider.js'
import {readState, StateError} from '../state/read.js'
import type {StateInput} from './state-input.js'

export function stateObjectsByProvider(state: StateInput): ReadonlyMap<string, readonly ResourceInstanceAddr[]> | {readonly error: string} {
  try {
    const out = new Map<string, ResourceInstanceAddr[]>()
    for (const o of readState(state.text, state.name).objects) {
      const p = providerString(o.recorded.provider)
      const list = out.get(p)
      if (list) list.push(o.address)
      else out.set(p, [o.address])
    }
    return out
  } catch (e) {
    if (e instanceof StateError) return {error: e.message}
    throw e
  }
}
