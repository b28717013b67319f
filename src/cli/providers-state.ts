// `tfgraph providers --state FILE`: the state matched to the analysis, its diagnostics added to the
// analysis', and the match as the JSON document's `state` section and as text; a state tfgraph cannot
// use is one line (the command prints it, exit 1).
import {sortDiagnostics} from '../diag/diagnostic.js'
import type {ProvidersAnalysis} from '../providers/analysis.js'
import {renderStateText} from '../render/state-text.js'
import {analyzeState, StateError, stateJson} from '../state/index.js'
import type {StateInput} from './state-input.js'

export type WithState =
  {readonly analysis: ProvidersAnalysis; readonly state: {readonly json: object; readonly text: string}} | {readonly error: string}

export function withState(analysed: ProvidersAnalysis, state: StateInput): WithState {
  try {
    const s = analyzeState(analysed, state.text, state.name)
    return {
      analysis: {...analysed, diagnostics: sortDiagnostics([...analysed.diagnostics, ...s.diagnostics])},
      state: {json: stateJson(s.match), text: renderStateText(s.match, state.name)},
    }
  } catch (e) {
    if (e instanceof StateError) return {error: e.message}
    throw e
  }
}
