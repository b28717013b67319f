// `tfgraph lint --state FILE`: the root linted (never from the results cache: its findings would then be
// stored with the state's addresses), then its analysis matched to the state; the state's diagnostics are
// findings of rule `state` after the root's own. A state tfgraph cannot use is one line (exit 1).
import type {RunContext} from '../load/run-context.js'
import type {LintOptions} from '../lint/lint.js'
import type {LintDiagnostic} from '../rules/rule.js'
import type {StateInput} from './state-input.js'
import {STATE_RULE} from '../state/index.js'

export const STATE_RULE_INFO = {
  id: STATE_RULE,
  severity: 'error' as const,
  description: 'With --state: objects of the state whose provider configuration is gone, or that the configuration binds to another one',
  docs: 'docs/state.md',
}

export interface LintedWithState {
  readonly diagnostics: readonly LintDiagnostic[]
  readonly notes: readonly string[]
  readonly unread: boolean
}

export async function lintWithState(
  ctx: RunContext,
  root: string,
  opts: LintOptions,
  state: StateInput,
): Promise<LintedWithState | {readonly error: string}> {
  const [{lint}, {analyzeState, StateError}, {stateFindings}] = await Promise.all([
    import('../lint/lint.js'),
    import('../state/index.js'),
    import('../lint/state-findings.js'),
  ])
  const r = await lint(root, {...opts, context: ctx})
  try {
    const s = analyzeState(r.analysis, state.text, state.name)
    const found: LintDiagnostic[] = stateFindings(s)
    return {diagnostics: [...r.diagnostics, ...found], notes: r.notes, unread: r.unread}
  } catch (e) {
    if (e instanceof StateError) return {error: e.message}
    throw e
  }
}
