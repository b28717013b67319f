// The diagnostics of a state matched to the configuration as `lint` findings (rule `state`, `lint --state`
// and the library's `lint` with a state), each with the state object it concerns as its address.
import type {LintDiagnostic} from '../rules/rule.js'
import {STATE_RULE, type StateAnalysis} from '../state/index.js'

/** One finding per diagnostic of `s`, in the same order. */
export function stateFindings(s: StateAnalysis): LintDiagnostic[] {
  return s.diagnostics.map((d) => {
    const address = s.addresses.get(d)
    // a finding is what lint writes out (and its results cache keeps as JSON): the address as text
    return {...d, rule: STATE_RULE, ...(address !== undefined ? {address: address.key} : {})}
  })
}
