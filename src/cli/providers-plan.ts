// `tfgraph providers --plan FILE`: the saved plan's changes joined to the binding, its diagnostics added
// to the analysis', and the joined changes as JSON entries and as text; a plan tfgraph cannot use is one
// line (the command prints it, exit 1).
import {sortDiagnostics} from '../diag/diagnostic.js'
import {providersDocument, type ProvidersAnalysis} from '../providers/analyze.js'
import {joinPlan, parsePlan, plannedChangesJson, PlanError} from '../providers/compare/plan.js'
import {renderPlanText} from '../render/plan-text.js'

export type WithPlan =
  {readonly analysis: ProvidersAnalysis; readonly planned?: {readonly json: object[]; readonly text: string}} | {readonly error: string}

export function withPlan(analysed: ProvidersAnalysis, dir: string, planText: string, planName: string): WithPlan {
  try {
    const j = joinPlan(parsePlan(planText, planName), analysed, providersDocument(analysed, dir), planName)
    return {
      analysis: {...analysed, diagnostics: sortDiagnostics([...analysed.diagnostics, ...j.diagnostics])},
      planned: {json: plannedChangesJson(j), text: renderPlanText(j, planName)},
    }
  } catch (e) {
    if (e instanceof PlanError) return {error: e.message}
    throw e
  }
}
