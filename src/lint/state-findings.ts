// The diagnostics of a state matched to the configuration as `lint` findings (rule `state`, `lint --state`
// and the library's `lint` with a state), each with the state object it concerns as its address.
import type {LintDiagnostic} from '../rules/rule.js'
import {STATE_RULE, type StateAnalysis} from '../state/index.js'

export function stateFindings(s: StateAnalysis): LintDiagnostic[] {
  return s.diagnostics.map((d) => {
    const address = s.addresses.get(d)
    return {...d, rule: STATE_RULE, ...(address !== undefined ? {address} : {})}
  })
}
