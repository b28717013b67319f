// The state stage (issue #51): a state read (read.ts), matched to an analysis (match.ts), its diagnostics
// (diagnostics.ts) and its JSON (json.ts). Beside rules, lock and export: it reads the analysis.
import type {ResourceInstanceAddr} from '../addrs/instance.js'
import type {Diagnostic} from '../diag/diagnostic.js'
import type {ProvidersAnalysis} from '../providers/analysis.js'
import {stateDiagnostics} from './diagnostics.js'
import {matchState, type StateMatch} from './match.js'
import {readState} from './read.js'

export {StateError, readState, type StateFile, type StateObject} from './read.js'
export {matchState, type MatchedObject, type StateMatch, type StateStatus} from './match.js'
export {stateJson, type StateJson, type StateObjectJson} from './json.js'

/** The rule id `lint` gives the state's diagnostics (`lint --state`; not a rule of src/rules). */
export const STATE_RULE = 'state'

export interface StateAnalysis {
  readonly match: StateMatch
  readonly diagnostics: readonly Diagnostic[]
  /** The state object (its instance address) each diagnostic concerns; none for one about the whole state. */
  readonly addresses: ReadonlyMap<Diagnostic, ResourceInstanceAddr>
}

/** Reads a state's text (`name`: the file, or `stdin`) and matches it to the analysis; a state that cannot be used throws StateError. */
export function analyzeState(a: ProvidersAnalysis, text: string, name: string): StateAnalysis {
  const match = matchState(readState(text, name), a)
  const found = stateDiagnostics(match, a, name)
  return {
    match,
    diagnostics: found.map((f) => f.diagnostic),
    addresses: new Map(found.flatMap((f) => (f.address !== undefined ? [[f.diagnostic, f.address] as const] : []))),
  }
}
